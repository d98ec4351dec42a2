import FoundationEssentials
import VaultKit
import VaultMarkdown
import VaultSystem

/// `vault tasks`: the tasks of the vault, filtered, sorted, as a list, a tree or counts.
enum TasksCommand: Command {
    static let name = "tasks"
    static let summary = "list tasks (open and in progress by default) with filters, a tree or counts"
    static let usage = ""
    static let discussion = """
        Prints one task a line: its reference (PATH:LINE@HASH, what `vault task` takes), the
        marker and text, then its dates, priority and subtask rollup. A task is a list item
        whose marker is followed by [c]: ` ` open, `x` done, `/` in progress, `-` cancelled,
        `>` forwarded, anything else "other". Tasks in code, HTML and comments are not tasks;
        a note with `tasks: false` in its frontmatter has none. A journal's task without a due
        date is due on the journal's day. Tasks in archive/ and trash/ are hidden unless
        --include-archived (or --folder names those folders).

        --due takes today, overdue, week (today and the next 6 days), before:D, after:D or on:D
        (D: YYYY-MM-DD, today, tomorrow, yesterday, -N or +N days). --tag matches the task's own
        #tags. "Today" is the machine's date, or VAULT_TODAY=YYYY-MM-DD when set.
        With -i, the tasks are shown in fzf with a preview of each one's note, and the
        reference of the one chosen is printed (for `vault task` or `vault edit`); exit 1 when
        none is chosen, 2 without a terminal or without fzf.
        Exits 1 when no task matches.
        """
    static let status = Option<[String]>(
        list: "--status", value: "STATE",
        help: "open, in-progress, done, cancelled, forwarded, other or all (default: open,in-progress)")
    static let due = Option<String?>("--due", value: "WHEN", help: "today, overdue, week, before:D, after:D or on:D")
    static let tag = CommonOptions.tag.withHelp("only tasks tagged TAG (nested tags match too); repeat to need all")
    static let folder = CommonOptions.folder.withHelp("only tasks in notes under FOLDER (a path, or inbox, journals, …)")
    static let note = Option<String?>("--note", value: "NOTE", help: "only the tasks of one note (path, title or alias)")
    static let priority = Option<[String]>(list: "--priority", value: "LEVEL", help: "highest, high, medium, low, lowest or none")
    static let includeArchived = Option<Bool>(flag: "--include-archived", help: "list the retired tasks of archive/ and trash/ too")
    static let sort = Option<TaskQuery.Order>(choice: "--sort", value: "ORDER", default: .note, help: "note (default), due or priority")
    static let tree = Option<Bool>(flag: "--tree", help: "indent subtasks under their parents")
    static let counts = Option<Bool>(
        flag: "--summary", help: "count the tasks in each state instead (every state unless --status)")
    static let options: [any DeclaredOption] = [
        status, due, tag, folder, note, priority, includeArchived, sort, tree, counts,
        Context.interactive,
    ]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let today = try context.today()
        var query = TaskQuery(today: today)
        let summary = arguments[counts]
        do {
            try query.select(states: arguments[status], everyByDefault: summary)
            try query.select(priorities: arguments[priority])
        } catch {
            throw UsageError(error.description)
        }
        if let due = arguments[Self.due] {
            do { try query.select(due: due) } catch { throw UsageError("--due " + error.description) }
        }
        query.tags = arguments[tag]
        query.folders = arguments[folder]
        query.includeRetired = arguments[includeArchived]
        query.order = try arguments[sort]
        let tree = arguments[Self.tree]
        if tree && query.order != .note {
            throw UsageError("--tree lists tasks in the order written; leave out --sort")
        }
        try arguments.finish()
        let picker = arguments[Context.interactive] ? try context.picker(for: "vault tasks -i") : nil
        if picker != nil && (tree || summary) { throw UsageError("-i picks one task: it goes without --tree and --counts") }

        let vault = try context.vault()
        context.recordUse(notes: [], tags: query.tags)
        var notes: [Note]?
        if let name = arguments[note] {
            notes = [try NoteLookup(notes: context.scan(vault, detail: .summary).notes, in: vault).note(named: name)]
            query.includeRetired = true
        }
        if let picker { return try pick(query, of: notes, vault, with: picker, context) }
        if tree { return try printTree(query, of: notes, vault, today: today, context) }
        let progress: Progress? = notes == nil && context.stderrIsTerminal && !context.quiet ? Progress("reading tasks") : nil
        defer { progress?.finish() }
        var update: (@Sendable (Int, Int) -> Void)?
        if let progress { update = { progress.update($0, $1) } }
        // Each task is printed as the scan hands it over; only a terminal's padded columns,
        // which need the widest reference, wait for the last.
        var listed = 0
        var warnings: [VaultWarning]
        if summary {
            var counts = TaskSummary([])
            var sink = ClosureSink<VaultTask> { task in
                counts.add(task)
                return true
            }
            warnings = try vault.tasks(matching: query, of: notes, into: &sink, progress: update)
            context.warn(warnings)
            if context.json {
                try context.emit(counts)
            } else {
                context.columns(
                    TaskState.allCases.map { [$0.rawValue, String(counts.counts[$0] ?? 0)] } + [
                        ["total", String(counts.total)]
                    ])
            }
            return 0
        }
        if context.json {
            (listed, warnings) = try vault.tasksJSON(matching: query, of: notes, progress: update) { bytes in
                context.write { $0 += bytes }
            }
        } else if !context.stdoutIsTerminal && !context.color {
            // For a pipe, the same tab-separated rows as `columns`, written as bytes: a long
            // listing spends less on its strings than on finding the tasks.
            // Each row is made on the core that read its note.
            (listed, warnings) = try vault.renderedTasks(
                matching: query, of: notes, progress: update, state: {},
                render: { _, task, bytes in appendRow(task.pointee, depth: 0, today: today, to: &bytes) }
            ) { bytes, _ in context.write { $0 += bytes } }
        } else {
            var rows = CollectingSink<[String]>()
            var sink = ClosureSink<VaultTask> { task in
                rows.receive(row(task, depth: 0, today: today, context))
            }
            warnings = try vault.tasks(matching: query, of: notes, into: &sink, progress: update)
            listed = rows.elements.count
            context.columns(rows.elements)
        }
        context.warn(warnings)
        return listed == 0 ? 1 : 0
    }

    /// `-i`: the tasks listed, in fzf; the reference of the one chosen is printed.
    private static func pick(_ query: TaskQuery, of notes: [Note]?, _ vault: Vault, with picker: Picker, _ context: Context) throws -> Int32 {
        var candidates = CollectingSink<Picker.Candidate>()
        var sink = ClosureSink<VaultTask> { task in
            candidates.receive(Picker.Candidate(key: task.reference, note: task.path, shown: "[\(task.marker)] \(task.text)  \(task.path):\(task.line)"))
        }
        context.warn(try vault.tasks(matching: query, of: notes, into: &sink, progress: nil))
        return try context.pick(candidates.elements, with: picker, in: vault)
    }

    /// `--tree`: every task is kept, for the ancestors of those listed.
    private static func printTree(
        _ query: TaskQuery, of notes: [Note]?, _ vault: Vault, today: CalendarDay, _ context: Context
    ) throws -> Int32 {
        let scan: TaskScan
        if let notes {
            scan = vault.tasks(of: notes)
        } else if context.stderrIsTerminal && !context.quiet {
            let progress = Progress("reading tasks")
            defer { progress.finish() }
            scan = try vault.tasks { progress.update($0, $1) }
        } else {
            scan = try vault.tasks()
        }
        context.warn(scan.warnings)
        let all = scan.tasks
        let tasks = query.apply(to: (consume scan).tasks, layout: vault.layout)
        let depths = TaskTree.displayDepths(tasks, all: all)
        if context.json {
            context.raw(TaskJSON.encode(tasks))
        } else if !context.stdoutIsTerminal && !context.color {
            var output: [UInt8] = []
            output.reserveCapacity(tasks.count * 120)
            for (index, task) in tasks.enumerated() { appendRow(task, depth: depths[index], today: today, to: &output) }
            context.raw(output)
        } else {
            context.columns(tasks.enumerated().map { index, task in row(task, depth: depths[index], today: today, context) })
        }
        return tasks.isEmpty ? 1 : 0
    }

    /// A task as a row: reference, marker and description (indented by `depth`), details.
    static func row(_ task: VaultTask, depth: Int, today: CalendarDay, _ context: Context) -> [String] {
        let indent = String(repeating: "  ", count: depth)
        let text = indent + marker(task, context) + (task.description.isEmpty ? "" : " " + task.description)
        let details = self.details(task, today: today, context)
        return details.isEmpty ? [task.reference, text] : [task.reference, text, details]
    }

    /// `[x]`, coloured by state when colour is on.
    static func marker(_ task: VaultTask, _ context: Context) -> String {
        let text = "[\(task.marker)]"
        switch task.state {
        case .done: return context.tint(text, 32)
        case .inProgress: return context.tint(text, 33)
        case .cancelled, .forwarded: return context.dim(text)
        case .other: return context.tint(text, 35)
        case .open: return text
        }
    }

    /// `(due 2026-12-01, high, 2/4 done, in progress)`, the overdue date in red with colour.
    static func details(_ task: VaultTask, today: CalendarDay, _ context: Context) -> String {
        var bytes: [UInt8] = []
        appendDetails(task, today: today, to: &bytes) { context.tint($0, 31) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A row as `row` and `Context.columns` print it for a pipe: tab-separated, no colour.
    static func appendRow(_ task: VaultTask, depth: Int, today: CalendarDay, to output: inout [UInt8]) {
        output += task.path.utf8
        output.append(UInt8(ascii: ":"))
        output += String(task.line).utf8
        output.append(UInt8(ascii: "@"))
        output += task.hash.utf8
        output.append(0x09)
        for _ in 0..<depth { output += [0x20, 0x20] }
        output.append(UInt8(ascii: "["))
        output += task.marker.utf8
        output.append(UInt8(ascii: "]"))
        if !task.description.isEmpty {
            output.append(0x20)
            output += task.description.utf8
        }
        let start = output.count
        output.append(0x09)
        appendDetails(task, today: today, to: &output) { $0 }
        if output.count == start + 1 { output.removeLast() }
        output.append(0x0A)
    }

    /// Appends the details of a task, if it has any.
    static func appendDetails(
        _ task: VaultTask, today: CalendarDay, to output: inout [UInt8], overdue: (String) -> String
    ) {
        var first = true
        func part(_ text: String) {
            output += (first ? "(" : ", ").utf8
            output += text.utf8
            first = false
        }
        if let due = task.due { part(due < today && !task.state.isClosed ? overdue("due \(due)") : "due \(due)") }
        if let day = task.scheduled { part("scheduled \(day)") }
        if let day = task.start { part("starts \(day)") }
        if let day = task.doneDate { part("done \(day)") }
        if let priority = task.priority { part(priority.rawValue) }
        if let rollup = task.rollup { part("\(rollup.done)/\(rollup.total) done") }
        if task.effectiveState != task.state { part(task.effectiveState.label) }
        if task.isRetired { part(task.kind == .trash ? "in trash" : "archived") }
        if !first { output.append(UInt8(ascii: ")")) }
    }
}

extension Context {
    /// The day "today" means: `VAULT_TODAY` (YYYY-MM-DD) when set, else the day of the run's
    /// clock (`VAULT_NOW`, else the machine's) in the machine's time zone.
    func today() throws -> CalendarDay {
        guard let day = CalendarDay.today(environment: environment, clock: clock) else {
            throw UsageError("VAULT_TODAY=\(environment["VAULT_TODAY"] ?? "") is not a YYYY-MM-DD day")
        }
        return day
    }
}
