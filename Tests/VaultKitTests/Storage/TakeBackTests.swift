import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A change refused while it is made leaves what it found (DESIGN.md 7): no second name, no
/// link rewritten, nothing of the other program's change lost.
@Suite("Taking back a refused change")
struct TakeBackTests {
    let folder = TemporaryFolder()

    private func vault() throws -> Vault {
        try folder.write("pages/Errands.md", "# Errands\n\nmilk\n")
        try folder.write("pages/Linker.md", "see [[Errands]]\n")
        try folder.write("pages/Other.md", "also [[Errands]]\n")
        return try Vault(root: folder.path)
    }

    private func text(_ path: String) throws -> String { String(decoding: try folder.read(path), as: UTF8.self) }

    /// Applies `plan`, running `edit` when the step named `step` begins.
    private func apply(_ plan: RenamePlan, _ vault: Vault, at step: String, _ edit: @escaping () throws -> Void) throws -> ChangeReport {
        try ChangeExecutor(vault: vault) { name in if name == step { try edit() } }.apply(plan, summary: "rename")
    }

    private func names() throws -> [String] { try folder.names(in: "pages") }

    @Test("a linking note edited while the change runs has the change taken back: no second name, no link rewritten")
    func linkingNoteEdited() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        // Linker is rewritten first; Other changes before its turn.
        let report = try apply(plan, vault, at: "edit pages/Other.md") { try folder.write("pages/Other.md", "also [[Errands]], edited\n") }
        #expect(report.undone && report.moved == 0 && report.rewritten == 0)
        #expect(report.conflicts.map(\.path) == ["pages/Other.md"])
        #expect(report.conflicts[0].message.contains("taken back: nothing was moved or rewritten"))
        #expect(try names() == ["Errands.md", "Linker.md", "Other.md"])
        #expect(try text("pages/Linker.md") == "see [[Errands]]\n")
        #expect(try text("pages/Other.md") == "also [[Errands]], edited\n")
        #expect(ChangeExecutor(vault: vault).pendingJournals().isEmpty)
        #expect(try VaultDoctor(vault: vault).examine().filter { $0.kind == .secondName } == [])
    }

    private struct Crash: Error {}

    @Test("a run stopped while it takes a refused rename back leaves it to the next run, which takes it back rather than finishing it")
    func stoppedWhileTakingBack() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        let executor = ChangeExecutor(vault: vault) { name in
            if name == "edit pages/Other.md" { try folder.write("pages/Other.md", "also [[Errands]], edited\n") }
            // Linker is put back; then the run stops before its new name goes.
            if name == "take back pages/Chores.md" { throw Crash() }
        }
        #expect(throws: Crash.self) { try executor.apply(plan, summary: "rename") }
        #expect(try text("pages/Linker.md") == "see [[Errands]]\n")
        #expect(try names() == ["Chores.md", "Errands.md", "Linker.md", "Other.md"])
        let reports = try ChangeExecutor(vault: vault).recover()
        #expect(reports.count == 1 && reports[0].undone)
        #expect(reports.first?.recoveryLine.hasPrefix("undid an interrupted change") == true)
        #expect(try names() == ["Errands.md", "Linker.md", "Other.md"])
        #expect(try text("pages/Linker.md") == "see [[Errands]]\n")
        #expect(try text("pages/Other.md") == "also [[Errands]], edited\n")
        #expect(ChangeExecutor(vault: vault).pendingJournals().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.zennotes/journal"), "no journal, no record of what was put back")
    }

    /// Starts renaming Errands to Chores, has Other edited so the change is taken back, and
    /// stops the run at the take-back step `step`.
    private func stopTakingBack(_ vault: Vault, at step: String) throws {
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        let executor = ChangeExecutor(vault: vault) { name in
            if name == "edit pages/Other.md" { try folder.write("pages/Other.md", "also [[Errands]], edited\n") }
            if name == step { throw Crash() }
        }
        #expect(throws: Crash.self) { try executor.apply(plan, summary: "rename") }
    }

    private var journalFolder: String { folder.path + "/.zennotes/journal" }

    @Test("a take-back whose journal cannot be removed keeps its record: the next run takes the change back again, never finishes it")
    func journalNotRemoved() throws {
        _ = try vault()
        let fileSystem = FaultyFileSystem()
        let faulty = try Vault(root: folder.path, fileSystem: fileSystem)
        let plan = try RenamePlanner(vault: faulty).planRename("Errands", to: "Chores")
        let executor = ChangeExecutor(vault: faulty) { name in
            guard name == "edit pages/Other.md" else { return }
            try folder.write("pages/Other.md", "also [[Errands]], edited\n")
            for journal in try FileManager.default.contentsOfDirectory(atPath: journalFolder) where journal.hasSuffix(".json") {
                fileSystem.fail(.remove, with: EACCES, at: journalFolder + "/" + journal)
            }
        }
        let report = try executor.apply(plan, summary: "rename")
        #expect(report.undone)
        #expect(try FileManager.default.contentsOfDirectory(atPath: journalFolder).filter { $0.hasSuffix(".back.json") }.count == 1)
        let reports = try ChangeExecutor(vault: try Vault(root: folder.path)).recover()
        #expect(reports.count == 1 && reports[0].undone)
        #expect(try names() == ["Errands.md", "Linker.md", "Other.md"])
        #expect(try text("pages/Linker.md") == "see [[Errands]]\n")
        #expect(!FileManager.default.fileExists(atPath: journalFolder))
    }

    @Test("a note edited after the run stopped taking its change back, still naming the new name, has the change finished with both names: no link dangles")
    func editedAfterStop() throws {
        let vault = try vault()
        try stopTakingBack(vault, at: "take back pages/Linker.md")
        #expect(try text("pages/Linker.md") == "see [[Chores]]\n")
        try folder.write("pages/Linker.md", "see [[Chores]], edited\n")
        _ = try ChangeExecutor(vault: vault).recover()
        #expect(try text("pages/Linker.md") == "see [[Chores]], edited\n")
        #expect(try text("pages/Other.md") == "also [[Errands]], edited\n")
        #expect(Set(try names()).isSuperset(of: ["Chores.md", "Errands.md"]))
        let scan = try vault.scan()
        #expect(VaultCheck(vault: vault, scan: scan).dangling.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: journalFolder))
    }

    @Test("a take-back record whose text is not what the change read is refused, and nothing is written")
    func damagedRecord() throws {
        let vault = try vault()
        try stopTakingBack(vault, at: "take back pages/Linker.md")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: journalFolder).first { $0.hasSuffix(".back.json") })
        let record = try String(contentsOfFile: journalFolder + "/" + name, encoding: .utf8)
        let damaged = record.replacingOccurrences(of: Data("see [[Errands]]\n".utf8).base64EncodedString(), with: Data("hacked\n".utf8).base64EncodedString())
        #expect(damaged != record)
        try damaged.write(toFile: journalFolder + "/" + name, atomically: false, encoding: .utf8)
        let error = #expect(throws: VaultError.self) { try ChangeExecutor(vault: vault).recover() }
        #expect(error?.description.contains("cannot be read") == true)
        #expect(try text("pages/Linker.md") == "see [[Chores]]\n")
    }

    @Test("a take-back record left without its journal is reported by doctor and removed by its fix")
    func spentRecord() throws {
        let vault = try vault()
        let name = UUID().uuidString.lowercased() + ".back.json"
        try folder.write(".zennotes/journal/" + name, "{\"restores\":[]}")
        let findings = try VaultDoctor(vault: vault).examine().filter { $0.path == ".zennotes/journal/" + name }
        #expect(findings.count == 1 && findings[0].message.contains("what a change taken back put back"))
        let fixed = try VaultDoctor(vault: vault).fix()
        #expect(fixed.done.contains { $0.contains(name) })
        #expect(!FileManager.default.fileExists(atPath: journalFolder + "/" + name))
    }

    @Test("a folder move stopped while it is taken back is taken back whole by the next run: no note left under two names")
    func folderMoveStoppedWhileTakingBack() throws {
        try folder.write("pages/Hub.md", "# Hub\n")
        for name in ["B1", "B2", "B3"] { try folder.write("pages/bulk/\(name).md", "# \(name)\n\n[up](../Hub.md)\n") }
        let vault = try Vault(root: folder.path)
        let plan = try RenamePlanner(vault: vault).planMove("pages/bulk", to: "archive/")
        var put = 0
        let executor = ChangeExecutor(vault: vault) { name in
            // B3 changes before its turn, so the move is taken back; the run stops halfway.
            if name == "edit archive/bulk/B3.md" { try folder.write("pages/bulk/B3.md", "# B3\n\n[up](../Hub.md) edited\n") }
            if name.hasPrefix("take back ") {
                put += 1
                if put == 2 { throw Crash() }
            }
        }
        #expect(throws: Crash.self) { try executor.apply(plan, summary: "move") }
        #expect(try folder.names(in: "archive/bulk").count >= 1, "stopped halfway")
        let reports = try ChangeExecutor(vault: vault).recover()
        #expect(reports.count == 1 && reports[0].undone)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/archive/bulk"))
        #expect(try folder.names(in: "pages/bulk") == ["B1.md", "B2.md", "B3.md"])
        #expect(try text("pages/bulk/B1.md") == "# B1\n\n[up](../Hub.md)\n")
        #expect(try text("pages/bulk/B3.md") == "# B3\n\n[up](../Hub.md) edited\n")
        #expect(try VaultDoctor(vault: vault).examine().filter { $0.kind == .secondName } == [])
        #expect(ChangeExecutor(vault: vault).pendingJournals().isEmpty)
    }

    @Test("a move taken back removes the folders it made, and keeps an empty folder that was there before")
    func foldersKept() throws {
        let vault = try vault()
        // Path links, which a move rewrites.
        try folder.write("pages/Linker.md", "see [e](Errands.md)\n")
        try folder.write("pages/Other.md", "also [e](Errands.md)\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/archive/Empty", withIntermediateDirectories: true)
        for destination in ["archive/Empty/", "archive/New/Deeper/"] {
            let plan = try RenamePlanner(vault: vault).planMove("pages/Errands.md", to: destination)
            let report = try apply(plan, vault, at: "edit pages/Other.md") { try folder.write("pages/Other.md", "also [e](Errands.md), \(destination)\n") }
            #expect(report.undone, "\(destination)")
        }
        #expect(try folder.names(in: "archive") == ["Empty"])
        #expect(try names() == ["Errands.md", "Linker.md", "Other.md"])
    }

    @Test("a note is not moved where the comments of a note that was there are kept: refused before anything is written")
    func orphanedCommentsAtDestination() throws {
        let vault = try vault()
        try folder.write(".zennotes/comments/archive/Errands.md.comments.json", "{\"version\":1,\"comments\":[]}\n")
        try folder.write(".zennotes/comments/archive/pages/Errands.md.comments.json", "{\"version\":1,\"comments\":[]}\n")
        let before = try RoundTripTests.files(vault.root)
        let error = #expect(throws: VaultError.self) { try RenamePlanner(vault: vault).planMove("pages/Errands.md", to: "archive/") }
        #expect(error?.description.contains(".zennotes/comments/archive/Errands.md.comments.json holds the comments of a note that was there") == true)
        #expect(throws: VaultError.self) { try NoteLifecycle(vault: vault).plan(.archive, "Errands") }
        #expect(try RoundTripTests.files(vault.root) == before)
    }

    @Test("a file where a destination folder is to be refuses a move, a trash or a restore before anything is written")
    func fileInTheWay() throws {
        let vault = try vault()
        try folder.write("pages/sub/Deep.md", "# Deep\n")
        _ = try NoteLifecycle(vault: vault).apply(try NoteLifecycle(vault: vault).plan(.trash, "pages/sub/Deep.md"), action: .trash)
        // Its folder, emptied, made a file by another program.
        rmdir(folder.path + "/pages/sub")
        try folder.write("pages/sub", "a file now\n")
        try folder.write("archive", "a file\n")
        let before = try RoundTripTests.files(vault.root)
        #expect(throws: VaultError.self) { try RenamePlanner(vault: vault).planMove("pages/Errands.md", to: "pages/sub/") }
        #expect(throws: VaultError.self) { try RenamePlanner(vault: vault).planMove("pages/Errands.md", to: "pages/sub/deeper/") }
        #expect(throws: VaultError.self) { try NoteLifecycle(vault: vault).plan(.archive, "Errands") }
        #expect(throws: VaultError.self) { try NoteLifecycle(vault: vault).plan(.restore, "trash/pages/sub/Deep.md") }
        #expect(try RoundTripTests.files(vault.root) == before)
        #expect(ChangeExecutor(vault: vault).pendingJournals().isEmpty)
    }

    @Test("a trash folder that is a file refuses a trash before anything is written, the trash record too")
    func trashIsAFile() throws {
        let vault = try vault()
        try folder.write("trash", "a file\n")
        let before = try RoundTripTests.files(vault.root)
        #expect(throws: VaultError.self) { try NoteLifecycle(vault: vault).plan(.trash, "Errands") }
        #expect(try RoundTripTests.files(vault.root) == before)
    }

    @Test("a retitled note whose linking note changes loses its rewritten new name; its old name keeps it as it was")
    func retitledNoteTakenBack() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        #expect(plan.edits.contains { $0.path == "pages/Chores.md" }, "the heading is retitled")
        let report = try apply(plan, vault, at: "edit pages/Other.md") { try folder.write("pages/Other.md", "gone to [[Elsewhere]]\n") }
        #expect(report.undone)
        #expect(try names() == ["Errands.md", "Linker.md", "Other.md"])
        #expect(try text("pages/Errands.md") == "# Errands\n\nmilk\n")
    }

    @Test("a note saved under its old name while it is moved keeps the save, under its new name")
    func oldNameSaved() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planMove("pages/Linker.md", to: "inbox/")
        // An editor saving atomically: a new file under the old name.
        let report = try apply(plan, vault, at: "unlink pages/Linker.md") {
            try folder.write("pages/.saving", "see [[Errands]] and more\n")
            #expect(rename(folder.path + "/pages/.saving", folder.path + "/pages/Linker.md") == 0)
        }
        #expect(report.conflicts == [] && report.moved == 1)
        #expect(try text("inbox/Linker.md") == "see [[Errands]] and more\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/pages/Linker.md"))
    }

    @Test("a retitled note saved under its old name while the change runs keeps the save and has the change taken back")
    func retitledOldNameSaved() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        let report = try apply(plan, vault, at: "unlink pages/Errands.md") {
            try folder.write("pages/.saving", "# Errands\n\nmilk and eggs\n")
            #expect(rename(folder.path + "/pages/.saving", folder.path + "/pages/Errands.md") == 0)
        }
        #expect(report.undone && report.conflicts.map(\.path) == ["pages/Errands.md"])
        #expect(try names() == ["Errands.md", "Linker.md", "Other.md"])
        #expect(try text("pages/Errands.md") == "# Errands\n\nmilk and eggs\n")
        #expect(try text("pages/Linker.md") == "see [[Errands]]\n" && text("pages/Other.md") == "also [[Errands]]\n")
    }

    @Test("a linking note made a folder while the change runs is refused cleanly and the change taken back")
    func linkingNoteBecameFolder() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        let report = try apply(plan, vault, at: "edit pages/Other.md") {
            try FileManager.default.removeItem(atPath: folder.path + "/pages/Other.md")
            try FileManager.default.createDirectory(atPath: folder.path + "/pages/Other.md", withIntermediateDirectories: false)
        }
        #expect(report.undone && report.conflicts.map(\.path) == ["pages/Other.md"])
        #expect(try names() == ["Errands.md", "Linker.md", "Other.md"])
        #expect(try text("pages/Linker.md") == "see [[Errands]]\n")
    }

    @Test("a note rewritten and then edited again keeps that edit: the change goes on, keeping both names, and doctor names them")
    func rewrittenThenEdited() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        let report = try apply(plan, vault, at: "edit pages/Other.md") {
            try folder.write("pages/Linker.md", "see [[Chores]], edited after the rewrite\n")
            try folder.write("pages/Other.md", "also [[Errands]], edited\n")
        }
        #expect(!report.undone)
        #expect(try text("pages/Linker.md") == "see [[Chores]], edited after the rewrite\n")
        #expect(try text("pages/Other.md") == "also [[Errands]], edited\n")
        #expect(try names() == ["Chores.md", "Errands.md", "Linker.md", "Other.md"])
        #expect(try VaultDoctor(vault: vault).examine().filter { $0.kind == .secondName }.map(\.path) == ["pages/Chores.md"])
    }

    @Test("the next change removes a journal a kill left half written, and doctor reports one until then")
    func halfWrittenJournal() throws {
        let vault = try vault()
        let leftover = ".zennotes/journal/.~0b0c5d7e-1f2a-4b3c-8d4e-5f6a7b8c9d0e.json.k1ll.new.tmp"
        try folder.write(leftover, "{\"version\":1,\"id\":")
        #expect(try VaultDoctor(vault: vault).examine().contains { $0.kind == .leftoverFile && $0.path == leftover })
        let report = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("Errands", to: "Chores"), summary: "rename")
        #expect(report.removedLeftovers == [leftover])
        // The journal folder goes with its last journal.
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.zennotes/journal"))
    }
}
