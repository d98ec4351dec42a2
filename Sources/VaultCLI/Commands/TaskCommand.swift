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
        note already writes emoji dates, or as the vault's Obsidian Tasks settings say (as
        `[completion:: YYYY-MM-DD]` in their Dataview format); on cancel, ` ❌ YYYY-MM-DD` the
        same way; a task that stops being done or cancelled loses that date, as in Obsidian
        Tasks. The reference stays valid across these changes. In a Logseq graph a task whose
        SCHEDULED or DEADLINE date repeats (.+1d, ++1w, +1m) stays to do when done, its dates
        moved on, as Logseq does.
        Done, a recurring task (🔁 every ...) gets its next occurrence above it (below, by the
        Tasks setting), with its dates moved by the rule, and one with 🏁 delete is removed. When the line no longer holds the task
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
        context.warn(plan.warnings)
        if context.json {
            try context.emit(
                EditOutcome(
                    applied: !dryRun && !plan.isEmpty, tasks: plan.changed, created: plan.created,
                    removed: plan.removed.map(\.reference)))
        } else if plan.isEmpty {
            context.line("nothing to change: \(reference) is already \(action.target(from: .open).label)")
        } else if dryRun {
            context.line(plan.rewrite.diff().trimmingSuffixNewline())
        } else {
            // The next occurrences among the changed tasks, in the note's order; then the
            // tasks `🏁 delete` removed, by the references they had.
            let rows = (plan.changed + plan.created).sorted { $0.line < $1.line }.map {
                TasksCommand.row($0, depth: 0, today: today, context)
            }
            context.columns(rows + plan.removed.map { [$0.reference, "[x] " + $0.description, "(deleted)"] })
        }
        return 0
    }

    /// What `--json` prints.
    struct EditOutcome: Encodable {
        let applied: Bool
        let tasks: [VaultTask]
        /// The next occurrences of recurring tasks.
        let created: [VaultTask]
        /// The references of the tasks `🏁 delete` removed.
        let removed: [String]
    }
}
