import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Fuzzy matcher")
struct FuzzyMatcherTests {
    /// The score of `pattern` in `text` as a one-term query would compute it.
    private func score(_ pattern: String, _ text: String) -> Int? {
        var matcher = FuzzyMatcher()
        return FuzzyQuery(pattern).match(FuzzyText(text), with: &matcher)?.score
    }

    private func positions(_ pattern: String, _ text: String) -> [Int]? {
        var matcher = FuzzyMatcher()
        return FuzzyQuery(pattern).match(FuzzyText(text), with: &matcher)?.positions
    }

    @Test("a match at a word boundary beats one in the middle of a word")
    func boundaryBeatsMidWord() throws {
        // fzf's own examples: "fuzzy-finder" over "fuzzyfinder" for "ff".
        #expect(try #require(score("ff", "fuzzy-finder")) > #require(score("ff", "fuzzyfinder")))
        #expect(try #require(score("br", "fo-bar")) > #require(score("br", "foob-r")))
    }

    @Test("the first character counts double: a pattern that starts at a boundary wins")
    func firstCharacterCountsDouble() throws {
        #expect(try #require(score("og", "ongoing")) > #require(score("og", "to-go")))
    }

    @Test("consecutive characters beat scattered ones")
    func consecutiveBeatsScattered() throws {
        #expect(try #require(score("foob", "foobar")) > #require(score("foob", "foo-bar")))
        // A run's bonus comes from its first character: boundaries beat a plain run.
        #expect(try #require(score("oob", "out-of-bound")) > #require(score("oob", "foobar")))
        #expect(try #require(score("plan", "project plan")) > #require(score("plan", "please learn and")))
    }

    @Test("a long gap cancels the bonus of a boundary")
    func gapsCost() throws {
        // Twelve characters of gap exactly cancel a boundary; more lose to it.
        #expect(score("ff", "fuzzyfinder") == score("ff", "fuzzy-blurry-finder"))
        #expect(try #require(score("ff", "fuzzyfinder")) > #require(score("ff", "fuzzy-blurry-dizzy-finder")))
    }

    @Test("after a path separator and at a camelCase hump are boundaries")
    func pathAndCamelCase() throws {
        #expect(try #require(score("vc", "pages/Vault CLI")) > #require(score("vc", "pages/avocado")))
        #expect(try #require(score("fb", "fooBar")) > #require(score("fb", "foobar")))
        #expect(try #require(score("p2", "plan2")) > #require(score("p2", "pla02")))
    }

    @Test("at equal quality the shorter text is not penalised, ranking decides (NoteFinder)")
    func equalScores() throws {
        #expect(score("roadmap", "Roadmap") == score("roadmap", "Roadmap (2025)"))
    }

    @Test("the matched characters are reported for highlighting")
    func reportsPositions() {
        #expect(positions("vcli", "Vault CLI") == [0, 6, 7, 8])
        #expect(positions("hw", "hello world") == [0, 6])
    }

    @Test("no match when a character is missing or out of order")
    func noMatch() {
        #expect(score("abc", "cab") == nil)
        #expect(score("xyz", "hello") == nil)
        #expect(score("toolong", "tool") == nil)
    }

    @Test("smart case: a lower-case term ignores case, an upper-case letter makes it exact")
    func smartCase() {
        #expect(score("vault", "VAULT notes") != nil)
        #expect(score("Vault", "vault notes") == nil)
        #expect(score("Vault", "My Vault") != nil)
    }

    @Test("diacritics fold both ways: cafe finds Café, café finds cafe")
    func diacritics() {
        #expect(score("cafe", "Café Olé") != nil)
        #expect(score("cafe ole", "Café Olé") != nil)
        #expect(score("café", "Cafe") != nil)
        #expect(score("zurich", "Zürich") != nil)
        #expect(score("oresund", "Øresund") != nil)
        #expect(score("logos", "λόγος") == nil)
        #expect(score("λογος", "Λόγος doctor") != nil)
    }

    @Test("decomposed text (NFD, as macOS writes names) matches like composed text")
    func decomposedText() {
        let nfd = "Cafe\u{301} Ole\u{301}"
        #expect(score("cafe", nfd) == score("cafe", "Café Olé"))
        #expect(score("cafe\u{301}", "Café") != nil)
        // The highlight covers the letter and its mark.
        let text = FuzzyText(nfd)
        #expect(text.count == 8)
        #expect(text.byteRanges([3]) == [3..<6])
    }

    @Test("one text decoding line after line gives each character what a fresh text gives it, whatever came before")
    func decodingRemembersCharacters() {
        // Characters 1,024 apart share a place among those a text remembers.
        var scalars: [Unicode.Scalar] = []
        for base in [0xC9, 0xE9, 0x130, 0x3A3, 0x3C3, 0x416, 0x436, 0x1E9E, 0xDF, 0x212A, 0x4E2D] {
            for shift in [0, 1024, 2048] {
                if let scalar = Unicode.Scalar(base + shift) { scalars.append(scalar) }
            }
        }
        var random = SystemRandomNumberGenerator()
        var reused = FuzzyText()
        for _ in 0..<300 {
            let line = String(String.UnicodeScalarView((0..<12).map { _ in scalars.randomElement(using: &random)! }))
            Array(line.utf8).withUnsafeBufferPointer { reused.load($0) }
            let fresh = FuzzyText(line)
            #expect(reused.chars == fresh.chars && reused.lower == fresh.lower && reused.classes == fresh.classes)
        }
        // And what it makes of each is Unicode's: upper case, its lower case, its fold.
        let text = FuzzyText("ÉİΣЖ")
        #expect(text.classes == [.upper, .upper, .upper, .upper])
        #expect(text.lower == [0x65, 0x69, 0x3C3, 0x436])
        #expect(text.chars == [0x45, 0x49, 0x3A3, 0x416])
    }

    @Test("bytes that are not UTF-8 are characters of their own and never crash")
    func invalidBytes() {
        var text = FuzzyText()
        let bytes: [UInt8] = [0x66, 0x6F, 0xFF, 0x6F, 0xC3]
        bytes.withUnsafeBufferPointer { text.load($0) }
        #expect(text.count == 5)
        var matcher = FuzzyMatcher()
        #expect(FuzzyQuery("foo").match(text, with: &matcher) != nil)
    }

    @Test("a text too long for the optimal match falls back to the greedy one")
    func longText() {
        var matcher = FuzzyMatcher()
        let long = String(repeating: "a", count: 400_000) + "zx" + String(repeating: "b", count: 10)
        let result = matcher.match(.fuzzy, Array("zxb".unicodeScalars.map(\.value)), in: FuzzyText(long), caseSensitive: false)
        #expect(result?.positions == [400_000, 400_001, 400_002])
    }
}
