/// Bytes of a text replaced by new text.
public struct TextReplacement: Sendable, Equatable {
    public var range: Range<Int>
    public var text: String

    public init(range: Range<Int>, text: String) {
        self.range = range
        self.text = text
    }

    /// `bytes` with each of `replacements` (in order of their ranges, none overlapping) made
    /// in one pass: replacing in place would move the rest of the note once per replacement.
    public static func applied(_ replacements: [TextReplacement], to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + replacements.reduce(0) { $0 + $1.text.utf8.count })
        var copied = 0
        for replacement in replacements {
            result += bytes[copied..<replacement.range.lowerBound]
            result += replacement.text.utf8
            copied = replacement.range.upperBound
        }
        result += bytes[copied...]
        return result
    }
}
