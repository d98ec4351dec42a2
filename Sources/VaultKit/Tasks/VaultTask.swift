import VaultMarkdown
import VaultSystem

/// A task in a note: a list item whose marker is followed by `[c]` (DESIGN.md 5).
///
/// A value read from the note at one moment; `reference` names it in a way that notices when
/// the line no longer holds the same task.
public struct VaultTask: Sendable, Equatable {
    /// The vault-relative path of the note.
    public var path: String
    /// The 1-based line of the task.
    public var line: Int
    /// The character between the brackets, exactly as written (`x`, `X`, `?`, ...).
    public var marker: String
    /// The state the marker stands for.
    public var state: TaskState
    /// The state with subtasks taken into account: an open task with a subtask in progress,
    /// or with some but not all subtasks done, is in progress.
    public var effectiveState: TaskState
    /// Everything after `[c] `, without trailing white space.
    public var text: String
    /// The text without its date and priority fields, white space collapsed.
    public var description: String
    /// The list marker as written: `-`, `*`, `+`, `1.`, `2)`.
    public var listMarker: String
    /// How many tasks this one is nested under.
    public var depth: Int
    /// The line of the task this one is a subtask of, if any.
    public var parentLine: Int?
    /// Done and counted subtasks (at any depth), when the task has subtasks.
    public var rollup: TaskRollup?
    /// The due date: a `due:` or `📅` field, else the day of the journal the task is in.
    public var due: CalendarDay?
    /// True when `due` comes from the journal's date rather than a field.
    public var dueFromJournal: Bool
    /// `⏳` scheduled date.
    public var scheduled: CalendarDay?
    /// `🛫` start date.
    public var start: CalendarDay?
    /// `✅` done date.
    public var doneDate: CalendarDay?
    public var priority: TaskPriority?
    /// Inline `#tags` of the task's text, without `#`.
    public var tags: [String]
    /// The kind of folder the note is in; tasks in `archive/` and `trash/` are retired.
    public var kind: FolderKind
    /// A hash of the task's text (its done date left out), so a reference to a line that now
    /// holds something else is refused.
    var textHash: UInt32
    /// True when the note's bytes are not valid UTF-8: the task is listed, never edited.
    public var inNonUTF8Note: Bool
    /// The byte range of the marker character in the note.
    var markerRange: Range<Int>
    /// Where `✅ YYYY-MM-DD` goes on this line: the end of the text, before a `^block-id`; and
    /// the bytes of the date of an existing `✅` field.
    var doneDateInsertion: Int
    var doneDateRange: Range<Int>?
    /// Index of the parent task among its note's tasks, -1 for none, and its text hash.
    var parentIndex: Int
    var parentHash: UInt32 = 0
    /// The byte offset of the list marker, and the last line of the task's list item (its
    /// subtasks and continuation lines included): what a rollover moves.
    var itemStart: Int
    var lastLine: Int
    /// True when the text holds an emoji date (`📅 ⏳ 🛫 ✅`): the note's style for dates.
    var hasEmojiDate: Bool

    /// The short hash in the task's reference.
    public var hash: String { TaskReference.format(textHash) }

    /// The reference `vault task` takes: `path:line@hash`.
    public var reference: String { TaskReference(path: path, line: line, hash: hash).description }

    /// The reference of the task this one is a subtask of, if any.
    public var parent: String? {
        parentLine.map { TaskReference(path: path, line: $0, hash: TaskReference.format(parentHash)).description }
    }

    /// True for tasks in `archive/` or `trash/`, hidden unless asked for.
    public var isRetired: Bool { kind == .archive || kind == .trash }

    /// A task holding nothing that needs releasing, to fill a slot a task was moved out of.
    static let placeholder = VaultTask(
        path: "", line: 0, marker: "", state: .open, effectiveState: .open, text: "", description: "", listMarker: "",
        depth: 0, parentLine: nil, rollup: nil, due: nil, dueFromJournal: false, scheduled: nil, start: nil,
        doneDate: nil, priority: nil, tags: [], kind: .other, textHash: 0, inNonUTF8Note: false, markerRange: 0..<0,
        doneDateInsertion: 0, doneDateRange: nil, parentIndex: -1, itemStart: 0, lastLine: 0, hasEmojiDate: false)
}

/// How much of a task's subtree is done: `done` of `total`, where cancelled and forwarded
/// subtasks do not count (they are not work left to do).
public struct TaskRollup: Sendable, Equatable, Codable {
    public var done: Int
    public var total: Int

    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }
}

extension VaultTask: Encodable {
    private enum Key: String, CodingKey {
        case path, line, ref, marker, state, effectiveState, text, description, listMarker, depth, parent, rollup
        case due, dueFromJournal, scheduled, start, done, priority, tags, retired, folderKind, editable
    }

    /// Every field, nulls included, so a script sees the same keys on every task.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(path, forKey: .path)
        try container.encode(line, forKey: .line)
        try container.encode(reference, forKey: .ref)
        try container.encode(marker, forKey: .marker)
        try container.encode(state, forKey: .state)
        try container.encode(effectiveState, forKey: .effectiveState)
        try container.encode(text, forKey: .text)
        try container.encode(description, forKey: .description)
        try container.encode(listMarker, forKey: .listMarker)
        try container.encode(depth, forKey: .depth)
        try container.encode(parent, forKey: .parent)
        try container.encode(rollup, forKey: .rollup)
        try container.encode(due, forKey: .due)
        try container.encode(dueFromJournal, forKey: .dueFromJournal)
        try container.encode(scheduled, forKey: .scheduled)
        try container.encode(start, forKey: .start)
        try container.encode(doneDate, forKey: .done)
        try container.encode(priority, forKey: .priority)
        try container.encode(tags, forKey: .tags)
        try container.encode(isRetired, forKey: .retired)
        try container.encode(kind, forKey: .folderKind)
        try container.encode(!inNonUTF8Note, forKey: .editable)
    }
}
