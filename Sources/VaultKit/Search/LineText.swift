import VaultMarkdown
import VaultSystem

/// Turns the bytes of a found line into text for people: the line ending dropped, invalid
/// UTF-8 repaired, highlights kept on the right characters, context lines around it.
enum LineText {
    /// The line without a trailing carriage return.
    static func trimmingReturn(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        range.upperBound > range.lowerBound && buffer[range.upperBound - 1] == 0x0D
            ? range.lowerBound..<(range.upperBound - 1) : range
    }

    /// The text of `line` and the highlighted ranges (byte offsets relative to the line)
    /// moved onto the text; `lossy` when bytes had to be replaced with U+FFFD.
    static func decode(
        _ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, highlighting ranges: [Range<Int>]
    ) -> (text: String, ranges: [Range<Int>], lossy: Bool) {
        let bytes = UnsafeBufferPointer(rebasing: buffer[line])
        if let text = String(validating: bytes, as: UTF8.self) { return (text, ranges, false) }
        // Decode piece by piece so each highlight lands on what its bytes became.
        var text = ""
        var moved: [Range<Int>] = []
        var position = 0
        for range in ranges {
            text += String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<range.lowerBound]), as: UTF8.self)
            let start = text.utf8.count
            text += String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            moved.append(start..<text.utf8.count)
            position = range.upperBound
        }
        text += String(decoding: UnsafeBufferPointer(rebasing: bytes[position...]), as: UTF8.self)
        return (text, moved, true)
    }

    /// Up to `count` lines before and after the line `range` (number `line`); `body` is
    /// where the first line starts (after a byte-order mark).
    static func context(
        _ buffer: UnsafeBufferPointer<UInt8>, around range: Range<Int>, line: Int, count: Int, body: Int
    ) -> (before: [ContextLine], after: [ContextLine]) {
        var before: [ContextLine] = []
        var start = range.lowerBound
        while before.count < count && start > body {
            let previousEnd = start - 1
            let previousStart = ByteScan.lineStart(buffer, before: previousEnd, from: body)
            before.append(ContextLine(line: line - before.count - 1, text: text(buffer, previousStart..<previousEnd)))
            start = previousStart
        }
        var after: [ContextLine] = []
        var end = range.upperBound
        while after.count < count && end < buffer.count {
            let nextStart = end + 1
            let nextEnd = ByteScan.lineEnd(buffer, after: nextStart)
            if nextStart == buffer.count { break }
            after.append(ContextLine(line: line + after.count + 1, text: text(buffer, nextStart..<nextEnd)))
            end = nextEnd
        }
        return (before.reversed(), after)
    }

    private static func text(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[trimmingReturn(buffer, range)]), as: UTF8.self)
    }
}
