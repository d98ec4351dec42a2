import VaultMarkdown
import VaultSystem

/// What the cache keeps of one note: the file's status when it was read, its facts, and the
/// few bytes a read command shows that the facts point into (each task's line), so that a
/// warm command opens no note.
public struct NoteRecord: Sendable {
    /// The status taken before the bytes were read: any later change alters one of its
    /// fields (size, modification and status-change times, inode, device).
    public var status: FileStatus
    /// False when only the start of the note was read (a summary reads a prefix).
    public var complete: Bool
    /// True when the note was changed so shortly before it was read that a change in the
    /// same timestamp tick could hide behind an unchanged status: it is read again.
    public var racy: Bool
    public var facts: NoteFacts
    /// Each task's bytes, from its list marker to the end of its text.
    public var taskLines: [[UInt8]]
    /// Lines that begin like a reference definition but are read as text (`vault check`).
    public var brokenDefinitions: [BrokenDefinition]
    /// True when the note may hold git merge conflict markers (it is then read to see).
    public var mayHoldMergeMarkers: Bool

    /// A line that begins like a link reference definition but is text, and why.
    public struct BrokenDefinition: Sendable, Equatable {
        public var line: Int
        public var text: String
        public var reason: String
    }

    /// The record of a note read whole: its facts (`parts` of them, and always its header),
    /// the task lines out of its bytes when tasks are read, the broken definitions when links are.
    init(status: FileStatus, bytes: [UInt8], racy: Bool, dialect: NoteDialect, parts: NoteFacts.Parts = .all) {
        self.status = status
        complete = true
        self.racy = racy
        facts = NoteFacts(bytes: bytes, parts: parts.union(.header), dialect: dialect)
        taskLines = facts.tasks.map { Array(bytes[$0.listMarker.lowerBound..<max($0.listMarker.lowerBound, $0.text.upperBound)]) }
        brokenDefinitions =
            parts.contains(.links) && Self.mayHoldDefinition(bytes)
            ? LinkScanner.brokenDefinitions(in: NoteStructure(bytes: bytes, dialect: dialect)).map {
                BrokenDefinition(line: $0.line, text: $0.text, reason: $0.reason)
            } : []
        mayHoldMergeMarkers = MergeConflict.mayHoldMarkers(bytes)
    }

    /// The record of a note of which only a summary was read.
    init(status: FileStatus, summary: NoteFacts, complete: Bool, racy: Bool) {
        self.status = status
        self.complete = complete
        self.racy = racy
        facts = summary
        taskLines = []
        brokenDefinitions = []
        // Not looked for: the note is read whenever its markers are asked after.
        mayHoldMergeMarkers = true
    }

    init(
        status: FileStatus, complete: Bool, racy: Bool, facts: NoteFacts, taskLines: [[UInt8]],
        brokenDefinitions: [BrokenDefinition], mayHoldMergeMarkers: Bool
    ) {
        self.status = status
        self.complete = complete
        self.racy = racy
        self.facts = facts
        self.taskLines = taskLines
        self.brokenDefinitions = brokenDefinitions
        self.mayHoldMergeMarkers = mayHoldMergeMarkers
    }

    /// True when every place the record names lies in the note it was read from (a file of
    /// `status.size` bytes), each task's within its line and under another of its tasks: a record
    /// its checksums pass but that was written wrong, or by hand, is then read afresh, never
    /// used to index a note's bytes.
    var isConsistent: Bool {
        let size = Int(clamping: status.size)
        func inside(_ range: Range<Int>, _ limit: Int) -> Bool { range.lowerBound >= 0 && range.upperBound <= limit }
        for link in facts.links where !inside(link.range, size) || !inside(link.targetRange, size) { return false }
        let lines = taskLines.count == facts.tasks.count ? taskLines : nil
        for (number, task) in facts.tasks.enumerated() {
            guard inside(task.listMarker, size), inside(task.marker, size), inside(task.text, size),
                task.doneField.map({ inside($0, size) }) ?? true, task.cancelledField.map({ inside($0, size) }) ?? true, task.parent >= -1, task.parent < facts.tasks.count,
                task.parent != number
            else { return false }
            guard let lines else { continue }
            // The line runs from the list marker: each range must end within it.
            let end = task.listMarker.lowerBound + lines[number].count
            guard task.listMarker.upperBound <= end, task.marker.upperBound <= end, task.text.upperBound <= end,
                task.marker.lowerBound >= task.listMarker.lowerBound, task.text.lowerBound >= task.listMarker.lowerBound
            else { return false }
        }
        return true
    }

    /// Only a note with `]:` may hold a definition: most need no second look.
    static func mayHoldDefinition(_ bytes: [UInt8]) -> Bool {
        bytes.indices.dropFirst().contains { bytes[$0] == UInt8(ascii: ":") && bytes[$0 - 1] == UInt8(ascii: "]") }
    }
}
