import VaultMarkdown
import VaultSystem

/// Finds the tasks of a note (DESIGN.md 5): list items, with any bullet or number, inside
/// block quotes and at any indentation, whose marker is followed by `[c]` and a space (or
/// the end of the line). Not in code, HTML blocks or comments; not in a note whose
/// frontmatter says `tasks: false`.
public enum TaskScanner {
    /// Where a note is, for the fields that depend on it.
    public struct Origin: Sendable {
        public var path: String
        public var kind: FolderKind
        /// The journal's day: its tasks without a due date are due that day.
        public var journalDay: CalendarDay?
        /// Whose rules the note is written by (in a Logseq graph, `TODO` words are tasks).
        public var dialect: NoteDialect
        /// Obsidian Tasks' global filter: only the items whose text holds it are tasks, and
        /// with `removed` their descriptions leave it out.
        public var globalFilter: (filter: String, removed: Bool)? = nil

        public init(path: String, kind: FolderKind, journalDay: CalendarDay? = nil, dialect: NoteDialect = .markdown) {
            self.path = path
            self.kind = kind
            self.journalDay = journalDay
            self.dialect = dialect
        }
    }

    /// The tasks of a note, in the order written, with parents and rollups.
    ///
    /// The markdown is examined only when a line looks like a task at all, so notes without
    /// tasks cost one pass over their bytes.
    public static func tasks(in bytes: [UInt8], origin: Origin) -> [VaultTask] {
        guard mayHoldTask(bytes, dialect: origin.dialect) else { return [] }
        var tasks: [VaultTask] = []
        append(prefiltered: bytes, dialect: origin.dialect, origin: { origin }, to: &tasks)
        return tasks
    }

    /// Appends the tasks of a note that `mayHoldTask` let through to `tasks`; `origin` is
    /// asked for only when the note has tasks. Appending in place spares a large vault the
    /// copy of every task from one array into another.
    static func append(prefiltered bytes: [UInt8], dialect: NoteDialect, origin: () -> Origin, to tasks: inout [VaultTask]) {
        append(
            NoteFacts(bytes: bytes, parts: .tasks, complete: true, mayHoldTask: true, dialect: dialect), of: bytes, origin: origin,
            to: &tasks)
    }

    /// Appends a note's tasks as its facts hold them, placed in the vault by `origin`.
    public static func append(_ facts: NoteFacts, of bytes: [UInt8], origin: () -> Origin, to tasks: inout [VaultTask]) {
        guard !facts.tasks.isEmpty else { return }
        let first = tasks.count
        let place = origin()
        for fact in facts.tasks { tasks.append(task(bytes, fact, origin: place, isUTF8: facts.isUTF8)) }
        if let filter = place.globalFilter { TaskFilter.keep(&tasks, from: first, holding: filter) }
        TaskTree.link(&tasks, from: first)
    }

    /// Appends a note's tasks from its facts and each task's line as the cache keeps them
    /// (from its list marker to the end of its text), with no need of the note's bytes.
    static func append(_ facts: NoteFacts, lines: [[UInt8]], origin: () -> Origin, to tasks: inout [VaultTask]) {
        guard !facts.tasks.isEmpty, lines.count == facts.tasks.count else { return }
        let first = tasks.count
        let place = origin()
        for (fact, line) in zip(facts.tasks, lines) {
            // The fact's ranges are the note's: moved onto the line, then the task's moved back.
            let base = fact.listMarker.lowerBound
            var shifted = fact
            shifted.listMarker = fact.listMarker.lowerBound - base..<fact.listMarker.upperBound - base
            shifted.marker = fact.marker.lowerBound - base..<fact.marker.upperBound - base
            shifted.text = fact.text.lowerBound - base..<fact.text.upperBound - base
            shifted.doneField = fact.doneField.map { $0.lowerBound - base..<$0.upperBound - base }
            shifted.cancelledField = fact.cancelledField.map { $0.lowerBound - base..<$0.upperBound - base }
            var task = task(line, shifted, origin: place, isUTF8: facts.isUTF8)
            task.markerRange = task.markerRange.lowerBound + base..<task.markerRange.upperBound + base
            task.doneDateInsertion += base
            task.doneDateRange = task.doneDateRange.map { $0.lowerBound + base..<$0.upperBound + base }
            task.itemStart += base
            tasks.append(task)
        }
        if let filter = place.globalFilter { TaskFilter.keep(&tasks, from: first, holding: filter) }
        TaskTree.link(&tasks, from: first)
    }

    /// True when the frontmatter says `tasks: false` (or `no`, `off`).
    static func optsOut(_ frontmatter: Frontmatter) -> Bool { TaskSyntax.optsOut(frontmatter) }

    private static func task(_ bytes: [UInt8], _ fact: TaskFact, origin: Origin, isUTF8: Bool) -> VaultTask {
        let marker = fact.marker
        let range = fact.text
        let markerText = marker.count == 1 ? Self.asciiText(bytes[marker.lowerBound]) : bytes.utf8String(marker)
        let hash = TaskReference.hash(bytes, range, leavingOut: fact.doneField, fact.cancelledField)
        let due = fact.due ?? origin.journalDay
        let listMarker = fact.listMarker
        return VaultTask(
            path: origin.path, line: fact.line, marker: markerText, state: fact.state, effectiveState: fact.state,
            text: bytes.utf8String(range), description: fact.description,
            listMarker: listMarker.count == 1 ? Self.asciiText(bytes[listMarker.lowerBound]) : bytes.utf8String(listMarker),
            depth: 0, parentLine: nil, rollup: nil, due: due, dueFromJournal: fact.due == nil && due != nil,
            scheduled: fact.scheduled, start: fact.start, doneDate: fact.done, priority: fact.priority,
            tags: fact.tags, kind: origin.kind, textHash: hash, inNonUTF8Note: !isUTF8,
            markerRange: marker, doneDateInsertion: doneDateInsertion(bytes, range),
            doneDateRange: fact.doneField.map { Self.doneDate(in: bytes, field: $0) }, parentIndex: fact.parent,
            itemStart: listMarker.lowerBound, lastLine: fact.lastLine, hasEmojiDate: fact.usesEmojiDates)
    }

    /// The ten bytes of the date of a done field: its last, or before the bracket that
    /// closes Dataview's `[completion:: YYYY-MM-DD]`.
    private static func doneDate(in bytes: [UInt8], field: Range<Int>) -> Range<Int> {
        let closes = bytes[field.upperBound - 1] == UInt8(ascii: "]") || bytes[field.upperBound - 1] == UInt8(ascii: ")")
        let end = closes ? field.upperBound - 1 : field.upperBound
        return end - 10..<end
    }

    /// A one-byte string without decoding (markers are mostly ` `, `x`, `-`).
    private static func asciiText(_ byte: UInt8) -> String {
        switch byte {
        case 0x20: return " "
        case UInt8(ascii: "x"): return "x"
        case UInt8(ascii: "-"): return "-"
        case UInt8(ascii: "*"): return "*"
        case UInt8(ascii: "+"): return "+"
        default: return String(Character(Unicode.Scalar(byte)))
        }
    }

    /// Where a done date goes: before a trailing `^block-id`, else at the end of the text.
    private static func doneDateInsertion(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        var start = range.upperBound
        while start > range.lowerBound && bytes[start - 1] != 0x20 && bytes[start - 1] != 0x09 { start -= 1 }
        guard start < range.upperBound, start > range.lowerBound, bytes[start] == UInt8(ascii: "^"),
            start + 1 < range.upperBound,
            bytes[(start + 1)..<range.upperBound].allSatisfy({
                $0 == UInt8(ascii: "-") || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39)
            })
        else { return range.upperBound }
        var end = start
        while end > range.lowerBound && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        return end
    }

    /// True when some line looks like a task: white space and `>` only, a list marker, white
    /// space, then `[c]`. Cheap enough to run on every note before anything else.
    public static func mayHoldTask(_ bytes: [UInt8], dialect: NoteDialect = .markdown) -> Bool {
        TaskSyntax.mayHoldTask(bytes, dialect: dialect)
    }
}
