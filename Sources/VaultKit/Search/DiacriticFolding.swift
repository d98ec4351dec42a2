import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Folds letters with diacritics to their base letter (`é` → `e`, `Ø` → `O`, `ά` → `α`), so
/// that `cafe` finds `Café` as in fzf; combining marks (the second half of an NFD `é`) are
/// dropped, so decomposed text (as macOS writes names) matches like composed text.
///
/// Only Latin and Greek letters fold: `й` and `и` are different letters to a Russian reader.
enum DiacriticFolding {
    /// The base of `value`, or `value` itself when it has none.
    static func fold(_ value: UInt32) -> UInt32 {
        if value < 0xC0 { return value }
        if value == 0x212A || value == 0x212B { return signs[Int(value - 0x212A)] }
        if value < 0x370 { return table[Int(value) - 0xC0] }
        if value >= 0x370 && value < 0x400 { return table[Int(value) - 0x370 + latinCount] }
        if value >= 0x1E00 && value < 0x2000 { return table[Int(value) - 0x1E00 + latinCount + 0x90] }
        return value
    }

    /// The ASCII letter a two-byte UTF-8 character (lead byte `0xC3`…`0xC9`) folds to, or 0.
    ///
    /// Byte-level search uses it to look for an ASCII word in text like `Zürich` without
    /// decoding the line.
    static func asciiBase(lead: UInt8, continuation: UInt8) -> UInt8 {
        twoByteASCII[Int(lead &- 0xC3) &* 64 &+ Int(continuation & 0x3F)]
    }

    /// The ASCII letter a three-byte character of Latin Extended Additional (`E1 B8..BB xx`)
    /// folds to, or 0.
    static func asciiBase(extended second: UInt8, _ third: UInt8) -> UInt8 {
        let value = 0x1000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
        let folded = fold(value)
        return folded < 0x80 ? UInt8(folded) : 0
    }

    /// The UTF-8 lead bytes of the letters that `ByteScan.foldsInto` finds folding to the
    /// ASCII letter `byte` in either case; none for a byte that is no letter.
    static func leadBytes(foldingTo byte: UInt8) -> [UInt8] {
        guard byte &- 0x41 < 26 || byte &- 0x61 < 26 else { return [] }
        let letter = byte | 0x20
        var leads: [UInt8] = (0xC3...0xC9).filter { lead in
            (0x80...0xBF).contains { asciiBase(lead: lead, continuation: $0) | 0x20 == letter }
        }
        let extended = (0xB8...0xBB).contains { second in (0x80...0xBF).contains { asciiBase(extended: second, $0) | 0x20 == letter } }
        if extended { leads.append(0xE1) }
        if (0xAA...0xAB).contains(where: { asciiBase(sign: $0) | 0x20 == letter }) { leads.append(0xE2) }
        return leads
    }

    /// The Kelvin and Ångström signs, canonically the letters `K` and `Å`, as their ASCII
    /// base (`U+212A`, `U+212B`).
    private static let signs: [UInt32] = [0x4B, 0x41]

    /// The ASCII letter the sign at `E2 84 third` folds to (see `signs`), or 0.
    static func asciiBase(sign third: UInt8) -> UInt8 {
        third == 0xAA || third == 0xAB ? UInt8(signs[Int(third - 0xAA)]) : 0
    }

    /// Latin-1 Supplement to the IPA block, `U+00C0..<U+0370`.
    private static let latinCount = 0x370 - 0xC0

    /// Letters that do not decompose but that people type without their stroke.
    private static let strokes: [UInt32: UInt32] = [
        0xD8: 0x4F, 0xF8: 0x6F, 0x110: 0x44, 0x111: 0x64, 0x126: 0x48, 0x127: 0x68, 0x131: 0x69,
        0x141: 0x4C, 0x142: 0x6C, 0x166: 0x54, 0x167: 0x74, 0x180: 0x62, 0x197: 0x49, 0x1B5: 0x5A, 0x1B6: 0x7A,
        0x243: 0x42, 0x268: 0x69,
    ]

    /// Bases of `U+00C0..<U+0370`, then `U+0370..<U+0400` (Greek), then `U+1E00..<U+2000`,
    /// read from `foldings`: computed from Unicode's decompositions at each run, they took
    /// 40 million instructions (13 ms) of every search.
    private static let table: [UInt32] = {
        var table = ranges.flatMap { $0.map(UInt32.init) }
        // Read byte by byte: split into strings, the text took a fifth of what it replaced.
        var numbers: [UInt32] = []
        var number: UInt32 = 0
        // A space after the last entry ends it too.
        for byte in (foldings + " ").utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): number = number << 4 | UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): number = number << 4 | UInt32(byte - UInt8(ascii: "A") + 10)
            case UInt8(ascii: "-"), UInt8(ascii: ":"):
                numbers.append(number)
                number = 0
            default:
                // The end of an entry: `first:base` or `first-last:base`.
                guard !numbers.isEmpty else { continue }
                let (first, last) = (numbers[0], numbers[numbers.count - 1])
                for value in first...last {
                    if let index = tableIndex(of: value) { table[index] = number }
                }
                numbers.removeAll(keepingCapacity: true)
                number = 0
            }
        }
        return table
    }()

    /// The code points `table` covers, in its order.
    static let ranges = [0xC0..<0x370, 0x370..<0x400, 0x1E00..<0x2000]

    /// Where `value` stands in `table`, if it is covered.
    private static func tableIndex(of value: UInt32) -> Int? {
        var offset = 0
        for range in ranges {
            if range.contains(Int(value)) { return offset + Int(value) - range.lowerBound }
            offset += range.count
        }
        return nil
    }

    /// `table` computed from Unicode's canonical decompositions and `strokes`: what
    /// `foldings` must write out (a test holds them to each other).
    static func computedTable() -> [UInt32] {
        ranges.flatMap { range in range.map { strokes[UInt32($0)] ?? base(of: UInt32($0)) } }
    }

    static let twoByteASCII: [UInt8] = (0..<(7 * 64)).map { index in
        let value = UInt32(0xC0 + index)
        let folded = fold(value)
        return folded < 0x80 && folded != value ? UInt8(folded) : 0
    }

    private static func base(of value: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .nonspacingMark else {
            return value
        }
        let decomposed = String(Character(scalar)).canonicallyDecomposed.unicodeScalars
        guard let first = decomposed.first, decomposed.count > 1 else { return value }
        // Only a letter followed by marks is a letter with diacritics (not a ligature or a
        // compatibility form).
        return decomposed.dropFirst().allSatisfy { CombiningMarks.contains($0.value) } ? first.value : value
    }
}
