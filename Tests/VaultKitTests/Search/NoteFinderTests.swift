import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Finding notes by title, alias and path")
struct NoteFinderTests {
    static let demo: [Note] = {
        let vault = try! Vault(root: Fixtures.path("demo"))
        return NoteQuery().apply(to: try! vault.scan(detail: .summary).notes, layout: vault.layout)
    }()

    private func paths(_ query: String, limit: Int? = 3) -> [String] {
        NoteFinder(query).rank(Self.demo, limit: limit).map(\.note.path)
    }

    @Test("the note whose title is the query comes first")
    func titleFirst() {
        #expect(paths("vault cli").first == "pages/Projects/Vault CLI.md")
        #expect(paths("lentil").first == "pages/Recipes/Lentil soup.md")
        #expect(paths("thinking systems").first == "pages/Reading/Thinking in Systems.md")
    }

    @Test("an alias finds its note, and says so")
    func alias() throws {
        let match = try #require(NoteFinder("kyoto").rank(Self.demo).first)
        #expect(match.note.path == "pages/京都旅行.md")
        #expect(match.field == .alias)
        #expect(match.text == "Kyoto trip")
        #expect(match.ranges == [0..<5])
    }

    @Test("the path finds notes by folder and file name")
    func path() throws {
        let match = try #require(NoteFinder("sync retry").rank(Self.demo).first)
        #expect(match.note.path == "quick/Sync retry bug.md")
        #expect(match.field == .path)
    }

    @Test("at equal scores the shorter title wins, and the archive comes last")
    func tieBreaks() {
        #expect(paths("roadmap", limit: 2) == ["pages/Projects/Roadmap.md", "archive/pages/Projects/Roadmap.md"])
        #expect(paths("ideas", limit: 2) == ["inbox/Ideas.md", "pages/Ideas.md"])
    }

    @Test("accents never matter")
    func accents() {
        #expect(paths("cafe ole").first == "pages/Café Olé.md")
        #expect(paths("Café").first == "pages/Café Olé.md")
    }

    @Test("an exclusion leaves out notes with the term in any field")
    func exclusion() {
        // The archived note's title holds 2025 even though its path does not.
        let found = paths("roadmap !2025", limit: nil)
        #expect(found.contains("pages/Projects/Roadmap.md"))
        #expect(!found.contains("archive/pages/Projects/Roadmap.md"))
        #expect(!paths("roadmap !archive", limit: nil).contains("archive/pages/Projects/Roadmap.md"))
    }

    @Test("no query lists the most recently modified notes first, up to the limit")
    func noQuery() {
        let notes = [
            note("pages/Old.md", modified: 100), note("pages/New.md", modified: 300), note("pages/Mid.md", modified: 200),
        ]
        #expect(NoteFinder("").rank(notes).map(\.note.path) == ["pages/New.md", "pages/Mid.md", "pages/Old.md"])
        #expect(NoteFinder("").rank(notes, limit: 1).map(\.note.path) == ["pages/New.md"])
        #expect(NoteFinder("!mid").rank(notes).map(\.note.path) == ["pages/New.md", "pages/Old.md"])
    }

    @Test("nothing is found when no field matches")
    func nothing() {
        #expect(NoteFinder("zzqx").rank(Self.demo).isEmpty)
    }

    private func note(_ path: String, modified: Int64) -> Note {
        NoteReader.skeleton(
            path: path, kind: .page, status: FileStatus(kind: .file, size: 0, modifiedNanoseconds: modified * 1_000_000_000),
            availability: .available)
    }
}
