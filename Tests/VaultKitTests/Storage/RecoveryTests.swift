import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The crash the tests simulate: the process ends before a step.
private struct Crash: Error {}

@Suite("Finishing an interrupted change")
struct RecoveryTests {
    /// A vault with a note two others link to; kept alive by the test value.
    let folder = TemporaryFolder()

    private func vault() throws -> Vault {
        try folder.write("pages/Errands.md", "# Errands\n")
        try folder.write("pages/Linker.md", "see [[Errands]]\n")
        try folder.write("pages/Other.md", "also [[Errands]]\n")
        return try Vault(root: folder.path)
    }

    /// Applies `plan` and ends it before the step whose name starts with `step`.
    private func crash(_ plan: RenamePlan, _ vault: Vault, before step: String) {
        _ = try? ChangeExecutor(vault: vault) { name in if name.hasPrefix(step) { throw Crash() } }.apply(plan, summary: "test")
    }

    private func text(_ path: String) throws -> String { String(decoding: try folder.read(path), as: UTF8.self) }

    @Test("a file that took a case-only rename's new name is never replaced, and the note goes back to its old name")
    func caseRenameMeetsArrival() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "errands")
        crash(plan, vault, before: "link")
        // Killed between the two renames, then the phone's own `errands.md` arrives.
        rename(folder.path + "/pages/Errands.md", folder.path + "/pages/.~Errands.md.rename.tmp")
        try folder.write("pages/errands.md", "written on the phone\n")
        let report = try #require(try ChangeExecutor(vault: vault).recover().first)
        #expect(report.conflicts.map(\.path).contains("pages/errands.md"))
        #expect(try text("pages/errands.md") == "written on the phone\n")
        #expect(try text("pages/Errands.md") == "# Errands\n")
        #expect(try !folder.names(in: "pages").contains { $0.hasPrefix(".~") })
    }

    @Test("a save under a renamed note's old name after a crash is kept as a conflict copy of the note, listed until resolved")
    func saveUnderOldNameKeptAsCopy() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        crash(plan, vault, before: "unlink")
        // The title heading was rewritten under the new name; an editor then saves the old one.
        #expect(try text("pages/Chores.md") == "# Chores\n")
        try folder.write("pages/Errands.md", "# Errands\n\n- [ ] saved after the crash\n")
        let report = try #require(try ChangeExecutor(vault: vault).recover().first)
        let copies = try folder.names(in: "pages").filter { $0.hasPrefix("Chores (vault conflict ") }
        #expect(copies.count == 1)
        #expect(report.conflicts.contains { $0.path == "pages/Errands.md" && $0.message.contains("a conflict copy of pages/Chores.md") })
        #expect(try text("pages/" + copies[0]) == "# Errands\n\n- [ ] saved after the crash\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/pages/Errands.md"))
        #expect(try text("pages/Chores.md") == "# Chores\n" && text("pages/Linker.md") == "see [[Chores]]\n")
        let scan = try vault.scan(detail: .paths)
        #expect(scan.conflictCopies.map(\.originalPath) == ["pages/Chores.md"])
    }

    @Test("a file that took a move's new name before any link was rewritten undoes the change, and no link leads to it")
    func moveMeetsArrival() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planMove("pages/Errands.md", to: "inbox/")
        crash(plan, vault, before: "link")
        try folder.write("inbox/Errands.md", "another note\n")
        let report = try #require(try ChangeExecutor(vault: vault).recover().first)
        #expect(report.conflicts.contains { $0.path == "inbox/Errands.md" && $0.message.contains("another file took this name") })
        #expect(report.undone)
        #expect(try text("inbox/Errands.md") == "another note\n")
        #expect(try text("pages/Errands.md") == "# Errands\n")
        #expect(try text("pages/Linker.md") == "see [[Errands]]\n")
        #expect(ChangeExecutor(vault: vault).pendingJournals().isEmpty)
    }

    @Test("a folder move whose second name was taken takes back the first, so nothing is half moved")
    func folderMoveUndone() throws {
        let vault = try vault()
        try folder.write("pages/Sub/A.md", "a\n")
        try folder.write("pages/Sub/B.md", "b\n")
        let plan = try RenamePlanner(vault: vault).planMove("pages/Sub", to: "inbox/")
        crash(plan, vault, before: "link inbox/Sub/B.md")
        try folder.write("inbox/Sub/B.md", "someone else's\n")
        let report = try #require(try ChangeExecutor(vault: vault).recover().first)
        #expect(report.moved == 0)
        #expect(try folder.names(in: "inbox/Sub") == ["B.md"])
        #expect(try text("inbox/Sub/B.md") == "someone else's\n")
        #expect(try folder.names(in: "pages/Sub") == ["A.md", "B.md"])
    }

    @Test("a copy of a journal under another name is never carried out, and doctor --fix removes it")
    func strayJournal() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        crash(plan, vault, before: "edit")
        let name = try #require(ChangeExecutor(vault: vault).pendingJournals().first)
        let copy = String(name.dropLast(5)) + ".sync-conflict-20261128-101512-ABCDEF7.json"
        try FileManager.default.copyItem(atPath: folder.path + "/.zennotes/journal/" + name, toPath: folder.path + "/.zennotes/journal/" + copy)
        #expect(try ChangeExecutor(vault: vault).recover().count == 1)
        #expect(ChangeExecutor(vault: vault).strayJournalFiles() == [copy])
        // A later rename back is not undone by the copy.
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("Chores", to: "Errands"), summary: "back")
        #expect(try ChangeExecutor(vault: vault).recover().isEmpty)
        #expect(try text("pages/Linker.md") == "see [[Errands]]\n")
        #expect(try VaultDoctor(vault: vault).fix().done.contains("removed .zennotes/journal/\(copy), a copy of a journal"))
        #expect(try folder.names(in: ".zennotes/journal").isEmpty)
    }

    @Test("giving up is per journal: one that cannot be finished goes, the other is finished")
    func abandonOnlyTheFailing() throws {
        let vault = try vault()
        crash(try RenamePlanner(vault: vault).planRename("Errands", to: "Chores"), vault, before: "edit")
        try folder.write(".zennotes/journal/00000000-0000-4000-8000-000000000000.json", "not a journal")
        let fixed = try VaultDoctor(vault: vault).fix(abandoning: true)
        #expect(fixed.done.contains { $0.hasPrefix("gave up on the interrupted change .zennotes/journal/00000000-0000-4000-8000-000000000000.json") })
        #expect(fixed.done.contains { $0.hasPrefix("finished an interrupted change") })
        #expect(try text("pages/Linker.md") == "see [[Chores]]\n")
        #expect(ChangeExecutor(vault: vault).pendingJournals().isEmpty)
    }

    @Test("on a case-sensitive disk a case-only rename meets a file of that exact name: neither is replaced")
    func caseRenameMeetsExactName() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "errands")
        crash(plan, vault, before: "link")
        try folder.write("pages/errands.md", "mine\n")
        let report = try #require(try ChangeExecutor(vault: vault).recover().first)
        #expect(report.conflicts.contains { $0.path == "pages/errands.md" })
        #expect(try text("pages/errands.md") == "mine\n" && text("pages/Errands.md") == "# Errands\n")
        #expect(try text("pages/Linker.md") == "see [[Errands]]\n")
    }

    @Test("a linking note deleted before the next run is reported, and the rest of the change finishes")
    func linkerDeleted() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        crash(plan, vault, before: "edit")
        unlink(folder.path + "/pages/Linker.md")
        let report = try #require(try ChangeExecutor(vault: vault).recover().first)
        #expect(report.conflicts.contains { $0.path == "pages/Linker.md" && $0.message.hasPrefix("gone since the change began") })
        #expect(try text("pages/Other.md") == "also [[Chores]]\n")
        // The old name stays beside the new, since a note with the old link may come back.
        #expect(try folder.names(in: "pages") == ["Chores.md", "Errands.md", "Other.md"])
        #expect(ChangeExecutor(vault: vault).pendingJournals().isEmpty)
    }

    @Test("a linking note that is a symbolic link, or a read-only folder, stops the rename before its journal")
    func refusedUpFront() throws {
        let vault = try vault()
        symlink("Linker.md", folder.path + "/pages/Alias.md")
        #expect(throws: FileError.symbolicLink(path: "pages/Alias.md")) {
            try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        }
        unlink(folder.path + "/pages/Alias.md")
        try folder.write("archive/keep.md", "x")
        chmod(folder.path + "/archive", 0o555)
        defer { chmod(folder.path + "/archive", 0o755) }
        #expect(throws: FileError.readOnly(path: "archive")) {
            try RenamePlanner(vault: vault).planMove("pages/Errands.md", to: "archive/")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.zennotes/journal"))
    }

    @Test("a reader leaves a journal alone while another process holds the lock, without waiting")
    func readerDoesNotWait() throws {
        let vault = try vault()
        try folder.write(".zennotes/journal/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10.json", "{}")
        let lock = try VaultLock(metadataFolder: vault.metadataFolder)
        let started = Date()
        #expect(try ChangeExecutor(vault: vault).recover(waiting: false).isEmpty)
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(ChangeExecutor(vault: vault).pendingJournals() == ["6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10.json"])
        lock.release()
    }

    @Test("a rename that stops after its journal says the next run finishes it, not that nothing was written")
    func stoppedHalfway() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        let faulty = FaultyFileSystem()
        faulty.fail(.exchange, with: ENOSPC)
        #expect {
            _ = try ChangeExecutor(vault: try Vault(root: folder.path, fileSystem: faulty)).apply(plan, summary: "test")
        } throws: { error in
            guard case VaultError.changeInterrupted(_, let reason) = error else { return false }
            return reason.contains("No space left on device")
        }
        _ = try ChangeExecutor(vault: vault).recover()
        #expect(try text("pages/Linker.md") == "see [[Chores]]\n" && text("pages/Other.md") == "also [[Chores]]\n")
        #expect(try folder.names(in: "pages") == ["Chores.md", "Linker.md", "Other.md"])
    }

    @Test("after rewriting began, a taken name stops the change: a note left empty is restored, and the rewritten notes are named")
    func takenAfterRewritingBegan() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        crash(plan, vault, before: "edit pages/Other.md")
        // Linker.md was rewritten; then a power cut empties it, Other.md is edited by hand,
        // and another file takes the name.
        try folder.write("pages/Linker.md", "")
        try folder.write("pages/Other.md", "also [[Errands]]\nand more\n")
        unlink(folder.path + "/pages/Chores.md")
        try folder.write("pages/Chores.md", "someone else's\n")
        let report = try #require(try ChangeExecutor(vault: vault).recover().first)
        #expect(!report.undone)
        #expect(report.conflicts.contains { $0.path == "pages/Linker.md" && $0.message.contains("the change stopped at pages/Chores.md") })
        #expect(try text("pages/Linker.md") == "see [[Chores]]\n")
        #expect(report.conflicts.contains { $0.path == "pages/Other.md" })
        #expect(try text("pages/Other.md") == "also [[Errands]]\nand more\n")
        #expect(try text("pages/Errands.md") == "# Errands\n" && text("pages/Chores.md") == "someone else's\n")
        #expect(ChangeExecutor(vault: vault).pendingJournals().isEmpty)
    }

    @Test("a note saved under its old name after the crash gives its new name the saved version")
    func editedUnderOldName() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planMove("pages/Errands.md", to: "inbox/")
        crash(plan, vault, before: "unlink")
        // An editor saves the old name the way editors do: a new file renamed over it.
        try folder.write("pages/.save", "# Errands\n\n- [ ] typed after the crash\n")
        rename(folder.path + "/pages/.save", folder.path + "/pages/Errands.md")
        let report = try #require(try ChangeExecutor(vault: vault).recover().first)
        #expect(report.conflicts.isEmpty)
        #expect(try text("inbox/Errands.md") == "# Errands\n\n- [ ] typed after the crash\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/pages/Errands.md"))
    }

    @Test("where hard links fail, an undone move puts renamed files back under their old names")
    func undoWithoutHardLinks() throws {
        let vault = try vault()
        try folder.write("pages/Sub/A.md", "a\n")
        try folder.write("pages/Sub/B.md", "b\n")
        let plan = try RenamePlanner(vault: vault).planMove("pages/Sub", to: "inbox/")
        crash(plan, vault, before: "link")
        // Where link(2) is refused (exFAT, SMB), the first file was moved by a rename.
        try FileManager.default.createDirectory(atPath: folder.path + "/inbox/Sub", withIntermediateDirectories: true)
        rename(folder.path + "/pages/Sub/A.md", folder.path + "/inbox/Sub/A.md")
        try folder.write("inbox/Sub/B.md", "someone else's\n")
        let report = try #require(try ChangeExecutor(vault: vault).recover().first)
        #expect(report.undone)
        #expect(try folder.names(in: "pages/Sub") == ["A.md", "B.md"])
        #expect(try text("pages/Sub/A.md") == "a\n" && text("inbox/Sub/B.md") == "someone else's\n")
    }

    @Test("a placeholder at the new name holds it, and a journal name in capitals is a stray, not a change")
    func placeholderAndCapitals() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        crash(plan, vault, before: "link")
        try folder.write("pages/.Chores.md.icloud", "bplist00")
        let report = try #require(try ChangeExecutor(vault: vault).recover().first)
        #expect(report.undone && report.conflicts.map(\.path) == ["pages/Chores.md"])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/pages/Chores.md"))
        try folder.write(".zennotes/journal/6F1C2A4E-0D7B-4C1E-9A55-3B8E2F7D9C10.json", "{}")
        #expect(ChangeExecutor(vault: vault).pendingJournals().isEmpty)
        #expect(ChangeExecutor(vault: vault).strayJournalFiles() == ["6F1C2A4E-0D7B-4C1E-9A55-3B8E2F7D9C10.json"])
    }

    @Test("a file at the new name of a note the change also retitles is never written, and the change is undone")
    func emptyFileAtRetitledName() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        #expect(plan.edits.contains { $0.path == "pages/Chores.md" })
        crash(plan, vault, before: "link")
        try folder.write("pages/Chores.md", "")
        let report = try #require(try ChangeExecutor(vault: vault).recover().first)
        #expect(report.undone)
        #expect(try folder.read("pages/Chores.md").isEmpty)
        #expect(try text("pages/Errands.md") == "# Errands\n" && text("pages/Linker.md") == "see [[Errands]]\n")
    }

    @Test("a new name that does not hold the moved note after its old name went is not taken for it")
    func oldNameGoneNewNameForeign() throws {
        let vault = try vault()
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        crash(plan, vault, before: "link")
        unlink(folder.path + "/pages/Errands.md")
        try folder.write("pages/Chores.md", "# Chores\n\nsomeone else's list\n")
        let report = try #require(try ChangeExecutor(vault: vault).recover().first)
        #expect(report.conflicts.contains { $0.path == "pages/Chores.md" })
        #expect(try text("pages/Linker.md") == "see [[Errands]]\n" && text("pages/Other.md") == "also [[Errands]]\n")
        #expect(try text("pages/Chores.md") == "# Chores\n\nsomeone else's list\n")
    }

    @Test("a link, a folder or an unreadable file at a new name is another file: recovery goes on without it")
    func oddThingAtNewName() throws {
        let vault = try vault()
        crash(try RenamePlanner(vault: vault).planRename("Errands", to: "Chores"), vault, before: "link")
        symlink("nowhere.md", folder.path + "/pages/Chores.md")
        let report = try #require(try ChangeExecutor(vault: vault).recover().first)
        #expect(report.undone)
        #expect(ChangeExecutor(vault: vault).pendingJournals().isEmpty)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/pages/Chores.md")) == "nowhere.md")
    }

    @Test("an empty save under the old name is not taken for the new version, and an unchanged re-save is")
    func savesUnderOldName() throws {
        let vault = try vault()
        crash(try RenamePlanner(vault: vault).planMove("pages/Errands.md", to: "inbox/"), vault, before: "unlink")
        try folder.write("pages/.save", "")
        rename(folder.path + "/pages/.save", folder.path + "/pages/Errands.md")
        let kept = try #require(try ChangeExecutor(vault: vault).recover().first)
        #expect(kept.conflicts.contains { $0.path == "inbox/Errands.md" && $0.message.contains("saved empty since; both are kept") })
        #expect(try text("inbox/Errands.md") == "# Errands\n")

        let again = TemporaryFolder()
        try again.write("pages/Errands.md", "# Errands\n")
        let second = try Vault(root: again.path)
        _ = try? ChangeExecutor(vault: second) { if $0.hasPrefix("unlink") { throw Crash() } }
            .apply(try RenamePlanner(vault: second).planMove("pages/Errands.md", to: "inbox/"), summary: "test")
        try again.write("pages/.save", "# Errands\n")
        rename(again.path + "/pages/.save", again.path + "/pages/Errands.md")
        let report = try #require(try ChangeExecutor(vault: second).recover().first)
        #expect(report.conflicts.isEmpty)
        #expect(try again.names(in: "pages").isEmpty && again.names(in: "inbox") == ["Errands.md"])
    }

    @Test("an old leftover under a case-only rename's middle name is in the way, not taken for the note")
    func staleRenameMiddleName() throws {
        let vault = try vault()
        try folder.write("pages/.~Errands.md.rename.tmp", "stale other text\n")
        let report = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("Errands", to: "errands"), summary: "test")
        #expect(report.undone && report.conflicts.first?.message.contains("is in the way") == true)
        #expect(try text("pages/Errands.md") == "# Errands\n" && text("pages/.~Errands.md.rename.tmp") == "stale other text\n")
        #expect(try text("pages/Linker.md") == "see [[Errands]]\n")
    }

    @Test("keeping the original of a copy whose original is gone is refused: the copy is the only version")
    func keepOriginalWhenGone() throws {
        _ = try vault()
        try folder.write("pages/Plan.Conflict.md", "theirs\n")
        let vault = try Vault(root: folder.path)
        let resolver = ConflictResolver(vault: vault)
        let copy = try resolver.copy(named: "pages/Plan.Conflict.md", in: try vault.scan(detail: .paths))
        #expect(throws: VaultError.self) { try resolver.resolve(copy, keep: .original, dryRun: false) }
        #expect(try text("pages/Plan.Conflict.md") == "theirs\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/trash"))
    }
}
