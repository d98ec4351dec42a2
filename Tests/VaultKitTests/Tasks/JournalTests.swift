import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Daily notes: finding, listing and creating a day's journal (DESIGN.md 2).
@Suite("Journals")
struct JournalTests {
    let folder = TemporaryFolder()

    func vault(_ fixture: String = "demo") throws -> Vault {
        try Vault(root: folder.copy(fixture: fixture))
    }

    func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    @Test("journals list newest first, Logseq names and placeholders included")
    func list() throws {
        let vault = try vault()
        try folder.write("demo/journals/.2026-11-29.md.icloud", "bplist")
        let entries = try Journals(vault: vault).list()
        #expect(
            entries.map(\.day.description) == [
                "2026-11-30", "2026-11-29", "2026-11-27", "2026-11-25", "2026-11-24", "2026-11-23", "2026-11-20",
                "2026-11-18",
                "2026-11-17", "2026-11-16",
            ])
        #expect(entries.last?.path == "journals/2026_11_16.md")
        #expect(entries[1].isPlaceholder && entries[1].path == "journals/2026-11-29.md")
    }

    @Test("an existing journal is found in either name form and never doubled")
    func existing() throws {
        let vault = try vault()
        let journals = Journals(vault: vault)
        let (logseq, created) = try journals.openOrCreate(day("2026-11-16"))
        #expect(logseq.path == "journals/2026_11_16.md" && created == nil)
        #expect(try journals.openOrCreate(day("2026-11-30")).entry.path == "journals/2026-11-30.md")
        #expect(!FileManager.default.fileExists(atPath: vault.root + "/journals/2026-11-16.md"))
    }

    @Test("a new journal starts with its day as heading, made through a no-overwrite create")
    func create() throws {
        let vault = try vault()
        let (entry, created) = try Journals(vault: vault).openOrCreate(day("2026-12-01"))
        #expect(entry.path == "journals/2026-12-01.md")
        #expect(created?.isNew == true)
        #expect(try folder.read("demo/journals/2026-12-01.md") == Array("# 2026-12-01\n\n".utf8))
        // Asked again, it is found, not made a second time.
        #expect(try Journals(vault: vault).openOrCreate(day("2026-12-01")).created == nil)
    }

    @Test("a dry run creates nothing")
    func dryRun() throws {
        let vault = try vault()
        let (_, created) = try Journals(vault: vault).openOrCreate(day("2026-12-01"), dryRun: true)
        #expect(
            created?.diff()
                == "diff --git a/journals/2026-12-01.md b/journals/2026-12-01.md\nnew file mode 100644\n--- /dev/null\n+++ b/journals/2026-12-01.md\n@@ -0,0 +1,2 @@\n+# 2026-12-01\n+\n")
        #expect(!FileManager.default.fileExists(atPath: vault.root + "/journals/2026-12-01.md"))
    }

    @Test("the vault's template is used, with {{date}} and {{title}} filled in")
    func template() throws {
        let vault = try vault()
        try folder.write("demo/.zennotes/templates/journal.md", "# {{title}}\n\n## Tasks\n\nDay: {{date}}\n")
        _ = try Journals(vault: vault).openOrCreate(day("2026-12-24"))
        #expect(
            try folder.read("demo/journals/2026-12-24.md")
                == Array("# 2026-12-24\n\n## Tasks\n\nDay: 2026-12-24\n".utf8))
    }

    @Test("a remapped journals folder holds the journals, and a missing one is made")
    func remapped() throws {
        let vault = try vault("remapped")
        let journals = Journals(vault: vault)
        #expect(try journals.list().map(\.path) == ["Daily/2026-11-29.md", "Daily/2026-11-28.md"])
        #expect(try journals.openOrCreate(day("2026-11-30")).entry.path == "Daily/2026-11-30.md")
        try FileManager.default.createDirectory(atPath: folder.path + "/empty", withIntermediateDirectories: true)
        let empty = try Vault(root: folder.path + "/empty")
        #expect(try Journals(vault: empty).openOrCreate(day("2026-11-30")).entry.path == "journals/2026-11-30.md")
        #expect(FileManager.default.fileExists(atPath: empty.root + "/journals/2026-11-30.md"))
    }
}
