import VaultKit

/// `find`: notes by a fuzzy match on title, aliases or path, as `vault find` ranks them.
enum FindTool: MCPTool {
    static let name = "find"
    static let title = "Find notes by title or alias"
    static let summary = """
        Finds notes by a fuzzy match on their title, aliases or path, best first (fzf's syntax). \
        Without a query, the notes most recently modified.
        """
    static let input = ToolSchema([
        .optional("query", .string, "the words to match"),
        .optional("limit", .integer, "at most this many notes (default 20, at most \(Page.maximum))"),
        .optional("folder", .strings, "only notes under these folders"),
        .optional("tag", .strings, "only notes tagged so"),
        .optional("includeTrash", .boolean, "look in the trash too"),
    ])
    static let output = ToolSchema.output([("notes", "array")])

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let limit = try arguments.int("limit", otherwise: 20, in: 1...Page.maximum) ?? 20
        let filter = NoteQuery(folders: arguments.strings("folder"), tags: arguments.strings("tag"), includeTrash: arguments.bool("includeTrash"))
        let vault = session.vault
        let scan = try session.scans.scan(filter.tags.isEmpty ? .summary : .tags)
        let found = NoteFinder(arguments.string("query") ?? "").rank(filter.apply(to: scan.notes, layout: vault.layout), limit: limit)
        struct Found: Encodable { let notes: [NoteMatch] }
        let text = found.isEmpty ? "no note matches" : found.map { "\($0.note.path)\t\($0.note.title)" }.joined(separator: "\n")
        return try ToolResult(text: text, encoding: Found(notes: found))
    }
}
