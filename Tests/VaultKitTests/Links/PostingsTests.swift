import Testing

@testable import VaultKit

@Suite("Postings of the link index")
struct PostingsTests {
    @Test("every key finds the files added under it, in order, through many growths of its slots")
    func findsWhatWasAdded() {
        var postings = Postings()
        // By bytes, as the index compares its keys (`collisionKey`s, NFC already): a
        // dictionary of strings would take the two spellings of café for one key.
        var model: [[UInt8]: [Int]] = [:]
        // Prefixes of one another, an empty key, non-ASCII keys and keys added again later.
        var keys = ["", "a", "ab", "abc", "pages/a", "pages/ab", "café", "cafe\u{301}", "日記/2026-12-05"]
        keys += (0..<5_000).map { "pages/note \($0)" }
        var generator = SystemRandomNumberGenerator()
        for number in 0..<12_000 {
            let key = number < keys.count ? keys[number] : keys.randomElement(using: &generator)!
            postings.add(number, for: key)
            model[Array(key.utf8), default: []].append(number)
        }
        for (bytes, numbers) in model {
            let key = String(decoding: bytes, as: UTF8.self)
            let found = postings[key]
            #expect(found.all == numbers, "\(key)")
            #expect(found.first == numbers.first)
        }
        for missing in ["b", "pages/", "pages/note 5000", "abcd", "CAFÉ"] {
            #expect(postings[missing].all.isEmpty, "\(missing)")
            #expect(postings[missing].first == nil)
        }
    }

    @Test("an index of more files than one stretch of keys finds each by name, by path and by its extension, and none in the trash")
    func indexAcrossStretches() {
        // Three stretches and a part: every file in the last is named twice, once in the trash.
        let notes = (0..<40_000).map { "pages/Folder \($0 % 7)/Note \($0).md" } + (39_000..<40_000).map { "trash/Note \($0).md" }
        let assets = (0..<10_000).map { "assets/Image \($0).png" }
        let index = LinkIndex(notes: notes, assets: assets, layout: .standard)
        for number in [0, 16_383, 16_384, 32_768, 39_999] {
            let path = "pages/Folder \(number % 7)/Note \(number).md"
            #expect(index.resolveWikilink("Note \(number)", from: "journals/x.md") == Resolution(path: path, candidates: 1))
            #expect(index.resolveWikilink("note \(number).md", from: "journals/x.md").path == path)
            #expect(index.resolveWikilink("Folder \(number % 7)/Note \(number)", from: "x.md").path == path)
            #expect(index.contains(path))
        }
        #expect(index.resolveMarkdown("assets/Image 9999.png", from: "x.md").path == "assets/Image 9999.png")
        #expect(!index.contains("trash/Note 39999.md"))
        #expect(index.resolveWikilink("Note 40000", from: "x.md") == .dangling)
    }

    @Test("a key that names one file holds it inline, and one that names several holds them all")
    func oneAndMany() {
        var postings = Postings()
        postings.add(3, for: "alone")
        postings.add(1, for: "twice")
        postings.add(7, for: "twice")
        guard case .one(3) = postings["alone"] else { Issue.record("one file expected"); return }
        guard case .many(let numbers) = postings["twice"] else { Issue.record("several files expected"); return }
        #expect(numbers == [1, 7])
    }
}
