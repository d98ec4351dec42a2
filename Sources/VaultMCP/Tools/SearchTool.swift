import VaultKit
import VaultSystem

/// `search`: the lines of the notes that match, as `vault search` finds them.
enum SearchTool: MCPTool {
    static let name = "search"
    static let title = "Search the notes' lines"
    static let summary = """
        Searches every line of the notes: fuzzy (fzf's syntax, best first; the default), exact (every term a substring) \
        or regex (PCRE2, smart case). Returns path, line number and text of each matching line. The trash is left out \
        unless includeTrash.
        """
    static let input = ToolSchema(
        [
            .required("query", .string, "what to look for"),
            .optional("mode", .string, "fuzzy (default), exact or regex", choices: LineSearch.Mode.allCases.map(\.rawValue)),
            .optional("folder", .strings, "only notes under these folders (a path, or inbox, journals, ...)"),
            .optional("tag", .strings, "only notes tagged so (nested tags match too)"),
            .optional("includeTrash", .boolean, "search the trash too"),
            .optional("includeArchive", .boolean, "search the archive too (default true)"),
        ] + Page.properties(defaultLimit: 50, what: "matching lines"))
    static let output = ToolSchema.output([("matches", "array"), ("mode", "string"), ("query", "string"), ("nextOffset", "integer")], required: ["matches", "mode", "query"])

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let page = try Page(arguments, defaultLimit: 50)
        let mode = LineSearch.Mode(rawValue: arguments.string("mode") ?? "fuzzy") ?? .fuzzy
        var search = try LineSearch(arguments.required("query"), mode: mode)
        let filter = NoteQuery(folders: arguments.strings("folder"), tags: arguments.strings("tag"), includeTrash: arguments.bool("includeTrash"))
        let vault = session.vault
        let selects = LineSearch.selection(filter: filter, layout: vault.layout, includeArchive: arguments.bool("includeArchive", otherwise: true))
        let scanned = try session.scans.scan(filter.tags.isEmpty ? .paths : .tags).notes
        let notes = scanned.filter(selects)
        search.texts = session.scans.texts(for: scanned)
        var found = CollectingSink<LineMatch>()
        let summary = search.run(vault: vault, notes: notes, limit: page.wanted, progress: nil, into: &found)
        if let failure = summary.failure { throw failure }
        let (matches, next) = page.cut(found.elements)
        struct Found: Encodable {
            let matches: [LineMatch]
            let mode: String
            let query: String
            let nextOffset: Int?
        }
        let text = matches.isEmpty ? "no line matches" : matches.map { "\($0.path):\($0.line): \($0.text)" }.joined(separator: "\n")
        return try ToolResult(
            text: text + Page.more(next), encoding: Found(matches: Array(matches), mode: mode.rawValue, query: search.query, nextOffset: next))
    }
}
