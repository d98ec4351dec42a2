import Foundation
import Testing
import VaultRPC
import VaultSystem

/// Rename on a tag of the frontmatter, in each of the shapes `vault tags rename` rewrites.
@Suite("vault lsp: frontmatter tags")
struct FrontmatterTagTests {
    /// Renames the tag at `needle` (plus `offset`) through the server, applies the edit, and
    /// expects the files `vault tags rename OLD NEW` writes.
    func expectRename(
        _ note: String, at needle: String, offset: Int = 1, placeholder: String, to new: String, fixture: String = "demo",
        setUp: (TestVault) throws -> Void = { _ in }
    ) throws {
        let edited = try TestVault(fixture: fixture)
        let expected = try TestVault(fixture: fixture)
        try setUp(edited)
        try setUp(expected)
        let client = try LSPClient(edited)
        try client.start()
        let tag = try client.position(of: needle, in: note, offset: offset)
        let prepared = try client.request("textDocument/prepareRename", client.at(note, line: tag.line, character: tag.character))
        #expect(prepared["placeholder"]?.stringValue == placeholder)
        let start = try client.position(of: placeholder, in: note)
        #expect(prepared["range"]?["start"]?["line"]?.intValue == start.line)
        #expect(prepared["range"]?["start"]?["character"]?.intValue == start.character)
        #expect(prepared["range"]?["end"]?["character"]?.intValue == start.character + placeholder.utf16.count)
        let edit = try client.request("textDocument/rename", client.at(note, line: tag.line, character: tag.character, [("newName", .string(new))]))
        try RenameTests.apply(edit, in: edited)
        #expect(try expected.run(["tags", "rename", placeholder, new]).status == 0)
        #expect(edited.files() == expected.files())
    }

    @Test("rename on a tag of a frontmatter string renames it in every note")
    func stringValue() throws {
        try expectRename("pages/Reading List.md", at: "tags: reading", offset: 8, placeholder: "reading", to: "books")
    }

    @Test("rename on an item of a flow list renames that item's tag")
    func flowList() throws {
        try expectRename("pages/Projects/Vault CLI.md", at: "swift]", offset: 2, placeholder: "swift", to: "swift-lang")
    }

    @Test("rename on an item of a block list, quoted or with #, renames that item's tag")
    func blockList() throws {
        let text = "---\ntitle: Plan\ntags:\n  - alpha\n  - \"#beta/gamma\"\n---\n# Plan\n\nAbout #beta too.\n"
        try expectRename("pages/Plan.md", at: "#beta/gamma", offset: 3, placeholder: "beta/gamma", to: "delta") { vault in
            try Data(text.utf8).write(to: URL(fileURLWithPath: vault.vault + "/pages/Plan.md"))
        }
    }

    /// A Logseq page with a tag that has no page of its own, in its `tags::` and inline.
    static func logseqOutdoors(_ vault: TestVault) throws {
        let text = "tags:: outdoors, [[garden]]\n\n- Sow the beans #outdoors\n- Weed [[Projects]]\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: vault.vault + "/pages/Beans.md"))
        let other = "- Mulch the beds #outdoors\n"
        try Data(other.utf8).write(to: URL(fileURLWithPath: vault.vault + "/pages/Mulch.md"))
    }

    @Test("in a Logseq graph, rename on a tags:: item with no page of its own renames the tag in every note")
    func logseqPropertyTag() throws {
        try expectRename("pages/Beans.md", at: "outdoors,", offset: 2, placeholder: "outdoors", to: "open-air", fixture: "logseq", setUp: Self.logseqOutdoors)
    }

    @Test("in a Logseq graph, rename on an inline #tag with no page of its own renames the tag in every note")
    func logseqInlineTag() throws {
        try expectRename("pages/Mulch.md", at: "#outdoors", offset: 3, placeholder: "outdoors", to: "open-air", fixture: "logseq", setUp: Self.logseqOutdoors)
    }

    @Test("in a Logseq graph, rename on a #[[tag of words]] renames it in every note, into words or one word")
    func logseqWordsTag() throws {
        try expectRename("pages/Projects___Compost.md", at: "#[[green waste]]", offset: 4, placeholder: "green waste", to: "brown matter", fixture: "logseq")
        try expectRename("pages/Mulch.md", at: "#outdoors", offset: 3, placeholder: "outdoors", to: "open air", fixture: "logseq", setUp: Self.logseqOutdoors)
    }

    @Test("the key, another property and the frontmatter fences are no tag to rename")
    func notATag() throws {
        let client = try LSPClient(TestVault())
        try client.start()
        for needle in ["tags: [project", "status: active", "---"] {
            let at = try client.position(of: needle, in: "pages/Projects/Vault CLI.md", offset: 2)
            #expect(throws: RPCError.self) {
                try client.request("textDocument/prepareRename", client.at("pages/Projects/Vault CLI.md", line: at.line, character: at.character))
            }
        }
    }
}
