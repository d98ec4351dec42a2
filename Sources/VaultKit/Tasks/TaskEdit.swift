import VaultMarkdown
import VaultSystem

/// What `vault task REF ACTION` does to a task's marker.
public enum TaskAction: String, CaseIterable, Sendable {
    case start, done, cancel, reopen, forward, toggle

    /// The state the action gives a task that is now in `state`. `toggle` is a checkbox
    /// click, as in Obsidian: an open task is done, anything else is open again.
    public func target(from state: TaskState) -> TaskState {
        switch self {
        case .start: return .inProgress
        case .done: return .done
        case .cancel: return .cancelled
        case .reopen: return .open
        case .forward: return .forwarded
        case .toggle: return state == .open ? .done : .open
        }
    }
}

/// A change of task states in one note, computed before anything is written.
public struct TaskEditPlan: Sendable {
    /// The note's new bytes.
    public var rewrite: NoteRewrite
    /// The tasks that change, as they will read after the change.
    public var changed: [VaultTask]
    /// The next occurrences of recurring tasks that are done, as they will read.
    public var created: [VaultTask] = []
    /// The tasks done and removed by `🏁 delete`, as they read before.
    public var removed: [VaultTask] = []
    /// Why a recurring task is done without a next occurrence, or a `🏁 delete` one kept.
    public var warnings: [VaultWarning] = []

    /// True when every task already is in the state asked for.
    public var isEmpty: Bool { changed.isEmpty && created.isEmpty && removed.isEmpty }
}

extension Vault {
    /// Changes the state of the task `reference` names (and, with `allSubtasks`, of its open
    /// subtasks), under the vault's write lock. Only the marker changes, plus `✅ YYYY-MM-DD`
    /// on done (and `❌` on cancel) when the note already writes Tasks' emoji fields or the
    /// vault's Tasks settings ask for it, in their format; a task that stops being done or
    /// cancelled loses that date, as in Obsidian Tasks. Done, a recurring
    /// task (`🔁 every …`) gets its next occurrence on the line above (below, by setting), and
    /// a `🏁 delete` one is removed, as Obsidian Tasks does (`TaskCompletion`); all in the
    /// one write of the note.
    ///
    /// - Parameter dryRun: plan only; nothing is written and no lock is taken.
    /// - Throws: `TaskError` when the reference names no task or a changed one (exit 3), or
    ///   the note is not UTF-8; `FileError.fileChanged` when the note changes meanwhile.
    public func editTask(
        _ reference: TaskReference, action: TaskAction, allSubtasks: Bool = false, today: CalendarDay,
        dryRun: Bool = false
    ) throws -> TaskEditPlan {
        let plan = { try self.planTaskEdit(reference, action: action, allSubtasks: allSubtasks, today: today) }
        if dryRun { return try plan() }
        let (planned, report) = try ChangeExecutor(vault: self).apply(planning: plan) { $0.rewrite.changePlan("task \(action.rawValue) \(reference)") }
        try report.refusingConflicts()
        return planned
    }

    /// Computes what `editTask` would change.
    ///
    /// - Parameter text: the note's text as an editor holds it (unsaved changes and all), to
    ///   edit instead of the file's; the plan's rewrite is then for the editor to apply: its
    ///   change expects no file, so the executor refuses it.
    public func planTaskEdit(
        _ reference: TaskReference, action: TaskAction, allSubtasks: Bool = false, today: CalendarDay, text: [UInt8]? = nil
    ) throws -> TaskEditPlan {
        let (bytes, snapshot, tasks) = try readTaskNote(reference.path, reference: reference.description, text: text)
        guard let index = tasks.firstIndex(where: { $0.line == reference.line }) else {
            throw TaskError.noTaskAtLine(reference: reference.description)
        }
        let root = tasks[index]
        guard root.hash == reference.hash else {
            throw TaskError.staleReference(reference: reference.description, now: "[\(root.marker)] \(root.text)")
        }
        let target = action.target(from: root.state)
        if root.state != target && marker(for: target, replacing: root) == nil && Self.isLogseqWord(root, in: self) {
            throw TaskError.noLogseqWord(reference: reference.description, state: target)
        }
        var selected = [index]
        if allSubtasks {
            var inSubtree = Set([index])
            for other in tasks.indices where other > index && inSubtree.contains(tasks[other].parentIndex) {
                inSubtree.insert(other)
                // Closed subtasks stay as they are, unless the whole subtree is reopened.
                if target == .open || !tasks[other].state.isClosed { selected.append(other) }
            }
        }
        let noteUsesEmojiDates = tasks.contains(where: \.hasEmojiDate)
        var completion = CompletionContext(vault: self, bytes: bytes, target: target, today: today)
        var after = bytes
        var lines = EditedLines()
        for taskIndex in selected.reversed() {
            let task = tasks[taskIndex]
            guard task.state != target, let marker = marker(for: target, replacing: task) else { continue }
            let isWord = Self.isLogseqWord(task, in: self)
            if isWord && target == .done, let word = try Self.repeatLogseqTask(task, in: &after, today: today, reference: reference) {
                clock(task, to: word, in: &after, path: reference.path, lines: &lines)
                lines.changed.append(task.line)
                continue
            }
            if isWord { clock(task, to: marker, in: &after, path: reference.path, lines: &lines) }
            let done = completion.complete(task, isLogseqWord: isWord)
            // Tasks' settings decide for the checkboxes it reads; else the note's style does.
            let stampsDoneDate =
                target == .done
                && (completion.settings.isPresent && !isWord
                    ? completion.settings.setDoneDate : noteUsesEmojiDates || done?.usesTasksFields == true)
            var edits: [(Range<Int>, [UInt8])] = []
            if stampsDoneDate, let date = task.doneDateRange {
                // A done date left from before the task was reopened: today is when it is done.
                edits.append((date, Array(today.description.utf8)))
            } else if stampsDoneDate {
                edits.append((task.doneDateInsertion..<task.doneDateInsertion, Array(completion.settings.dateField(.done, today).utf8)))
            }
            if !isWord { edits += closingDateEdits(task, target: target, noteUsesEmojiDates: noteUsesEmojiDates, &completion) }
            edits.append((task.markerRange, Array(marker.utf8)))
            for (range, text) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) { after.replaceSubrange(range, with: text) }
            if let done {
                lines.apply(done, to: task, in: &after, below: completion.settings.recurrenceOnNextLine)
            } else {
                lines.changed.append(task.line)
            }
        }
        let rewrite = NoteRewrite(path: reference.path, before: bytes, after: after, isNew: false, snapshot: snapshot)
        let updated = TaskScanner.tasks(in: after, origin: origin(of: reference.path))
        var plan = TaskEditPlan(rewrite: rewrite, changed: updated.filter { lines.changed.contains($0.line) })
        plan.created = updated.filter { lines.created.contains($0.line) }
        plan.removed = lines.removed.reversed()
        plan.warnings = completion.warnings
        return plan
    }

    /// What a task's marker becomes in `state`: a checkbox's character, or in a Logseq graph
    /// the word of the task's own workflow (`TODO` becomes `DONE`, `LATER` becomes `NOW`),
    /// else of the graph's preferred one; nil where the state has none.
    func marker(for state: TaskState, replacing task: VaultTask) -> String? {
        if Self.isLogseqWord(task, in: self) {
            return LogseqMarker.word(for: state, replacing: task.marker, prefersNow: logseq?.prefersNowWorkflow ?? true)
        }
        return state.marker.map(String.init)
    }

    /// What a checkbox task's `✅` and `❌` dates become, as Obsidian Tasks changes them: a task
    /// that stops being done or cancelled loses the date that says when it was; one cancelled
    /// gains `❌ today` where the vault's Tasks settings ask for it (else where the note writes
    /// Tasks' emoji dates).
    private func closingDateEdits(
        _ task: VaultTask, target: TaskState, noteUsesEmojiDates: Bool, _ completion: inout CompletionContext
    ) -> [(Range<Int>, [UInt8])] {
        let stampsCancelledDate =
            target == .cancelled && (completion.settings.isPresent ? completion.settings.setCancelledDate : noteUsesEmojiDates)
        guard task.state == .done || task.state == .cancelled || stampsCancelledDate else { return [] }
        let dates = completion.closingDates(of: task)
        var edits: [(Range<Int>, [UInt8])] = []
        if task.state == .done, target != .done { edits += dates.done.map { (completion.removal(of: $0), []) } }
        if task.state == .cancelled { edits += dates.cancelled.map { (completion.removal(of: $0), []) } }
        if stampsCancelledDate {
            if let cancelled = dates.cancelled.first {
                edits.append((cancelled.value, Array(completion.today.description.utf8)))
            } else {
                edits.append((task.doneDateInsertion..<task.doneDateInsertion, Array(completion.settings.dateField(.cancelled, completion.today).utf8)))
            }
        }
        return edits
    }

    /// Clocks a Logseq task in or out as its word becomes `word`, where the graph tracks time
    /// (`LogseqClock`); the lines of tasks below it move down by the lines it adds.
    private func clock(_ task: VaultTask, to word: String, in bytes: inout [UInt8], path: String, lines: inout EditedLines) {
        guard let logseq, logseq.tracksTime, let change = LogseqClock.change(from: task.marker, to: word) else { return }
        var lineEnd = task.markerRange.upperBound
        while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
        let added = LogseqClock.apply(
            change, lineEnd: lineEnd, org: dialect.forFile(path) == .org, in: &bytes, now: WallTime(clock.now(), in: zone),
            seconds: logseq.clockSeconds)
        if added > 0 { lines.shift(after: task.line, by: added) }
    }

    /// Done, a Logseq task whose `SCHEDULED:` or `DEADLINE:` date repeats stays to do (`NOW`
    /// and `DOING` back to `LATER` and `TODO`) and its dates move on, as Logseq's check does;
    /// returns the word it keeps, nil, with nothing changed, for a task whose dates do not repeat.
    static func repeatLogseqTask(_ task: VaultTask, in bytes: inout [UInt8], today: CalendarDay, reference: TaskReference) throws -> String? {
        var lineEnd = task.markerRange.upperBound
        while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
        let stamps = LogseqRepeater.stamps(in: bytes, lineEnd: lineEnd)
        guard !stamps.isEmpty else { return nil }
        var replacements: [(Range<Int>, [UInt8])] = []
        for stamp in stamps {
            guard let next = stamp.next(today: today) else { throw TaskError.hourlyRepeater(reference: reference.description) }
            replacements += stamp.replacements(to: next)
        }
        for (range, text) in replacements.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) { bytes.replaceSubrange(range, with: text) }
        let open = task.marker == "DOING" ? "TODO" : task.marker == "NOW" ? "LATER" : task.marker
        bytes.replaceSubrange(task.markerRange, with: Array(open.utf8))
        return open
    }

    /// True for a task written with a Logseq word (`TODO`), in a Logseq graph.
    static func isLogseqWord(_ task: VaultTask, in vault: Vault) -> Bool {
        vault.logseq != nil && LogseqMarker.words.contains { $0.word == task.marker }
    }

    /// Reads a note to edit its tasks: it must exist, be downloaded, be UTF-8 and not opt out.
    func readTaskNote(_ path: String, reference: String, text: [UInt8]? = nil) throws -> (
        bytes: [UInt8], snapshot: FileSnapshot, tasks: [VaultTask]
    ) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"),
            !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.hasPrefix(".") }),
            NoteFiles.isNoteName(String(parts.last ?? ""), org: logseq != nil)
        else { throw TaskError.noSuchNote(reference: reference, path: path) }
        // A reference is read without a walk: its path is checked here as the walk would.
        try checkInside(path)
        let absolute = absolutePath(path)
        if let text {
            guard UTF8Check.validate(text) == .valid else { throw TaskError.notUTF8(path: path) }
            if TaskSyntax.optsOut(NoteStructure(bytes: text, extent: .header)) { throw TaskError.optedOut(path: path) }
            return (text, .absent, TaskScanner.tasks(in: text, origin: origin(of: path)))
        }
        guard (try? fileSystem.status(absolute))??.kind == .file else {
            if fileSystem.exists(Placeholders.placeholderPath(for: absolute)) { throw VaultError.noteNotDownloaded(path: path) }
            if (try? fileSystem.status(absolute)) != nil { throw FileError.notRegularFile(path: path, kind: fileKindName(absolute)) }
            throw TaskError.noSuchNote(reference: reference, path: path)
        }
        let (bytes, snapshot) = try SafeWriter(fileSystem: fileSystem).read(absolute)
        guard UTF8Check.validate(bytes) == .valid else { throw TaskError.notUTF8(path: path) }
        if TaskSyntax.optsOut(NoteStructure(bytes: bytes, extent: .header)) {
            throw TaskError.optedOut(path: path)
        }
        return (bytes, snapshot, TaskScanner.tasks(in: bytes, origin: origin(of: path)))
    }

    /// Where a note is, for the fields that depend on it (a journal's day).
    func origin(of path: String) -> TaskScanner.Origin {
        let kind = layout.kind(of: path)
        let day: CalendarDay?
        if case .standard = journalNaming.format {
            day = kind == .journal ? Self.journalDay(path) : nil
        } else {
            day = journalNaming.day(ofPath: path)
        }
        var origin = TaskScanner.Origin(path: path, kind: kind, journalDay: day, dialect: dialect.forFile(path))
        if logseq == nil, let tasks = obsidian?.tasksPlugin, !tasks.globalFilter.isEmpty {
            origin.globalFilter = (tasks.globalFilter, tasks.removeGlobalFilter)
        }
        return origin
    }

    /// The day a journal's file name gives (`2026-11-30.md`, Logseq's `2026_11_30.md`), the
    /// way `NoteReader.journalDate` reads it, without a `String` round trip per note.
    static func journalDay(_ path: String) -> CalendarDay? {
        var bytes = Array(path.utf8)
        let slash = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot - slash == 10,
            NoteFiles.extensions.contains(String(decoding: bytes[(dot + 1)...], as: UTF8.self).lowercased())
        else { return nil }
        let separator = bytes[slash + 4]
        guard separator == UInt8(ascii: "-") || separator == UInt8(ascii: "_"), bytes[slash + 7] == separator else {
            return nil
        }
        bytes[slash + 4] = UInt8(ascii: "-")
        bytes[slash + 7] = UInt8(ascii: "-")
        return CalendarDay.parse(bytes, at: slash)
    }
}
