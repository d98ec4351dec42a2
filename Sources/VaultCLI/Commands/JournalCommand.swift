import VaultKit
import VaultMarkdown
import VaultSystem

/// `vault journal [DATE]`: a day's journal (made when absent), the list of journals, or the
/// rollover of unfinished tasks into today's.
enum JournalCommand: Command {
    static let name = "journal"
    static let summary = "print the path of a day's journal (creating it), list journals, or roll tasks over"
    static let usage = "[DATE]"
    static let discussion = """
        DATE is today (the default), yesterday, tomorrow, YYYY-MM-DD or -N (N days ago). The
        journal is journals/YYYY-MM-DD.md in the vault's journals folder; an existing
        YYYY_MM_DD.md (Logseq) is used as it is. A new journal is made from Obsidian's daily
        note template (`template` of .obsidian/daily-notes.json) or .zennotes/templates/journal.md
        when the vault has one ({{date}}, {{date:FORMAT}} and {{title}} become the day,
        {{yesterday}} and {{tomorrow}} the days around it; see vault new), else it starts with
        `# YYYY-MM-DD`.

        --rollover moves the unfinished tasks of the most recent earlier journal, with their
        subtasks, to the end of DATE's journal and marks them [>] forwarded where they were.
        "Today" is the machine's date, or VAULT_TODAY=YYYY-MM-DD when set.
        """
    static let list = Option<Bool>(flag: "--list", help: "list every journal, newest first")
    static let rollover = Option<Bool>(flag: "--rollover", help: "move unfinished tasks from the last journal into this one")
    static let append = Option<String?>(
        "--append", value: "TEXT", help: "add TEXT (- for standard input) as a new line at the end")
    static let open = Option<Bool>(flag: "--open", help: "open the journal in $VISUAL or $EDITOR, at its last line")
    static let options: [any DeclaredOption] = [list, rollover, append, open, CommonOptions.dryRun]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let today = try context.today()
        let text = arguments.positional() ?? "today"
        try arguments.finish()
        guard let day = CalendarDay.relative(text, today: today), text.first != "+" else {
            throw UsageError("DATE must be today, yesterday, tomorrow, YYYY-MM-DD or -N, not \"\(text)\"")
        }
        let list = arguments[Self.list]
        let rollover = arguments[Self.rollover]
        if list && rollover { throw UsageError("--list and --rollover do not go together") }
        let vault = try context.vault()
        let journals = Journals(vault: vault)
        let dryRun = arguments[CommonOptions.dryRun]
        let opens = arguments[open] && !dryRun
        // Refused before anything is written: a journal made for an editor that cannot start.
        if opens { try context.requireTerminal(for: "vault journal --open") }
        if list {
            let entries = try journals.list()
            if context.json {
                try context.emit(entries)
            } else {
                context.columns(
                    entries.map {
                        [$0.day.description, $0.path] + ($0.isPlaceholder ? [context.dim("(not downloaded)")] : [])
                    })
            }
            return entries.isEmpty ? 1 : 0
        }
        if rollover { return try roll(into: day, vault: vault, dryRun: dryRun, today: today, context) }
        if let text = arguments[append] {
            let bytes = text == "-" ? try context.text(["-"]) : Array(text.utf8)
            let added = String(decoding: bytes, as: UTF8.self)
            let change = try journals.append(added, to: day, dryRun: dryRun)
            if !dryRun { context.recordUse(notes: [change.path]) }
            if context.json {
                try context.emit(AppendCommand.Added(change, text: added, atStart: false, dryRun: dryRun))
            } else {
                context.line(dryRun ? change.diff().trimmingSuffixNewline() : change.path)
            }
            return 0
        }
        let (entry, created) = try journals.openOrCreate(day, dryRun: dryRun)
        if !dryRun { context.recordUse(notes: [entry.path]) }
        if context.json {
            try context.emit(Opened(day: entry.day, path: entry.path, created: created != nil && !dryRun))
        } else if dryRun, let created {
            context.line(created.diff().trimmingSuffixNewline())
        } else {
            context.line(entry.path)
        }
        if entry.isPlaceholder { context.warn("\(entry.path) is not downloaded from the sync service yet") }
        if opens { try context.editNote(entry.path, line: vault.lastLine(of: entry.path), in: vault) }
        return 0
    }

    private static func roll(into day: CalendarDay, vault: Vault, dryRun: Bool, today: CalendarDay, _ context: Context)
        throws -> Int32
    {
        let plan: RolloverPlan
        do {
            plan = try vault.rollover(into: day, dryRun: dryRun)
        } catch let error as TaskError {
            context.error(error.description, hint: error.hint)
            return error.exitCode
        }
        if context.json {
            try context.emit(Rolled(plan: plan, applied: !dryRun && !plan.isEmpty))
            return 0
        }
        guard let source = plan.source else {
            context.line("nothing to roll over: there is no journal before \(day)")
            return 0
        }
        if plan.isEmpty {
            context.line("nothing to roll over: \(source.path) has no unfinished task")
            return 0
        }
        if dryRun {
            context.line(plan.diff().trimmingSuffixNewline())
            return 0
        }
        let destination = plan.destinationRewrite?.path ?? ""
        let count = plan.moved.filter { !$0.state.isClosed }.count
        context.line("moved \(count) unfinished task\(count == 1 ? "" : "s") from \(source.path) to \(destination)")
        let depths = TaskTree.displayDepths(plan.added, all: plan.added)
        context.columns(plan.added.enumerated().map { TasksCommand.row($1, depth: depths[$0], today: today, context) })
        return 0
    }

    /// What `--json` prints for a journal.
    struct Opened: Encodable {
        let day: CalendarDay
        let path: String
        let created: Bool
    }

    /// What `--json` prints for a rollover.
    struct Rolled: Encodable {
        let from: String?
        let to: String?
        let applied: Bool
        let moved: [VaultTask]
        let added: [VaultTask]

        init(plan: RolloverPlan, applied: Bool) {
            from = plan.source?.path
            to = plan.destinationRewrite?.path
            self.applied = applied
            moved = plan.moved
            added = plan.added
        }
    }
}
