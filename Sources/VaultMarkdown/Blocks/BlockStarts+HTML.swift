import VaultSystem

/// The seven kinds of HTML block start of CommonMark 0.29 (cmark-gfm's version), and
/// their end conditions. A task inside an HTML block is raw HTML, not a task.
extension BlockStarts {
    /// Tag names that start a kind-6 block (it ends at a blank line).
    private static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
        "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option",
        "p", "param", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr",
        "track", "ul",
    ]
    /// Tag names that start a kind-1 block (it ends at the matching closing tag).
    private static let rawTags: Set<String> = ["script", "pre", "style", "textarea"]

    /// The kind (1 to 7) of HTML block the line starts, if any. Kind 7 (any lone tag) cannot
    /// interrupt a paragraph.
    static func htmlBlockKind(_ text: Bytes, _ start: Int, _ end: Int, interruptsParagraph: Bool) -> Int? {
        guard start + 1 < end, text[start] == UInt8(ascii: "<") else { return nil }
        let next = text[start + 1]
        if next == UInt8(ascii: "!") {
            if has("<!--", text, start, end) { return 2 }
            if has("<![CDATA[", text, start, end) { return 5 }
            if start + 2 < end, text[start + 2] >= UInt8(ascii: "A") && text[start + 2] <= UInt8(ascii: "Z") {
                return 4
            }
            return nil
        }
        if next == UInt8(ascii: "?") { return 3 }
        let closing = next == UInt8(ascii: "/")
        let nameStart = start + (closing ? 2 : 1)
        var nameEnd = nameStart
        while nameEnd < end && isNameByte(text[nameEnd]) { nameEnd += 1 }
        guard nameEnd > nameStart, isLetter(text[nameStart]) else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: text[nameStart..<nameEnd]), as: UTF8.self)
            .lowercased()
        let after = nameEnd < end ? text[nameEnd] : 0x0A
        let endsName = after == 0x20 || after == 0x09 || after == 0x0A || after == UInt8(ascii: ">")
        if !closing && rawTags.contains(name) && endsName { return 1 }
        if blockTags.contains(name)
            && (endsName || (after == UInt8(ascii: "/") && nameEnd + 1 < end && text[nameEnd + 1] == UInt8(ascii: ">")))
        {
            return 6
        }
        if interruptsParagraph || rawTags.contains(name) { return nil }
        return isCompleteTag(text, start, end, closing: closing, nameEnd: nameEnd) ? 7 : nil
    }

    /// True when the line (from its first non-space byte) holds the end of a block of `kind`.
    static func htmlBlockEnds(_ kind: Int, _ text: Bytes, _ start: Int, _ end: Int) -> Bool {
        switch kind {
        case 1:
            return contains(
                ["</script>", "</pre>", "</style>", "</textarea>"], text, start, end, caseInsensitive: true)
        case 2: return contains(["-->"], text, start, end, caseInsensitive: false)
        case 3: return contains(["?>"], text, start, end, caseInsensitive: false)
        case 4: return contains([">"], text, start, end, caseInsensitive: false)
        case 5: return contains(["]]>"], text, start, end, caseInsensitive: false)
        default: return false
        }
    }

    /// An open tag with well-formed attributes, or a closing tag, then only white space.
    private static func isCompleteTag(_ text: Bytes, _ start: Int, _ end: Int, closing: Bool, nameEnd: Int) -> Bool {
        var position = nameEnd
        if closing {
            while position < end && (text[position] == 0x20 || text[position] == 0x09) { position += 1 }
            guard position < end, text[position] == UInt8(ascii: ">") else { return false }
            position += 1
        } else {
            guard let after = HTMLTagSpans.attributesEnd(text, from: nameEnd, limit: end) else { return false }
            position = after
        }
        for index in position..<end where text[index] != 0x20 && text[index] != 0x09 { return false }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool { HTMLTagSpans.isLetter(byte) }

    private static func isNameByte(_ byte: UInt8) -> Bool { HTMLTagSpans.isNameByte(byte) }

    private static func has(_ prefix: StaticString, _ text: Bytes, _ start: Int, _ end: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard start + count <= end else { return false }
        let pattern = prefix.utf8Start
        for index in 0..<count where text[start + index] != pattern[index] { return false }
        return true
    }

    private static func contains(
        _ needles: [StaticString], _ text: Bytes, _ start: Int, _ end: Int, caseInsensitive: Bool
    ) -> Bool {
        for needle in needles {
            let count = needle.utf8CodeUnitCount
            let pattern = needle.utf8Start
            guard count <= end - start else { continue }
            search: for position in start...(end - count) {
                for index in 0..<count {
                    var byte = text[position + index]
                    if caseInsensitive && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
                    if byte != pattern[index] { continue search }
                }
                return true
            }
        }
        return false
    }
}
