import VaultKit
import VaultMarkdown

/// `tasks`: the tasks of the vault with the filters of `vault tasks`.
enum TasksTool: MCPTool {
    static let name = "tasks"
    static let title = "List tasks"
    static let summary = """
        Lists tasks (open and in progress by default) with the filters of `vault tasks`. Each task has its reference \
        (ref, PATH:LINE@HASH), which set_task_state takes.
        """
    static let input = ToolSchema(
        [
            .optional("status", .strings, "open, in-progress, done, cancelled, forwarded, other or all (default: open and in-progress)"),
            .optional("due", .string, "today, overdue, week, before:D, after:D or on:D (D a YYYY-MM-DD day, today, tomorrow, -N or +N days)"),
            .optional("tag", .strings, "only tasks tagged so (nested tags match too); all must match"),
            .optional("folder", .strings, "only tasks in notes under these folders"),
            .optional("note", .string, "only the tasks of one note (path, title or alias)"),
            .optional("priority", .strings, "highest, high, medium, low, lowest or none"),
            .optional("includeArchived", .boolean, "list the retired tasks of archive/ and trash/ too"),
            .optional("sort", .string, "note (default), due or priority", choices: TaskQuery.Order.allCases.map(\.rawValue)),
        ] + Page.properties(defaultLimit: 200, what: "tasks"))
    static let output = ToolSchema.output([("tasks", "array"), ("total", "integer"), ("nextOffset", "integer")], required: ["tasks", "total"])

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let page = try Page(arguments, defaultLimit: 200)
        var query = TaskQuery(today: try session.today())
        try query.select(states: arguments.strings("status"))
        try query.select(priorities: arguments.strings("priority"))
        if let due = arguments.string("due") {
            do { try query.select(due: due) } catch { throw TaskFilterError.named("due", error) }
        }
        query.tags = arguments.strings("tag")
        query.folders = arguments.strings("folder")
        query.includeRetired = arguments.bool("includeArchived")
        query.order = TaskQuery.Order(rawValue: arguments.string("sort") ?? "note") ?? .note
        var notes: [Note]?
        if let name = arguments.string("note") {
            notes = [try session.lookup(name).note]
            query.includeRetired = true
        }
        var found = PageWindow<VaultTask>(page)
        if notes == nil, let list = try session.scans.tasks() {
            list.select(query, layout: session.vault.layout, into: &found)
        } else if let notes {
            _ = try session.vault.tasks(matching: query, of: notes, into: &found)
        } else {
            // Every note's tasks are read: room is made for the reading first, as for a value made.
            let notes = try session.scans.scan(.paths).notes
            session.scans.makeRoomForReading()
            _ = try session.vault.tasks(matching: query, of: notes, into: &found)
        }
        let (shown, next) = (found.items, found.next)
        struct Listed: Encodable {
            let tasks: [VaultTask]
            let total: Int
            let nextOffset: Int?
        }
        let text = shown.isEmpty ? "no task matches" : shown.map(line).joined(separator: "\n")
        return try ToolResult(
            text: text + Page.more(next, total: found.total),
            encoding: Listed(tasks: shown, total: found.total, nextOffset: next))
    }

    /// `ref [x] text (due D)`, one task as a model reads it.
    static func line(_ task: VaultTask) -> String {
        task.reference + " [\(task.marker)]" + (task.description.isEmpty ? "" : " " + task.description)
            + (task.due.map { " (due \($0))" } ?? "")
    }
}

extension TaskFilterError {
    /// The error with the name of the filter in front, as an argument names it.
    static func named(_ name: String, _ error: TaskFilterError) -> ToolFailure {
        ToolFailure(description: name + " " + error.description)
    }
}

/// A tool error of the adapter's own making, with its message.
struct ToolFailure: Error, CustomStringConvertible {
    let description: String
}
