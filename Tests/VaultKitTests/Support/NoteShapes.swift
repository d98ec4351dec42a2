/// Notes of the shapes that make a careless scanner slow: one long line, many links per
/// line, deep nesting, long runs of markup, constructs that never close. Each is made to
/// about `size` bytes.
enum NoteShapes {
    /// `unit` repeated to about `size` bytes, on one line.
    static func line(_ unit: String, size: Int) -> [UInt8] {
        let bytes = Array(unit.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(size + bytes.count + 1)
        while result.count < size { result += bytes }
        result.append(0x0A)
        return result
    }

    /// Lines of `prefix(depth)` for depth 0, 1, 2, … until `size` bytes: nesting as deep as
    /// the size allows (5,000 levels of two-space indentation take 25 MB).
    static func nested(size: Int, _ line: (Int) -> String) -> [UInt8] {
        var result: [UInt8] = []
        var depth = 0
        while result.count < size {
            result += Array(line(depth).utf8)
            depth += 1
        }
        return result
    }

    /// A first line that opens `depth` containers, then short lines to `size` bytes: the
    /// per-line cost of open containers, paid on every line.
    static func deepThen(_ opener: String, depth: Int, then unit: String, size: Int) -> [UInt8] {
        var result = Array((String(repeating: opener, count: depth) + "- [ ] deep task\n").utf8)
        let bytes = Array(unit.utf8)
        while result.count < size { result += bytes }
        return result
    }

    /// Backtick runs of growing length with no closer: each opener's closer is looked for
    /// to the end of the paragraph.
    static func backtickRuns(size: Int) -> [UInt8] {
        var result: [UInt8] = []
        var length = 1
        while result.count < size {
            result += [UInt8](repeating: UInt8(ascii: "`"), count: length) + [UInt8(ascii: "a")]
            length += 1
        }
        result.append(0x0A)
        return result
    }
}
