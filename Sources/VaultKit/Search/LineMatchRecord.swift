/// A line match written as bytes, without its path (the ranking knows the note), so that a
/// ranking can keep the matches past its budget in a scratch file instead of in memory.
enum LineMatchRecord {
    /// The bytes of `match`'s line number, score, literal mark, text, ranges and context lines.
    static func bytes(of match: LineMatch) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(match.text.utf8.count + 64)
        put(match.line, &bytes)
        put(match.score, &bytes)
        put(match.literal ? 1 : 0, &bytes)
        put(match.text, &bytes)
        put(match.ranges.count, &bytes)
        for range in match.ranges {
            put(range.lowerBound, &bytes)
            put(range.upperBound, &bytes)
        }
        for context in [match.before, match.after] {
            put(context.count, &bytes)
            for line in context {
                put(line.line, &bytes)
                put(line.text, &bytes)
            }
        }
        return bytes
    }

    /// The match `bytes` hold, in the note at `path`; nil when they are not a whole record.
    static func match(from bytes: [UInt8], path: String) -> LineMatch? {
        var reader = Reader(bytes: bytes)
        guard let line = reader.integer(), let score = reader.integer(), let literal = reader.integer(), let text = reader.text(),
              let rangeCount = reader.integer(), rangeCount >= 0, rangeCount <= bytes.count else { return nil }
        var ranges: [Range<Int>] = []
        for _ in 0..<rangeCount {
            guard let lower = reader.integer(), let upper = reader.integer(), lower <= upper else { return nil }
            ranges.append(lower..<upper)
        }
        var contexts: [[ContextLine]] = []
        for _ in 0..<2 {
            guard let count = reader.integer(), count >= 0, count <= bytes.count else { return nil }
            var lines: [ContextLine] = []
            for _ in 0..<count {
                guard let number = reader.integer(), let text = reader.text() else { return nil }
                lines.append(ContextLine(line: number, text: text))
            }
            contexts.append(lines)
        }
        guard reader.offset == bytes.count else { return nil }
        return LineMatch(path: path, line: line, text: text, ranges: ranges, score: score,
                         before: contexts[0], after: contexts[1], literal: literal == 1)
    }

    private static func put(_ value: Int, _ bytes: inout [UInt8]) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes += $0 }
    }

    private static func put(_ text: String, _ bytes: inout [UInt8]) {
        put(text.utf8.count, &bytes)
        bytes += text.utf8
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func integer() -> Int? {
            guard offset + 8 <= bytes.count else { return nil }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            offset += 8
            return Int(Int64(bitPattern: value))
        }

        mutating func text() -> String? {
            guard let count = integer(), count >= 0, offset + count <= bytes.count else { return nil }
            defer { offset += count }
            return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
        }
    }
}
