import VaultMarkdown

/// The `#Heading` part of a link: which heading it names, and its text rewritten when the
/// heading is, by a heading rename or by a note's rename that changes its title heading.
enum HeadingFragment {
    /// True when a link's fragment (without `#`) names the heading: as written (names are
    /// compared NFC, any case) or as a viewer's anchor (`#my-heading`).
    static func names(_ fragment: String, heading: String) -> Bool {
        let wanted = Naming.collisionKey(fragment.trimmed())
        return Naming.collisionKey(heading) == wanted || anchor(of: heading) == wanted
    }

    /// The anchor a markdown viewer gives a heading: lower case, spaces as `-`, punctuation
    /// left out.
    static func anchor(of heading: String) -> String {
        var anchor = ""
        for character in Naming.collisionKey(heading) {
            if character == " " { anchor.append("-") } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                anchor.append(character)
            }
        }
        return anchor
    }

    /// The bytes of a fragment's text (after `#`) in a link, where it is written as read.
    static func range(of link: Link, _ fragment: String, in bytes: [UInt8]) -> Range<Int>? {
        let wanted = Array(fragment.utf8)
        var index = link.targetRange.upperBound
        while index + wanted.count <= link.range.upperBound {
            if bytes[index] == UInt8(ascii: "#"), Array(bytes[index..<index + wanted.count]) == wanted {
                return index + 1..<index + wanted.count
            }
            index += 1
        }
        return nil
    }

    /// The fragment text that names the heading `new` as `written` named `old`: an anchor
    /// stays an anchor (`#groceries` for `## Groceries`), and a markdown destination keeps
    /// its spaces encoded unless it is in `<…>`.
    static func replacement(for written: String, of link: Link, old: String, new: String) -> String {
        let isAnchor = link.hasDestination && written == anchor(of: old) && written != old
        if isAnchor { return anchor(of: new) }
        return link.hasDestination && !link.angleBrackets ? LinkRewriter.encode(new, like: "") : new
    }

    /// The replacements that make each link of `links` whose fragment names a heading `old`
    /// name `new` instead, for the links that `leadsThere` says lead to the heading's note.
    static func replacements(
        in links: [Link], bytes: [UInt8], old: String, new: String, leadsThere: (Int, Link) -> Bool
    ) -> [(range: Range<Int>, text: String, line: Int)] {
        var made: [(range: Range<Int>, text: String, line: Int)] = []
        for (position, link) in links.enumerated() where link.form != .referenceUse {
            guard let fragment = link.fragment, fragment.count > 1, !fragment.hasPrefix("#^"),
                names(String(fragment.dropFirst()), heading: old), leadsThere(position, link),
                let range = range(of: link, fragment, in: bytes)
            else { continue }
            let text = replacement(for: String(fragment.dropFirst()), of: link, old: old, new: new)
            if text != String(fragment.dropFirst()) { made.append((range, text, link.line)) }
        }
        return made
    }
}
