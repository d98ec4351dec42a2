import Foundation
import Glibc
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

    @Test("after a byte order mark the title heading is still the title: a copy and a rename retitle it, the mark kept")
    func byteOrderMark() throws {
        let (folder, vault) = try TemporaryFolder.vault(["pages/B.md": "\u{FEFF}# B\n\nx\n"])
        _ = try vault.duplicate(try vault.note(named: "B"))
        #expect(try folder.text("pages/B copy.md") == "\u{FEFF}# B copy\n\nx\n")
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("pages/B.md", to: "Bee"), summary: "rename")
        #expect(try folder.text("pages/Bee.md") == "\u{FEFF}# Bee\n\nx\n")
    }

    @Test("the copy of a read-only note can be written by its owner; the note's other permissions are kept")
    func readOnly() throws {
        let (folder, vault) = try TemporaryFolder.vault(["pages/RO.md": "# RO\n"])
        chmod(folder.path + "/pages/RO.md", 0o440)
        let copy = try vault.duplicate(try vault.note(named: "RO"))
        #expect(try vault.fileSystem.status(vault.absolutePath(copy.path))?.permissions == 0o640)
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

    @Test("a heading that is not the title is left as it is; a frontmatter title names the copy")
    func notTitle() throws {
        let (folder, vault) = try TemporaryFolder.vault([
            "a.md": "Intro\n\n# Section\n", "b.md": "---\ntitle: Bee\n---\n# Heading\n",
        ])
        _ = try vault.duplicate(try vault.note(named: "a.md"))
        _ = try vault.duplicate(try vault.note(named: "b.md"))
        #expect(try folder.text("a copy.md") == "Intro\n\n# Section\n")
        #expect(try folder.text("Bee copy.md") == "---\ntitle: Bee copy\n---\n# Heading\n")
    }

    @Test(
        "the copy answers to its own name only: its frontmatter title is the copy's, its aliases are not copied, nor a block that held only them",
        arguments: [
            ("---\ntitle: Plan\naliases: [Roadmap]\ntags: [a]\n---\nbody\n", "Plan copy.md", "---\ntitle: Plan copy\ntags: [a]\n---\nbody\n"),
            ("---\r\nalias:\r\n  - R2\r\n  - \"R 3\"\r\n\r\n# kept\r\ntitle: \"Big: plan\"\r\n---\r\n", "Big- plan copy.md",
             "---\r\n\r\n# kept\r\ntitle: \"Big: plan copy\"\r\n---\r\n"),
            ("---\naliases:\n- Roadmap\n---\n# Plan\n", "Plan copy.md", "# Plan copy\n"),
            ("---\r\naliases: [R]\r\n\r\n---\r\nbody\r\n", "original copy.md", "body\r\n"),
            ("---\naliases:\n- a1\n# old names\n- a2\n# about the title\ntitle: Q\n---\n", "Q copy.md", "---\n# about the title\ntitle: Q copy\n---\n"),
            ("---\ntitle: >\n  Plan\n---\n", "original copy.md", "---\ntitle: original copy\n---\n"),
            ("---\ntitle: 'yes'\n---\n", "yes copy.md", "---\ntitle: yes copy\n---\n"),
            ("---\ntitle: \"true\"\naliases: [x]\n---\n", "true copy.md", "---\ntitle: true copy\n---\n"),
            ("---\ntitle: \"2026\"\n---\n", "2026 copy.md", "---\ntitle: \"2026 copy\"\n---\n"),
        ])
    func ownNames(text: String, copy: String, expected: String) throws {
        let (folder, vault) = try TemporaryFolder.vault(["pages/original.md": text])
        let made = try vault.duplicate(try vault.note(named: "pages/original.md"))
        #expect(made.path == "pages/" + copy)
        #expect(try folder.text("pages/" + copy) == expected)
        // Every name of the original names it alone.
        for name in try vault.scan().notes.first(where: { $0.path == "pages/original.md" }).map({ [$0.title] + $0.aliases }) ?? [] {
            #expect(try vault.note(named: name).path == "pages/original.md")
        }
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

    @Test("in a Logseq graph the copy's title:: names it, its alias:: stays the original's, and a namespace page's copy is named as the graph names files")
    func logseqCopy() throws {
        let page = "title:: My Page\r\nalias:: MP, Mine\r\ntags:: x\r\n\r\n- hello [[My Page]]\r\n"
        let (folder, vault) = try TemporaryFolder.vault([
            "logseq/config.edn": "{:file/name-format :triple-lowbar}\n", "pages/my page.md": page, "pages/proj___child.md": "- child\n",
        ])
        let copy = try vault.duplicate(try vault.note(named: "My Page"))
        #expect(copy.path == "pages/My Page copy.md")
        #expect(try folder.text("pages/My Page copy.md") == "title:: My Page copy\r\ntags:: x\r\n\r\n- hello [[My Page]]\r\n")
        #expect(try folder.text("pages/my page.md") == page)
        // An org page: its `#+TITLE:` names the copy, its `#+ALIAS:` stays.
        try folder.write("pages/orgpage.org", "#+TITLE: Org Page\r\n#+ALIAS: orgy\r\n\r\n* TODO task\r\n")
        let org = try vault.duplicate(try vault.note(named: "Org Page"))
        #expect(org.path == "pages/Org Page copy.org")
        #expect(try folder.text("pages/Org Page copy.org") == "#+TITLE: Org Page copy\r\n\r\n* TODO task\r\n")
        #expect(try vault.fullNote(try vault.note(named: "Org Page")).note.aliases == ["orgy"])
        let child = try vault.duplicate(try vault.note(named: "proj/child"))
        #expect(child.path == "pages/proj___child copy.md")
        #expect(try vault.note(named: "proj/child copy").path == "pages/proj___child copy.md")
    }

    @Test("a note in the trash is not duplicated")
    func trash() throws {
        let folder = TemporaryFolder()
        let vault = try Vault(root: try folder.copy(fixture: "demo"))
        let note = try vault.note(named: "trash/pages/Gym Plan.md")
        #expect(throws: VaultError.self) { try vault.duplicate(note) }
    }
}
