import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The finder ranks large vaults in slices, each keeping its own best; these check that the
/// merge gives exactly the ranking of every note taken alone.
@Suite("Finding notes in slices")
struct NoteFinderSliceTests {
    /// 12,000 notes (several slices) with few distinct words, so that scores tie often and
    /// the length, the archive and the path decide; some have an alias.
    static let many: [Note] = {
        let words = ["Cobalt", "exam", "cobble", "Coastal", "atlas", "bolt", "ember", "cob"]
        return (0..<12_000).map { number in
            let archived = number % 7 == 0
            let title = words[number % words.count] + " " + words[(number / 8) % words.count] + String(repeating: "x", count: number % 3)
            let path = (archived ? "archive/" : "pages/") + "\(number % 13)/" + title + " \(number).md"
            var note = NoteReader.skeleton(
                path: path, kind: archived ? .archive : .page,
                status: FileStatus(kind: .file, size: 0, modifiedNanoseconds: 0), availability: .available)
            note.title = title
            if number % 5 == 0 { note.aliases = [words[(number / 3) % words.count] + " alias"] }
            return note
        }
    }()

    /// Each note ranked on its own, then ordered as documented: higher score, shorter text,
    /// outside the archive, path.
    private func oneByOne(_ query: String, limit: Int) -> [NoteMatch] {
        let finder = NoteFinder(query)
        let found = Self.many.compactMap { finder.rank([$0]).first }.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            let lengthA = a.text.unicodeScalars.count, lengthB = b.text.unicodeScalars.count
            if lengthA != lengthB { return lengthA < lengthB }
            if (a.note.kind == .archive) != (b.note.kind == .archive) { return b.note.kind == .archive }
            return a.note.path < b.note.path
        }
        return Array(found.prefix(limit))
    }

    @Test("ranking in slices gives the order, fields and matched ranges of ranking each note alone")
    func slicesMergeAsOne() {
        #expect(Self.many.count / 2048 > 1)
        for query in ["cob", "Cobalt", "ex", "cobalt exam", "at !bolt", "^Co", "alias", "12/"] {
            let sliced = NoteFinder(query).rank(Self.many, limit: 50)
            let alone = oneByOne(query, limit: 50)
            #expect(sliced.count == alone.count, "\(query)")
            #expect(sliced == alone, "\(query)")
        }
    }

    @Test("without a limit every matching note is ranked, in the same order")
    func noLimit() {
        let sliced = NoteFinder("cobx").rank(Self.many)
        #expect(sliced.count > 1_000)
        #expect(sliced.map(\.note.path) == oneByOne("cobx", limit: .max).map(\.note.path))
    }

    @Test("notes left out by the filter are never ranked")
    func filter() {
        let found = NoteFinder("cobalt").rank(Self.many, limit: 20, where: { $0.kind != .archive })
        #expect(found.count == 20)
        #expect(found.allSatisfy { $0.note.kind != .archive })
        let expected = NoteFinder("cobalt").rank(Self.many.filter { $0.kind != .archive }, limit: 20)
        #expect(found == expected)
    }
}
