import VaultMarkdown
import VaultSystem

/// What completing one task writes besides its marker, as Obsidian Tasks does it: the next
/// occurrence of a recurring task (`🔁 every …`), and the removal of the completed line for
/// `🏁 delete`. Computed from the note's bytes before anything changes.
struct TaskCompletion {
    /// The next occurrence's line, without its line ending.
    var nextOccurrence: [UInt8]?
    /// True when the completed line goes (`🏁 delete`).
    var deletesCompleted = false
    /// True when the task has a Tasks field of its own (`🔁`, `🏁`): it is a Tasks task.
    var usesTasksFields = false
    /// Why the task is done as a plain one, or kept, for the person at the terminal.
    var warnings: [String] = []

    /// The completion of `task` in `bytes` (whose inline code spans are `codeSpans`), done on
    /// `today` with the vault's Tasks `settings`.
    init(of task: VaultTask, in bytes: [UInt8], codeSpans: [Range<Int>], settings: TasksPluginSettings, today: CalendarDay) {
        let line = TaskLine(bytes, task)
        let fields = TaskEmojiFields(bytes, line.text, codeSpans: codeSpans)
        usesTasksFields = fields.first(.recurrence) != nil || fields.first(.onCompletion) != nil
        if let action = fields.first(.onCompletion) {
            switch bytes.utf8String(action.value).lowercased() {
            case "delete" where task.lastLine > task.line:
                warnings.append("🏁 delete would leave the lines nested under the task without their list; the task is kept, done")
            case "delete": deletesCompleted = true
            case "keep": break
            case let other:
                warnings.append("🏁 \(other) is not an action Obsidian Tasks knows (keep, delete); the task is kept")
            }
        }
        guard let recurrence = fields.first(.recurrence) else { return }
        // A rule runs into the next field (`every day📅`), but not into a word (`every day.`);
        // one in Dataview's brackets ends at them.
        var ruleEnd = recurrence.value.upperBound
        while recurrence.range.upperBound == recurrence.value.upperBound && ruleEnd < line.text.upperBound && bytes[ruleEnd] < 0x80
            && bytes[ruleEnd] != 0x20 && bytes[ruleEnd] != 0x09
        {
            ruleEnd += 1
        }
        let ruleText = bytes.utf8String(recurrence.value.lowerBound..<ruleEnd)
        let plain = "the task is done without a next occurrence"
        guard !ruleText.isEmpty else {
            warnings.append("🔁 has no rule after it; \(plain)")
            return
        }
        guard ruleEnd == recurrence.value.upperBound, let rule = RecurrenceRule(ruleText) else {
            warnings.append("🔁 \(ruleText) is not a recurrence rule Obsidian Tasks reads; \(plain)")
            return
        }
        let planning = fields.fields.filter(\.kind.isPlanningDate)
        if let bad = planning.first(where: { $0.day == nil }) {
            warnings.append("\(bytes.utf8String(bad.range).trimmed()) is not a day of the calendar; \(plain)")
            return
        }
        let order: [TaskEmojiFields.Kind] =
            settings.removeScheduledDateOnRecurrence ? [.due, .start, .scheduled] : [.due, .scheduled, .start]
        let reference = order.lazy.compactMap { kind in planning.first { $0.kind == kind }?.day }.first
        var moved: CalendarDay?
        if let reference {
            let from = rule.whenDone ? today : reference
            let farthest = planning.compactMap(\.day).map { reference.days(to: $0) }.max() ?? 0
            guard let next = rule.next(after: from), next.adding(days: farthest).year <= 9999 else {
                warnings.append("🔁 \(ruleText) gives no day after \(from); \(plain)")
                return
            }
            moved = next
        }
        nextOccurrence = Self.nextLine(
            bytes, line: line, fields: fields, reference: reference, next: moved, settings: settings, today: today)
    }

    /// The completed line made into its next occurrence: open, its planning dates moved as
    /// the reference date moves, done and cancelled dates dropped, the created date today's
    /// or none, and no `🆔`, `⛔` or `^block-id`, which name one occurrence only.
    private static func nextLine(
        _ bytes: [UInt8], line: TaskLine, fields: TaskEmojiFields, reference: CalendarDay?, next: CalendarDay?,
        settings: TasksPluginSettings, today: CalendarDay
    ) -> [UInt8] {
        var edits: [(range: Range<Int>, text: String)] = [(line.marker, " ")]
        let hasStartOrDue = fields.first(.start) != nil || fields.first(.due) != nil
        let dropsScheduled = settings.removeScheduledDateOnRecurrence && hasStartOrDue
        var createdAt: Int?
        for field in fields.fields {
            switch field.kind {
            case .scheduled where dropsScheduled:
                edits.append((field.range, ""))
            case .due, .scheduled, .start:
                if let day = field.day, let reference, let next {
                    edits.append((field.value, next.adding(days: reference.days(to: day)).description))
                }
                createdAt = createdAt ?? field.range.lowerBound
            case .created where settings.setCreatedDate:
                edits.append((field.value, today.description))
                createdAt = -1
            case .done, .cancelled, .created, .id, .dependsOn:
                edits.append((field.range, ""))
            case .recurrence, .onCompletion:
                break
            }
        }
        if line.blockID.count > 0 { edits.append((line.blockID, "")) }
        if settings.setCreatedDate && createdAt != -1 {
            let at = createdAt ?? line.blockID.lowerBound
            edits.append((at..<at, settings.dateField(.created, today)))
        }
        // From the end back, a removal before an insertion at the same place.
        edits.sort { $0.range.lowerBound != $1.range.lowerBound ? $0.range.lowerBound > $1.range.lowerBound : $0.range.count > $1.range.count }
        var text = Array(bytes[line.start..<line.end])
        for edit in edits {
            text.replaceSubrange(edit.range.lowerBound - line.start..<edit.range.upperBound - line.start, with: Array(edit.text.utf8))
        }
        return text
    }
}

/// Where a task's line and its parts are in the note's bytes.
struct TaskLine {
    /// From the line's first byte (indentation and quote marks included) to its end, line
    /// ending left out.
    var start: Int
    var end: Int
    /// The line ending: `\r\n` or `\n`, empty on a last line without one.
    var ending: [UInt8]
    var marker: Range<Int>
    /// The text after `[c]`, trailing white space left out.
    var text: Range<Int>
    /// A trailing `^block-id` with the white space before it; empty (at the text's end) when
    /// there is none.
    var blockID: Range<Int>

    init(_ bytes: [UInt8], _ task: VaultTask) {
        marker = task.markerRange
        var start = marker.lowerBound
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        var end = marker.upperBound
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        ending = end < bytes.count ? [0x0A] : []
        if end > start && bytes[end - 1] == 0x0D {
            end -= 1
            ending.insert(0x0D, at: 0)
        }
        var textEnd = end
        while textEnd > marker.upperBound && (bytes[textEnd - 1] == 0x20 || bytes[textEnd - 1] == 0x09) { textEnd -= 1 }
        self.start = start
        self.end = end
        text = min(marker.upperBound + 1, textEnd)..<textEnd
        blockID = task.doneDateInsertion < textEnd ? task.doneDateInsertion..<textEnd : textEnd..<textEnd
    }
}
