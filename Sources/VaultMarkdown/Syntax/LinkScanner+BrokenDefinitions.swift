import VaultSystem

/// Lines meant as reference definitions that are not: `vault check` lists them.
extension LinkScanner {
    /// Lines that begin like a reference definition, `[label]:`, but that CommonMark reads as
    /// text, each with why: the link the writer meant is not there. Lines in code are
    /// examples, not meant as links, and are left out. A line in a block quote or a list item
    /// is read after its `>` marks and list markers, as its container's content.
    public static func brokenDefinitions(in structure: NoteStructure) -> [(line: Int, text: String, reason: String)] {
        var found: [(line: Int, text: String, reason: String)] = []
        let bytes = structure.bytes
        let exclusions = structure.inlineExclusions
        var defined = Set<Int>()
        for definition in structure.referenceDefinitions { defined.formUnion(definition.lines) }
        // The list markers of each line, as the outline scan found them.
        var markers: [Int: [Int: Int]] = [:]
        for item in structure.listItems { markers[item.line, default: [:]][item.markerStart] = item.markerEnd }
        var previous = (isText: false, quotes: 0)
        for line in 1...max(1, structure.lineCount) where line <= structure.lineCount {
            let range = structure.textRange(ofLine: line)
            let content = contentStart(bytes, range, markers: markers[line] ?? [:])
            let isText = !structure.isHidden(line: line) && !defined.contains(line) && content.start < range.upperBound
            let before = previous
            previous = (isText, content.quotes)
            if structure.isHidden(line: line) || defined.contains(line) { continue }
            // A list item or a deeper quote starts a block of its own: no paragraph goes on.
            let previousIsText = before.isText && !content.opensItem && content.quotes <= before.quotes
            let position = content.start
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
            } else if bytes[rest] == UInt8(ascii: "<") && !bytes[rest..<range.upperBound].contains(UInt8(ascii: ">")) {
                reason = "its target's < is not closed"
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

    /// Where a line's content starts after its `>` marks and list markers (and the white
    /// space before and after each), how many quotes hold it, and whether a list item opens
    /// on it. A continuation line of a list item is read after its indent: indented code is
    /// hidden already.
    private static func contentStart(
        _ bytes: [UInt8], _ range: Range<Int>, markers: [Int: Int]
    ) -> (start: Int, quotes: Int, opensItem: Bool) {
        var position = range.lowerBound
        var quotes = 0
        var opensItem = false
        while true {
            while position < range.upperBound && (bytes[position] == 0x20 || bytes[position] == 0x09) { position += 1 }
            guard position < range.upperBound else { break }
            if bytes[position] == UInt8(ascii: ">") {
                quotes += 1
                position += 1
            } else if let end = markers[position] {
                opensItem = true
                position = end
            } else {
                break
            }
        }
        return (position, quotes, opensItem)
    }
}
