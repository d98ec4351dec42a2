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
        // The paragraph the last line ends: a quote when one of its lines is quoted.
        var line = last
        while line >= 1 {
            let lineText = bytes[structure.textRange(ofLine: line)]
            if Self.isBlank(lineText) || structure.isHidden(line: line) { break }
            if Self.content(lineText).first == UInt8(ascii: ">") {
                self = .quote
                return
            }
            line -= 1
        }
        if Self.content(text).first == UInt8(ascii: "|") {
            self = .table
            return
        }
        return nil
    }

    /// True when the first line of `added` carries the block on: another item, another
    /// quoted line, another row.
    func isCarriedOn(by added: [UInt8]) -> Bool {
        let first = added.prefix(while: { $0 != 0x0A && $0 != 0x0D })
        let content = Self.content(first)
        switch self {
        case .listItem:
            // An indented line goes on in the item, as its writer meant.
            return first.first == 0x20 || first.first == 0x09 || Self.startsListItem(content)
        case .quote: return content.first == UInt8(ascii: ">")
        case .table: return content.first == UInt8(ascii: "|")
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
