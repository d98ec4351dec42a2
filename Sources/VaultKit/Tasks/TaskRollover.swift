import VaultMarkdown
import VaultSystem

/// Moving unfinished tasks from the last journal into today's, as a bullet journal's
/// migration: each task (with its subtasks and continuation lines) is copied to the end of
/// today's journal, and left behind marked `[>]` forwarded.
public struct RolloverPlan: Sendable {
    /// The journal the tasks come from, nil when there is no earlier journal.
    public var source: Journals.Entry?
    /// The day the tasks move to.
    public var day: CalendarDay
    /// The earlier journal with the moved tasks marked forwarded.
    public var sourceRewrite: NoteRewrite?
    /// Today's journal with the tasks added (new when it did not exist).
    public var destinationRewrite: NoteRewrite?
    /// The unfinished tasks that move, as they were in the earlier journal.
    public var moved: [VaultTask]
    /// The tasks as they read in today's journal after the move.
    public var added: [VaultTask] = []

    /// True when there is nothing to move.
    public var isEmpty: Bool { moved.isEmpty }

    /// Both changes as one plan: today's journal is written first, so a crash in between
    /// leaves the tasks in both places, never in neither, and the journal finishes it.
    public var changePlan: ChangePlan {
        guard !isEmpty else { return .nothing("rollover into \(day)") }
        return ChangePlan([destinationRewrite, sourceRewrite].compactMap { $0?.change }, summary: "rollover into \(day)")
    }

    /// Both changes as a unified diff: today's journal first, the order they are written in.
    public func diff() -> String { changePlan.diffText }
}

extension Vault {
    /// Moves the unfinished tasks of the most recent journal before `day` into the journal of
    /// `day` (created if needed), under the write lock, as one journaled change: a crash
    /// halfway is finished by the next run (and a task line already present in today's
    /// journal is not added twice).
    ///
    /// - Throws: `TaskError.notUTF8` for a journal that cannot be rewritten,
    ///   `VaultError.noteNotDownloaded` for a placeholder, `FileError.fileChanged` (exit 3).
    /// - Parameter executor: the executor to apply it with (default: a new one).
    public func rollover(into day: CalendarDay, dryRun: Bool = false, executor: ChangeExecutor? = nil) throws -> RolloverPlan {
        if dryRun { return try planRollover(into: day) }
        let (plan, report) = try (executor ?? ChangeExecutor(vault: self)).apply(planning: { try self.planRollover(into: day) }, changes: \.changePlan)
        // A journal written elsewhere meanwhile has the rollover taken back: it did not happen.
        try report.refusingConflicts()
        return plan
    }

    /// Computes what `rollover` would do.
    public func planRollover(into day: CalendarDay) throws -> RolloverPlan {
        let journals = Journals(vault: self)
        let entries = try journals.list()
        guard let source = entries.first(where: { $0.day < day }) else {
            return RolloverPlan(source: nil, day: day, sourceRewrite: nil, destinationRewrite: nil, moved: [])
        }
        if source.isPlaceholder { throw VaultError.noteNotDownloaded(path: source.path) }
        let (bytes, snapshot, tasks): ([UInt8], FileSnapshot, [VaultTask])
        do {
            (bytes, snapshot, tasks) = try readTaskNote(source.path, reference: source.path)
        } catch TaskError.optedOut {
            return RolloverPlan(source: source, day: day, sourceRewrite: nil, destinationRewrite: nil, moved: [])
        }
        // A root is an unfinished task not already inside a moving subtree; it moves with all
        // of its item's lines, and every unfinished task among them is marked forwarded.
        var moving = [Bool](repeating: false, count: tasks.count)
        var roots: [Int] = []
        for (index, task) in tasks.enumerated() {
            let parent = task.parentIndex
            if parent >= 0 && moving[parent] {
                moving[index] = true
            } else if !task.state.isClosed {
                moving[index] = true
                roots.append(index)
            }
        }
        let moved = tasks.indices.filter { moving[$0] }.map { tasks[$0] }
        guard !roots.isEmpty else {
            return RolloverPlan(source: source, day: day, sourceRewrite: nil, destinationRewrite: nil, moved: [])
        }

        // Logseq has no word for a forwarded task: writing `>` over `TODO` made a quote of it.
        if let worded = moved.first(where: { !$0.state.isClosed && Self.isLogseqWord($0, in: self) }) {
            throw TaskError.logseqRollover(path: source.path, line: worded.line)
        }
        var sourceAfter = bytes
        for task in moved.reversed() where !task.state.isClosed {
            sourceAfter.replaceSubrange(task.markerRange, with: [UInt8(ascii: ">")])
        }
        let sourceRewrite = NoteRewrite(
            path: source.path, before: bytes, after: sourceAfter, isNew: false, snapshot: snapshot)

        let destination: NoteRewrite
        if let existing = try journals.entry(for: day) {
            if existing.isPlaceholder { throw VaultError.noteNotDownloaded(path: existing.path) }
            let (current, currentSnapshot, _) = try readTaskNote(existing.path, reference: existing.path)
            destination = NoteRewrite(
                path: existing.path, before: current, after: current, isNew: false, snapshot: currentSnapshot)
        } else {
            destination = NoteRewrite(
                path: journals.newPath(for: day), before: [], after: journals.initialContents(for: day), isNew: true,
                snapshot: .absent)
        }
        var destinationRewrite = destination
        let taskLines = Set(TaskScanner.tasks(in: destination.after, origin: origin(of: destination.path)).map(\.line))
        destinationRewrite.after = Self.appending(roots.map { tasks[$0] }, from: bytes, to: destination.after, taskLines: taskLines)
        // An empty journal keeps no line: the first task added is its line 1.
        let keptLines = destination.after.isEmpty ? 0 : NoteRewrite.lines(destination.after).count
        let added = TaskScanner.tasks(in: destinationRewrite.after, origin: origin(of: destinationRewrite.path))
            .filter { $0.line > keptLines }
        return RolloverPlan(
            source: source, day: day, sourceRewrite: sourceRewrite, destinationRewrite: destinationRewrite,
            moved: moved,
            added: added)
    }

    /// Where `lines` hold `block` as consecutive lines whose first is a task (its 1-based
    /// number among `taskLines`) that no other block was found at (`taken`); nil when nowhere.
    private static func copy(of block: [String], in lines: [String], taskLines: Set<Int>, taken: Set<Int>) -> Int? {
        guard !block.isEmpty, block.count <= lines.count else { return nil }
        return (0...(lines.count - block.count)).first { start in
            taskLines.contains(start + 1) && !taken.contains(start) && lines[start..<(start + block.count)].elementsEqual(block)
        }
    }

    /// `note` with the lines of each root's item added at the end, their indentation (or
    /// quote prefix) taken off, in the note's own line endings.
    private static func appending(_ roots: [VaultTask], from source: [UInt8], to note: [UInt8], taskLines: Set<Int>) -> [UInt8] {
        let sourceMap = SourceMap(source)
        let newline: [UInt8] = note.firstRange(of: [0x0D, 0x0A]) != nil ? [0x0D, 0x0A] : [0x0A]
        let present = NoteRewrite.lines(note).map { $0.trimmed() }
        var taken: Set<Int> = []
        var result = note
        var separated = note.isEmpty || note.last == 0x0A
        for root in roots {
            let firstLine = sourceMap.range(ofLine: root.line, in: source)
            let prefix = Array(source[firstLine.lowerBound..<root.itemStart])
            var block: [[UInt8]] = []
            for line in root.line...root.lastLine {
                let bytes = Array(source[sourceMap.range(ofLine: line, in: source)])
                var common = 0
                while common < prefix.count && common < bytes.count && bytes[common] == prefix[common] { common += 1 }
                block.append(Array(bytes[common...]))
            }
            // Already copied by an earlier, interrupted run: the whole block stands there, a
            // task, once for each block. A task of the same words alone (written today by
            // hand), its lines in code or a comment, or one copy for two blocks is no copy:
            // skipping the block left its tasks marked forwarded and open nowhere.
            let lines = block.map { String(decoding: $0, as: UTF8.self).trimmed() }
            if let start = Self.copy(of: lines, in: present, taskLines: taskLines, taken: taken) {
                taken.insert(start)
                continue
            }
            if !separated {
                result += newline
                separated = true
            }
            for line in block { result += line + newline }
        }
        return result
    }
}
