import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The crash the tests simulate: the process ends before a step.
private struct Crash: Error {}

@Suite("One executor for every change")
struct ChangeExecutorTests {
    let folder = TemporaryFolder()

    private func vault() throws -> Vault {
        try folder.write("pages/A.md", "# A\n")
        try folder.write("pages/B.md", "# B\n")
        try folder.write("trash/Old.md", "old\n")
        return try Vault(root: folder.path)
    }

    private func text(_ path: String) -> String? {
        (try? folder.read(path)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A plan of all four kinds: a new note, a rewrite, a move and a removal.
    private static func plan(_ vault: Vault) throws -> ChangePlan {
        let writer = SafeWriter(fileSystem: vault.fileSystem)
        let (a, aSnapshot) = try writer.read(vault.absolutePath("pages/A.md"))
        let (old, oldSnapshot) = try writer.read(vault.absolutePath("trash/Old.md"))
        return ChangePlan(
            [
                .create("pages/C.md", bytes: Array("# C\n".utf8)),
                .replace("pages/A.md", expected: aSnapshot, before: a, after: Array("# A\nmore\n".utf8)),
                .move("pages/B.md", to: "inbox/B.md"),
                .remove("trash/Old.md", expected: oldSnapshot, before: old),
            ], summary: "test")
    }

    @Test("a plan of several files is applied whole, through a journal that is gone after")
    func appliesWhole() throws {
        let vault = try vault()
        let report = try ChangeExecutor(vault: vault).apply(try Self.plan(vault))
        #expect(report.created == 1 && report.rewritten == 1 && report.moved == 1 && report.removed == 1 && report.conflicts.isEmpty)
        #expect(text("pages/C.md") == "# C\n" && text("pages/A.md") == "# A\nmore\n")
        #expect(text("inbox/B.md") == "# B\n" && text("pages/B.md") == nil && text("trash/Old.md") == nil)
        #expect(ChangeExecutor(vault: vault).pendingJournals().isEmpty)
    }

    @Test("a file changed since the plan was made is refused with exit 3, and nothing is written")
    func changedSincePlanned() throws {
        let vault = try vault()
        let planned = try Self.plan(vault)
        try folder.write("trash/Old.md", "edited elsewhere\n")
        #expect {
            try ChangeExecutor(vault: vault).apply(planned)
        } throws: { error in
            (error as? FileError) == .fileChanged(path: "trash/Old.md") && (error as? FileError)?.exitCode == 3
        }
        #expect(text("pages/C.md") == nil && text("pages/A.md") == "# A\n" && text("pages/B.md") == "# B\n")
        #expect(text("trash/Old.md") == "edited elsewhere\n" && text("inbox/B.md") == nil)
    }

    @Test("a single-file plan whose file changed since it was read is refused with exit 3")
    func singleChanged() throws {
        let vault = try vault()
        let (bytes, snapshot) = try SafeWriter(fileSystem: vault.fileSystem).read(vault.absolutePath("pages/A.md"))
        try folder.write("pages/A.md", "# A, edited\n")
        #expect(throws: FileError.fileChanged(path: "pages/A.md")) {
            try ChangeExecutor(vault: vault).apply(ChangePlan([.replace("pages/A.md", expected: snapshot, before: bytes, after: [])], summary: "t"))
        }
        #expect(text("pages/A.md") == "# A, edited\n")
    }

    @Test("a single-file plan held as a patch writes the patched bytes, and is refused when the file changed")
    func singlePatched() throws {
        let vault = try vault()
        let (bytes, snapshot) = try SafeWriter(fileSystem: vault.fileSystem).read(vault.absolutePath("pages/A.md"))
        let patch = TextPatch(before: bytes, replacements: [TextReplacement(range: 2..<3, text: "Alpha")])
        let plan = ChangePlan([.replace("pages/A.md", expected: snapshot, patch: patch)], summary: "t")
        #expect(!plan.isJournaled)
        let report = try ChangeExecutor(vault: vault).apply(plan)
        #expect(report.rewritten == 1 && text("pages/A.md") == "# Alpha\n")

        // Saved elsewhere after the check but with the status the plan read (a touch back in
        // time): the patch, made over other bytes, refuses to write.
        let (again, snapshotAgain) = try SafeWriter(fileSystem: vault.fileSystem).read(vault.absolutePath("pages/A.md"))
        let second = TextPatch(before: again, replacements: [TextReplacement(range: 2..<7, text: "B")])
        try folder.write("pages/A.md", "# Gamma\n")
        #expect(throws: FileError.fileChanged(path: "pages/A.md")) {
            try ChangeExecutor(vault: vault).apply(ChangePlan([.replace("pages/A.md", expected: snapshotAgain, patch: second)], summary: "t"))
        }
        #expect(text("pages/A.md") == "# Gamma\n")
    }

    @Test("a change killed before any step, between any two, or before its journal goes is finished by the one recovery call")
    func killedAtEveryStep() throws {
        let probe = try vault()
        var steps: [String] = []
        _ = try ChangeExecutor(vault: probe) { steps.append($0) }.apply(try Self.plan(probe))
        #expect(steps.first == "journal" && steps.contains("create pages/C.md") && steps.contains("remove trash/Old.md"))
        for step in steps {
            let folder = TemporaryFolder()
            try folder.write("pages/A.md", "# A\n")
            try folder.write("pages/B.md", "# B\n")
            try folder.write("trash/Old.md", "old\n")
            let vault = try Vault(root: folder.path)
            let planned = try Self.plan(vault)
            _ = try? ChangeExecutor(vault: vault) { if $0 == step { throw Crash() } }.apply(planned)
            // Waiting for the lock: tests share one process, and a child another test spawns holds a
            // copy of every descriptor, the lock's too, between its fork and its exec.
            let recovery = vault.recoverInterruptedChanges(waiting: true)
            #expect(recovery.problem == nil)
            func read(_ path: String) -> String? { (try? folder.read(path)).map { String(decoding: $0, as: UTF8.self) } }
            if step == "journal" {
                // Killed before the journal was written: nothing was touched.
                #expect(recovery.reports.isEmpty && read("pages/C.md") == nil && read("pages/A.md") == "# A\n", "at \(step)")
                #expect(read("pages/B.md") == "# B\n" && read("trash/Old.md") == "old\n", "at \(step)")
            } else {
                #expect(recovery.reports.count == 1, "at \(step)")
                #expect(read("pages/C.md") == "# C\n" && read("pages/A.md") == "# A\nmore\n", "at \(step)")
                #expect(read("inbox/B.md") == "# B\n" && read("pages/B.md") == nil && read("trash/Old.md") == nil, "at \(step)")
            }
            #expect(ChangeExecutor(vault: vault).pendingJournals().isEmpty, "at \(step)")
        }
    }

    @Test("a rollover killed between its two journals is finished by the next run: the tasks are in today's journal and forwarded in the old one")
    func rolloverKilled() throws {
        try folder.write("journals/2026-11-29.md", "# 2026-11-29\n\n- [ ] carry me\n")
        let vault = try Vault(root: folder.path)
        let plan = try vault.planRollover(into: CalendarDay("2026-11-30")!)
        _ = try? ChangeExecutor(vault: vault) { if $0.hasPrefix("edit journals/2026-11-29") { throw Crash() } }.apply(plan.changePlan)
        #expect(text("journals/2026-11-30.md")?.contains("- [ ] carry me") == true)
        #expect(text("journals/2026-11-29.md") == "# 2026-11-29\n\n- [ ] carry me\n")
        // Waiting for the lock, as in `killedAtEveryStep`.
        #expect(vault.recoverInterruptedChanges(waiting: true).reports.count == 1)
        #expect(text("journals/2026-11-29.md") == "# 2026-11-29\n\n- [>] carry me\n")
        #expect(text("journals/2026-11-30.md")?.components(separatedBy: "carry me").count == 2)
    }

    @Test("emptying the trash removes through the safe writer, and refuses a note changed since it was listed")
    func emptyTrash() throws {
        let vault = try vault()
        let bin = TrashBin(vault: vault)
        let items = try bin.contents().items
        try folder.write("trash/Old.md", "changed\n")
        #expect(throws: FileError.fileChanged(path: "trash/Old.md")) { try bin.empty(items) }
        #expect(text("trash/Old.md") == "changed\n")
        let plan = try bin.emptyPlan(try bin.contents().items)
        #expect(plan.changes.map(\.kind) == [.remove])
        #expect(try bin.empty(try bin.contents().items) == 1)
        #expect(text("trash/Old.md") == nil)
    }
}
