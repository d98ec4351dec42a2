import VaultKit
import VaultMarkdown

/// `journal`: a day's journal read, or text appended to it, as `vault journal` does.
enum JournalTool: MCPTool {
    static let name = "journal"
    static let title = "Read or add to a day's journal"
    static let summary = """
        Without text, reads a day's journal (exists is false when the day has none; nothing is made). With text, adds it \
        at the end of the day's journal, making the journal when the day has none.
        """
    static let writes = true
    static let input = ToolSchema([
        .optional("day", .string, "today (default), yesterday, tomorrow, YYYY-MM-DD or -N (N days ago)"),
        .optional("text", .string, "lines to add at the end"),
    ])
    static let output = ToolSchema.output([("day", "string"), ("path", "string"), ("exists", "boolean"), ("text", "string")], required: ["day", "path", "exists"])

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let name = arguments.string("day") ?? "today"
        guard let day = CalendarDay.relative(name, today: try session.today()), name.first != "+" else {
            throw ToolFailure(description: "day must be today, yesterday, tomorrow, YYYY-MM-DD or -N, not \"\(name)\"")
        }
        let vault = session.vault
        let journals = Journals(vault: vault)
        struct Journal: Encodable {
            let day: String
            let path: String
            let exists: Bool
            let text: String?
        }
        if let text = arguments.string("text") {
            let change = try journals.append(text, to: day)
            return try ToolResult(text: change.diff(), encoding: Journal(day: day.description, path: change.path, exists: true, text: nil))
        }
        guard let entry = try journals.entry(for: day) else {
            let path = journals.newPath(for: day)
            return try ToolResult(text: "no journal for \(day) (it would be \(path))", encoding: Journal(day: day.description, path: path, exists: false, text: nil))
        }
        if entry.isPlaceholder { throw VaultError.noteNotDownloaded(path: entry.path) }
        let text = String(decoding: try vault.contents(of: vault.note(named: entry.path)), as: UTF8.self)
        return try ToolResult(text: text, encoding: Journal(day: day.description, path: entry.path, exists: true, text: text))
    }
}
