import Foundation
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
            rawTarget: rawTarget, target: normalized(PercentEncoding.decode(rawTarget)),
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

    /// A label as CommonMark matches it: white space collapsed and trimmed, case folded.
    static func normalizedLabel(_ label: String) -> String {
        let words = label.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        // Lower, upper, then lower again folds `ẞ` and `ß` to `ss`, as a case fold does.
        return words.joined(separator: " ").lowercased().uppercased().lowercased()
    }
}
