import VaultSystem

/// One task as a note's bytes hold it (DESIGN.md 5): where its item, marker and text are,
/// its state, its fields and the task it is nested under. Plain integers and strings, so a
/// cache stores it cheaply; what depends on where the note is (a journal's day) is added by
/// the vault.
public struct TaskFact: Codable, Sendable, Equatable {
    /// The 1-based line of the task's list marker.
    public var line: Int
    /// The last line of the task's list item, its subtasks and continuation lines included.
    public var lastLine: Int
    /// The bytes of the list marker (`-`, `*`, `+`, `1.`, `2)`).
    public var listMarker: Range<Int>
    /// The bytes of the state character between the brackets (one to four bytes).
    public var marker: Range<Int>
    /// The bytes after `[c] `, trailing white space left out.
    public var text: Range<Int>
    public var state: TaskState
    /// The index, among the note's tasks, of the task this one is nested under; -1 for none.
    public var parent: Int
    /// The text without its date and priority fields, white space collapsed.
    public var description: String
    public var due: CalendarDay?
    public var scheduled: CalendarDay?
    public var start: CalendarDay?
    public var done: CalendarDay?
    public var priority: TaskPriority?
    /// Inline `#tags` of the text, without `#`.
    public var tags: [String]
    /// The `✅ YYYY-MM-DD` field with the white space before it, if any.
    public var doneField: Range<Int>?
    /// The `❌ YYYY-MM-DD` (or `[cancelled:: …]`) field with the white space before it, if any:
    /// left out of the reference's hash with the done field, so a cancel keeps the reference.
    public var cancelledField: Range<Int>? = nil
    /// True when the text holds an emoji date (`📅 ⏳ 🛫 ✅`): the note's style for dates.
    public var usesEmojiDates: Bool
}
