import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// How old a note in the trash is, and what that lets `trash --empty --older-than` delete
/// (DESIGN.md 6): the time it was trashed, never the time its text was edited.
@Suite("Ageing the trash")
struct TrashBinTests {
    let folder = TemporaryFolder()
    static let now = Date(timeIntervalSince1970: 1_796_040_000)  // 2026-11-30T12:00:00Z
    static let day: TimeInterval = 86_400

    /// A vault of two notes, its clock standing at `now`.
    private func vault(fileSystem: any FileSystem = LocalFileSystem()) throws -> Vault {
        try folder.write("pages/Errands.md", "# Errands\n\n- [ ] bulbs\n")
        try folder.write("pages/Home.md", "see [[Errands]]\n")
        var vault = try Vault(root: folder.path, fileSystem: fileSystem)
        vault.clock = .fixed(Self.now)
        return vault
    }

    private func at(_ date: Date, _ vault: Vault) -> Vault {
        var moved = vault
        moved.clock = .fixed(date)
        return moved
    }

    /// Sets a file's modification time, as an editor or a sync tool restoring times would.
    private func setModified(_ relative: String, _ date: Date) {
        let seconds = Int(date.timeIntervalSince1970)
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        utimensat(AT_FDCWD, folder.path + "/" + relative, &times, 0)
    }

    private func trash(_ name: String, _ vault: Vault) throws {
        let lifecycle = NoteLifecycle(vault: vault)
        let outcome = try lifecycle.apply(try lifecycle.plan(.trash, name), action: .trash)
        #expect(outcome.recordProblem == nil)
    }

    @Test("a note trashed now stays however long ago its text was edited; one trashed 40 days ago goes")
    func agedByTrashing() throws {
        let vault = try vault()
        setModified("pages/Errands.md", Self.now - 40 * Self.day)
        try trash("pages/Errands.md", vault)
        try trash("pages/Home.md", at(Self.now - 40 * Self.day, vault))
        let bin = TrashBin(vault: vault)
        let old = try bin.contents(olderThan: 30 * Self.day).items
        #expect(old.map(\.path) == ["trash/pages/Home.md"])
        #expect(try bin.empty(old, olderThan: 30 * Self.day) == 1)
        #expect(try folder.names(in: "trash/pages") == ["Errands.md"])
        let later = TrashBin(vault: at(Self.now + 31 * Self.day, vault))
        #expect(try later.contents(olderThan: 30 * Self.day).items.map(\.path) == ["trash/pages/Errands.md"])
    }

    @Test("the list is newest trashed first, ties by path, each with its time and origin")
    func order() throws {
        let vault = try vault()
        try folder.write("pages/Zebra.md", "z\n")
        try trash("pages/Zebra.md", vault)
        try trash("pages/Errands.md", vault)
        try trash("pages/Home.md", at(Self.now - Self.day, vault))
        let items = try TrashBin(vault: vault).contents().items
        #expect(items.map(\.path) == ["trash/pages/Errands.md", "trash/pages/Zebra.md", "trash/pages/Home.md"])
        #expect(items.map(\.trashedAt) == [Self.now, Self.now, Self.now - Self.day])
        #expect(items.allSatisfy { $0.trashTimeSource == .record && "trash/" + $0.originalPath == $0.path })
    }

    @Test("a note with no record is aged by its status-change time, never by its modification time")
    func statusChangeTime() throws {
        let fileSystem = FaultyFileSystem()
        let vault = try vault(fileSystem: fileSystem)
        // Trashed by another app: no record. Its text is 100 days old, its move into the trash 10.
        try folder.write("trash/pages/Old list.md", "old\n")
        setModified("trash/pages/Old list.md", Self.now - 100 * Self.day)
        fileSystem.changeTimes[folder.path + "/trash/pages/Old list.md"] = Int64((Self.now - 10 * Self.day).timeIntervalSince1970) * 1_000_000_000
        let bin = TrashBin(vault: vault)
        let item = try #require(try bin.contents().items.first)
        #expect(item.trashTimeSource == .statusChange && item.trashedAt == Self.now - 10 * Self.day)
        #expect(try bin.contents(olderThan: 30 * Self.day).items.isEmpty)
        #expect(try TrashBin(vault: at(Self.now + 21 * Self.day, vault)).contents(olderThan: 30 * Self.day).items.count == 1)
    }

    @Test("a note whose age cannot be told is listed last and never deleted by --older-than")
    func unknownAge() throws {
        let fileSystem = FaultyFileSystem()
        let vault = try vault(fileSystem: fileSystem)
        try folder.write("trash/Ageless.md", "?\n")
        setModified("trash/Ageless.md", Date(timeIntervalSince1970: 0))
        fileSystem.changeTimes[folder.path + "/trash/Ageless.md"] = 0
        try trash("pages/Home.md", at(Self.now - 90 * Self.day, vault))
        let bin = TrashBin(vault: at(Self.now + 10_000 * Self.day, vault))
        let all = try bin.contents().items
        #expect(all.map(\.path) == ["trash/pages/Home.md", "trash/Ageless.md"])
        #expect(all.last?.trashedAt == nil && all.last?.trashTimeSource == .unknown)
        #expect(try bin.contents(olderThan: 60).items.map(\.path) == ["trash/pages/Home.md"])
    }

    @Test("an entry written for another file that took the name since is not believed")
    func otherFile() throws {
        let fileSystem = FaultyFileSystem()
        let vault = try vault(fileSystem: fileSystem)
        try trash("pages/Errands.md", at(Self.now - 90 * Self.day, vault))
        // Emptied and trashed again by another app: the record still says 90 days.
        let path = folder.path + "/trash/pages/Errands.md"
        try folder.write("trash/pages/new.tmp", "a new list, trashed today\n")
        rename(folder.path + "/trash/pages/new.tmp", path)
        fileSystem.changeTimes[path] = Int64(Self.now.timeIntervalSince1970) * 1_000_000_000
        let item = try #require(try TrashBin(vault: vault).contents().items.first)
        #expect(item.trashTimeSource == .statusChange && item.trashedAt == Self.now)
        #expect(try TrashBin(vault: vault).contents(olderThan: 30 * Self.day).items.isEmpty)
    }

    @Test("a note restored and trashed again after the listing is not deleted with it")
    func trashedAgainSinceListed() throws {
        let vault = try vault()
        try trash("pages/Errands.md", at(Self.now - 40 * Self.day, vault))
        let bin = TrashBin(vault: vault)
        let listed = try bin.contents(olderThan: 30 * Self.day).items
        let lifecycle = NoteLifecycle(vault: vault)
        _ = try lifecycle.apply(try lifecycle.plan(.restore, "Errands"), action: .restore)
        try trash("pages/Errands.md", vault)
        #expect(throws: FileError.fileChanged(path: "trash/pages/Errands.md")) { try bin.empty(listed, olderThan: 30 * Self.day) }
        #expect(try folder.names(in: "trash/pages") == ["Errands.md"])
    }

    @Test("entries of notes gone from the trash delete nothing and are forgotten; unknown keys stay")
    func goneAndUnknownKeys() throws {
        let vault = try vault()
        try folder.write(".zennotes/trash.json", """
            {"version": 1, "notes": {"trash/pages/Gone.md": {"trashedAt": "2020-01-01T00:00:00Z", "from": "pages/Gone.md"}},
             "app": {"keep": true}}
            """)
        #expect(try TrashBin(vault: vault).contents().items.isEmpty)
        try trash("pages/Errands.md", vault)
        let record = try TrashRecord(bytes: try folder.read(".zennotes/trash.json"))
        #expect(record.paths == ["trash/pages/Errands.md"])
        #expect(record.document["app"] == .object([("keep", .bool(true))]))
        #expect(record.entry(for: "trash/pages/errands.md")?.from == "pages/Errands.md")
    }

    @Test("a record that cannot be read is never rewritten; the trash is then aged by its files")
    func unreadableRecord() throws {
        let vault = try vault()
        try folder.write(".zennotes/trash.json", "[1, 2")
        let lifecycle = NoteLifecycle(vault: vault)
        let outcome = try lifecycle.apply(try lifecycle.plan(.trash, "pages/Errands.md"), action: .trash)
        #expect(outcome.recordProblem?.contains("not recorded") == true)
        #expect(try folder.read(".zennotes/trash.json") == Array("[1, 2".utf8))
        let contents = try TrashBin(vault: vault).contents()
        #expect(contents.items.map(\.trashTimeSource) == [.statusChange])
        #expect(contents.warnings.map(\.path) == [".zennotes/trash.json"])
    }

    @Test("restore finds a trashed note by its title, its old path or its trash path, and puts it back where it was")
    func restoreByName() throws {
        let vault = try vault()
        try trash("pages/Errands.md", vault)
        let lifecycle = NoteLifecycle(vault: vault)
        for name in ["Errands", "pages/Errands.md", "pages/Errands", "trash/pages/Errands.md", "errands"] {
            #expect(try lifecycle.plan(.restore, name).plan.moves.first?.to == "pages/Errands.md", "\(name)")
        }
        // Trashed again under the same name: `Errands 2` in the trash, still from pages/.
        try folder.write("pages/Errands.md", "a second list\n")
        try trash("pages/Errands.md", vault)
        #expect(throws: VaultError.ambiguousNote(name: "pages/Errands.md", candidates: ["trash/pages/Errands 2.md", "trash/pages/Errands.md"])) {
            try lifecycle.plan(.restore, "pages/Errands.md")
        }
        let outcome = try lifecycle.apply(try lifecycle.plan(.restore, "trash/pages/Errands 2.md"), action: .restore)
        #expect(outcome.plan.moves.first?.to == "pages/Errands.md")
        #expect(try TrashRecord(bytes: try folder.read(".zennotes/trash.json")).paths == ["trash/pages/Errands.md"])
        #expect(throws: VaultError.wrongPlace(path: "pages/Home.md", reason: "is not in trash/")) { try lifecycle.plan(.restore, "Home") }
    }

    @Test(
        "a recorded origin no note could have is not followed: the note goes back to its subpath",
        arguments: ["../outside.md", "/etc/x.md", ".hidden/Errands.md", "trash/Errands.md", "pages/Errands.txt", "", "pages/"])
    func badOrigin(from: String) throws {
        let vault = try vault()
        try folder.write("trash/pages/Errands.md", "trashed\n")
        try folder.write(".zennotes/trash.json", """
            {"version": 1, "notes": {"trash/pages/Errands.md": {"trashedAt": "2026-11-01T00:00:00Z", "from": "\(from)"}}}
            """)
        try FileManager.default.removeItem(atPath: folder.path + "/pages/Errands.md")
        #expect(try NoteLifecycle(vault: vault).plan(.restore, "trash/pages/Errands.md").plan.moves.first?.to == "pages/Errands.md")
        #expect(try TrashBin(vault: vault).contents().items.first?.originalPath == "pages/Errands.md")
    }
}
