import Foundation

extension PlainLinkReader {
    private static func regex(_ pattern: String) -> NSRegularExpression {
        try! NSRegularExpression(pattern: pattern)
    }

    /// `[[target#part|alias]]` and `![[…]]`: up to the first `]]` (Obsidian and Foam read no
    /// nesting inside a wikilink) that no `` `code` `` opened inside the link holds.
    static let wikilink = regex(#"(?<!\\)!?\[\[((?:`[^`\n\u0001]+`|[^\n\u0001])*?)\]\]"#)
    /// `[text](destination "title")` and `![alt](…)`: text with one level of brackets, the
    /// destination in `<>` or bare with balanced parentheses and `\` escapes.
    static let markdown = regex(
        #"(?<![\\\]])!?\[((?:[^\[\]\\]|\\.|\[[^\[\]]*\])*)\]\(\s*(?:<([^<>\n\u0001]*)>|((?:[^\s()\\\u0001]|\\.|\((?:[^\s()\\\u0001]|\\.)*\))*))(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)"#)
    /// `[label]: destination "title"`, up to three spaces in, alone on its line.
    /// Logseq writes the images pasted into a page as `![image.png](../assets/a b.png)`,
    /// spaces unescaped, and reads them back as links: its destinations may hold spaces.
    static let logseqMarkdown = regex(
        #"(?<![\\\]])!?\[((?:[^\[\]\\]|\\.|\[[^\[\]]*\])*)\]\(((?:[^()\\\u0001\n]|\\.)*)\)"#)
    static let definition = regex(
        #"^ {0,3}\[((?:[^\[\]\\]|\\.)+)\]:[ \t]*(?:<([^<>\n]*)>|(\S+))(?:[ \t]+(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t]*$"#)
    /// `[text][label]`, `[label][]` and `[label]`, not a link's text and not a task's box.
    static let use = regex(#"(?<![\\\]!])\[((?:[^\[\]\\]|\\.)+)\](?:\[((?:[^\[\]\\]|\\.)*)\])?(?![\[(:])"#)
    /// Logseq's `#tag` and `#[[two words]]`, after a space or at the start.
    /// (`#+BEGIN_NOTE` is an Org directive, not a tag.)
    static let tag = regex(#"(?<![^\s(])#(?:\[\[([^\]\n]+)\]\]|([^\s,;!?"'()\[\]{}#+\u0001][^\s,;!?"'()\[\]{}#\u0001]*))"#)

    /// A Logseq property line, `key:: value`, in a block or on its own.
    static let property = regex(#"^\s*(?:- )?([A-Za-z0-9_.*+!?$%&=<>-]+):: ?(.*?)\s*$"#)

    /// CommonMark's label matching: case folded, inner white space collapsed.
    static func labelKey(_ label: String) -> String {
        label.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ").lowercased()
    }

    /// The reference definitions of a note, by label: the first one wins. A definition
    /// cannot interrupt a paragraph.
    func definitions(in visible: [String?]) -> [String: String] {
        var found: [String: String] = [:]
        var previous: String? = ""
        for line in visible {
            defer { previous = line }
            guard let line, flavor != .logseq else { continue }
            let bare = Self.strippingQuotes(line)
            let before = previous.map(Self.strippingQuotes)
            guard let match = Self.first(Self.definition, in: bare) else { continue }
            let startsBlock = before.map { $0.trimmingCharacters(in: .whitespaces).isEmpty || $0.hasPrefix("#") } ?? true
            let afterDefinition = before.map { Self.first(Self.definition, in: $0) != nil } ?? false
            guard startsBlock || afterDefinition else { continue }
            let key = Self.labelKey(match[1]!)
            if found[key] == nil { found[key] = Self.destination(match[2] ?? match[3]!) }
        }
        return found
    }

    static func strippingQuotes(_ line: String) -> String {
        var text = Substring(line)
        while let first = text.drop(while: { $0 == " " }).first, first == ">" {
            text = text.drop(while: { $0 == " " }).dropFirst()
            if text.first == " " { text = text.dropFirst() }
        }
        return String(text)
    }

    /// A destination unescaped (`\(` is `(`) and percent-decoded; nil for a URL.
    static func destination(_ written: String) -> String? {
        var text = ""
        var escaped = false
        for character in written {
            if !escaped && character == "\\" { escaped = true; continue }
            if escaped && !character.isPunctuation && !character.isSymbol { text.append("\\") }
            escaped = false
            text.append(character)
        }
        if text.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*:"#, options: .regularExpression) != nil || text.hasPrefix("//") {
            return nil
        }
        return text.removingPercentEncoding ?? text
    }

    /// The links of one visible line.
    func links(inLine line: String, number: Int, definitions: [String: String]) -> [Found] {
        var text = line
        var found: [Found] = []
        if flavor == .logseq, let property = Self.first(Self.property, in: text) {
            let value = property[2]!
            if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count > 1 { return [] }
            // `tags::` and `alias::` name pages by commas as well (Properties.md).
            if ["tags", "alias"].contains(property[1]!.lowercased()) {
                for part in value.components(separatedBy: ",") {
                    let name = part.trimmingCharacters(in: .whitespaces)
                    if !name.isEmpty && !name.hasPrefix("#") && !name.hasPrefix("[[") {
                        found.append(Found(line: number, kind: .name, target: name))
                    }
                }
            }
        }
        for match in Self.matches(Self.wikilink, in: text) {
            let inner = match.groups[1]!
            var target = inner
            if flavor != .logseq {
                // Obsidian's recorded parse: `[[|alias]]` is a link to `|alias`, `[[|#x]]` to `|`.
                if let pipe = target.range(of: "|"), pipe.lowerBound != target.startIndex {
                    target = String(target[..<pipe.lowerBound])
                }
                if target.hasSuffix("\\") { target.removeLast() }
                if let hash = target.range(of: "#") { target = String(target[..<hash.lowerBound]) }
            }
            target = target.trimmingCharacters(in: .whitespaces)
            // `[[#Heading]]` is the note itself; `[[]]` and `[[|]]` are nothing.
            if !target.isEmpty || flavor != .logseq && inner.hasPrefix("#") {
                found.append(Found(line: number, kind: .name, target: target))
            }
            text = Self.masking(match.range, in: text)
        }
        if flavor == .logseq {
            for match in Self.matches(Self.tag, in: text) {
                var name = match.groups[1] ?? match.groups[2]!
                while let last = name.last, ".:*".contains(last) { name.removeLast() }
                if !name.isEmpty { found.append(Found(line: number, kind: .name, target: name)) }
            }
        }
        for match in Self.matches(flavor == .logseq ? Self.logseqMarkdown : Self.markdown, in: text) {
            text = Self.masking(match.range, in: text)
            let written = flavor == .logseq ? match.groups[2]!.trimmingCharacters(in: .whitespaces) : match.groups[2] ?? match.groups[3] ?? ""
            guard let destination = Self.destination(written) else { continue }
            let path = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            if path.isEmpty && !destination.hasPrefix("#") { continue }
            found.append(Found(line: number, kind: .path, target: path))
        }
        if let definition = Self.first(Self.definition, in: Self.strippingQuotes(text)), flavor != .logseq,
            let destination = definitions[Self.labelKey(definition[1]!)]
        {
            // The definition itself leads where its destination does (only the first of a label
            // is one; a later one is text, and its uses go to the first).
            if let written = Self.destination(definition[2] ?? definition[3]!), written == destination {
                found.append(Found(line: number, kind: .path, target: Self.pathPart(destination)))
            }
            return found
        }
        guard flavor != .logseq, !definitions.isEmpty else { return found }
        for match in Self.matches(Self.use, in: text) {
            let label = match.groups[2].flatMap { $0.isEmpty ? nil : $0 } ?? match.groups[1]!
            if let destination = definitions[Self.labelKey(label)] ?? nil {
                found.append(Found(line: number, kind: .path, target: Self.pathPart(destination)))
            }
        }
        return found
    }

    static func pathPart(_ destination: String) -> String {
        String(destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// `"[[Note]]"` values of the frontmatter, which Obsidian reads as links.
    func frontmatterLinks(_ lines: [String]) -> [Found] {
        guard lines.first == "---" else { return [] }
        var found: [Found] = []
        for (index, line) in lines.enumerated().dropFirst() {
            if line == "---" || line == "..." { break }
            for match in Self.matches(Self.regex(#"(["'])\[\[([^\]|#]*)[^\]]*\]\]["']"#), in: line) {
                // Read as YAML reads the quoted value: `''` in single quotes, `\"` and `\\` in double.
                let target = match.groups[1] == "'"
                    ? match.groups[2]!.replacingOccurrences(of: "''", with: "'")
                    : match.groups[2]!.replacingOccurrences(of: "\\\\", with: "\\").replacingOccurrences(of: "\\\"", with: "\"")
                found.append(Found(line: index + 1, kind: .name, target: target.trimmingCharacters(in: .whitespaces)))
            }
        }
        return found
    }

    struct Match {
        var range: NSRange
        var groups: [String?]
    }

    static func matches(_ regex: NSRegularExpression, in text: String) -> [Match] {
        let string = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: string.length)).map { result in
            Match(
                range: result.range,
                groups: (0..<result.numberOfRanges).map { group in
                    let range = result.range(at: group)
                    return range.location == NSNotFound ? nil : string.substring(with: range)
                })
        }
    }

    static func first(_ regex: NSRegularExpression, in text: String) -> [String?]? {
        matches(regex, in: text).first?.groups
    }

    /// The text with a range (UTF-16) masked, the same length.
    static func masking(_ range: NSRange, in text: String) -> String {
        let string = NSMutableString(string: text)
        string.replaceCharacters(in: range, with: String(repeating: "\u{1}", count: range.length))
        return string as String
    }
}
