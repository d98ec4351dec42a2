import Foundation
import Testing
@testable import VaultKit
@testable import VaultSystem

/// A folder written in another case or Unicode form than the one on disk is the folder on
/// disk: a second folder beside it would be merged into it by a case-insensitive copy.
@Suite("Folders spelled another way")
struct FolderSpellingTests {
    let folder = TemporaryFolder()

    func vault() throws -> Vault {
        try folder.write("pages/Home.md", "# Home\n\n[[Plan]]\n")
        try folder.write("pages/Café/Menu.md", "# Menu\n")
        try folder.write("inbox/Plan.md", "# Plan\n")
        return try Vault(root: folder.path)
    }

    func folders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("each folder that exists is written as on disk, the rest as given", arguments: [
        ("Pages", "pages"), ("PAGES/café", "pages/Café"), ("pages/Cafe\u{301}", "pages/Café"), ("Pages/New/Deeper", "pages/New/Deeper"),
        ("pages", "pages"), ("Elsewhere/Pages", "Elsewhere/Pages"), ("", ""),
    ])
    func spelled(given: String, expected: String) throws {
        #expect(try vault().spelledAsOnDisk(folder: given) == expected)
    }

    @Test("a new page in a folder written in another case goes into the folder that exists")
    func newPage() throws {
        let vault = try vault()
        let made = try NoteAuthoring(vault: vault).create(title: "Ideas", folder: "Pages", dryRun: false)
        #expect(made.path == "pages/Ideas.md")
        #expect(try folders() == ["inbox", "pages"])
    }

    @Test("a move into a folder written in another case goes into the folder that exists")
    func moveInto() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planMove("inbox/Plan.md", to: "PAGES/")
        #expect(plan.moves.map(\.to) == ["pages/Plan.md"])
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "move")
        #expect(try folders() == ["inbox", "pages"])
        #expect(FileManager.default.fileExists(atPath: folder.path + "/pages/Plan.md"))
    }

    @Test("a note's own new name keeps the case it is given: that is a rename")
    func caseOnlyRename() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planMove("inbox/Plan.md", to: "Pages/plan.md")
        #expect(plan.moves.map(\.to) == ["pages/plan.md"])
    }

    @Test("a capture goes into quick/ or inbox/ as the disk spells it")
    func captureFolder() throws {
        let vault = try vault()
        try FileManager.default.moveItem(atPath: folder.path + "/inbox", toPath: folder.path + "/INBOX")
        try folder.write("Quick/Older.md", "older\n")
        let quick = try Capture(vault: vault).capture(Array("a thought".utf8))
        #expect(quick.path == "Quick/a thought.md")
        let inbox = try Capture(vault: vault).capture(Array("for later".utf8), to: .inbox)
        #expect(inbox.path == "INBOX/for later.md")
        #expect(try folders() == ["INBOX", "Quick", "pages"])
    }

    @Test("a folder renamed in case alone rewrites the markdown links that spell its path, which a viewer reads as written")
    func folderCaseRename() throws {
        try folder.write("Projects/P.md", "# P\n")
        try folder.write("pages/L.md", "[p](../Projects/P.md) and [q](/Projects/P.md) and [[Projects/P]] and [[P]]\n")
        let vault = try Vault(root: folder.path)
        let plan = try RenamePlanner(vault: vault).planMove("Projects", to: "projects")
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "move")
        #expect(try String(decoding: folder.read("pages/L.md"), as: UTF8.self)
            == "[p](../projects/P.md) and [q](/projects/P.md) and [[Projects/P]] and [[P]]\n")
    }
}
