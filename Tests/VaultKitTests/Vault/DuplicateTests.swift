import Foundation
import Testing
@testable import VaultKit
@testable import VaultSystem

@Suite("Duplicating a note")
struct DuplicateTests {
    @Test("the copy keeps every byte but the title heading, which takes the new title")
    func heading() throws {
        let text = "---\ntags: a\n---\n# Plan\r\n\r\nBody with [[Plan]] and # Plan\r\n"
        let (folder, vault) = try TemporaryFolder.vault(["pages/Plan.md": text])
        let note = try vault.note(named: "Plan")
        let copy = try vault.duplicate(note)
        #expect(copy.path == "pages/Plan copy.md")
        #expect(try folder.text("pages/Plan copy.md") == text.replacingOccurrences(of: "# Plan\r\n\r\nBody", with: "# Plan copy\r\n\r\nBody"))
        #expect(try folder.text("pages/Plan.md") == text)
    }

    @Test("a second copy is numbered in its name and its heading; --title names it")
    func numbered() throws {
        let (folder, vault) = try TemporaryFolder.vault(["pages/Plan.md": "# Plan\n", "pages/Plan copy.md": "x\n"])
        let note = try vault.note(named: "pages/Plan.md")
        #expect(try vault.duplicate(note).path == "pages/Plan copy 2.md")
        #expect(try folder.text("pages/Plan copy 2.md") == "# Plan copy 2\n")
        #expect(try vault.duplicate(note, title: "Other: plan").path == "pages/Other- plan.md")
        #expect(try folder.text("pages/Other- plan.md") == "# Other: plan\n")
    }

    @Test("a heading that is not the title, and a frontmatter title, are left as they are")
    func notTitle() throws {
        let (folder, vault) = try TemporaryFolder.vault([
            "a.md": "Intro\n\n# Section\n", "b.md": "---\ntitle: Bee\n---\n# Heading\n",
        ])
        _ = try vault.duplicate(try vault.note(named: "a.md"))
        _ = try vault.duplicate(try vault.note(named: "b.md"))
        #expect(try folder.text("a copy.md") == "Intro\n\n# Section\n")
        #expect(try folder.text("Bee copy.md") == "---\ntitle: Bee\n---\n# Heading\n")
    }

    @Test("the comments sidecar is not copied, and a dry run writes nothing")
    func sidecar() throws {
        let folder = TemporaryFolder()
        let vault = try Vault(root: try folder.copy(fixture: "demo"))
        let note = try vault.note(named: "Reading List")
        let dry = try vault.duplicate(note, dryRun: true)
        #expect(!FileManager.default.fileExists(atPath: vault.absolutePath(dry.path)))
        let copy = try vault.duplicate(note)
        #expect(copy.path == "pages/Reading List copy.md")
        #expect(try folder.names(in: "demo/.zennotes/comments/pages") == ["Reading List.md.comments.json"])
    }

    @Test("a note in the trash is not duplicated")
    func trash() throws {
        let folder = TemporaryFolder()
        let vault = try Vault(root: try folder.copy(fixture: "demo"))
        let note = try vault.note(named: "trash/pages/Gym Plan.md")
        #expect(throws: VaultError.self) { try vault.duplicate(note) }
    }
}
