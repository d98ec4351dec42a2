import Foundation
import Testing
import VaultKit
import VaultMarkdown

/// Renaming a heading: links to it follow it, each in its own form, and a new text that a
/// link would take for another heading of the note is refused.
@Suite("Renaming a heading")
struct HeadingRenameTests {
    static let files = [
        "pages/Dup.md": "# Dup\n\n## Alpha\n\n## Beta\n",
        "pages/Links.md": "[[Dup#Alpha]] and [[Dup#Beta]] and [b](<Dup.md#Beta>) and [a](Dup.md#beta)\n",
    ]

    func plan(_ heading: String, to text: String) throws -> (TemporaryFolder, RenamePlan) {
        let (folder, vault) = try TemporaryFolder.vault(Self.files)
        let live = try LiveVault(vault: vault)
        let found = try #require(live.facts(of: "pages/Dup.md")?.headings.first { $0.text == heading })
        return (folder, try HeadingRename(live: live).plan(found, in: "pages/Dup.md", to: text))
    }

    @Test("a new text that names another heading of the note, in any case or as its anchor, is refused", arguments: ["Alpha", "alpha", " ALPHA "])
    func takenText(text: String) throws {
        #expect(throws: VaultError.self) { try plan("Beta", to: text) }
    }

    @Test("a link in angle brackets keeps the new text's spaces as they are; one without takes them encoded")
    func angleBrackets() throws {
        let (folder, plan) = try plan("Beta", to: "Section Two")
        _ = folder
        let links = try #require(plan.edits.first { $0.path == "pages/Links.md" })
        #expect(links.changes.map(\.after) == ["Section Two", "Section Two", "section-two"])
        #expect(plan.edits.count == 2 && links.patch.replacements.map(\.text) == ["Section Two", "Section Two", "section-two"])
    }
}
