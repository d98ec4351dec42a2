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

    @Test("a name that is a prefix of another sorts first, and eight shared bytes fall back to the whole name")
    func prefixes() {
        let names = ["abcdefgh-2.md", "abcdefgh-10.md", "ab", "abc", "b", "a.md", "A"]
        let entries = names.map { DirectoryEntry(name: $0, kind: .file) }
        #expect(NameOrder.sorted(entries).map(\.name) == ["A", "a.md", "ab", "abc", "abcdefgh-10.md", "abcdefgh-2.md", "b"])
    }
}
