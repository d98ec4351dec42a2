import Testing
@testable import VaultSystem

/// Folder entries sorted on their names' first bytes come out as `String <` sorts them.
@Suite("Name order")
struct NameOrderTests {
    @Test("random names, ASCII or not, sharing prefixes, NFC and NFD, sort as String < sorts them")
    func agreesWithStringOrder() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "A", "b", "Z", "0", "9", " ", ".", "-", "_", "~", "é", "e\u{301}", "\u{301}", "ü", "ß", "日", "🙂", "abcdefgh", "abcdefg"]
        for _ in 0..<300 {
            let count = Int.random(in: 0...40, using: &generator)
            var names = Set<String>()
            while names.count < count {
                let length = Int.random(in: 1...6, using: &generator)
                names.insert((0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined())
            }
            let entries = names.map { DirectoryEntry(name: $0, kind: .file) }
            #expect(NameOrder.sorted(entries).map(\.name) == entries.sorted { $0.name < $1.name }.map(\.name))
        }
    }

    @Test("a name that is a prefix of another sorts first, and sixteen shared bytes fall back to the whole name")
    func prefixes() {
        let names = ["abcdefgh-2.md", "abcdefgh-10.md", "ab", "abc", "b", "a.md", "A", "2026-01-02 meeting b.md", "2026-01-02 meeting a.md", "2026-01-02 meeting"]
        let entries = names.map { DirectoryEntry(name: $0, kind: .file) }
        #expect(
            NameOrder.sorted(entries).map(\.name) == [
                "2026-01-02 meeting", "2026-01-02 meeting a.md", "2026-01-02 meeting b.md", "A", "a.md", "ab", "abc", "abcdefgh-10.md",
                "abcdefgh-2.md", "b",
            ])
    }

    @Test("paths are ordered as String < orders them, and one text spelled in two ways by its bytes")
    func pathOrder() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "B", "/", " ", ".", "-", "é", "e\u{301}", "\u{301}", "Å", "A\u{30A}", "\u{212B}", "日", "pages/", "journals/2026-", "0"]
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let b = (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let expected = a < b || !(b < a) && a.utf8.lexicographicallyPrecedes(b.utf8)
            #expect(NameOrder.precedes(a, b) == expected, "\(Array(a.unicodeScalars)) \(Array(b.unicodeScalars))")
        }
        #expect(NameOrder.precedes("pages/e\u{301}.md", "pages/\u{E9}.md"))
        #expect(!NameOrder.precedes("pages/\u{E9}.md", "pages/e\u{301}.md"))
        #expect(!NameOrder.precedes("pages/a.md", "pages/a.md"))
    }
}
