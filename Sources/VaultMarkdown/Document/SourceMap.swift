import VaultSystem

/// Maps 1-based line numbers to byte offsets in a note's raw bytes and back.
public struct SourceMap: Sendable, Equatable {
    /// Byte offset where each line starts; `lineStarts[0]` is line 1.
    public let lineStarts: [Int]
    /// The total number of bytes.
    public let byteCount: Int

    /// Builds the map of `bytes`; a line ends after `\n` (a `\r` before it stays in the line).
    public init<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8, Bytes.Index == Int {
        var starts = [bytes.startIndex]
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x0A { starts.append(index + 1) }
            index += 1
        }
        // A final newline does not begin a line of its own.
        if starts.count > 1 && starts.last == bytes.endIndex { starts.removeLast() }
        lineStarts = starts
        byteCount = bytes.count
    }

    /// The map of a note whose lines start at `lineStarts` (found by a scan that walked them).
    package init(lineStarts: [Int], byteCount: Int) {
        self.lineStarts = lineStarts
        self.byteCount = byteCount
    }

    /// The number of lines.
    public var lineCount: Int { lineStarts.count }

    /// The byte range of a 1-based line, without its line ending (`\n` or `\r\n`).
    public func range(ofLine line: Int, in bytes: [UInt8]) -> Range<Int> {
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : byteCount
        if end > start && bytes[end - 1] == 0x0A { end -= 1 }
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The 1-based line that holds the byte at `offset`.
    public func line(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }
}
