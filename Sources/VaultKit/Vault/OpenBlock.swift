import VaultMarkdown
import VaultSystem

/// The block a note's last line leaves open to a line appended after it: a list item, a
/// quote or a table, which a plain line would join (CommonMark's lazy continuation, GFM's
/// table rows), as the outline scan finds it. A paragraph of its own is not one: a line
/// after it is the soft break people expect.
enum OpenBlock: Equatable {
    case listItem
    case quote
    case table

    /// The block open at the end of `bytes`, nil when none is.
    init?(endOf bytes: [UInt8]) {
        switch NoteStructure(bytes: bytes).openAtEnd {
        case .paragraph(_, inListItem: true): self = .listItem
        case .paragraph(quoted: true, _): self = .quote
        case .table: self = .table
        case .paragraph, .nothing: return nil
        }
    }

    /// True when the first line of `added` carries the block on: another item, another
    /// quoted line, another row.
    func isCarriedOn(by added: [UInt8]) -> Bool {
        let first = Array(added.prefix(while: { $0 != 0x0A && $0 != 0x0D }))
        // A quoted line goes on in a quote, a list in a quote or a callout among them; after
        // a list or a table it starts a quote of its own, which nothing joins.
        if first.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: ">") { return true }
        switch self {
        case .listItem:
            // An indented line goes on in the item, as its writer meant; a marker starts the next.
            return first.first == 0x20 || first.first == 0x09 || NoteStructure(bytes: first).listItems.first?.line == 1
        case .quote: return false
        case .table: return first.contains(UInt8(ascii: "|"))
        }
    }
}
