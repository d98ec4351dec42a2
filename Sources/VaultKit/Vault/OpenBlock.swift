import VaultMarkdown
import VaultSystem

/// The block a note's last line leaves open to a line appended after it: a list item, a
/// quote or a table, which a plain line would join (CommonMark's lazy continuation, GFM's
/// table rows). A paragraph is not one: a line after it is the soft break people expect.
enum OpenBlock: Equatable {
    case listItem
    case quote
    case table

    /// The block open at the end of `bytes`, nil when the last line is blank, code, raw
    /// HTML or frontmatter, or a paragraph of its own.
    init?(endOf bytes: [UInt8]) {
        let structure = NoteStructure(bytes: bytes)
        var last = structure.lineCount
        // A line that starts at the very end is the empty one after the final newline.
        while last > 1 && structure.lineStarts[last - 1] >= bytes.count { last -= 1 }
        guard last >= 1 else { return nil }
        let text = bytes[structure.textRange(ofLine: last)]
        guard !Self.isBlank(text), !structure.isHidden(line: last) else { return nil }
        if structure.listItems.contains(where: { $0.line <= last && last <= $0.lastLine }) {
            self = .listItem
            return
        }
        // The paragraph the last line ends, back to its first line: a quote when one of
        // its lines is quoted (a lazy line after `> a` is the quote's too).
        var line = last
        while line >= 1 {
            let lineText = bytes[structure.textRange(ofLine: line)]
            if Self.isBlank(lineText) || structure.isHidden(line: line) { break }
            if Self.content(lineText).first == UInt8(ascii: ">") {
                self = .quote
                return
            }
            if structure.kind(ofLine: line).contains(.leafStart) { break }
            line -= 1
        }
        guard Self.endsTable(structure, bytes, last: last) else { return nil }
        self = .table
    }

    /// True when the lines up to `last` end a GFM table: a delimiter row (`| - |`,
    /// `--- | ---`) under a header with a `|`, and no blank line, heading or break since.
    private static func endsTable(_ structure: NoteStructure, _ bytes: [UInt8], last: Int) -> Bool {
        var line = last
        while line >= 2 {
            let text = content(bytes[structure.textRange(ofLine: line)])
            if isBlank(text) || structure.isHidden(line: line) || isHeadingOrBreak(text) { return false }
            if isDelimiterRow(text) {
                let header = bytes[structure.textRange(ofLine: line - 1)]
                return !structure.isHidden(line: line - 1) && header.contains(UInt8(ascii: "|"))
            }
            line -= 1
        }
        return false
    }

    /// `|`, `-`, `:`, spaces and tabs alone, with a `-` and a `|`.
    private static func isDelimiterRow(_ line: ArraySlice<UInt8>) -> Bool {
        line.contains(UInt8(ascii: "-")) && line.contains(UInt8(ascii: "|"))
            && line.allSatisfy { "|-: \t\r".utf8.contains($0) }
    }

    /// An ATX heading, or a thematic break (three or more `-`, `*` or `_`).
    private static func isHeadingOrBreak(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first else { return false }
        if first == UInt8(ascii: "#") { return true }
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "_") else { return false }
        let marks = line.filter { $0 == first }.count
        return marks >= 3 && line.allSatisfy { $0 == first || $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// True when the first line of `added` carries the block on: another item, another
    /// quoted line, another row.
    func isCarriedOn(by added: [UInt8]) -> Bool {
        let first = added.prefix(while: { $0 != 0x0A && $0 != 0x0D })
        let content = Self.content(first)
        // A quoted line goes on in a quote, a list in a quote or a callout among them; after
        // a list or a table it starts a quote of its own, which nothing joins.
        if first.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: ">") { return true }
        switch self {
        case .listItem:
            // An indented line goes on in the item, as its writer meant.
            return first.first == 0x20 || first.first == 0x09 || Self.startsListItem(content)
        case .quote: return false
        case .table: return first.contains(UInt8(ascii: "|"))
        }
    }

    /// A line's bytes after at most three spaces of indentation.
    private static func content(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = line.startIndex
        while start < line.endIndex && start - line.startIndex < 3 && line[start] == 0x20 { start += 1 }
        return line[start...]
    }

    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// `-`, `*` or `+`, or one to nine digits and `.` or `)`, then a space, a tab or the end.
    private static func startsListItem(_ line: ArraySlice<UInt8>) -> Bool {
        var index = line.startIndex
        if let first = line.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            index += 1
        } else {
            while index < line.endIndex && index - line.startIndex < 9 && (0x30...0x39).contains(line[index]) { index += 1 }
            guard index > line.startIndex, index < line.endIndex,
                line[index] == UInt8(ascii: ".") || line[index] == UInt8(ascii: ")")
            else { return false }
            index += 1
        }
        return index == line.endIndex || line[index] == 0x20 || line[index] == 0x09
    }
}
