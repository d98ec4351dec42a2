import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultSystem

/// The crash the tests simulate: the process ends before a step.
private struct Crash: Error {}

/// A change of many linking notes rewrites several at a time; what it leaves when one of
/// them meets someone else's change, or the run ends, is what a change of one at a time left.
@Suite("A change of many linking notes")
struct ManyRewritesTests {
    let folder = TemporaryFolder()
    /// Enough linking notes that the rewrites are spread over several workers.
    static let linkers = (1...120).map { String(format: "pages/Linker %03d.md", $0) }

    private func vault() throws -> Vault {
        try folder.write("pages/Errands.md", "# Errands\n")
        for path in Self.linkers { try folder.write(path, "see [[Errands]] from \(path)\n") }
        return try Vault(root: folder.path)
    }

    private func text(_ path: String) throws -> String { String(decoding: try folder.read(path), as: UTF8.self) }

    private func plan(_ vault: Vault) throws -> RenamePlan {
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        #expect(plan.edits.count >= Self.linkers.count)
        return plan
    }

    @Test("one linking note edited while the change runs has the whole change taken back, however many were rewritten by then")
    func editedMidwayIsTakenBack() throws {
        let vault = try vault()
        let edited = Self.linkers[59]
        let hook: (String) throws -> Void = { step in
            if step == "edit " + edited { try folder.write(edited, "see [[Errands]], edited by hand\n") }
        }
        let report = try ChangeExecutor(vault: vault, beforeStep: hook).apply(try plan(vault), summary: "rename")
        #expect(report.undone && report.moved == 0 && report.rewritten == 0)
        #expect(report.conflicts.map(\.path) == [edited])
        for path in Self.linkers where path != edited {
            #expect(try text(path) == "see [[Errands]] from \(path)\n")
        }
        #expect(try text(edited) == "see [[Errands]], edited by hand\n")
        #expect(try folder.names(in: "pages").filter { !$0.hasPrefix("Linker") } == ["Errands.md"])
        #expect(ChangeExecutor(vault: vault).pendingJournals().isEmpty)
    }

    @Test("a change ended halfway through its rewrites is finished by the next run, every note rewritten once")
    func endedMidwayIsFinished() throws {
        let vault = try vault()
        let hook: (String) throws -> Void = { step in if step == "edit " + Self.linkers[70] { throw Crash() } }
        #expect(throws: Crash.self) { _ = try ChangeExecutor(vault: vault, beforeStep: hook).apply(try plan(vault), summary: "rename") }
        let reports = try ChangeExecutor(vault: vault).recover()
        #expect(reports.count == 1 && reports[0].conflicts == [])
        for path in Self.linkers { #expect(try text(path) == "see [[Chores]] from \(path)\n") }
        #expect(try folder.names(in: "pages").filter { !$0.hasPrefix("Linker") } == ["Chores.md"])
    }

    @Test("finishing a journal leaves the notes edited since alone, in the journal's order, and rewrites all the others")
    func finishingLeavesEditedNotes() throws {
        let vault = try vault()
        let plan = try plan(vault)
        let hook: (String) throws -> Void = { step in if step.hasPrefix("edit ") { throw Crash() } }
        #expect(throws: Crash.self) { _ = try ChangeExecutor(vault: vault, beforeStep: hook).apply(plan, summary: "rename") }
        let edited = [Self.linkers[3], Self.linkers[64], Self.linkers[117]]
        for path in edited { try folder.write(path, "edited by hand, see [[Errands]]\n") }
        let report = try #require(try ChangeExecutor(vault: vault).recover().first)
        let leftAlone = report.conflicts.filter { $0.message.contains("its links were not rewritten") }.map(\.path)
        #expect(leftAlone == edited)
        #expect(report.rewritten == plan.edits.count - edited.count)
        for path in Self.linkers where !edited.contains(path) { #expect(try text(path) == "see [[Chores]] from \(path)\n") }
        for path in edited { #expect(try text(path) == "edited by hand, see [[Errands]]\n") }
        // The old name stays beside the new one, so the links left alone still resolve.
        #expect(try folder.names(in: "pages").filter { !$0.hasPrefix("Linker") } == ["Chores.md", "Errands.md"])
    }

    @Test("rewrites done side by side come to what one after another would have: the first in order that fails or is left alone decides")
    func outcomesInOrder() throws {
        typealias Outcome = ChangeExecutor.RewriteOutcome
        func names(_ outcomes: [Outcome]) -> [String] {
            outcomes.map { outcome in
                switch outcome {
                case .rewritten: "rewritten"
                case .leftAlone: "left alone"
                case .notBegun: "not begun"
                case .failed: "failed"
                }
            }
        }
        // Left alone first, then a full disk on a later note: taken back, the later note untried.
        let leftFirst: [Outcome] = [.rewritten, .leftAlone("changed elsewhere"), .failed(Crash()), .rewritten]
        #expect(try names(ChangeExecutor.inOrder(leftFirst, stopping: true)) == ["rewritten", "left alone", "not begun", "rewritten"])
        // Finishing a journal does not stop at a note left alone: the failure is the change's.
        #expect(throws: Crash.self) { try ChangeExecutor.inOrder(leftFirst, stopping: false) }
        // The failure first: it is thrown, whatever was left alone after it.
        let failedFirst: [Outcome] = [.rewritten, .failed(Crash()), .leftAlone("changed elsewhere")]
        #expect(throws: Crash.self) { try ChangeExecutor.inOrder(failedFirst, stopping: true) }
        let calm: [Outcome] = [.rewritten, .leftAlone("gone since the change began"), .rewritten]
        #expect(try names(ChangeExecutor.inOrder(calm, stopping: false)) == ["rewritten", "left alone", "rewritten"])
    }
}
