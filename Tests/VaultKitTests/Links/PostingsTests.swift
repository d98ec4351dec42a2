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
