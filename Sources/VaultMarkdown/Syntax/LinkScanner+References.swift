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
        let words = label.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        // Lower, upper, then lower again folds `ẞ` and `ß` to `ss`, as a case fold does.
        return words.joined(separator: " ").lowercased().uppercased().lowercased()
    }

    /// Lines that begin like a reference definition, `[label]:`, but that CommonMark reads as
    /// text, each with why: the link the writer meant is not there. Lines in code are
    /// examples, not meant as links, and are left out.
    public static func brokenDefinitions(in structure: NoteStructure) -> [(line: Int, text: String, reason: String)] {
        var found: [(line: Int, text: String, reason: String)] = []
        let bytes = structure.bytes
        let exclusions = structure.inlineExclusions
        var defined = Set<Int>()
        for definition in structure.referenceDefinitions { defined.formUnion(definition.lines) }
        var previousIsText = false
        for line in 1...max(1, structure.lineCount) where line <= structure.lineCount {
            let range = structure.textRange(ofLine: line)
            defer { previousIsText = !structure.isHidden(line: line) && !defined.contains(line) && !range.allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 } }
            if structure.isHidden(line: line) || defined.contains(line) { continue }
            var position = range.lowerBound
            while position < range.upperBound && position - range.lowerBound < 3 && bytes[position] == 0x20 { position += 1 }
            guard position + 1 < range.upperBound, bytes[position] == UInt8(ascii: "["),
                bytes[position + 1] != UInt8(ascii: "^"), bytes[position + 1] != UInt8(ascii: "["),
                !exclusions.contains(where: { $0.contains(position) })
            else { continue }
            var close = position + 1
            while close < range.upperBound && bytes[close] != UInt8(ascii: "]") && bytes[close] != UInt8(ascii: "[") { close += 1 }
            guard close + 1 < range.upperBound, bytes[close] == UInt8(ascii: "]"), bytes[close + 1] == UInt8(ascii: ":"),
                close > position + 1
            else { continue }
            var rest = close + 2
            while rest < range.upperBound && (bytes[rest] == 0x20 || bytes[rest] == 0x09) { rest += 1 }
            let reason: String
            if rest == range.upperBound {
                reason = "it has no target"
            } else if !looksLikeDestination(bytes, from: rest, to: range.upperBound) {
                continue  // prose such as `[Update]: we changed…`
            } else if previousIsText {
                reason = "it continues the paragraph above it; a blank line must come before it"
            } else if let opener = unclosedTitle(bytes, from: rest, to: range.upperBound) {
                reason = "its title's \(opener) is not closed"
            } else {
                reason = "text follows its target or title"
            }
            found.append((line, bytes.utf8String(position..<range.upperBound), reason))
        }
        return found
    }

    /// True when the word at `start` reads as a path or URL: in `<>`, or holding `.`, `/` or `#`.
    private static func looksLikeDestination(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        if bytes[start] == UInt8(ascii: "<") { return true }
        var position = start
        while position < end && bytes[position] != 0x20 && bytes[position] != 0x09 {
            if bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: "/") || bytes[position] == UInt8(ascii: "#") {
                return true
            }
            position += 1
        }
        return false
    }

    /// The quote (or parenthesis) that opens a title after the destination at `start` and
    /// is not closed on the line, nil when there is none.
    private static func unclosedTitle(_ bytes: [UInt8], from start: Int, to end: Int) -> String? {
        var position = start
        if bytes[position] == UInt8(ascii: "<") {
            while position < end && bytes[position] != UInt8(ascii: ">") { position += 1 }
            position += 1
        } else {
            while position < end && bytes[position] != 0x20 && bytes[position] != 0x09 { position += 1 }
        }
        while position < end && (bytes[position] == 0x20 || bytes[position] == 0x09) { position += 1 }
        guard position < end else { return nil }
        let opener = bytes[position]
        let closer: UInt8
        switch opener {
        case UInt8(ascii: "\""): closer = opener
        case UInt8(ascii: "'"): closer = opener
        case UInt8(ascii: "("): closer = UInt8(ascii: ")")
        default: return nil
        }
        var index = position + 1
        while index < end {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == closer { return nil }
            index += 1
        }
        return opener == UInt8(ascii: "(") ? "parenthesis" : "quote"
    }
}
