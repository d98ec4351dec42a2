import FoundationEssentials
import VaultKit

/// `list_notes`: the notes, by folder or tag, as `vault list` lists them.
enum ListNotesTool: MCPTool {
    static let name = "list_notes"
    static let title = "List notes"
    static let summary = "Lists the notes (path, title, modification time), by folder or tag, by name or newest first. The trash only when asked."
    static let input = ToolSchema(
        [
            .optional("folder", .strings, "only notes under these folders (a path, or inbox, journals, ...)"),
            .optional("tag", .strings, "only notes tagged so (nested tags match too)"),
            .optional("sort", .string, "name (default) or modified (newest first)", choices: NoteQuery.Order.allCases.map(\.rawValue)),
            .optional("includeTrash", .boolean, "list the trash too"),
        ] + Page.properties(defaultLimit: 200, what: "notes"))
    static let output = ToolSchema.output([("notes", "array"), ("total", "integer"), ("nextOffset", "integer")], required: ["notes", "total"])

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let page = try Page(arguments, defaultLimit: 200)
        let query = NoteQuery(
            folders: arguments.strings("folder"), tags: arguments.strings("tag"), includeTrash: arguments.bool("includeTrash"),
            order: NoteQuery.Order(rawValue: arguments.string("sort") ?? "name") ?? .name)
        let vault = session.vault
        let scan = try session.scans.scan(query.tags.isEmpty ? .summary : .tags)
        let notes = query.sort(query.apply(to: scan.notes, layout: vault.layout))
        let (shown, next) = page.cut(notes)
        struct Entry: Encodable {
            let path: String
            let title: String
            let modified: Date
            let available: Bool
        }
        struct Listed: Encodable {
            let notes: [Entry]
            let total: Int
            let nextOffset: Int?
        }
        let entries = shown.map { Entry(path: $0.path, title: $0.title, modified: $0.modified, available: $0.availability == .available) }
        let text = entries.isEmpty ? "no note" : entries.map { "\($0.path)\t\($0.title)" }.joined(separator: "\n")
        return try ToolResult(text: text + Page.more(next, total: notes.count), encoding: Listed(notes: entries, total: notes.count, nextOffset: next))
    }
}
