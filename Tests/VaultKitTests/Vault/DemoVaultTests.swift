import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The facts `Fixtures/README.md` promises about the demo vault.
@Suite("The demo vault")
struct DemoVaultTests {
    let scan: VaultScan

    init() throws {
        scan = try Vault(root: Fixtures.path("demo")).scan()
    }

    private func note(_ path: String) throws -> Note {
        try #require(scan.notes.first { $0.path == path })
    }

    static let table: [(path: String, title: String, aliases: [String], tags: [String])] = [
        ("Home.md", "Home", [], []),
        ("journals/2026_11_16.md", "2026_11_16", [], ["project"]),
        ("journals/2026-11-17.md", "Tuesday 17 November", [], []),
        ("journals/2026-11-18.md", "2026-11-18", [], ["health"]),
        ("journals/2026-11-20.md", "Friday 20 November", [], ["project/vault"]),
        ("journals/2026-11-23.md", "2026-11-23", [], ["project/vault"]),
        ("journals/2026-11-24.md", "2026-11-24", [], []),
        ("journals/2026-11-25.md", "Wednesday", [], ["to-do"]),
        ("journals/2026-11-27.md", "Friday 27 November", [], []),
        ("journals/2026-11-30.md", "Monday 30 November", [], ["project/vault", "2026-goals"]),
        ("pages/BOM Note.md", "Notes from the old PC", [], ["archive-import"]),
        ("pages/Budget (50% draft).md", "Budget (50% draft)", [], ["2026-goals", "café"]),
        ("pages/Café Olé.md", "Café Olé", [], ["café"]),
        ("pages/Errands.md", "Errands", [], ["errands", "home"]),
        ("pages/Gift ideas.md", "Gift ideas for Ana's birthday", [], ["gifts"]),
        ("pages/Ideas.md", "Ideas", [], ["project/vault"]),
        ("pages/Meetings/Sync design review.md", "Sync design review, 19 Nov", [], ["meeting", "sync"]),
        ("pages/People/Ana Pereira.md", "Ana Pereira", ["Ana", "Ana P."], ["person", "work", "to-do"]),
        ("pages/People/Tom Becker.md", "Tom Becker", [], []),
        ("pages/Projects/Roadmap.md", "Roadmap", [], ["project/vault", "2026-goals"]),
        ("pages/Projects/Vault CLI.md", "Vault CLI", ["vault", "VaultKit"], ["project", "swift", "project/vault"]),
        ("pages/Reading List.md", "Reading List", [], ["reading", "reading/list"]),
        ("pages/Reading/Piranesi.md", "Piranesi", [], ["reading", "fiction", "fiction/fantasy"]),
        ("pages/Reading/Thinking in Systems.md", "Thinking in Systems: A Primer", [], ["reading", "systems", "systems/feedback"]),
        ("pages/Recipes/Lentil soup.md", "Lentil soup", [], ["cooking", "recipe"]),
        ("pages/Shell snippets.md", "Shell snippets", [], ["snippets", "snippets/shell"]),
        ("pages/Templates/Weekly Review Template.md", "Weekly review", [], ["template"]),
        ("pages/Windows Note.md", "Work laptop (Windows)", [], ["work", "windows", "windows/setup"]),
        ("pages/京都旅行.md", "京都旅行", ["Kyoto trip", "Κιότο"], ["travel", "travel/japan"]),
        ("inbox/Call notes.md", "Call notes", [], []),
        ("inbox/Ideas.md", "Ideas", [], []),
        ("inbox/Local-first software.md", "Local-first software", [], ["to-read"]),
        ("quick/Buy stamps.md", "Buy stamps", [], []),
        ("quick/Podcast rec.md", "Podcast rec", [], []),
        ("quick/Sync retry bug.md", "Retry loop after a conflict", [], []),
        ("quick/example.org.md", "example.org", [], []),
        ("archive/pages/Projects/Roadmap.md", "Roadmap (2025)", [], []),
        ("archive/pages/Reading/Books of 2025.md", "Books of 2025", [], ["reading"]),
        ("trash/pages/Gym Plan.md", "Gym Plan", [], ["fitness"]),
    ]

    @Test("every note has the title, aliases and tags the fixture table lists", arguments: table.indices)
    func metadata(index: Int) throws {
        let row = Self.table[index]
        let found = try note(row.path)
        #expect(found.title == row.title)
        #expect(found.aliases == row.aliases)
        #expect(found.tags == row.tags)
        #expect(found.availability == .available)
    }

    @Test("the vault holds exactly the listed notes plus the placeholder")
    func noteSet() {
        let expected = Set(Self.table.map(\.path) + ["pages/Evicted Idea.md"])
        #expect(Set(scan.notes.map(\.path)) == expected)
        #expect(scan.warnings.isEmpty)
    }

    @Test("folder kinds follow the top-level folder")
    func kinds() throws {
        #expect(try note("Home.md").kind == .other)
        #expect(try note("journals/2026_11_16.md").kind == .journal)
        #expect(try note("journals/2026_11_16.md").journalDate == "2026-11-16")
        #expect(try note("pages/Errands.md").kind == .page)
        #expect(try note("inbox/Ideas.md").kind == .inbox)
        #expect(try note("quick/Buy stamps.md").kind == .quick)
        #expect(try note("archive/pages/Projects/Roadmap.md").kind == .archive)
        #expect(try note("trash/pages/Gym Plan.md").kind == .trash)
    }

    @Test("the iCloud placeholder is a note that is not downloaded, never an empty one")
    func placeholder() throws {
        let evicted = try note("pages/Evicted Idea.md")
        #expect(evicted.availability == .placeholder)
        #expect(throws: VaultError.noteNotDownloaded(path: "pages/Evicted Idea.md")) {
            try Vault(root: Fixtures.path("demo")).contents(of: evicted)
        }
    }

    @Test("conflict copies are kept apart from notes, beside their originals")
    func conflictCopies() {
        #expect(scan.conflictCopies.map(\.path) == [
            "inbox/Call notes (Ana's conflicted copy 2026-11-27).md",
            "pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md",
        ])
        #expect(scan.conflictCopies.map(\.originalPath) == ["inbox/Call notes.md", "pages/Reading List.md"])
        #expect(scan.conflictCopies.map(\.tool) == [.dropbox, .syncthing])
    }

    @Test("the tag index has the 31 live tags and none from trash or conflict copies")
    func tagIndex() {
        let tags = VaultSummary.tagCounts(scan.notes).map(\.tag)
        #expect(tags.count == 31)
        #expect(!tags.contains("fitness") && !tags.contains("phone-edit") && !tags.contains("icloud"))
        #expect(VaultSummary.tagCounts(scan.notes).first == .init(tag: "project/vault", count: 6))
    }

    @Test("the CRLF and BOM notes are read like any other")
    func crlfAndBOM() throws {
        #expect(try note("pages/Windows Note.md").hasFrontmatter)
        #expect(try note("pages/BOM Note.md").hasFrontmatter)
    }

    @Test("the remapped vault sorts notes into its renamed folders")
    func remapped() throws {
        let vault = try Vault(root: Fixtures.path("remapped"))
        #expect(vault.layout.isRemapped)
        #expect(vault.layout.folder(for: .inbox) == "00 Inbox")
        let kinds = Dictionary(grouping: try vault.scan().notes, by: \.kind).mapValues(\.count)
        #expect(kinds == [.journal: 2, .page: 2, .inbox: 1, .quick: 1, .archive: 1, .trash: 1])
    }
}
