import Foundation
import Testing
@testable import VaultKit
@testable import VaultSystem

@Suite("Comment sidecars")
struct CommentSidecarTests {
    let note = "pages/Reading List.md"

    private func demo() throws -> (TemporaryFolder, Vault) {
        let folder = TemporaryFolder()
        var vault = try Vault(root: try folder.copy(fixture: "demo"))
        vault.clock = .fixed(Date(timeIntervalSince1970: 1_796_040_000))
        return (folder, vault)
    }

    @Test("the fixture's comments are read with their ids, dates and anchors, none resolved")
    func reads() throws {
        let (folder, vault) = try demo()
        defer { withExtendedLifetime(folder) {} }
        let comments = try vault.comments(of: note)
        #expect(comments.map(\.id) == ["c-2f8e91", "c-5a07d3"])
        #expect(comments[0].createdAt == "2026-11-28T09:14:00Z")
        #expect(comments[0].anchor == "Piranesi by Susanna Clarke")
        #expect(comments.allSatisfy { !$0.resolved })
        #expect(try vault.comments(of: "pages/Errands.md").isEmpty)
    }

    @Test("an added comment is dated by the vault's clock, gets a new id, and every unknown field stays where it was")
    func addKeepsUnknown() throws {
        let (folder, vault) = try demo()
        let path = "demo/.zennotes/comments/Gift.md.comments.json"
        _ = try folder.write("demo/Gift.md", "# Gift\n")
        _ = try folder.write(path, "{\"version\":1,\"app\":\"zen\",\"comments\":[{\"id\":\"c-1\",\"body\":\"b\",\"color\":\"red\"}]}")
        let added = try vault.addComment("new one", to: "Gift.md").comment
        #expect(added.createdAt == "2026-11-30T12:00:00Z")
        #expect(added.id != "c-1" && added.id.hasPrefix("c-"))
        #expect(
            try folder.text(path) == """
                {
                  "version": 1,
                  "app": "zen",
                  "comments": [
                    {
                      "id": "c-1",
                      "body": "b",
                      "color": "red"
                    },
                    {
                      "id": "\(added.id)",
                      "body": "new one",
                      "createdAt": "2026-11-30T12:00:00Z"
                    }
                  ]
                }

                """)
    }

    @Test("a comment or a favorite for a note gone by the time the lock is held is refused, and nothing is written")
    func noteGoneMeanwhile() throws {
        let (folder, vault) = try demo()
        let settings = try folder.text("demo/.zennotes/vault.json")
        // As after a rename that held the lock while the command looked the note up.
        #expect(throws: VaultError.unknownNote(name: "pages/Gone.md", suggestions: [])) { try vault.addComment("late", to: "pages/Gone.md") }
        #expect(throws: VaultError.unknownNote(name: "pages/Gone.md", suggestions: [])) { try Favorites(vault: vault).add("pages/Gone.md") }
        #expect(!FileManager.default.fileExists(atPath: vault.root + "/.zennotes/comments/pages/Gone.md.comments.json"))
        #expect(try folder.text("demo/.zennotes/vault.json") == settings)
    }

    @Test("a resolved comment says when, a second resolve writes nothing, and an unknown id is an error")
    func resolve() throws {
        let (folder, vault) = try demo()
        let path = "demo/.zennotes/comments/pages/Reading List.md.comments.json"
        #expect(try vault.resolveComment("c-5a07d3", of: note) != nil)
        let once = try folder.text(path)
        #expect(once.contains("\"resolved\": true,\n      \"resolvedAt\": \"2026-11-30T12:00:00Z\""))
        #expect(try vault.comments(of: note).map(\.resolved) == [false, true])
        #expect(try vault.resolveComment("c-5a07d3", of: note) == nil)
        #expect(try folder.text(path) == once)
        #expect(throws: VaultError.unknownComment(note: note, id: "c-nope", known: ["c-2f8e91", "c-5a07d3"])) {
            try vault.resolveComment("c-nope", of: note)
        }
    }

    @Test("a new id is never one the sidecar holds")
    func uniqueIDs() throws {
        var sidecar = CommentSidecar()
        var ids: Set<String> = []
        for _ in 0..<200 {
            let id = sidecar.newID(for: "same", at: "2026-11-30T12:00:00Z")
            #expect(ids.insert(id).inserted)
            sidecar.add(NoteComment(id: id, body: "same", createdAt: "2026-11-30T12:00:00Z"))
        }
    }

    @Test("a sidecar that is not JSON is reported and left as it is")
    func notJSON() throws {
        let (folder, vault) = try demo()
        let path = "demo/.zennotes/comments/Gift.md.comments.json"
        _ = try folder.write(path, "{ not json")
        #expect(throws: VaultError.self) { try vault.addComment("x", to: "Gift.md") }
        #expect(try folder.text(path) == "{ not json")
    }
}
