import Foundation
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

        public init(path: String, kind: FolderKind, journalDay: CalendarDay? = nil) {
            self.path = path
            self.kind = kind
            self.journalDay = journalDay
        }
    }

    /// The tasks of a note, in the order written, with parents and rollups.
    ///
    /// The markdown is examined only when a line looks like a task at all, so notes without
    /// tasks cost one pass over their bytes.
    public static func tasks(in bytes: [UInt8], origin: Origin) -> [VaultTask] {
        guard mayHoldTask(bytes) else { return [] }
        var tasks: [VaultTask] = []
        append(prefiltered: bytes, origin: { origin }, to: &tasks)
        return tasks
    }

    /// Appends the tasks of a note that `mayHoldTask` let through to `tasks`; `origin` is
    /// asked for only when the note has tasks. Appending in place spares a large vault the
    /// copy of every task from one array into another.
    static func append(prefiltered bytes: [UInt8], origin: () -> Origin, to tasks: inout [VaultTask]) {
        let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        var bodyStart = hasBOM ? 3 : 0
        var firstLine = 1
        if let block = frontmatterBlock(bytes, from: bodyStart) {
            // Only a block that names `tasks` needs reading as YAML.
            if block.mentionsTasks, let frontmatter = Frontmatter.locate(in: bytes, from: bodyStart),
                optsOut(frontmatter)
            {
                return
            }
            bodyStart = block.end
            firstLine = block.lines + 1
        }
        let isUTF8 = UTF8Check.validate(bytes) == .valid
        let first = tasks.count
        bytes.withUnsafeBufferPointer { text in
            collect(
                bytes, text, bodyStart: bodyStart, firstLine: firstLine, origin: origin, isUTF8: isUTF8, into: &tasks)
        }
        TaskTree.link(&tasks, from: first)
    }

    /// The extent of a frontmatter block as `Frontmatter.locate` finds it (a first line `---`,
    /// closed by `---` or `...`, trailing blanks allowed), without reading its YAML.
    static func frontmatterBlock(_ bytes: [UInt8], from start: Int) -> (end: Int, lines: Int, mentionsTasks: Bool)? {
        func isDelimiter(_ range: Range<Int>, closing: Bool) -> Bool {
            var end = range.upperBound
            while end > range.lowerBound && [0x20, 0x09, 0x0D].contains(bytes[end - 1]) { end -= 1 }
            guard end - range.lowerBound == 3 else { return false }
            let first = bytes[range.lowerBound]
            guard first == 0x2D || (closing && first == 0x2E) else { return false }
            return bytes[range.lowerBound + 1] == first && bytes[range.lowerBound + 2] == first
        }
        var position = start
        var line = 0
        var mentionsTasks = false
        while position < bytes.count {
            var end = position
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            line += 1
            let next = end < bytes.count ? end + 1 : end
            if line == 1 {
                guard isDelimiter(position..<end, closing: false) else { return nil }
            } else if isDelimiter(position..<end, closing: true) {
                return (next, line, mentionsTasks)
            } else if bytes[position...].starts(with: "tasks".utf8) {
                mentionsTasks = true
            }
            position = next
        }
        return nil
    }

    /// True when the frontmatter says `tasks: false` (or `no`, `off`).
    static func optsOut(_ frontmatter: Frontmatter) -> Bool {
        guard case .string(let value) = frontmatter["tasks"] else { return false }
        return ["false", "no", "off"].contains(value.trimmed().lowercased())
    }

    private static func collect(
        _ bytes: [UInt8], _ text: UnsafeBufferPointer<UInt8>, bodyStart: Int, firstLine: Int, origin: () -> Origin,
        isUTF8: Bool, into tasks: inout [VaultTask]
    ) {
        let opener = CommentScanner.firstOpener(text)
        var outline = OutlineScanner(text: text, tracksCode: opener != nil)
        outline.scan(from: bodyStart, firstLine: firstLine)
        var comments: [Range<Int>] = []
        let lastText = outline.items.last(where: { $0.textStart >= 0 })?.textStart ?? -1
        if let opener, lastText > opener {
            // The outline scan saw the lines after the frontmatter; the frontmatter's come first.
            var starts: [Int] = []
            var position = 0
            while starts.count < firstLine - 1 {
                starts.append(position)
                while position < bytes.count && bytes[position] != 0x0A { position += 1 }
                position += 1
            }
            starts += outline.lineStarts
            var skipped = outline.codeLines
            skipped += [Bool](repeating: false, count: max(0, starts.count + 2 - skipped.count))
            for line in 1..<firstLine { skipped[line] = true }
            var scanner = CommentScanner(text: text, lineStarts: starts, skipped: skipped)
            scanner.scan(until: lastText)
            comments = scanner.comments
        }
        let first = tasks.count
        var taskOfItem = [Int](repeating: -1, count: outline.items.count)
        // For each item, the nearest enclosing item that is a task (-1 for none), found from
        // its parent's: walking up every item's ancestors would cost the square of the depth.
        var taskAncestor = [Int](repeating: -1, count: outline.items.count)
        var place: Origin?
        for (index, item) in outline.items.enumerated() {
            if item.parent >= 0 {
                taskAncestor[index] = taskOfItem[item.parent] >= 0 ? item.parent : taskAncestor[item.parent]
            }
            guard item.textStart >= 0, let checkbox = checkbox(text, at: item.textStart),
                !isCommented(item.textStart, comments)
            else { continue }
            let parent = taskAncestor[index]
            taskOfItem[index] = tasks.count - first
            if place == nil { place = origin() }
            tasks.append(
                task(
                    bytes, item: item, marker: checkbox, parentIndex: parent >= 0 ? taskOfItem[parent] : -1,
                    origin: place!,
                    isUTF8: isUTF8))
        }
    }

    /// True when `offset` is inside one of `comments` (sorted, not overlapping).
    private static func isCommented(_ offset: Int, _ comments: [Range<Int>]) -> Bool {
        var low = 0
        var high = comments.count
        while low < high {
            let middle = (low + high) / 2
            if comments[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low < comments.count && comments[low].contains(offset)
    }

    /// The byte range of the state character when `[c]` starts at `start`, followed by a space,
    /// a tab or the end of the line.
    static func checkbox(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Range<Int>? {
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

    private static func task(
        _ bytes: [UInt8], item: OutlineItem, marker: Range<Int>, parentIndex: Int, origin: Origin, isUTF8: Bool
    ) -> VaultTask {
        var lineEnd = marker.upperBound
        while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
        var textEnd = lineEnd
        while textEnd > marker.upperBound + 1 && [0x20, 0x09, 0x0D].contains(bytes[textEnd - 1]) { textEnd -= 1 }
        var textStart = min(marker.upperBound + 1, textEnd)
        if textStart < textEnd && (bytes[textStart] == 0x20 || bytes[textStart] == 0x09) { textStart += 1 }
        let range = textStart..<textEnd
        let fields = TaskFields(bytes, range)
        let markerText = marker.count == 1 ? Self.asciiText(bytes[marker.lowerBound]) : bytes.utf8String(marker)
        let text = bytes.utf8String(range)
        let hash: UInt32
        if let done = fields.doneField {
            hash = TaskReference.hash(
                bytes, range.lowerBound..<done.lowerBound, then: done.upperBound..<range.upperBound)
        } else {
            hash = TaskReference.hash(bytes, range, then: range.upperBound..<range.upperBound)
        }
        let due = fields.due ?? origin.journalDay
        let state = marker.count == 1 ? TaskState(marker: Character(Unicode.Scalar(bytes[marker.lowerBound]))) : .other
        return VaultTask(
            path: origin.path, line: item.line, marker: markerText, state: state, effectiveState: state,
            text: text, description: fields.description(bytes, range, text: text),
            listMarker: item.markerEnd - item.markerStart == 1
                ? Self.asciiText(bytes[item.markerStart]) : bytes.utf8String(item.markerStart..<item.markerEnd),
            depth: 0, parentLine: nil, rollup: nil, due: due, dueFromJournal: fields.due == nil && due != nil,
            scheduled: fields.scheduled, start: fields.start, doneDate: fields.done, priority: fields.priority,
            tags: fields.tags, kind: origin.kind, textHash: hash, inNonUTF8Note: !isUTF8,
            markerRange: marker, doneDateInsertion: doneDateInsertion(bytes, range),
            doneDateRange: fields.doneField.map { $0.upperBound - 10..<$0.upperBound }, parentIndex: parentIndex,
            itemStart: item.markerStart, lastLine: item.lastLine, hasEmojiDate: fields.usesEmojiDates)
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
    public static func mayHoldTask(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { text in
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
            || (position == 2 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF)
    }
}
