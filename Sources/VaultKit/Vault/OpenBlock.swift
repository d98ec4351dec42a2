import VaultMarkdown
import VaultSystem

/// The block a note's last line leaves open to a line appended after it: a list item, a
/// quote or a table, which a plain line would join (CommonMark's lazy continuation, GFM's
/// table rows), as the outline scan finds it. A paragraph of its own is not one: a line
/// after it is the soft break people expect.
enum OpenBlock: Equatable {
    /// A list item; `quoted` when the list is inside a quote (a callout's tasks).
    case listItem(quoted: Bool)
    case quote
    case table

    /// The block open at the end of `bytes`, nil when none is.
    init?(endOf bytes: [UInt8]) {
        switch NoteStructure(bytes: bytes).openAtEnd {
        case .paragraph(let quoted, inListItem: true): self = .listItem(quoted: quoted)
        case .paragraph(quoted: true, _): self = .quote
        case .table: self = .table
        case .paragraph, .nothing: return nil
        }
    }

    /// What must come between the note and `added` for it to stand apart, written with
    /// `ending`: nil when the first line of `added` carries the block on (another item,
    /// another quoted line, another row); else a blank line, or, for a quoted line after a
    /// list in a quote, a bare `>` line that ends the list and keeps the quote (a callout
    /// split by a blank line would be two).
    func separator(before added: [UInt8], ending: [UInt8]) -> [UInt8]? {
        let first = Array(added.prefix(while: { $0 != 0x0A && $0 != 0x0D }))
        if first.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: ">") {
            // A quoted line goes on in a quote, a callout among them; after a list or a table
            // outside one it starts a quote of its own, which nothing joins.
            guard self == .listItem(quoted: true), let (marks, content) = Self.quoteMarks(first),
                !Self.carriesList(Array(first[content...]))
            else { return nil }
            return Array(first[..<marks]) + ending
        }
        switch self {
        case .listItem: return Self.carriesList(first) ? nil : ending
        case .quote: return ending
        case .table: return first.contains(UInt8(ascii: "|")) ? nil : ending
        }
    }

    /// True when `line` goes on in a list item: an indented line, as its writer meant, or a
    /// marker, which starts the next item.
    private static func carriesList(_ line: [UInt8]) -> Bool {
        line.first == 0x20 || line.first == 0x09 || NoteStructure(bytes: line).listItems.first?.line == 1
    }

    /// Where the `>` marks that start `line` end (after the last `>`) and where the text
    /// they quote starts (after the one space a mark may take); nil for an unquoted line.
    private static func quoteMarks(_ line: [UInt8]) -> (marks: Int, content: Int)? {
        var marks = 0
        var content = 0
        var index = 0
        while true {
            var indent = 0
            while index < line.count && line[index] == 0x20 && indent < 3 {
                index += 1
                indent += 1
            }
            guard index < line.count, line[index] == UInt8(ascii: ">") else { break }
            index += 1
            marks = index
            if index < line.count && (line[index] == 0x20 || line[index] == 0x09) { index += 1 }
            content = index
        }
        return marks > 0 ? (marks, content) : nil
    }
}
