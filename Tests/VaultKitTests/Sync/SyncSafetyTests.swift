import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Living beside sync tools")
struct SyncSafetyTests {
    /// Two notes, one linking to the other, and a placeholder that may link to it too.
    private func vaultWithPlaceholder() throws -> (TemporaryFolder, Vault) {
        let folder = TemporaryFolder()
        try folder.write("pages/Target.md", "# Target\n")
        try folder.write("pages/Linker.md", "see [[Target]]\n")
        try folder.write("pages/.Evicted.md.icloud", "bplist00")
        return (folder, try Vault(root: folder.path))
    }

    @Test("a rename that may need to rewrite a placeholder stops before anything is planned and names it")
    func renameStopsOnPlaceholder() throws {
        let (folder, vault) = try vaultWithPlaceholder()
        #expect(throws: VaultError.notesUnavailable(paths: ["pages/Evicted.md"])) {
            try RenamePlanner(vault: vault).planRename("Target", to: "Goal")
        }
        #expect(try folder.names(in: "pages") == [".Evicted.md.icloud", "Linker.md", "Target.md"])
        let plan = try RenamePlanner(vault: vault, skipUnavailable: true).planRename("Target", to: "Goal")
        #expect(plan.skipped.map(\.path) == ["pages/Evicted.md"])
        #expect(plan.edits.map(\.path).sorted() == ["pages/Goal.md", "pages/Linker.md"])
    }

    @Test("a note that is not UTF-8 and names the moved note stops a rename; one that does not name it is no obstacle")
    func renameStopsOnUndecodableLinker() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Target.md", "# Target\n")
        try folder.write("pages/Latin.md", bytes: Array("caf".utf8) + [0xE9] + Array(" [[Target]]\n".utf8))
        try folder.write("pages/Other.md", bytes: Array("caf".utf8) + [0xE9] + Array(" [[Elsewhere]]\n".utf8))
        let vault = try Vault(root: folder.path)
        #expect(throws: VaultError.notesUnavailable(paths: ["pages/Latin.md"])) {
            try RenamePlanner(vault: vault).planRename("Target", to: "Goal")
        }
        let plan = try RenamePlanner(vault: vault, skipUnavailable: true).planRename("Target", to: "Goal")
        #expect(plan.skipped.map(\.path) == ["pages/Latin.md"])
        #expect(!plan.edits.contains { $0.path == "pages/Latin.md" })
    }

    @Test("archiving stops on a placeholder too, since it rewrites links")
    func archiveStopsOnPlaceholder() throws {
        let (folder, vault) = try vaultWithPlaceholder()
        #expect(throws: VaultError.notesUnavailable(paths: ["pages/Evicted.md"])) {
            try NoteLifecycle(vault: vault).plan(.archive, "Target")
        }
        #expect(try NoteLifecycle(vault: vault, skipUnavailable: true).plan(.archive, "Target").plan.moves.count == 1)
        #expect(try folder.names(in: "pages") == [".Evicted.md.icloud", "Linker.md", "Target.md"])
    }

    @Test("a read that fails marks the note unavailable, never empty, and a rename stops on it", arguments: [EACCES, EIO, ETIMEDOUT, EDEADLK])
    func failedReads(code: Int32) throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Target.md", "# Target\n")
        let faulty = FaultyFileSystem()
        faulty.fail(.readFile, with: code)
        let vault = try Vault(root: folder.path, fileSystem: faulty)
        let note = try #require(try vault.scan().notes.first)
        #expect(note.availability == .unreadable && note.size == 0)
        #expect(note.unavailableReason == String(cString: strerror(code)))
        #expect(throws: VaultError.noteUnavailable(path: "pages/Target.md", reason: String(cString: strerror(code)))) {
            try vault.contents(of: note)
        }
        #expect(throws: VaultError.notesUnavailable(paths: ["pages/Target.md"])) {
            try RenamePlanner(vault: vault).planMove("pages/Target.md", to: "inbox/")
        }
    }

    @Test("leftover temporary files: a second name and metadata go; an unfinished new note and a text in no note stay")
    func leftovers() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Ideas.md", "# Ideas\n")
        try folder.write("pages/.~Ideas.md.abc.tmp", "half")
        link(folder.path + "/pages/Ideas.md", folder.path + "/pages/.~Ideas.md.def.new.tmp")
        try folder.write("quick/.~New.md.ghi.new.tmp", "the only copy")
        try folder.write(".zennotes/.~vault.json.jkl.tmp", "{}")
        try folder.write(".zennotes/journal/.~0001.json.mno.new.tmp", "{}")
        try folder.write("pages/.~Other.md.rename.tmp", "# Other\n")
        let vault = try Vault(root: folder.path)
        let found = vault.leftoverFiles(try vault.scan(detail: .paths))
        #expect(
            found.map { "\($0.path) \($0.state.rawValue)" } == [
                ".zennotes/.~vault.json.jkl.tmp abandonedMetadata", ".zennotes/journal/.~0001.json.mno.new.tmp abandonedMetadata",
                "pages/.~Ideas.md.abc.tmp unknownText", "pages/.~Ideas.md.def.new.tmp secondName",
                "pages/.~Other.md.rename.tmp renameInProgress", "quick/.~New.md.ghi.new.tmp unfinishedNewNote",
            ])
        #expect(
            vault.removeLeftoverFiles(found).map(\.path) == [
                ".zennotes/.~vault.json.jkl.tmp", ".zennotes/journal/.~0001.json.mno.new.tmp", "pages/.~Ideas.md.def.new.tmp",
            ])
        #expect(try folder.names(in: "pages") == [".~Ideas.md.abc.tmp", ".~Other.md.rename.tmp", "Ideas.md"])
        #expect(try folder.read("pages/Ideas.md") == Array("# Ideas\n".utf8))
        #expect(try folder.read("quick/.~New.md.ghi.new.tmp") == Array("the only copy".utf8))
    }

    @Test("a new note's unfinished text stays even when another file has taken its name since")
    func unfinishedNoteWhoseNameWasTaken() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/.~Trip plan.md.k3j.new.tmp", "typed on the train")
        try folder.write("pages/Trip plan.md", "made later by an editor")
        let vault = try Vault(root: folder.path)
        let found = vault.leftoverFiles(try vault.scan(detail: .paths))
        #expect(found.map(\.state) == [.unfinishedNewNote])
        #expect(vault.removeLeftoverFiles(found).isEmpty)
        #expect(try vault.restoreUnfinishedNote(found[0]) == "pages/Trip plan 2.md")
        #expect(try folder.read("pages/Trip plan 2.md") == Array("typed on the train".utf8))
        #expect(try folder.read("pages/Trip plan.md") == Array("made later by an editor".utf8))
        #expect(try folder.names(in: "pages") == ["Trip plan 2.md", "Trip plan.md"])
    }

    @Test("a temporary file for a name cut to fit 255 bytes is judged against the note it was cut from")
    func cutNames() throws {
        let folder = TemporaryFolder()
        let name = String(repeating: "n", count: 247) + ".md"
        let note = try folder.write("pages/" + name, "long\n")
        let cut = ".~" + SafeWriter.shortened(name)
        link(note, folder.path + "/pages/" + cut + ".a1.new.tmp")
        try folder.write("pages/" + cut + ".b2.tmp", "half")
        let vault = try Vault(root: folder.path)
        let found = vault.leftoverFiles(try vault.scan(detail: .paths))
        #expect(Set(found.map(\.state)) == [.unknownText, .secondName])
        #expect(found.allSatisfy { $0.target == "pages/" + name })
    }

    @Test("leftovers stay while another vault process holds the write lock or a journal waits")
    func leftoversWhileBusy() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Ideas.md", "# Ideas\n")
        try folder.write("pages/.~Ideas.md.abc.tmp", "half")
        let vault = try Vault(root: folder.path)
        let found = vault.leftoverFiles(try vault.scan(detail: .paths))
        do {
            let lock = try VaultLock(metadataFolder: vault.metadataFolder)
            #expect(vault.removeLeftoverFiles(found).isEmpty)
            lock.release()
        }
        try folder.write(".zennotes/journal/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10.json", "{}")
        #expect(vault.removeLeftoverFiles(found).isEmpty)
        #expect(try folder.names(in: "pages") == [".~Ideas.md.abc.tmp", "Ideas.md"])
    }

    @Test("a read-only note is never replaced, and a rename that would rewrite one stops before writing")
    func readOnlyNote() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("pages/Locked.md", "see [[Target]]\n")
        try folder.write("pages/Target.md", "# Target\n")
        chmod(path, 0o444)
        let writer = SafeWriter()
        let read = try writer.read(path)
        #expect(throws: FileError.readOnly(path: path)) { try writer.replace(path, with: [0x78], expecting: read.snapshot) }
        #expect(throws: FileError.readOnly(path: "pages/Locked.md")) {
            try RenamePlanner(vault: try Vault(root: folder.path)).planRename("Target", to: "Goal")
        }
        #expect(try folder.read("pages/Locked.md") == Array("see [[Target]]\n".utf8))
        #expect(try folder.names(in: "pages") == ["Locked.md", "Target.md"])
    }

    @Test("a read-only folder gets no new note and no temporary file")
    func readOnlyFolder() throws {
        let folder = TemporaryFolder()
        try folder.write("quick/Old.md", "old\n")
        chmod(folder.path + "/quick", 0o555)
        defer { chmod(folder.path + "/quick", 0o755) }
        let vault = try Vault(root: folder.path)
        #expect(throws: FileError.readOnly(path: folder.path + "/quick")) {
            try Capture(vault: vault).capture(Array("hello".utf8))
        }
        #expect(try folder.names(in: "quick") == ["Old.md"])
    }

    @Test("a note that is a symlink is not written through, and a file link out of the vault is skipped")
    func symlinks() throws {
        let folder = TemporaryFolder()
        try folder.write("outside/secret.txt", "not a note\n")
        let inner = try folder.write("vault/pages/Real.md", "# Real\n")
        symlink(inner, folder.path + "/vault/pages/Alias.md")
        symlink(folder.path + "/outside/secret.txt", folder.path + "/vault/pages/Secret.md")
        let vault = try Vault(root: folder.path + "/vault")
        let scan = try vault.scan()
        #expect(scan.notes.map(\.path) == ["pages/Alias.md", "pages/Real.md"])
        #expect(scan.warnings.map(\.description) == ["pages/Secret.md: a symlink to a file outside the vault; skipped"])
        let writer = SafeWriter()
        let alias = vault.absolutePath("pages/Alias.md")
        let read = try writer.read(alias)
        #expect(throws: FileError.symbolicLink(path: alias)) { try writer.replace(alias, with: [0x78], expecting: read.snapshot) }
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: alias)) == inner)
    }

    @Test("a note that is a symlink is not moved, renamed, archived or trashed: the link would point elsewhere; nothing changes")
    func symlinkNotMoved() throws {
        let folder = TemporaryFolder()
        try folder.write("vault/quick/A.md", "# A\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/vault/pages", withIntermediateDirectories: true)
        #expect(symlink("A.md", folder.path + "/vault/quick/ln A.md") == 0)
        let vault = try Vault(root: folder.path + "/vault")
        let before = try RoundTripTests.files(vault.root)
        let refused = VaultError.wrongPlace(
            path: "quick/ln A.md",
            reason: "is a symbolic link; vault moves files, not links to them (moved, a link can point elsewhere): "
                + "move the file it points to, or the link itself with mv; nothing was changed")
        #expect(throws: refused) { try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planMove("quick/ln A.md", to: "pages/"), summary: "t") }
        #expect(throws: refused) { try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("quick/ln A.md", to: "B"), summary: "t") }
        for action in [NoteLifecycle.Action.trash, .archive] {
            let lifecycle = NoteLifecycle(vault: vault)
            #expect(throws: refused) { try lifecycle.apply(try lifecycle.plan(action, "quick/ln A.md"), action: action) }
        }
        #expect(try RoundTripTests.files(vault.root) == before)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: vault.root + "/quick/ln A.md")) == "A.md")
    }

    @Test("a note with conflict copies is not trashed without them; nothing changes until they are settled, then it goes")
    func trashWithCopiesRefused() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Idea.md", "# Idea\n")
        try folder.write("pages/Idea (Ana's conflicted copy 2026-12-01).md", "# Idea, Ana's\n")
        try folder.write("pages/Idea.sync-conflict-20261201-101010-ABCDEFG.md", "# Idea, phone\n")
        let vault = try Vault(root: folder.path)
        let before = try RoundTripTests.files(vault.root)
        let copies = ["pages/Idea (Ana's conflicted copy 2026-12-01).md", "pages/Idea.sync-conflict-20261201-101010-ABCDEFG.md"]
        #expect(throws: VaultError.hasConflictCopies(path: "pages/Idea.md", copies: copies)) { try NoteLifecycle(vault: vault).plan(.trash, "Idea") }
        #expect(try RoundTripTests.files(vault.root) == before)
        // Settled, each copy set aside in the trash, the note goes too.
        for copy in copies {
            let resolver = ConflictResolver(vault: vault)
            _ = try resolver.resolve(try resolver.copy(named: copy, in: try vault.scan(detail: .summary)), keep: .original, dryRun: false)
        }
        let lifecycle = NoteLifecycle(vault: vault)
        _ = try lifecycle.apply(try lifecycle.plan(.trash, "Idea"), action: .trash)
        #expect(try folder.names(in: "trash/pages").count == 3)
        #expect(try folder.names(in: "pages") == [])
    }

    @Test("a folder link inside the vault is not followed: a link in trash/ to a live folder cannot have it emptied")
    func folderLinkInTrash() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Projects/Roadmap.md", "# Roadmap\n")
        try folder.write("trash/Old.md", "old\n")
        symlink("../pages/Projects", folder.path + "/trash/Projects")
        let vault = try Vault(root: folder.path)
        let scan = try vault.scan(detail: .paths)
        #expect(scan.notes.map(\.path) == ["pages/Projects/Roadmap.md", "trash/Old.md"])
        #expect(scan.skipped.map(\.description) == ["trash/Projects: a symlink to a folder of the vault; skipped, its notes are listed where they are"])
        let trash = TrashBin(vault: vault)
        #expect(try trash.empty(try trash.contents().items) == 1)
        #expect(try folder.read("pages/Projects/Roadmap.md") == Array("# Roadmap\n".utf8))
    }

    @Test("new notes in iCloud Drive are numbered T (2), which iCloud's conflict naming cannot take for a copy")
    func iCloudNumbering() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/Library/Mobile Documents/com~apple~CloudDocs/Notes"
        try FileManager.default.createDirectory(atPath: root + "/quick", withIntermediateDirectories: true)
        let vault = try Vault(root: root)
        let first = try vault.createNote(in: "quick", stem: "Idea", content: [0x61], dryRun: false)
        let second = try vault.createNote(in: "quick", stem: "Idea", content: [0x62], dryRun: false)
        #expect([first, second] == ["quick/Idea.md", "quick/Idea (2).md"])
        #expect(try vault.scan(detail: .paths).notes.count == 2)
    }
}
