import CByteSearch
import TestSupport
import Testing
@testable import VaultKit

/// The byte searches that take 16 or 32 bytes a step must answer as a byte-by-byte search
/// does, at every width the processor offers.
@Suite("Byte searches agree at every width", .serialized)
struct ByteSearchTests {
    static let alphabet = Array("abAB .-_[]#\t".utf8)

    static func line(_ random: inout SeededGenerator, length: Int) -> [UInt8] {
        (0..<length).map { _ in alphabet[random.below(alphabet.count)] }
    }

    /// The rule of `vault_find_folding_lead`, written out byte by byte.
    static func mayFold(_ bytes: [UInt8], at index: Int) -> Bool {
        let lead = bytes[index]
        guard index + 1 < bytes.count else { return (0xC3...0xC9).contains(lead) || [0xCC, 0xCD, 0xE1, 0xE2, 0xEF].contains(lead) }
        let next = bytes[index + 1]
        switch lead {
        case 0xC3...0xC9, 0xCC: return true
        case 0xCD: return next <= 0xAF
        case 0xE1: return next == 0xAA || next == 0xAB || (0xB7...0xBB).contains(next)
        case 0xE2: return next == 0x83 || next == 0x84
        case 0xEF: return next == 0xB8
        default: return false
        }
    }

    /// Runs `body` with the byte searches limited to steps of `width` (0 byte by byte, 1
    /// sixteen bytes, 2 thirty-two), then back to the widest. The suite runs one test at a
    /// time, so no other test of it changes the width meanwhile.
    static func limited(to width: Int32, _ body: () -> Void) {
        vault_byte_search_limit(width)
        defer { vault_byte_search_limit(2) }
        body()
    }

    @Test("the two-byte run search finds the first run, in either case when folding, as a byte-by-byte search does", arguments: [Int32(0), 1, 2])
    func runSearch(width: Int32) {
        Self.limited(to: width) { runSearchAgrees() }
    }

    func runSearchAgrees() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<4_000 {
            let haystack = Self.line(&random, length: random.below(120))
            let count = 1 + random.below(5)
            let fold = random.below(2) == 0
            var needle = Self.line(&random, length: count)
            if fold { needle = needle.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 } }
            let first = random.below(count), second = random.below(count)
            let found = vault_find_run(haystack, haystack.count, needle, count, first, second, fold ? 1 : 0)
            func same(_ start: Int) -> Bool {
                (0..<count).allSatisfy { offset in
                    let byte = haystack[start + offset]
                    return (fold && byte &- 0x41 < 26 ? byte | 0x20 : byte) == needle[offset]
                }
            }
            let expected = haystack.count < count ? -1 : ((0...(haystack.count - count)).first(where: same) ?? -1)
            #expect(found == expected, "\(needle) in \(haystack), fold \(fold)")
        }
    }

    @Test("the scan for folding characters stops at the first byte that may start one, as a byte-by-byte scan does", arguments: [Int32(0), 1, 2])
    func foldingLeads(width: Int32) {
        Self.limited(to: width) { foldingLeadsAgree() }
    }

    func foldingLeadsAgree() {
        var random = SeededGenerator(seed: 3)
        let bytes: [UInt8] = [
            0x41, 0x7A, 0x80, 0x83, 0x84, 0xAA, 0xAB, 0xAF, 0xB0, 0xB6, 0xB7, 0xB8, 0xBB, 0xBC, 0xBF, 0xC2, 0xC3, 0xC9, 0xCA, 0xCB,
            0xCC, 0xCD, 0xCE, 0xE0, 0xE1, 0xE2, 0xE3, 0xEE, 0xEF, 0xF0, 0xFF,
        ]
        for _ in 0..<4_000 {
            var haystack = [UInt8](repeating: 0x61, count: random.below(150))
            for _ in 0..<random.below(6) where !haystack.isEmpty {
                haystack[random.below(haystack.count)] = bytes[random.below(bytes.count)]
            }
            let expected = haystack.indices.first { Self.mayFold(haystack, at: $0) } ?? -1
            #expect(vault_find_folding_lead(haystack, haystack.count, nil, nil) == expected, "\(haystack)")
        }
    }

    @Test("the scan for characters that fold to wanted letters finds the first that a character-by-character check finds", arguments: [Int32(0), 1, 2])
    func foldingInto(width: Int32) {
        Self.limited(to: width) {
            var random = SeededGenerator(seed: 5)
            let pieces: [[UInt8]] = ["a", "e", " ", "é", "É", "ü", "ø", "ß", "Ł", "ǅ", "\u{301}", "…", "—", "\u{212A}", "ḃ", "日", "\u{FE0F}", "ʰ"]
                .map { Array($0.utf8) } + [[0xC3], [0xE2, 0x84], [0xFF]]
            let letters = Array("abcdeklosuz".utf8)
            for _ in 0..<3_000 {
                var haystack: [UInt8] = []
                for _ in 0..<random.below(60) { haystack += random.below(3) == 0 ? pieces[random.below(pieces.count)] : [0x61] }
                let wanted = ByteSet((0..<random.below(4)).map { _ in letters[random.below(letters.count)] })
                let expected = haystack.withUnsafeBufferPointer { buffer in
                    buffer.indices.first { buffer[$0] >= 0xC3 && ByteScan.foldsInto(wanted, buffer, at: $0) }
                }
                let found = haystack.withUnsafeBufferPointer { ByteScan.firstFoldable($0, 0..<$0.count, into: wanted) }
                #expect(found == expected, "\(haystack)")
            }
        }
    }

    @Test("the scan for letters that may stand in a run finds the first that a check of each character finds", arguments: [Int32(0), 1, 2])
    func foldingInRun(width: Int32) {
        Self.limited(to: width) {
            var random = SeededGenerator(seed: 9)
            let pieces: [[UInt8]] = ["b", "u", "d", "g", "E", "t", " ", "é", "É", "ü", "ù", "ḃ", "\u{301}", "…", "日", "ø"]
                .map { Array($0.utf8) } + [[0xC3], [0xFF]]
            let runs = ["budget", "et", "e", "ub", "ebe"].map { Array($0.utf8) }
            for _ in 0..<3_000 {
                var line: [UInt8] = []
                for _ in 0..<random.below(50) { line += pieces[random.below(pieces.count)] }
                let run = runs[random.below(runs.count)]
                let from = random.below(line.count + 1)
                let expected = line.withUnsafeBufferPointer { buffer in
                    (from..<buffer.count).first { index in
                        switch buffer[index] {
                        case 0xC3...0xC9:
                            return index == buffer.count - 1
                                || ByteScan.foldedLetter(buffer, at: index) != nil && ByteScan.mayStandInRun(run, buffer, 0..<buffer.count, at: index)
                        case 0xCC, 0xCD, 0xE1, 0xE2, 0xEF: return Self.mayFold(line, at: index)
                        default: return false
                        }
                    }
                }
                let found = line.withUnsafeBufferPointer { ByteScan.firstFoldable($0, 0..<$0.count, from: from, standingIn: run) }
                #expect(found == expected, "\(run) from \(from) in \(line)")
            }
        }
    }

    @Test("counting newlines gives what a byte-by-byte count gives", arguments: [Int32(0), 1, 2])
    func countsNewlines(width: Int32) {
        Self.limited(to: width) {
            var random = SeededGenerator(seed: 11)
            for _ in 0..<2_000 {
                let bytes = (0..<random.below(200)).map { _ in random.below(4) == 0 ? UInt8(0x0A) : UInt8(0x61) }
                #expect(vault_count_byte(bytes, bytes.count, 0x0A) == bytes.filter { $0 == 0x0A }.count)
                #expect(bytes.withUnsafeBufferPointer { ByteScan.countLines($0, 0..<$0.count) } == bytes.filter { $0 == 0x0A }.count)
            }
        }
    }
}
