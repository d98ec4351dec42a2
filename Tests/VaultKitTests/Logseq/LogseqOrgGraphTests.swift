import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A Logseq graph's `.org` pages: notes there (and attachments in any other vault), read for
/// links and tasks, renamed and linked to as markdown pages are.
@Suite("Logseq org graphs")
struct LogseqOrgGraphTests {
    static let graph: [String: String] = [
        "logseq/config.edn": "{:file/name-format :triple-lowbar}\n",
        "pages/Seed_box.org": """
            #+TITLE: Seed Box
            #+alias: Packets

            * What to sow in [[Projects/Garden]] and [[Garden plan][the plan]]
            ** TODO buy tomato seeds #garden
            #+BEGIN_SRC clojure
            [[Not A Page]]
            #+END_SRC

            """,
        "journals/2021_02_02.org": "* Market for the [[seed box][packets]] and [[Seed Box]]\n** NOW water the seedlings\n",
        "pages/Projects___Garden.md": "- sown from the [[Seed Box]] and [[packets]]\n",
        "pages/garden.md": "- the page of #garden\n",
    ]

    private static func edges(_ vault: Vault) throws -> [String] {
        let scan = try vault.scan(detail: .paths)
        return LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan)).edges
            .map { "\($0.source):\($0.link.line) \($0.text) -> \($0.resolution.path ?? "nothing")" }
    }

    @Test("the walk takes .org files as notes in a Logseq graph, titled by #+TITLE:, a journal by its day")
    func walk() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.graph)
        _ = folder
        let notes = try vault.scan(detail: .summary).notes
        #expect(notes.map(\.path) == [
            "journals/2021_02_02.org", "pages/Projects___Garden.md", "pages/Seed_box.org", "pages/garden.md",
        ])
        let titles = Dictionary(uniqueKeysWithValues: notes.map { ($0.path, $0.title) })
        #expect(titles["pages/Seed_box.org"] == "Seed Box")
        #expect(titles["journals/2021_02_02.org"] == "Feb 2nd, 2021")
        #expect(notes.first { $0.path == "pages/Seed_box.org" }?.aliases == ["Packets"])
        let lookup = NoteLookup(notes: notes, in: vault)
        #expect(try lookup.note(named: "packets").path == "pages/Seed_box.org")
        #expect(try lookup.note(named: "Feb 2nd, 2021").path == "journals/2021_02_02.org")
        // Read alone, without a walk, as a markdown page's path is.
        #expect(vault.noteAtPath("pages/Seed_box")?.path == "pages/Seed_box.org")
        #expect(vault.noteAtPath("pages/Seed_box.org")?.title == "Seed Box")
        let day = try #require(CalendarDay(year: 2021, month: 2, day: 2))
        #expect(try Journals(vault: vault).entry(for: day)?.path == "journals/2021_02_02.org")
    }

    @Test("in a vault that is no Logseq graph a .org file is an attachment, not a note")
    func markdownVault() throws {
        var files = Self.graph
        files["logseq/config.edn"] = nil
        let (folder, vault) = try TemporaryFolder.vault(files)
        _ = folder
        let scan = try vault.scan(detail: .summary)
        #expect(scan.notes.map(\.path) == ["pages/Projects___Garden.md", "pages/garden.md"])
        #expect(scan.assets.contains("pages/Seed_box.org"))
        #expect(vault.noteAtPath("pages/Seed_box") == nil)
    }

    @Test("org links resolve by page names, title and alias in any case; code and URLs hold none")
    func links() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.graph)
        _ = folder
        #expect(try Self.edges(vault) == [
            "journals/2021_02_02.org:1 [[seed box][packets]] -> pages/Seed_box.org",
            "journals/2021_02_02.org:1 [[Seed Box]] -> pages/Seed_box.org",
            "pages/Projects___Garden.md:1 [[Seed Box]] -> pages/Seed_box.org",
            "pages/Projects___Garden.md:1 [[packets]] -> pages/Seed_box.org",
            "pages/Seed_box.org:2 Packets -> pages/Seed_box.org",
            "pages/Seed_box.org:4 [[Projects/Garden]] -> pages/Projects___Garden.md",
            "pages/Seed_box.org:4 [[Garden plan][the plan]] -> nothing",
            "pages/Seed_box.org:5 #garden -> pages/garden.md", "pages/garden.md:1 #garden -> pages/garden.md",
        ])
    }

    @Test("org headline tasks are listed, due on an org journal's day, and edited in their own word in place")
    func tasks() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.graph)
        let found = try vault.tasks().tasks
        #expect(found.map { "\($0.path):\($0.line) \($0.marker) \($0.text)" } == [
            "journals/2021_02_02.org:2 NOW water the seedlings", "pages/Seed_box.org:5 TODO buy tomato seeds #garden",
        ])
        try #require(found.count == 2)
        #expect(found[0].due == CalendarDay(year: 2021, month: 2, day: 2))
        let today = try #require(CalendarDay(year: 2026, month: 12, day: 1))
        _ = try vault.editTask(TaskReference(path: found[1].path, line: found[1].line, hash: found[1].hash), action: .done, today: today)
        #expect(try folder.text("pages/Seed_box.org") == Self.graph["pages/Seed_box.org"]!
            .replacingOccurrences(of: "** TODO buy", with: "** DONE buy"))
        _ = try vault.editTask(TaskReference(path: found[0].path, line: found[0].line, hash: found[0].hash), action: .done, today: today)
        #expect(try folder.text("journals/2021_02_02.org").hasSuffix("** DONE water the seedlings\n"))
    }

    @Test("renaming an org page moves it as .org, keeps #+TITLE: in step and rewrites [[p]] and [[p][label]] in their forms")
    func renameOrgPage() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.graph)
        let plan = try RenamePlanner(vault: vault).planRename("Seed Box", to: "Seed Shelf")
        #expect(plan.moves.map(\.to) == ["pages/Seed Shelf.org"])
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "test")
        #expect(try folder.text("pages/Seed Shelf.org").hasPrefix("#+TITLE: Seed Shelf\n#+alias: Packets\n"))
        #expect(try folder.text("journals/2021_02_02.org") == "* Market for the [[Seed Shelf][packets]] and [[Seed Shelf]]\n** NOW water the seedlings\n")
        #expect(try folder.text("pages/Projects___Garden.md") == "- sown from the [[Seed Shelf]] and [[packets]]\n")
        #expect(try Self.edges(vault).filter { $0.hasSuffix("nothing") } == ["pages/Seed Shelf.org:4 [[Garden plan][the plan]] -> nothing"])
        // A move to a path that names its .org keeps it, as a move to a .md path does; one
        // without an extension takes the page's.
        #expect(try RenamePlanner(vault: vault).planMove("pages/Seed Shelf.org", to: "pages/Shelf.org").moves.map(\.to) == ["pages/Shelf.org"])
        #expect(try RenamePlanner(vault: vault).planMove("pages/Seed Shelf.org", to: "pages/Shelf").moves.map(\.to) == ["pages/Shelf.org"])
    }

    @Test("renaming a page an org page links to rewrites the org link; a name that breaks the link is refused, nothing written")
    func renameLinkedPage() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.graph)
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("Projects/Garden", to: "Projects/Veg beds"), summary: "t")
        #expect(try folder.text("pages/Seed_box.org").contains("* What to sow in [[Projects/Veg beds]] and [[Garden plan][the plan]]\n"))
        let before = try folder.text("journals/2021_02_02.org")
        #expect(throws: VaultError.self) { try RenamePlanner(vault: vault).planRename("Seed Box", to: "Seed]]Box") }
        #expect(try folder.text("journals/2021_02_02.org") == before)
    }
}
