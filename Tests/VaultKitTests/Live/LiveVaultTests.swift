import Foundation
import Testing
import VaultKit
import VaultMarkdown

@Suite("LiveVault")
struct LiveVaultTests {
    @Test("an open document's unsaved text decides its links, and dropping it goes back to the file")
    func overlay() throws {
        let (folder, vault) = try TemporaryFolder.vault([
            "pages/A.md": "# A\n", "pages/B.md": "# B\n\n[[A]]\n", "pages/C.md": "# C\n",
        ])
        _ = folder
        let live = try LiveVault(vault: vault)
        #expect(live.backlinks(to: "pages/A.md").map(\.source) == ["pages/B.md"])
        live.setText(Array("# C\n\n[[A]] and [[Nowhere]]\n".utf8), of: "pages/C.md")
        #expect(live.backlinks(to: "pages/A.md").map(\.source) == ["pages/B.md", "pages/C.md"])
        #expect(live.problems(in: "pages/C.md").map(\.link.target) == ["Nowhere"])
        live.dropText(of: "pages/C.md")
        #expect(live.backlinks(to: "pages/A.md").map(\.source) == ["pages/B.md"])
        #expect(live.problems(in: "pages/C.md").isEmpty)
    }

    @Test("a document not yet saved is a note: links to it resolve")
    func unsavedNewNote() throws {
        let (folder, vault) = try TemporaryFolder.vault(["pages/B.md": "# B\n\n[[Fresh]]\n"])
        _ = folder
        let live = try LiveVault(vault: vault)
        #expect(live.problems(in: "pages/B.md").count == 1)
        live.setText(Array("# Fresh\n".utf8), of: "pages/Fresh.md")
        #expect(live.problems(in: "pages/B.md").isEmpty)
        #expect(live.backlinks(to: "pages/Fresh.md").count == 1)
    }

    @Test("a new wikilink takes the name alone where it is unambiguous, else the shortest path that is")
    func wikilinkTargets() throws {
        let (folder, vault) = try TemporaryFolder.vault([
            "pages/Plan.md": "# Plan\n", "pages/Work/Plan.md": "# Plan\n", "pages/Solo.md": "# Solo\n", "inbox/Note.md": "x\n",
        ])
        _ = folder
        let live = try LiveVault(vault: vault)
        #expect(live.wikilinkTarget(to: "pages/Solo.md", from: "inbox/Note.md") == "Solo")
        #expect(live.wikilinkTarget(to: "pages/Work/Plan.md", from: "inbox/Note.md") == "Work/Plan")
        #expect(live.resolve(wikilinkTarget: live.wikilinkTarget(to: "pages/Plan.md", from: "inbox/Note.md"), from: "inbox/Note.md").path
            == "pages/Plan.md")
    }

    @Test("a fragment names a heading ignoring case, or as a markdown viewer's anchor")
    func fragments() {
        #expect(LiveVault.fragment("groceries", names: "Groceries"))
        #expect(LiveVault.fragment("next-steps", names: "Next steps!"))
        #expect(!LiveVault.fragment("next", names: "Next steps"))
    }

    @Test("completion ranks as vault find: find(_:) is NoteFinder's order over the notes outside the trash")
    func findRanksAsNoteFinder() throws {
        let (folder, vault) = try TemporaryFolder.vault([
            "pages/Project plan.md": "# Project plan\n", "pages/Plain.md": "# Plain\n", "trash/pages/Plan.md": "# Plan\n",
        ])
        _ = folder
        let live = try LiveVault(vault: vault)
        let scan = try vault.scan(detail: .summary)
        let expected = NoteFinder("pla").rank(scan.notes.filter { $0.kind != .trash }).map(\.note.path)
        #expect(live.find("pla").map(\.note.path) == expected)
        #expect(!expected.contains("trash/pages/Plan.md"))
    }
}
