import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A folder of another app's notes (Obsidian, Foam) that nobody made a vault keeps nothing of
/// `vault`'s changes once they are done, but the lock file (README, "Living beside sync tools").
@Suite("Changes in a folder that is not a vault")
struct ForeignFolderTests {
    /// Every file and folder under `root`, `.git` aside.
    static func entries(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []).filter { !$0.hasPrefix(".git") }.sorted()
    }

    private func obsidian() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try folder.write(".obsidian/app.json", "{}\n")
        try folder.write("Ideas.md", "see [[Errands]] and [[Projects/Roadmap]]\n")
        try folder.write("Errands.md", "# Errands\n")
        try folder.write("Projects/Roadmap.md", "# Roadmap\n[back](../Ideas.md)\n")
        return folder
    }

    private func apply(_ plan: RenamePlan, _ vault: Vault) throws {
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "test")
    }

    @Test("a rename, a move, an archive and a trash, each undone, leave only the lock behind")
    func nothingLeft() throws {
        let folder = try obsidian()
        let before = Self.entries(folder.path)
        let vault = try Vault(root: folder.path)
        let planner = RenamePlanner(vault: vault)
        try apply(try planner.planRename("Errands.md", to: "Chores"), vault)
        #expect(
            Self.entries(folder.path) == [
                ".obsidian", ".obsidian/app.json", ".zennotes", ".zennotes/lock", "Chores.md", "Ideas.md", "Projects", "Projects/Roadmap.md",
            ])
        try apply(try planner.planRename("Chores.md", to: "Errands"), vault)
        try apply(try planner.planMove("Projects", to: "Work/"), vault)
        try apply(try planner.planMove("Work/Projects", to: "./"), vault)
        let lifecycle = NoteLifecycle(vault: vault)
        for (action, name) in [
            (NoteLifecycle.Action.archive, "Projects/Roadmap.md"), (.unarchive, "archive/Projects/Roadmap.md"), (.trash, "Errands.md"),
            (.restore, "Errands"),
        ] {
            _ = try lifecycle.apply(try lifecycle.plan(action, name), action: action)
        }
        #expect(Self.entries(folder.path) == (before + [".zennotes", ".zennotes/lock"]).sorted())
        #expect(try folder.read("Ideas.md") == Array("see [[Errands]] and [[Projects/Roadmap]]\n".utf8))
    }

    @Test("a rename in a Foam folder leaves no journal folder", arguments: RenameSafetyTests.corpora.filter { $0.hasSuffix("foam-docs") })
    func foam(corpus: String) throws {
        let folder = TemporaryFolder()
        let root = try folder.copy(vault: corpus, as: "foam")
        let vault = try Vault(root: root)
        try apply(try RenamePlanner(vault: vault).planRename("user/features/templates.md", to: "tmpl"), vault)
        #expect(Self.entries(root + "/.zennotes") == ["lock"])
    }
}
