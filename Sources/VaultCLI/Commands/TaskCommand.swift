import VaultKit

/// `vault task REF ACTION`: start, finish, cancel, reopen, forward or toggle one task.
enum TaskCommand: Command {
    static let name = "task"
    static let summary = "change a task's state: start, done, cancel, reopen, forward or toggle"
    static let usage = "REF start|done|cancel|reopen|forward|toggle"
    static let discussion = """
        REF is a task's reference as `vault tasks` prints it (PATH:LINE@HASH). Only the marker
        between the brackets changes: start [/], done [x], cancel [-], reopen [ ], forward [>],
        toggle ([ ] becomes [x], anything else [ ]). On done, ` ✅ YYYY-MM-DD` is added when the
        note already writes emoji dates (a done date left by a reopen becomes today's); the
        reference stays valid across these changes. When the line no longer holds the task
        that was listed, nothing is written and the exit code is 3. A note that is not UTF-8
        is never edited. "Today" is the machine's date, or VAULT_TODAY=YYYY-MM-DD when set.
        """
    static let allSubtasks = Option<Bool>(flag: "--all-subtasks", help: "change the subtasks too (closed ones stay, unless reopening)")
    static let options: [any DeclaredOption] = [allSubtasks, CommonOptions.dryRun]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let text = try arguments.required("REF")
        let actionName = try arguments.required("ACTION")
        try arguments.finish()
        guard let action = TaskAction(rawValue: actionName.lowercased()) else {
            throw UsageError("unknown action \"\(actionName)\": use start, done, cancel, reopen, forward or toggle")
        }
        let reference: TaskReference
        do { reference = try TaskReference(parsing: text) } catch let error as TaskError {
            throw UsageError(error.description)
        }
        let today = try context.today()
        let vault = try context.vault()
        let dryRun = arguments[CommonOptions.dryRun]
        let plan: TaskEditPlan
        do {
            plan = try vault.editTask(
                reference, action: action, allSubtasks: arguments[allSubtasks], today: today, dryRun: dryRun)
        } catch let error as TaskError {
            context.error(error.description, hint: error.hint)
            return error.exitCode
        }
        if context.json {
            try context.emit(EditOutcome(applied: !dryRun && !plan.isEmpty, tasks: plan.changed))
        } else if plan.isEmpty {
            context.line("nothing to change: \(reference) is already \(action.target(from: .open).label)")
        } else if dryRun {
            context.line(plan.rewrite.diff().trimmingSuffixNewline())
        } else {
            context.columns(plan.changed.map { TasksCommand.row($0, depth: 0, today: today, context) })
        }
        return 0
    }

    /// What `--json` prints.
    struct EditOutcome: Encodable {
        let applied: Bool
        let tasks: [VaultTask]
    }
}
