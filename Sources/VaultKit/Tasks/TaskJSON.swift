import VaultMarkdown
import VaultSystem

/// Tasks as JSON text, written straight to bytes.
///
/// `vault tasks --json` on a large vault prints hundreds of thousands of tasks; building a
/// `JSONValue` tree for them costs more than finding them. The output is byte for byte what
/// `JSONValueEncoder` and `JSONValue.formattedBytes()` give for `[VaultTask]` (keys sorted,
/// 2-space indent, every key present, final newline); a test holds the two together.
public enum TaskJSON {
    /// The JSON array of `tasks`.
    public static func encode(_ tasks: [VaultTask]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(tasks.count * 600)
        var array = ArrayWriter()
        tasks.withUnsafeBufferPointer { buffer in
            for index in buffer.indices { array.append(buffer.baseAddress! + index, to: &output) }
        }
        array.finish(to: &output)
        return output
    }

    /// The JSON array of tasks written as they come: `[`, then each task as it is appended,
    /// then `]` at `finish`; the bytes are those of `encode` for all the tasks at once.
    public struct ArrayWriter {
        private var sink = Sink()
        private var count = 0

        public init() {}

        /// A writer that writes every element after a comma, as if one came before it: for
        /// pieces of one array written apart and joined in order.
        init(afterFirst: Bool) {
            count = afterFirst ? 1 : 0
        }

        /// Appends `task`'s element (after a comma when it is not the first) to `output`.
        public mutating func append(_ task: VaultTask, to output: inout [UInt8]) {
            withUnsafePointer(to: task) { append($0, to: &output) }
        }

        mutating func append(_ task: UnsafePointer<VaultTask>, to output: inout [UInt8]) {
            // Each task is written to a scratch buffer by pointer, then appended at once.
            sink.start(for: task)
            sink.put(UInt8(ascii: count == 0 ? "[" : ","))
            write(task, to: sink)
            output.append(contentsOf: UnsafeBufferPointer(start: sink.base, count: sink.count))
            count += 1
        }

        /// Closes the array (`[]` when no task came) and ends the document with a newline.
        public func finish(to output: inout [UInt8]) {
            output.append(contentsOf: (count == 0 ? "[]\n" : "\n]\n").utf8)
        }
    }

    /// The JSON of one note's selected tasks, each element after a comma, written by the
    /// worker that read them.
    struct Piece: Sendable {
        var bytes: [UInt8] = []
        var count = 0
        var warning: VaultWarning?
    }

    /// A scratch buffer large enough for one task, written without checks.
    private final class Sink {
        var base = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
        var capacity = 4096
        var count = 0

        deinit { base.deallocate() }

        /// Empties the buffer and makes room for the longest JSON `task` can give: every
        /// string byte escaped to six, plus the keys and numbers.
        func start(for task: UnsafePointer<VaultTask>) {
            count = 0
            let strings =
                3 * task.pointee.path.utf8.count + task.pointee.text.utf8.count + task.pointee.description.utf8.count
                + task.pointee.marker.utf8.count + task.pointee.listMarker.utf8.count
                + task.pointee.tags.reduce(0) { $0 + $1.utf8.count + 16 }
            let needed = 1024 + 6 * strings
            if needed > capacity {
                base.deallocate()
                capacity = needed
                base = .allocate(capacity: needed)
            }
        }

        @inline(__always) func put(_ byte: UInt8) {
            base[count] = byte
            count += 1
        }

        @inline(__always) func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress else { return }
            (base + count).update(from: source, count: bytes.count)
            count += bytes.count
        }

        @inline(__always) func put(_ text: StaticString) {
            put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
    }

    /// Writes one task, read in place (a copy would retain each of its strings).
    private static func write(_ task: UnsafePointer<VaultTask>, to sink: Sink) {
        var first = true
        func key(_ name: StaticString) {
            sink.put(first ? "\n  {\n    \"" : ",\n    \"")
            first = false
            sink.put(name)
            sink.put("\": ")
        }
        func string(_ text: String) {
            sink.put(UInt8(ascii: "\""))
            escape(text, to: sink)
            sink.put(UInt8(ascii: "\""))
        }
        func day(_ day: CalendarDay?) {
            guard let day else { return sink.put("null") }
            sink.put(UInt8(ascii: "\""))
            digits(day.year, width: 4, to: sink)
            sink.put(UInt8(ascii: "-"))
            digits(day.month, width: 2, to: sink)
            sink.put(UInt8(ascii: "-"))
            digits(day.day, width: 2, to: sink)
            sink.put(UInt8(ascii: "\""))
        }
        func number(_ value: Int) { digits(value, width: 1, to: sink) }
        func flag(_ value: Bool) { value ? sink.put("true") : sink.put("false") }
        func reference(line: Int, hash: UInt32) {
            sink.put(UInt8(ascii: "\""))
            escape(task.pointee.path, to: sink)
            sink.put(UInt8(ascii: ":"))
            digits(line, width: 1, to: sink)
            sink.put(UInt8(ascii: "@"))
            for shift in stride(from: 20, through: 0, by: -4) {
                sink.put(hexDigit(UInt8((hash >> UInt32(shift)) & 0xF)))
            }
            sink.put(UInt8(ascii: "\""))
        }

        key("depth")
        number(task.pointee.depth)
        key("description")
        string(task.pointee.description)
        key("done")
        day(task.pointee.doneDate)
        key("due")
        day(task.pointee.due)
        key("dueFromJournal")
        flag(task.pointee.dueFromJournal)
        key("editable")
        flag(!task.pointee.inNonUTF8Note)
        key("effectiveState")
        string(task.pointee.effectiveState.rawValue)
        key("folderKind")
        string(task.pointee.kind.rawValue)
        key("line")
        number(task.pointee.line)
        key("listMarker")
        string(task.pointee.listMarker)
        key("marker")
        string(task.pointee.marker)
        key("parent")
        if let parent = task.pointee.parentLine {
            reference(line: parent, hash: task.pointee.parentHash)
        } else {
            sink.put("null")
        }
        key("path")
        string(task.pointee.path)
        key("priority")
        if let priority = task.pointee.priority { string(priority.rawValue) } else { sink.put("null") }
        key("ref")
        reference(line: task.pointee.line, hash: task.pointee.textHash)
        key("retired")
        flag(task.pointee.isRetired)
        key("rollup")
        if let rollup = task.pointee.rollup {
            sink.put("{\n      \"done\": ")
            number(rollup.done)
            sink.put(",\n      \"total\": ")
            number(rollup.total)
            sink.put("\n    }")
        } else {
            sink.put("null")
        }
        key("scheduled")
        day(task.pointee.scheduled)
        key("start")
        day(task.pointee.start)
        key("state")
        string(task.pointee.state.rawValue)
        key("tags")
        if task.pointee.tags.isEmpty {
            sink.put("[]")
        } else {
            sink.put(UInt8(ascii: "["))
            for (index, tag) in task.pointee.tags.enumerated() {
                sink.put(index == 0 ? "\n      " : ",\n      ")
                string(tag)
            }
            sink.put("\n    ]")
        }
        key("text")
        string(task.pointee.text)
        sink.put("\n  }")
    }

    /// A string's bytes escaped as `JSONValue` escapes them.
    private static func escape(_ text: String, to sink: Sink) {
        // Native strings hand out their bytes in place; others are copied once.
        if text.utf8.withContiguousStorageIfAvailable({ escape($0, to: sink) }) != nil { return }
        var copy = text
        copy.withUTF8 { escape($0, to: sink) }
    }

    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, to sink: Sink) {
        var start = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            sink.put(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            start = index + 1
            sink.put(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): sink.put(byte)
            case 0x0A: sink.put(UInt8(ascii: "n"))
            case 0x0D: sink.put(UInt8(ascii: "r"))
            case 0x09: sink.put(UInt8(ascii: "t"))
            default:
                sink.put("u00")
                sink.put(hexDigit(byte >> 4))
                sink.put(hexDigit(byte & 0xF))
            }
        }
        sink.put(UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// A non-negative number in decimal, zero-padded to `width`.
    private static func digits(_ value: Int, width: Int, to sink: Sink) {
        var length = 1
        var scale = 1
        while value / scale >= 10 {
            scale *= 10
            length += 1
        }
        for _ in length..<max(width, length) { sink.put(UInt8(ascii: "0")) }
        while scale > 0 {
            sink.put(UInt8(ascii: "0") + UInt8(value / scale % 10))
            scale /= 10
        }
    }
}
