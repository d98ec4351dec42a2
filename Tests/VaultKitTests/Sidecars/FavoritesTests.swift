import Foundation
import Testing
@testable import VaultKit
@testable import VaultSystem

@Suite("Favorites")
struct FavoritesTests {
    @Test("an added favorite goes last, every other setting kept, 2-space indent and a final newline")
    func add() throws {
        let folder = TemporaryFolder()
        let vault = try Vault(root: try folder.copy(fixture: "demo"))
        #expect(try Favorites(vault: vault).add("pages/Errands.md") != nil)
        #expect(try Favorites(vault: vault).list() == ["pages/Projects/Vault CLI.md", "pages/Errands.md"])
        #expect(
            try folder.text("demo/.zennotes/vault.json") == """
                {
                  "id": "6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10",
                  "dailyNotes": {
                    "folder": "journals"
                  },
                  "favorites": [
                    "pages/Projects/Vault CLI.md",
                    "pages/Errands.md"
                  ],
                  "someFutureKey": {
                    "keep": true
                  }
                }

                """)
    }

    @Test("adding a favorite twice writes nothing, and removing one that is not a favorite is an error")
    func twice() throws {
        let folder = TemporaryFolder()
        let vault = try Vault(root: try folder.copy(fixture: "demo"))
        let before = try folder.text("demo/.zennotes/vault.json")
        #expect(try Favorites(vault: vault).add("pages/Projects/Vault CLI.md") == nil)
        #expect(try folder.text("demo/.zennotes/vault.json") == before)
        #expect(throws: VaultError.notAFavorite(path: "Home.md", favorites: ["pages/Projects/Vault CLI.md"])) {
            try Favorites(vault: vault).remove("Home.md")
        }
        try Favorites(vault: vault).remove("pages/Projects/Vault CLI.md")
        #expect(try Favorites(vault: vault).list().isEmpty)
    }

    @Test("a vault without settings gets a vault.json holding an id and the favorite")
    func noSettings() throws {
        let (folder, vault) = try TemporaryFolder.vault(["a.md": "# A\n"])
        #expect(try Favorites(vault: vault).list().isEmpty)
        try Favorites(vault: vault).add("a.md")
        let settings = try VaultSettings(bytes: try folder.read(".zennotes/vault.json"), path: "vault.json")
        #expect(settings.id != nil)
        #expect(Favorites.paths(in: settings) == ["a.md"])
    }

    @Test("a dry run computes the change and writes nothing")
    func dryRun() throws {
        let folder = TemporaryFolder()
        let vault = try Vault(root: try folder.copy(fixture: "demo"))
        let before = try folder.text("demo/.zennotes/vault.json")
        let change = try #require(try Favorites(vault: vault).add("Home.md", dryRun: true))
        #expect(String(decoding: change.diff, as: UTF8.self).contains("+    \"Home.md\""))
        #expect(try folder.text("demo/.zennotes/vault.json") == before)
    }
}
