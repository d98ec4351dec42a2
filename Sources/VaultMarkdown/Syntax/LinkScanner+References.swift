import FoundationEssentials
import VaultSystem

/// Link reference definitions and their uses: a definition is a link of its own, and each
/// use (`[text][label]`, `[label][]`, `[label]`) leads where its definition does.
extension LinkScanner {
    /// The link a reference definition makes: its destination is the target, unless it is
    /// empty or a URL. `[^label]: text` is a footnote (GFM, Obsidian), not a definition.
    static func definitionLink(_ definition: ReferenceDefinition, _ bytes: UnsafeBufferPointer<UInt8>) -> Link? {
        let destination = definition.destination
        guard !destination.isEmpty, definition.label.isEmpty || bytes[definition.label.lowerBound] != UInt8(ascii: "^")
        else { return nil }
        let raw = text(bytes, destination)
        if hasScheme(raw) { return nil }
        var targetEnd = destination.lowerBound
        while targetEnd < destination.upperBound && bytes[targetEnd] != UInt8(ascii: "#") { targetEnd += 1 }
        let rawTarget = text(bytes, destination.lowerBound..<targetEnd)
        return Link(
            form: .reference, isEmbed: false, range: definition.range, targetRange: destination.lowerBound..<targetEnd,
            rawTarget: rawTarget, target: normalized(PercentEncoding.decodeDestination(rawTarget)),
            fragment: targetEnd < destination.upperBound ? text(bytes, targetEnd..<destination.upperBound) : nil,
            alias: text(bytes, definition.label), line: definition.lines.lowerBound, escapedPipe: false,
            angleBrackets: definition.angleBrackets)
    }

    /// `[text][label]`, `[label][]` or `[label]` at `start` whose label a definition names:
    /// a link that leads where the definition does, and the range inside it where inline code
    /// is its own. Its `targetRange` is the definition's: a rename rewrites the definition
    /// once and never the use.
    static func referenceUse(
        _ line: inout LinkLine, at start: Int, embed: Bool, line number: Int, definitions: [String: Link]
    ) -> (Link, Range<Int>)? {
        let bytes = line.bytes
        let end = line.end
        guard let close = line.closingBracket(start) else { return nil }
        var label = start + 1..<close
        var last = close
        if close + 1 < end && bytes[close + 1] == UInt8(ascii: "[") {
            guard let second = line.closingBracket(close + 1) else { return nil }
            if second > close + 2 { label = close + 2..<second }
            last = second
        } else if close + 1 < end && (bytes[close + 1] == UInt8(ascii: "(") || bytes[close + 1] == UInt8(ascii: ":")) {
            // An inline link to a URL, or text that only looks like a definition.
            return nil
        }
        // `- [x] done` is a task's box, never a use of a definition labelled `x`.
        if last == close && label.count == 1 && isTaskBox(bytes, at: start, lineStart: line.start) { return nil }
        guard !label.isEmpty, bytes[label.lowerBound] != UInt8(ascii: "^"),
            let definition = definitions[normalizedLabel(text(bytes, label))]
        else { return nil }
        var link = definition
        link.form = .referenceUse
        link.isEmbed = embed
        link.range = (embed ? start - 1 : start)..<(last + 1)
        link.alias = text(bytes, label)
        link.line = number
        return (link, start + 1..<last)
    }

    /// True when the `[` at `start` follows a list marker and its space at the start of the
    /// line (white space and quote marks before it): the box of a task.
    private static func isTaskBox(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, lineStart: Int) -> Bool {
        var position = start - 1
        guard position > lineStart, bytes[position] == 0x20 else { return false }
        position -= 1
        if bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "*") || bytes[position] == UInt8(ascii: "+") {
            position -= 1
        } else if bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: ")") {
            position -= 1
            let last = position
            while position >= lineStart && (0x30...0x39).contains(bytes[position]) { position -= 1 }
            guard position < last else { return false }
        } else {
            return false
        }
        while position >= lineStart {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">") else { return false }
            position -= 1
        }
        return true
    }

    /// A label as CommonMark matches it: white space collapsed and trimmed, case folded.
    package static func normalizedLabel(_ label: String) -> String {
        let words = label.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        // Lower, upper, then lower again folds `ẞ` and `ß` to `ss`, as a case fold does.
        return words.joined(separator: " ").lowercased().uppercased().lowercased()
    }
}
