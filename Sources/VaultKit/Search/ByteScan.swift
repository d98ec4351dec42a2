import CByteSearch
import Glibc
import VaultMarkdown
import VaultSystem

/// A set of byte values, tested in one step.
struct ByteSet: Sendable {
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { insert(byte) }
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: bits.0 |= bit
        case 1: bits.1 |= bit
        case 2: bits.2 |= bit
        default: bits.3 |= bit
        }
    }

    /// Calls `body` with the set as four 64-bit words, bytes 0 to 63 in the first.
    func withWords<Result>(_ body: (UnsafePointer<UInt64>) -> Result) -> Result {
        withUnsafeBytes(of: bits) { body($0.baseAddress!.assumingMemoryBound(to: UInt64.self)) }
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return bits.0 & bit != 0
        case 1: return bits.1 & bit != 0
        case 2: return bits.2 & bit != 0
        default: return bits.3 & bit != 0
        }
    }
}

/// Byte-level searching over raw note bytes: what lets a search skip most lines without
/// decoding them. Offsets are byte offsets into the buffer given.
enum ByteScan {
    /// True when `bytes` hold `needle`'s bytes somewhere.
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let wanted = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        return findRun(wanted, first: 0, second: wanted.count - 1, caseSensitive: true, in: bytes, 0..<bytes.count) != nil
    }

    /// The first `byte` in `range`, by the C library's vectorised `memchr`.
    @inline(__always)
    static func find(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = buffer.baseAddress else { return nil }
        guard let hit = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }

    /// The first place in `range` where the run of `needle` stands (lower-case, matched in
    /// either case unless `caseSensitive`), by its bytes at `first` and `second` looked for
    /// together, 32 or 16 places a step (`vault_find_run`).
    @inline(__always)
    static func findRun(
        _ needle: UnsafeBufferPointer<UInt8>, first: Int, second: Int, caseSensitive: Bool,
        in buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> Int? {
        guard let base = buffer.baseAddress, let needleBase = needle.baseAddress else { return nil }
        let found = vault_find_run(
            base + range.lowerBound, range.count, needleBase, needle.count, first, second, caseSensitive ? 0 : 1)
        return found < 0 ? nil : range.lowerBound + found
    }

    /// The indices of two different places of `needle` whose bytes are least likely
    /// together in prose (the same index twice for a needle of one byte).
    static func rarestPair(_ needle: [UInt8]) -> (first: Int, second: Int) {
        let first = rarestIndex(needle)
        var second = first
        for index in needle.indices where index != first {
            // A byte other than the first's narrows more than the same byte again.
            func rank(_ place: Int) -> Int { commonness(needle[place]) + (needle[place] == needle[first] ? 1000 : 0) }
            if second == first || rank(index) < rank(second) { second = index }
        }
        return (first, second)
    }

    /// The index of the byte of `needle` least likely in prose.
    static func rarestIndex(_ needle: [UInt8]) -> Int {
        var best = 0
        for index in needle.indices where commonness(needle[index]) < commonness(needle[best]) { best = index }
        return best
    }

    /// The start of the line that holds `offset`.
    @inline(__always)
    static func lineStart(_ buffer: UnsafeBufferPointer<UInt8>, before offset: Int, from floor: Int = 0) -> Int {
        var index = offset
        // Eight bytes at a time while none is a newline: lines are long next to a word.
        if let base = buffer.baseAddress {
            while index - 8 >= floor {
                let word = UnsafeRawPointer(base + index - 8).loadUnaligned(as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
                index -= 8
            }
        }
        while index > floor && buffer[index - 1] != 0x0A { index -= 1 }
        return index
    }

    /// True when every byte of `range` is ASCII.
    @inline(__always)
    static func isASCII(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        var index = range.lowerBound
        var high: UInt64 = 0
        while index + 8 <= range.upperBound {
            high |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            index += 8
        }
        while index < range.upperBound {
            high |= UInt64(buffer[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The end of the line that holds `offset` (the newline's offset, or the buffer's end).
    @inline(__always)
    static func lineEnd(_ buffer: UnsafeBufferPointer<UInt8>, after offset: Int) -> Int {
        find(0x0A, in: buffer, offset..<buffer.count) ?? buffer.count
    }

    /// The number of newlines in `range`.
    @inline(__always)
    static func countLines(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        guard let base = buffer.baseAddress, !range.isEmpty else { return 0 }
        return vault_count_byte(base + range.lowerBound, range.count, 0x0A)
    }

    /// The first character in `range` that may fold to one of the `wanted` ASCII bytes (a
    /// letter with diacritics) or vanish (a combining mark): where byte-level matching of
    /// an ASCII pattern stops being exact.
    static func firstFoldable(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into wanted: ByteSet) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        var index = range.lowerBound
        while index < range.upperBound {
            // Many bytes a step to the next character that may fold to a wanted letter.
            let found = DiacriticFolding.twoByteASCII.withUnsafeBufferPointer { letters in
                wanted.withWords { vault_find_folding_lead(base + index, range.upperBound - index, letters.baseAddress, $0) }
            }
            guard found >= 0 else { return nil }
            index += found
            if foldsInto(wanted, buffer, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// The first character from `from` on in `line` that may stand in an occurrence of `run`
    /// once the line is folded: a two-byte letter that folds to one of the run's letters with
    /// the run's neighbouring letters beside it (`mayStandInRun`), or any mark or rarer
    /// folding character (for the caller to check).
    static func firstFoldable(
        _ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, from: Int, standingIn run: [UInt8]
    ) -> Int? {
        guard let base = buffer.baseAddress, from < line.upperBound else { return nil }
        let found = DiacriticFolding.twoByteASCII.withUnsafeBufferPointer { letters in
            run.withUnsafeBufferPointer {
                vault_find_folding_in_run(
                    base + line.lowerBound, line.count, from - line.lowerBound, letters.baseAddress, $0.baseAddress, $0.count)
            }
        }
        return found < 0 ? nil : line.lowerBound + found
    }

    /// The lower-case ASCII letter the character starting at `index` folds to, and its
    /// length in bytes; nil for a mark (it folds to nothing) or any other character.
    @inline(__always)
    static func foldedLetter(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> (letter: UInt8, length: Int)? {
        let next = index + 1 < buffer.count ? buffer[index + 1] : 0
        var base: UInt8 = 0
        var length = 3
        switch buffer[index] {
        case 0xC3...0xC9:
            base = DiacriticFolding.asciiBase(lead: buffer[index], continuation: next)
            length = 2
        case 0xE1 where (0xB8...0xBB).contains(next) && index + 2 < buffer.count:
            base = DiacriticFolding.asciiBase(extended: next, buffer[index + 2])
        case 0xE2 where next == 0x84 && index + 2 < buffer.count:
            base = DiacriticFolding.asciiBase(sign: buffer[index + 2])
        default: return nil
        }
        guard base != 0 else { return nil }
        return (base &- 0x41 < 26 ? base | 0x20 : base, length)
    }

    /// True when the character starting at `index` is a combining mark: it vanishes when
    /// the text is folded.
    @inline(__always)
    static func isMark(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let lead = buffer[index]
        guard lead >= 0xCC else { return false }
        let second = index + 1 < buffer.count ? buffer[index + 1] : 0
        let third = index + 2 < buffer.count ? buffer[index + 2] : 0
        return CombiningMarks.contains(lead: lead, second, third)
    }

    /// True when the character starting at `index` is a combining mark or a letter that
    /// folds to one of the `wanted` bytes (compared lower-case).
    @inline(__always)
    static func foldsInto(_ wanted: ByteSet, _ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        if let (letter, _) = foldedLetter(buffer, at: index) { return wanted.contains(letter) }
        return isMark(buffer, at: index)
    }

    /// False when the character at `position` is a letter that folds to an ASCII letter and
    /// no place of that letter in `run` has the run's letters beside it (ASCII bytes around
    /// the character that differ from them, in any case): it then stands in no occurrence
    /// of the run in the folded line. True when it may, and for a mark, which vanishes in
    /// any place.
    static func mayStandInRun(_ run: [UInt8], _ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, at position: Int) -> Bool {
        guard let (letter, length) = foldedLetter(buffer, at: position) else { return true }
        let after = position + length
        let count = run.count
        @inline(__always) func lower(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
        func same(_ byte: UInt8, _ wanted: UInt8) -> Bool { byte >= 0x80 || lower(byte) == lower(wanted) }
        for index in 0..<count where lower(run[index]) == letter {
            let before = index == 0 || position > line.lowerBound && same(buffer[position - 1], run[index - 1])
            let next = index == count - 1 || after < line.upperBound && same(buffer[after], run[index + 1])
            if before && next { return true }
        }
        return false
    }

    /// The bytes of `range` as an ASCII projection: letters with diacritics become their
    /// base letter, combining marks go, other bytes stay. A pattern of ASCII bytes that
    /// matches the folded text matches this projection too, so it is a sound pre-check.
    static func project(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into output: inout [UInt8]) {
        // The projection is never longer than the text: write through a pointer, then cut.
        if output.count < range.count { output.append(contentsOf: repeatElement(0, count: range.count - output.count)) }
        let slice = UnsafeBufferPointer(rebasing: buffer[..<range.upperBound])
        let written = output.withUnsafeMutableBufferPointer { target -> Int in
            var written = 0
            var index = range.lowerBound
            while index < range.upperBound {
                let byte = buffer[index]
                if byte < 0x80 {
                    target[written] = byte
                    written += 1
                    index += 1
                    continue
                }
                // The common two-byte letters by table, without decoding.
                if byte >= 0xC3 && byte <= 0xC9 && index + 1 < range.upperBound && buffer[index + 1] & 0xC0 == 0x80 {
                    let base = DiacriticFolding.asciiBase(lead: byte, continuation: buffer[index + 1])
                    if base != 0 {
                        target[written] = base
                        written += 1
                    } else {
                        target[written] = byte
                        target[written + 1] = buffer[index + 1]
                        written += 2
                    }
                    index += 2
                    continue
                }
                let (value, length) = FuzzyText.decode(slice, at: index)
                if !CombiningMarks.contains(value) {
                    let folded = DiacriticFolding.fold(value)
                    if folded < 0x80 {
                        target[written] = UInt8(folded)
                        written += 1
                    } else {
                        for offset in 0..<length { target[written + offset] = buffer[index + offset] }
                        written += length
                    }
                }
                index += length
            }
            return written
        }
        output.removeLast(output.count - written)
    }

    /// How often a byte appears in notes (higher is more common), for choosing which byte
    /// of a pattern to look for first.
    static func commonness(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: " "): return 100
        case UInt8(ascii: "e"): return 90
        case UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "o"), UInt8(ascii: "i"), UInt8(ascii: "n"): return 80
        case UInt8(ascii: "s"), UInt8(ascii: "h"), UInt8(ascii: "r"): return 70
        case UInt8(ascii: "d"), UInt8(ascii: "l"), UInt8(ascii: "u"), UInt8(ascii: "c"), UInt8(ascii: "m"): return 60
        case UInt8(ascii: "w"), UInt8(ascii: "f"), UInt8(ascii: "g"), UInt8(ascii: "y"), UInt8(ascii: "p"), UInt8(ascii: "-"): return 50
        case UInt8(ascii: "b"), UInt8(ascii: "v"), UInt8(ascii: "k"), UInt8(ascii: "."), UInt8(ascii: ","), 0x0A: return 40
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return 20
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 15
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 25
        case 0x80...: return 10
        default: return 30
        }
    }
}
