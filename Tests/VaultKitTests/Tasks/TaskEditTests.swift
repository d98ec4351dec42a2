import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Changing a task's state: only the marker changes, through the safe writer, and a stale
/// reference is refused with nothing written (DESIGN.md 5 and 7).
@Suite("Editing a task")
struct TaskEditTests {
    let folder = TemporaryFolder()
    let root: String
    let vault: Vault
    static let today = CalendarDay("2026-11-30")!

    init() throws {
        root = try folder.copy(fixture: "demo")
        vault = try Vault(root: root)
    }

    func bytes(_ path: String) throws -> [UInt8] { try folder.read("demo/" + path) }

    func task(_ path: String, _ prefix: String) throws -> VaultTask {
        try #require(try vault.tasks().tasks.first { $0.path == path && $0.description.hasPrefix(prefix) })
    }

    func reference(_ task: VaultTask) -> TaskReference { try! TaskReference(parsing: task.reference) }

    /// The bytes of `before` and `after` differ only in `range` of `before`, replaced by `with`.
    func onlyChanged(_ before: [UInt8], _ after: [UInt8], at offset: Int, from old: String, to new: String) -> Bool {
        var expected = before
        expected.replaceSubrange(offset..<offset + old.utf8.count, with: Array(new.utf8))
        return expected == after
    }

    @Test(
        "each action writes its marker and nothing else",
        arguments: [
            (TaskAction.start, "/"), (.done, "x"), (.cancel, "-"), (.forward, ">"), (.toggle, "x"),
        ])
    func actions(action: TaskAction, marker: String) throws {
        let task = try task("pages/Ideas.md", "Build a bookshelf")
        let before = try bytes(task.path)
        let plan = try vault.editTask(reference(task), action: action, today: Self.today)
        #expect(plan.changed.map(\.marker) == [marker])
        #expect(onlyChanged(before, try bytes(task.path), at: task.markerRange.lowerBound, from: " ", to: marker))
    }

    @Test("reopen and toggle uncheck any marker, as a checkbox click does, and a done date goes with it, as in Obsidian Tasks")
    func reopen() throws {
        let question = try task("pages/Projects/Vault CLI.md", "Do we need a daemon")
        _ = try vault.editTask(reference(question), action: .toggle, today: Self.today)
        #expect(try task("pages/Projects/Vault CLI.md", "Do we need a daemon").state == .open)
        let done = try task("pages/Reading List.md", "Piranesi")
        let before = try bytes(done.path)
        _ = try vault.editTask(reference(done), action: .reopen, today: Self.today)
        let after = String(decoding: try bytes(done.path), as: UTF8.self)
        #expect(after == String(decoding: before, as: UTF8.self).replacingOccurrences(of: "- [x] Piranesi ✅ 2026-11-28\n", with: "- [ ] Piranesi\n"))
        #expect(after != String(decoding: before, as: UTF8.self))
    }

    @Test("done adds a done date where the note writes emoji dates, and nowhere else")
    func doneDate() throws {
        let post = try task("pages/Errands.md", "Post office")
        _ = try vault.editTask(reference(post), action: .done, today: Self.today)
        let line = String(decoding: try bytes("pages/Errands.md"), as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)[post.line - 1]
        #expect(line == "- [x] Post office: parcel for Ana 📅 2026-12-03 ✅ 2026-11-30")
        // The reference still names the task after the change.
        #expect(try task("pages/Errands.md", "Post office").reference == post.reference)
        // Reopened, the text keeps its done date; done again later, the date is that day's.
        _ = try vault.editTask(reference(post), action: .reopen, today: Self.today)
        _ = try vault.editTask(reference(post), action: .done, today: CalendarDay("2026-12-02")!)
        let again = String(decoding: try bytes("pages/Errands.md"), as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)[post.line - 1]
        #expect(again == "- [x] Post office: parcel for Ana 📅 2026-12-03 ✅ 2026-12-02")

        let shelf = try task("pages/Ideas.md", "Build a bookshelf")
        let before = try bytes("pages/Ideas.md")
        _ = try vault.editTask(reference(shelf), action: .done, today: Self.today)
        #expect(onlyChanged(before, try bytes("pages/Ideas.md"), at: shelf.markerRange.lowerBound, from: " ", to: "x"))
    }

    @Test("a task already in the state asked for is not written at all")
    func unchanged() throws {
        let done = try task("pages/Reading List.md", "Piranesi")
        let path = root + "/" + done.path
        let before = try #require(try LocalFileSystem().status(path))
        let plan = try vault.editTask(reference(done), action: .done, today: Self.today)
        #expect(plan.isEmpty)
        #expect(try LocalFileSystem().status(path)?.modifiedNanoseconds == before.modifiedNanoseconds)
    }

    @Test("CRLF, a BOM, a missing final newline and trailing spaces all survive an edit")
    func bytesSurvive() throws {
        for (path, prefix) in [
            ("pages/Windows Note.md", "Set core.autocrlf"), ("pages/BOM Note.md", "Check the other"),
            ("pages/People/Tom Becker.md", "Ask Tom"), ("pages/People/Ana Pereira.md", "Give back"),
        ] {
            let task = try task(path, prefix)
            let before = try bytes(path)
            _ = try vault.editTask(reference(task), action: .start, today: Self.today)
            #expect(
                onlyChanged(before, try bytes(path), at: task.markerRange.lowerBound, from: " ", to: "/"), "\(path)")
        }
    }

    @Test("--all-subtasks closes the open subtasks too and leaves the closed ones")
    func allSubtasks() throws {
        let ship = try task("pages/Projects/Vault CLI.md", "Ship 0.1")
        let plan = try vault.editTask(reference(ship), action: .done, allSubtasks: true, today: Self.today)
        #expect(plan.changed.map(\.description.first) == ["S", "R", "K", "T"])
        let after = try vault.tasks().tasks.filter { $0.path == "pages/Projects/Vault CLI.md" }
        #expect(after.prefix(8).map(\.marker) == ["x", "x", "X", "x", "x", "x", "-", "x"])
        let reopened = try vault.editTask(reference(ship), action: .reopen, allSubtasks: true, today: Self.today)
        #expect(reopened.changed.count == 8)
    }

    @Test("a stale reference is refused with exit code 3 and nothing written")
    func stale() throws {
        let task = try task("pages/Ideas.md", "Build a bookshelf")
        var text = try bytes(task.path)
        let edited = String(decoding: text, as: UTF8.self).replacingOccurrences(
            of: "Build a bookshelf", with: "Build two bookshelves")
        text = Array(edited.utf8)
        try folder.write("demo/" + task.path, bytes: text)
        #expect {
            try vault.editTask(reference(task), action: .done, today: Self.today)
        } throws: { error in
            guard let error = error as? TaskError, case .staleReference = error else { return false }
            return error.exitCode == 3
        }
        #expect(try bytes(task.path) == text)
    }

    @Test("a reference to a line without a task, a missing note or a bad path is an error")
    func badReferences() throws {
        #expect(throws: TaskError.noTaskAtLine(reference: "pages/Ideas.md:1@000000")) {
            try vault.editTask(
                TaskReference(path: "pages/Ideas.md", line: 1, hash: "000000"), action: .done, today: Self.today)
        }
        #expect(throws: TaskError.noSuchNote(reference: "pages/Nope.md:3@000000", path: "pages/Nope.md")) {
            try vault.editTask(
                TaskReference(path: "pages/Nope.md", line: 3, hash: "000000"), action: .done, today: Self.today)
        }
        for path in ["../outside.md", "/etc/passwd.md", ".zennotes/vault.json", "assets/diagram.png"] {
            #expect(throws: TaskError.self, "\(path)") {
                try vault.editTask(TaskReference(path: path, line: 1, hash: "000000"), action: .done, today: Self.today)
            }
        }
        #expect(throws: VaultError.noteNotDownloaded(path: "pages/Evicted Idea.md")) {
            try vault.editTask(
                TaskReference(path: "pages/Evicted Idea.md", line: 1, hash: "000000"), action: .done, today: Self.today)
        }
    }

    @Test("a note that is not UTF-8, or opts out of tasks, is never edited")
    func neverEdited() throws {
        var latin1 = Array("- [ ] caf".utf8)
        latin1 += [0xE9, 0x0A]
        try folder.write("demo/pages/Latin.md", bytes: latin1)
        let task = try #require(try vault.tasks().tasks.first { $0.path == "pages/Latin.md" })
        #expect(throws: TaskError.notUTF8(path: "pages/Latin.md")) {
            try vault.editTask(reference(task), action: .done, today: Self.today)
        }
        #expect(try bytes("pages/Latin.md") == latin1)
        #expect(throws: TaskError.optedOut(path: "pages/Templates/Weekly Review Template.md")) {
            try vault.editTask(
                TaskReference(path: "pages/Templates/Weekly Review Template.md", line: 9, hash: "000000"),
                action: .done,
                today: Self.today)
        }
    }

    @Test("a dry run plans the diff and writes nothing")
    func dryRun() throws {
        let task = try task("pages/Ideas.md", "Build a bookshelf")
        let before = try bytes(task.path)
        let plan = try vault.editTask(reference(task), action: .done, today: Self.today, dryRun: true)
        #expect(
            plan.rewrite.diff()
                == "diff --git a/pages/Ideas.md b/pages/Ideas.md\n--- a/pages/Ideas.md\n+++ b/pages/Ideas.md\n@@ -11,4 +11,4 @@\n"
                + " ## Someday\n \n \(String(decoding: before, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)[12])\n"
                + "-- [ ] Build a bookshelf for the hallway\n+- [x] Build a bookshelf for the hallway\n"
        )
        #expect(try bytes(task.path) == before)
        #expect(!FileManager.default.fileExists(atPath: root + "/.zennotes/lock"))
    }

    @Test("a note changed between the plan and the write is not overwritten (exit 3)")
    func changedMeanwhile() throws {
        let task = try task("pages/Ideas.md", "Build a bookshelf")
        let plan = try vault.planTaskEdit(reference(task), action: .done, today: Self.today)
        let edited = Array("# Ideas\n\nrewritten elsewhere\n".utf8)
        try folder.write("demo/pages/Ideas.md", bytes: edited)
        #expect(throws: FileError.fileChanged(path: "pages/Ideas.md")) { try plan.rewrite.write(in: vault) }
        #expect(try bytes("pages/Ideas.md") == edited)
    }
}
