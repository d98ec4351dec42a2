import Glibc
import VaultSystem

/// The syntax of a task (DESIGN.md 5): a list item whose marker is followed by `[c]` and a
/// space (or the end of the line), with any bullet or number, inside block quotes and at any
/// indentation. Where the list items are, and what is code, raw HTML or a comment, the
/// note's structure says; this reads the checkbox and the fields.
package enum TaskSyntax {
    /// The tasks of a note, in the order written, each with the index of its parent task:
    /// list items with a checkbox, not in a comment (items are never in code or raw HTML).
    package static func tasks(in structure: NoteStructure) -> [TaskFact] {
        let bytes = structure.bytes
        let items = structure.listItems
        let comments = structure.comments
        // A tag in a comment in a task's text is the task's own, as Obsidian Tasks reads it
        // (Obsidian's own metadata leaves it out): only code spans hide fields and tags.
        let spans = structure.codeSpans
        var tasks: [TaskFact] = []
        var taskOfItem = [Int](repeating: -1, count: items.count)
        // For each item, the nearest enclosing item that is a task (-1 for none), found from
        // its parent's: walking up every item's ancestors would cost the square of the depth.
        var taskAncestor = [Int](repeating: -1, count: items.count)
        let readsWords = structure.dialect.isLogseq
        bytes.withUnsafeBufferPointer { text in
            for (index, item) in items.enumerated() {
                if item.parent >= 0 {
                    taskAncestor[index] = taskOfItem[item.parent] >= 0 ? item.parent : taskAncestor[item.parent]
                }
                guard item.textStart >= 0, !contains(comments, item.textStart) else { continue }
                let marker: (range: Range<Int>, state: TaskState, closing: Int)
                if let checkbox = checkbox(text, at: item.textStart) {
                    let state = checkbox.count == 1 ? TaskState(marker: Character(Unicode.Scalar(bytes[checkbox.lowerBound]))) : .other
                    marker = (checkbox, state, 1)
                } else if readsWords, let word = LogseqMarker(text, at: item.textStart) {
                    marker = (word.range, word.state, 0)
                } else {
                    continue
                }
                let parent = taskAncestor[index]
                taskOfItem[index] = tasks.count
                tasks.append(
                    task(bytes, item: item, marker: marker, parent: parent >= 0 ? taskOfItem[parent] : -1, spans: spans))
            }
        }
        return tasks
    }

    /// True when the frontmatter says `tasks: false` (or `no`, `off`); only a block that
    /// names `tasks` at the start of a line is read as YAML.
    package static func optsOut(_ structure: NoteStructure) -> Bool {
        guard let block = structure.frontmatter else { return false }
        let bytes = structure.bytes
        var mentions = false
        var position = block.bodyStart
        while position < block.byteRange.upperBound {
            if bytes[position...].starts(with: "tasks".utf8) {
                mentions = true
                break
            }
            position = FrontmatterBlock.line(in: bytes, at: position).next
        }
        return mentions && optsOut(Frontmatter(reading: bytes, block: block))
    }

    /// True when the frontmatter says `tasks: false` (or `no`, `off`).
    package static func optsOut(_ frontmatter: Frontmatter) -> Bool {
        guard case .string(let value) = frontmatter["tasks"] else { return false }
        return ["false", "no", "off"].contains(value.trimmed().lowercased())
    }

    /// The task of an item whose `marker` (a checkbox's character, or Logseq's word) is
    /// followed by `closing` bytes (the `]`) before the space and the text.
    private static func task(
        _ bytes: [UInt8], item: OutlineItem, marker found: (range: Range<Int>, state: TaskState, closing: Int), parent: Int,
        spans: [Range<Int>]
    ) -> TaskFact {
        let marker = found.range
        var lineEnd = marker.upperBound
        while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
        var textEnd = lineEnd
        while textEnd > marker.upperBound + found.closing && [0x20, 0x09, 0x0D].contains(bytes[textEnd - 1]) { textEnd -= 1 }
        var textStart = min(marker.upperBound + found.closing, textEnd)
        if textStart < textEnd && (bytes[textStart] == 0x20 || bytes[textStart] == 0x09) { textStart += 1 }
        let range = textStart..<textEnd
        let fields = TaskFields(bytes, range, codeSpans: spans)
        let state = found.state
        var fact = TaskFact(
            line: item.line, lastLine: item.lastLine, listMarker: item.markerStart..<item.markerEnd, marker: marker,
            text: range, state: state, parent: parent,
            description: fields.description(bytes, range, text: bytes.utf8String(range)), due: fields.due,
            scheduled: fields.scheduled, start: fields.start, done: fields.done, priority: fields.priority,
            tags: fields.tags, doneField: fields.doneField, cancelledField: fields.cancelledField, usesEmojiDates: fields.usesEmojiDates)
        // A Logseq task's `[#A]` priority and its `SCHEDULED:` and `DEADLINE:` lines.
        if found.closing == 0 { LogseqMarker.readFields(bytes, lineEnd: lineEnd, into: &fact) }
        return fact
    }

    /// True when `offset` is inside one of `ranges` (sorted, not overlapping).
    static func contains(_ ranges: [Range<Int>], _ offset: Int) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(offset)
    }

    /// The byte range of the state character when `[c]` starts at `start`, followed by a space,
    /// a tab or the end of the line.
    package static func checkbox(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Range<Int>? {
        guard start + 2 < text.count, text[start] == UInt8(ascii: "[") else { return nil }
        let lead = text[start + 1]
        let width = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard width > 0, lead != 0x0A, lead != 0x0D, start + 1 + width < text.count,
            text[start + 1 + width] == UInt8(ascii: "]")
        else { return nil }
        let after = start + 2 + width
        guard after == text.count || [0x20, 0x09, 0x0A, 0x0D].contains(text[after]) else { return nil }
        return start + 1..<start + 1 + width
    }

    /// True when some line looks like a task: white space and `>` only, a list marker, white
    /// space, then `[c]`. Cheap enough to run on every note before anything else.
    package static func mayHoldTask(_ bytes: [UInt8], dialect: NoteDialect = .markdown) -> Bool {
        if dialect.isLogseq && LogseqMarker.mayStartTask(bytes, org: dialect == .org) { return true }
        return bytes.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return false }
            var position = 0
            while position < text.count,
                let found = memchr(base + position, Int32(UInt8(ascii: "[")), text.count - position)
            {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if checkbox(text, at: index) != nil && precededByMarker(text, index) { return true }
                position = index + 1
            }
            return false
        }
    }

    private static func mayPrecedeMarker(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: ")"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return false
        }
    }

    /// True when the bytes before `bracket` on its line are `[ \t>]* marker [ \t]+`, or
    /// several markers (nested items starting on one line).
    private static func precededByMarker(_ text: UnsafeBufferPointer<UInt8>, _ bracket: Int) -> Bool {
        var position = bracket - 1
        guard position >= 0, text[position] == 0x20 || text[position] == 0x09 else { return false }
        while position >= 0 && (text[position] == 0x20 || text[position] == 0x09) { position -= 1 }
        guard position >= 0 else { return false }
        let marker = text[position]
        if marker == UInt8(ascii: "-") || marker == UInt8(ascii: "*") || marker == UInt8(ascii: "+") {
            position -= 1
        } else if marker == UInt8(ascii: ".") || marker == UInt8(ascii: ")") {
            position -= 1
            let digitsEnd = position
            while position >= 0 && text[position] >= UInt8(ascii: "0") && text[position] <= UInt8(ascii: "9") {
                position -= 1
            }
            guard digitsEnd - position >= 1 && digitsEnd - position <= 9 else { return false }
        } else {
            return false
        }
        // Before it: quote marks, white space, and the markers of items that hold this one
        // on the same line (`- - [ ] x`, `1. > - [ ] x`), read loosely: a false match only
        // costs the outline scan.
        while position >= 0 && Self.mayPrecedeMarker(text[position]) { position -= 1 }
        return position < 0 || text[position] == 0x0A
            || (position == 2 && ByteOrderMark.length(of: text) == 3)
    }
}
