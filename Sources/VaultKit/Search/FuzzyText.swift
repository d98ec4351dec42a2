import VaultMarkdown
import VaultSystem

/// A text prepared for matching: its characters (Unicode scalars) with diacritics folded, in
/// their case and lower-cased, the class of each, and where each starts in the UTF-8 bytes.
///
/// Combining marks are folded away with the letter they follow, so `Café` reads the same
/// composed (NFC) or decomposed (NFD). A byte that is not UTF-8 stands for itself as U+FFFD.
/// One value is reused line after line: `load` keeps the storage.
public struct FuzzyText: Sendable {
    /// The characters, diacritics folded, case kept (for case-sensitive terms).
    var chars: [UInt32] = []
    /// The characters, diacritics folded and lower-cased.
    var lower: [UInt32] = []
    /// The class of each original character (before folding): camelCase humps stay visible.
    var classes: [CharacterClass] = []
    /// The byte offset where each character starts, then the byte count.
    var offsets: [Int32] = [0]
    /// True when some byte was not UTF-8 (and stands as U+FFFD).
    private(set) var repaired = false
    /// The characters beyond ASCII met lately (direct-mapped by their value) and what decoding
    /// made of each: a text repeats few of them, and working one out asks Unicode's tables
    /// for its category and builds a string for its lower case. Made with the first such
    /// character: most texts of ASCII alone never need it.
    private var memoKeys: [UInt32] = []
    private var memoValues: [UInt64] = []
    private static let memoSize = 1024

    public init() {}

    /// The text of a string.
    public init(_ string: String) {
        var copy = string
        copy.withUTF8 { load($0) }
    }

    /// The number of characters (combining marks are not counted).
    public var count: Int { chars.count }

    /// The byte range in the source of the characters `range`.
    public func byteRange(_ range: Range<Int>) -> Range<Int> {
        Int(offsets[range.lowerBound])..<Int(offsets[range.upperBound])
    }

    /// The byte ranges of the characters at `positions` (ascending), neighbours merged.
    public func byteRanges(_ positions: [Int]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for position in positions {
            let range = byteRange(position..<(position + 1))
            if let last = ranges.last, last.upperBound == range.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
            } else {
                ranges.append(range)
            }
        }
        return ranges
    }

    /// Replaces the text with the decoding of `bytes`.
    public mutating func load(_ bytes: UnsafeBufferPointer<UInt8>) {
        let capacity = bytes.count
        if memoKeys.isEmpty && bytes.contains(where: { $0 >= 0x80 }) { makeMemo() }
        // Sized for the worst case (one character a byte), written through pointers, then
        // cut to length: one pass, no per-character growth checks.
        Self.resize(&chars, capacity)
        Self.resize(&lower, capacity)
        Self.resize(&classes, capacity, .white)
        Self.resize(&offsets, capacity + 1)
        let (written, repaired) = chars.withUnsafeMutableBufferPointer { chars in
            lower.withUnsafeMutableBufferPointer { lower in
                classes.withUnsafeMutableBufferPointer { classes in
                    offsets.withUnsafeMutableBufferPointer { offsets in
                        memoKeys.withUnsafeMutableBufferPointer { keys in
                            memoValues.withUnsafeMutableBufferPointer { values in
                                Self.decode(
                                    bytes, chars: chars, lower: lower, classes: classes, offsets: offsets, memo: (keys, values))
                            }
                        }
                    }
                }
            }
        }
        self.repaired = repaired
        chars.removeLast(capacity - written)
        lower.removeLast(capacity - written)
        classes.removeLast(capacity - written)
        offsets.removeLast(capacity - written)
    }

    private mutating func makeMemo() {
        memoKeys = [UInt32](repeating: 0, count: Self.memoSize)
        memoValues = [UInt64](repeating: 0, count: Self.memoSize)
    }

    private static func resize<T>(_ array: inout [T], _ count: Int, _ zero: T) {
        if array.count < count {
            array.append(contentsOf: repeatElement(zero, count: count - array.count))
        } else if array.count > count {
            array.removeLast(array.count - count)
        }
    }

    private static func resize<T: FixedWidthInteger>(_ array: inout [T], _ count: Int) { resize(&array, count, 0) }

    /// Decodes `bytes` into the four buffers; returns the number of characters, and whether
    /// some byte was not UTF-8.
    private static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, chars: UnsafeMutableBufferPointer<UInt32>,
        lower: UnsafeMutableBufferPointer<UInt32>, classes: UnsafeMutableBufferPointer<CharacterClass>,
        offsets: UnsafeMutableBufferPointer<Int32>,
        memo: (keys: UnsafeMutableBufferPointer<UInt32>, values: UnsafeMutableBufferPointer<UInt64>)
    ) -> (Int, repaired: Bool) {
        let count = bytes.count
        var index = 0
        var written = 0
        var repaired = false
        CharacterClass.ascii.withUnsafeBufferPointer { ascii in
            while index < count {
                let lead = bytes[index]
                if lead < 0x80 {
                    let characterClass = ascii[Int(lead)]
                    chars[written] = UInt32(lead)
                    lower[written] = characterClass == .upper ? UInt32(lead | 0x20) : UInt32(lead)
                    classes[written] = characterClass
                    offsets[written] = Int32(index)
                    written += 1
                    index += 1
                    continue
                }
                let (value, length) = decode(bytes, at: index)
                if length == 1 { repaired = true }
                if CombiningMarks.contains(value) && written > 0 {
                    index += length
                    continue
                }
                let slot = Int(value) & (memoSize - 1)
                if memo.keys[slot] != value {
                    memo.keys[slot] = value
                    memo.values[slot] = Self.decoded(value)
                }
                let known = memo.values[slot]
                chars[written] = UInt32(truncatingIfNeeded: known & 0x1F_FFFF)
                lower[written] = UInt32(truncatingIfNeeded: (known >> 21) & 0x1F_FFFF)
                classes[written] = CharacterClass(rawValue: UInt8(truncatingIfNeeded: known >> 42))!
                offsets[written] = Int32(index)
                written += 1
                index += length
            }
        }
        offsets[written] = Int32(count)
        return (written, repaired)
    }

    /// A character beyond ASCII as decoding keeps it: folded, lowered and folded, and its
    /// class, packed in 21, 21 and 8 bits.
    private static func decoded(_ value: UInt32) -> UInt64 {
        let characterClass = CharacterClass.of(value)
        var lowered = value
        if characterClass == .upper, let scalar = Unicode.Scalar(value) {
            let mapping = scalar.properties.lowercaseMapping.unicodeScalars
            if mapping.count == 1, let first = mapping.first { lowered = first.value }
        }
        // `İ` has no one-character lower case but folds to `I`.
        let folded = DiacriticFolding.fold(lowered)
        let lower = (0x41...0x5A).contains(folded) ? folded | 0x20 : folded
        return UInt64(DiacriticFolding.fold(value)) | UInt64(lower) << 21 | UInt64(characterClass.rawValue) << 42
    }

    /// The scalar at `index` and its byte length; U+FFFD and 1 for a byte that starts no
    /// valid UTF-8 sequence.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = bytes[index]
        let remaining = bytes.count - index
        @inline(__always) func continuation(_ offset: Int) -> UInt32? {
            guard offset < remaining else { return nil }
            let byte = bytes[index + offset]
            return byte & 0xC0 == 0x80 ? UInt32(byte & 0x3F) : nil
        }
        switch lead {
        case 0xC2...0xDF:
            if let second = continuation(1) { return (UInt32(lead & 0x1F) << 6 | second, 2) }
        case 0xE0...0xEF:
            if let second = continuation(1), let third = continuation(2) {
                let value = UInt32(lead & 0x0F) << 12 | second << 6 | third
                if value >= 0x800 && !(0xD800...0xDFFF).contains(value) { return (value, 3) }
            }
        case 0xF0...0xF4:
            if let second = continuation(1), let third = continuation(2), let fourth = continuation(3) {
                let value = UInt32(lead & 0x07) << 18 | second << 12 | third << 6 | fourth
                if (0x10000...0x10FFFF).contains(value) { return (value, 4) }
            }
        default:
            break
        }
        return (0xFFFD, 1)
    }
}
