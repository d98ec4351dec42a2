import VaultKit

/// `set_task_state`: start, finish, cancel, reopen, forward or toggle a task, as `vault task` does.
enum SetTaskStateTool: MCPTool {
    static let name = "set_task_state"
    static let title = "Change a task's state"
    static let summary = """
        Changes one task's state by its reference (ref, PATH:LINE@HASH, as tasks lists it): start [/], done [x], \
        cancel [-], reopen [ ], forward [>] or toggle. Only the marker changes (and a done date where the note writes them); \
        done, a recurring task (🔁 every ...) gets its next occurrence and a 🏁 delete one is removed, as Obsidian Tasks does. \
        Refused, with nothing written, when the line no longer holds the task that was listed.
        """
    static let writes = true
    static let input = ToolSchema([
        .required("ref", .string, "the task's reference, PATH:LINE@HASH"),
        .required("action", .string, "what to do", choices: TaskAction.allCases.map(\.rawValue)),
        .optional("allSubtasks", .boolean, "change the subtasks too (closed ones stay, unless reopening)"),
    ])
    static let output = ToolSchema.output([
        ("applied", "boolean"), ("tasks", "array"), ("created", "array"), ("removed", "array"), ("warnings", "array"),
    ])

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let reference = try TaskReference(parsing: arguments.required("ref"))
        let action = TaskAction(rawValue: arguments.required("action")) ?? .toggle
        let plan = try session.vault.editTask(
            reference, action: action, allSubtasks: arguments.bool("allSubtasks"), today: session.today())
        struct Edited: Encodable {
            let applied: Bool
            let tasks: [VaultTask]
            let created: [VaultTask]
            let removed: [String]
            let warnings: [String]
        }
        let text = plan.isEmpty
            ? "nothing to change: \(reference) is already \(action.target(from: .open).label)"
            : ((plan.changed + plan.created).sorted { $0.line < $1.line }.map(TasksTool.line)
                + plan.removed.map { "deleted \($0.reference)" } + plan.warnings.map { "warning: \($0)" }).joined(separator: "\n")
        return try ToolResult(
            text: text,
            encoding: Edited(
                applied: !plan.isEmpty, tasks: plan.changed, created: plan.created, removed: plan.removed.map(\.reference),
                warnings: plan.warnings.map(\.description)))
    }
}
