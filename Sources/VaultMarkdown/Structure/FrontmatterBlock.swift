import VaultSystem

/// Where a note's frontmatter block is: a first line `---`, up to the next line `---` or
/// `...` (white space after either allowed). Found on the bytes alone, so a note that starts
/// with `---` and never closes it costs one look at each line and no text.
package struct FrontmatterBlock: Sendable, Equatable {
    /// The whole block, both delimiter lines and the last line ending included.
    package var byteRange: Range<Int>
    /// The 1-based lines of the block, both delimiter lines included.
    package var lines: ClosedRange<Int>
    /// Where the line after the opening delimiter starts.
    package var bodyStart: Int

    /// The block at `offset` (just after a BOM, if any), nil when the note has none.
    package static func locate(in bytes: [UInt8], from offset: Int) -> FrontmatterBlock? {
        guard offset < bytes.count else { return nil }
        let opening = line(in: bytes, at: offset)
        guard isDelimiter(bytes, opening.content, closing: false) else { return nil }
        var start = opening.next
        var count = 1
        while start < bytes.count {
            let current = line(in: bytes, at: start)
            count += 1
            if isDelimiter(bytes, current.content, closing: true) {
                return FrontmatterBlock(byteRange: offset..<current.next, lines: 1...count, bodyStart: opening.next)
            }
            start = current.next
        }
        return nil
    }

    /// The line from `start`: its content (without `\r\n`) and where the next one starts.
    static func line(in bytes: [UInt8], at start: Int) -> (content: Range<Int>, next: Int) {
        var end = start
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        var content = end
        if content > start && bytes[content - 1] == 0x0D { content -= 1 }
        return (start..<content, end < bytes.count ? end + 1 : end)
    }

    private static func isDelimiter(_ bytes: [UInt8], _ range: Range<Int>, closing: Bool) -> Bool {
        var end = range.upperBound
        while end > range.lowerBound && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        guard end - range.lowerBound == 3 else { return false }
        let first = bytes[range.lowerBound]
        guard first == UInt8(ascii: "-") || (closing && first == UInt8(ascii: ".")) else { return false }
        return bytes[range.lowerBound + 1] == first && bytes[range.lowerBound + 2] == first
    }
}
