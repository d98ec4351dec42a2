import TestSupport
import Testing
@testable import VaultKit

/// An exact search matches a line on its bytes where no folding character may take part
/// (`LiteralTerms`): it must find what decoding and scoring every line finds.
@Suite("Literal matching agrees with decoding and scoring")
struct LiteralTermsTests {
    /// A small alphabet, so that terms occur often, overlap and meet both cases.
    static let alphabet = Array("abAB .-_[]#\t".utf8)

    static func line(_ random: inout SeededGenerator, length: Int) -> [UInt8] {
        (0..<length).map { _ in alphabet[random.below(alphabet.count)] }
    }

    /// Characters beyond ASCII: some fold into the terms' letters (`á`, `Ä`, a mark, the
    /// Kelvin sign for `k`), some do not (`日`, `ø`, `…`), and a byte that is not UTF-8.
    static let wider: [[UInt8]] = ["á", "Ä", "\u{301}", "\u{212A}", "日", "ø", "…", "é"].map { Array($0.utf8) } + [[0xFF]]

    static func mixedLine(_ random: inout SeededGenerator, length: Int) -> [UInt8] {
        var line: [UInt8] = []
        for _ in 0..<length {
            if random.below(8) == 0 { line += wider[random.below(wider.count)] } else { line.append(alphabet[random.below(alphabet.count)]) }
        }
        return line
    }

    @Test("an exact search gives the same matches, text and highlights, as one that decodes every line")
    func sameAsDecoding() throws {
        var random = SeededGenerator(seed: 16)
        let queries = [
            "ab", "AB", "ba", "b", "a b", "ab | ba", "ab !bb", "a.", "#", "[[a", "ab ab", "a-b", "'ab", "^ab", "ab$",
            "aa", "aba", "b a", "Ab", "ab | B", "ab !a", "bab", "ak", "k", "a !k", "ab !ka", "e", "ae", "ab | e",
        ]
        for query in queries {
            let search = try LineSearch(query, mode: .exact)
            var fast = FileSearcher(search: search)
            var slow = FileSearcher(search: search, literalLines: false)
            for _ in 0..<60 {
                var note: [UInt8] = []
                for _ in 0..<random.below(12) {
                    note += Self.mixedLine(&random, length: random.below(40))
                    note += random.below(5) == 0 ? [0x0D, 0x0A] : [0x0A]
                }
                let found = try fast.search(note, path: "n.md")
                let expected = try slow.search(note, path: "n.md")
                #expect(found.0 == expected.0, "\(query) in \(String(decoding: note, as: UTF8.self).debugDescription)")
                #expect(found.lossy == expected.lossy)
            }
        }
    }

    @Test("terms whose occurrences may overlap, or that are not exact runs of ASCII, are left to the full match")
    func declines() {
        #expect(LiteralTerms(FuzzyQuery("budget", exact: true)) != nil)
        #expect(LiteralTerms(FuzzyQuery("due date", exact: true)) != nil)
        #expect(LiteralTerms(FuzzyQuery("aa", exact: true)) == nil)
        #expect(LiteralTerms(FuzzyQuery("abab", exact: true)) == nil)
        #expect(LiteralTerms(FuzzyQuery("!aa", exact: true)) != nil)
        #expect(LiteralTerms(FuzzyQuery("'budget", exact: true)) == nil)
        #expect(LiteralTerms(FuzzyQuery("^budget", exact: true)) == nil)
        #expect(LiteralTerms(FuzzyQuery("москва", exact: true)) == nil)
        #expect(LiteralTerms.mayOverlap(Array("abcab".utf8)))
        #expect(LiteralTerms.mayOverlap(Array("abcba".utf8)))
        #expect(!LiteralTerms.mayOverlap(Array("budget".utf8)))
    }
}
