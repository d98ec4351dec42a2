import Testing
@testable import VaultKit

/// The vault's words a shell completes: note paths, folders and tags.
@Suite("Completion candidates")
struct CompletionCandidatesTests {
    let folder = TemporaryFolder()

    @Test("notes are the paths outside the trash, folders every folder that holds a note, tags every tag")
    func candidates() throws {
        let vault = try Vault(root: try folder.copy(fixture: "demo"))
        let candidates = CompletionCandidates(vault: vault)
        let notes = try candidates.list(.notes)
        #expect(notes.contains("pages/Recipes/Lentil soup.md"))
        #expect(!notes.contains { $0.hasPrefix("trash/") })
        #expect(notes == notes.sorted())
        let folders = try candidates.list(.folders)
        #expect(folders.contains("pages/") && folders.contains("pages/Recipes/") && folders.contains("archive/pages/Projects/"))
        #expect(folders.allSatisfy { $0.hasSuffix("/") } && Set(folders).count == folders.count)
        let tags = try candidates.list(.tags)
        #expect(tags.contains("sync") && tags.contains("systems/feedback"))
        #expect(!tags.contains { $0.hasPrefix("#") })
    }
}
