import Glibc

/// Where each line of a document starts, to turn byte offsets into the positions of the
/// Language Server Protocol (a line and a count of UTF-16 code units in it) and back.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as the protocol counts them.
struct LineMap: Sendable {
    private let bytes: [UInt8]
    private var starts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
                starts.append(index + 1)
            }
            index += 1
        }
    }

    /// The number of lines (a final line ending starts an empty last line).
    var lineCount: Int { starts.count }

    /// The byte where `line`'s text ends, before its line ending.
    func contentEnd(ofLine line: Int) -> Int {
        // Facts read from a file that changed since may name a line the text no longer has.
        let line = max(0, min(line, starts.count - 1))
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        if end > starts[line] && bytes[end - 1] == 0x0A { end -= 1 }
        if end > starts[line] && bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The 0-based line and UTF-16 column of a byte offset (clamped to the text).
    func position(of offset: Int) -> (line: Int, character: Int) {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let end = min(offset, contentEnd(ofLine: low))
        return (low, Self.utf16Length(bytes, starts[low]..<end))
    }

    /// The byte offset of a position; nil when the line is past the end of the text. A
    /// column past the end of its line means the end of the line, as the protocol says, and
    /// one inside a character that takes two UTF-16 units means the start of that character.
    func offset(line: Int, character: Int) -> Int? {
        guard line >= 0, character >= 0 else { return nil }
        if line >= starts.count { return nil }
        let end = contentEnd(ofLine: line)
        var index = starts[line]
        var units = 0
        while index < end {
            let width = Self.unitWidth(bytes[index])
            if units + width.utf16 > character { break }
            units += width.utf16
            index = min(end, index + width.utf8)
        }
        return index
    }

    /// The 0-based line and UTF-16 column of each of `offsets` (ascending) in `bytes`, in one
    /// pass that stops at the last: what a map of the whole text would say, for a note whose
    /// lines are needed only at a few links.
    static func positions(of offsets: [Int], in bytes: [UInt8]) -> [(line: Int, character: Int)] {
        bytes.withUnsafeBufferPointer { buffer in
            // Without a `\r`, every line ends at a `\n`: whole lines are skipped by memchr,
            // and only the last one's start is counted in UTF-16 units.
            guard let base = buffer.baseAddress, memchr(base, 0x0D, buffer.count) == nil else {
                return scannedPositions(of: offsets, in: bytes)
            }
            var result: [(line: Int, character: Int)] = []
            result.reserveCapacity(offsets.count)
            var (lineStart, line) = (0, 0)
            for wanted in offsets {
                let offset = max(0, min(wanted, buffer.count))
                while lineStart < offset, let found = memchr(base + lineStart, 0x0A, offset - lineStart) {
                    lineStart = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    line += 1
                }
                result.append((line, utf16Length(bytes, lineStart..<max(lineStart, offset))))
            }
            return result
        }
    }

    /// `positions(of:in:)` by reading every byte up to the last offset, for a text whose
    /// lines may end at `\r\n` or a lone `\r`.
    static func scannedPositions(of offsets: [Int], in bytes: [UInt8]) -> [(line: Int, character: Int)] {
        var result: [(line: Int, character: Int)] = []
        result.reserveCapacity(offsets.count)
        bytes.withUnsafeBufferPointer { bytes in
            var (index, line, units) = (0, 0, 0)
            for wanted in offsets {
                let offset = max(0, min(wanted, bytes.count))
                while index < offset {
                    let byte = bytes[index]
                    index += 1
                    if byte == 0x0A || (byte == 0x0D && (index == bytes.count || bytes[index] != 0x0A)) {
                        (line, units) = (line + 1, 0)
                    } else if byte == 0x0D {
                        // The `\r` of a `\r\n` ends no line and counts for no column of one.
                    } else if byte & 0xC0 != 0x80 {
                        units += byte >= 0xF0 ? 2 : 1
                    }
                }
                // An offset between `\r` and `\n` is at the end of its line's text.
                result.append((line, units))
            }
        }
        return result
    }

    /// The UTF-16 length of the UTF-8 bytes in `range`.
    static func utf16Length(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        var units = 0
        for index in range {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
        }
        return units
    }

    /// How many bytes the character starting with `lead` takes, and how many UTF-16 units.
    private static func unitWidth(_ lead: UInt8) -> (utf8: Int, utf16: Int) {
        switch lead {
        case 0..<0x80: return (1, 1)
        case 0xC0..<0xE0: return (2, 1)
        case 0xE0..<0xF0: return (3, 1)
        case 0xF0...: return (4, 2)
        default: return (1, 1)  // a stray continuation byte: one unit, as a decoder's U+FFFD
        }
    }
}
