import VaultMarkdown
import VaultSystem

/// What an edit needs to complete tasks as Obsidian Tasks does: the vault's Tasks settings
/// and the note's code spans, each read once and only when a task needs it.
struct CompletionContext {
    let bytes: [UInt8]
    let target: TaskState
    let today: CalendarDay
    let dialect: NoteDialect
    /// The Tasks settings, read when the edit completes tasks.
    let settings: TasksPluginSettings
    private(set) var warnings: [VaultWarning] = []
    private var codeSpans: [Range<Int>]?

    init(vault: Vault, bytes: [UInt8], target: TaskState, today: CalendarDay) {
        self.bytes = bytes
        self.target = target
        self.today = today
        dialect = vault.dialect
        if target == .done || target == .cancelled {
            let (settings, warning) = vault.tasksPluginSettings()
            self.settings = settings
            if let warning { warnings.append(warning) }
        } else {
            settings = TasksPluginSettings()
        }
    }

    /// The done and cancelled dates of a task's line (`✅`, `❌`, or Dataview's `[completion::]`
    /// and `[cancelled::]`), every one of each: where each is, with the white space before it,
    /// and its value.
    mutating func closingDates(of task: VaultTask) -> (done: [TaskEmojiFields.Field], cancelled: [TaskEmojiFields.Field]) {
        var end = task.markerRange.upperBound
        while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
        if codeSpans == nil { codeSpans = NoteStructure(bytes: bytes, dialect: dialect).codeSpans }
        // From the text, after `] `: a field's white space reaches back no further.
        var start = min(task.markerRange.upperBound + 1, end)
        if start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        let fields = TaskEmojiFields(bytes, start..<end, codeSpans: codeSpans ?? [])
        return (fields.all(.done), fields.all(.cancelled))
    }

    /// The bytes that go when `field` is taken out: with the white space before it, unless
    /// what follows is glued to it (`[completion:: …][due:: …]`), which keeps that space.
    func removal(of field: TaskEmojiFields.Field) -> Range<Int> {
        var start = field.range.lowerBound
        let end = field.range.upperBound
        if end < bytes.count && ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[end]) {
            while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        }
        return start..<end
    }

    /// The completion of a task that becomes done and holds `🔁` or `🏁`; nil for any other
    /// task, and for a Logseq word (`TODO`), which Tasks does not read.
    mutating func complete(_ task: VaultTask, isLogseqWord: Bool) -> TaskCompletion? {
        guard target == .done, !isLogseqWord, Self.mayHoldTasksField(bytes, from: task.markerRange.upperBound) else {
            return nil
        }
        if codeSpans == nil { codeSpans = NoteStructure(bytes: bytes, dialect: dialect).codeSpans }
        let completion = TaskCompletion(of: task, in: bytes, codeSpans: codeSpans ?? [], settings: settings, today: today)
        warnings += completion.warnings.map { VaultWarning(path: task.path, message: "line \(task.line): \($0)") }
        return completion.usesTasksFields ? completion : nil
    }

    private static let dataviewKeys = ["repeat", "onCompletion"].map { Array($0.utf8) }

    /// True when the `::` at `position` ends Dataview's `[repeat` or `(onCompletion`, white
    /// space after the bracket allowed, as `DataviewField` reads it.
    private static func namesRule(_ bytes: [UInt8], before position: Int, from start: Int) -> Bool {
        guard let key = dataviewKeys.first(where: { position >= start + $0.count && bytes[(position - $0.count)..<position].elementsEqual($0) })
        else { return false }
        var index = position - key.count
        while index > start && (bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09) { index -= 1 }
        return index > start && (bytes[index - 1] == UInt8(ascii: "[") || bytes[index - 1] == UInt8(ascii: "("))
    }

    /// True when the rest of the line holds the bytes of `🔁` or `🏁`, or Dataview's `repeat::`
    /// or `onCompletion::`: most tasks do not.
    private static func mayHoldTasksField(_ bytes: [UInt8], from start: Int) -> Bool {
        var position = start
        while position + 3 < bytes.count && bytes[position] != 0x0A {
            if bytes[position] == 0xF0 && bytes[position + 1] == 0x9F
                && ((bytes[position + 2] == 0x94 && bytes[position + 3] == 0x81)
                    || (bytes[position + 2] == 0x8F && bytes[position + 3] == 0x81))
            {
                return true
            }
            if bytes[position] == UInt8(ascii: ":") && bytes[position + 1] == UInt8(ascii: ":"), Self.namesRule(bytes, before: position, from: start) {
                return true
            }
            position += 1
        }
        return false
    }
}

/// The lines an edit changes, adds and removes, kept right as lines come and go. Tasks are
/// edited from the note's end back, so every line already noted is after the one edited.
struct EditedLines {
    var changed: [Int] = []
    var created: [Int] = []
    /// The tasks removed, as they read before, last first.
    var removed: [VaultTask] = []

    /// Writes `done`'s next occurrence and removal into `after`, where the task's marker (and
    /// done date) are already changed and nothing before its line is.
    mutating func apply(_ done: TaskCompletion, to task: VaultTask, in after: inout [UInt8], below: Bool) {
        let line = TaskLine(after, task)
        // A last line without its line break: the note's own breaks say which.
        let ending = line.ending.isEmpty ? NoteText.lineEnding(of: after) : line.ending
        switch (done.nextOccurrence, done.deletesCompleted) {
        case (let next?, true):
            // The next occurrence takes the completed one's place.
            after.replaceSubrange(line.start..<line.end, with: next)
            created.append(task.line)
        case (nil, true):
            // A last line without an ending takes the ending before it along.
            let before = line.start >= 2 && after[line.start - 2] == 0x0D ? 2 : min(line.start, 1)
            after.removeSubrange(
                line.ending.isEmpty ? line.start - before..<line.end : line.start..<line.end + line.ending.count)
            shift(after: task.line, by: -1)
            var gone = task
            gone.marker = "x"
            gone.state = .done
            removed.append(gone)
        case (let next?, false) where below:
            if line.ending.isEmpty {
                after.insert(contentsOf: ending + next, at: line.end)
            } else {
                after.insert(contentsOf: next + ending, at: line.end + ending.count)
            }
            shift(after: task.line, by: 1)
            changed.append(task.line)
            created.append(task.line + 1)
        case (let next?, false):
            after.insert(contentsOf: next + ending, at: line.start)
            shift(after: task.line - 1, by: 1)
            created.append(task.line)
            changed.append(task.line + 1)
        case (nil, false):
            changed.append(task.line)
        }
    }

    /// Moves the lines of tasks below `line` by `delta`, for lines added or removed there.
    mutating func shift(after line: Int, by delta: Int) {
        changed = changed.map { $0 > line ? $0 + delta : $0 }
        created = created.map { $0 > line ? $0 + delta : $0 }
    }
}
