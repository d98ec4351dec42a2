import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Resolving conflict copies")
struct ConflictResolverTests {
    private let copyName = "pages/Plan.sync-conflict-20261128-101512-ABCDEF7.md"

    /// A vault with `pages/Plan.md` and one Syncthing copy of it.
    private func setUp() throws -> (TemporaryFolder, Vault, ConflictCopy) {
        let folder = TemporaryFolder()
        try folder.write("pages/Plan.md", "# Plan\n\nmine\n")
        try folder.write(copyName, "# Plan\n\ntheirs\n")
        let vault = try Vault(root: folder.path)
        let copy = try ConflictResolver(vault: vault).copy(named: "Plan", in: try vault.scan(detail: .paths))
        return (folder, vault, copy)
    }

    @Test("keeping the original moves the copy's bytes to the trash and leaves the original as it was")
    func keepOriginal() throws {
        let (folder, vault, copy) = try setUp()
        chmod(folder.path + "/" + copyName, 0o640)
        let outcome = try ConflictResolver(vault: vault).resolve(copy, keep: .original, dryRun: false)
        #expect(outcome.trashed == "trash/" + copyName)
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path + "/trash/" + copyName)[.posixPermissions] as? Int
        #expect(mode == 0o640, "the trashed version keeps its permissions")
        #expect(try folder.read("pages/Plan.md") == Array("# Plan\n\nmine\n".utf8))
        #expect(try folder.read("trash/" + copyName) == Array("# Plan\n\ntheirs\n".utf8))
        #expect(try folder.names(in: "pages") == ["Plan.md"])
        #expect(try vault.scan(detail: .paths).conflictCopies.isEmpty)
    }

    @Test("keeping the copy puts its text in the original and the original's old text in the trash")
    func keepCopy() throws {
        let (folder, vault, copy) = try setUp()
        let outcome = try ConflictResolver(vault: vault).resolve(copy, keep: .copy, dryRun: false)
        #expect(outcome.trashed == "trash/pages/Plan.md" && outcome.written == "pages/Plan.md")
        #expect(try folder.read("pages/Plan.md") == Array("# Plan\n\ntheirs\n".utf8))
        #expect(try folder.read("trash/pages/Plan.md") == Array("# Plan\n\nmine\n".utf8))
        #expect(try folder.names(in: "pages") == ["Plan.md"])
    }

    @Test("keeping both makes the copy a note of its own with the T 2 rule")
    func keepBoth() throws {
        let (folder, vault, copy) = try setUp()
        let outcome = try ConflictResolver(vault: vault).resolve(copy, keep: .both, dryRun: false)
        #expect(outcome.written == "pages/Plan 2.md")
        #expect(try folder.read("pages/Plan 2.md") == Array("# Plan\n\ntheirs\n".utf8))
        #expect(try folder.names(in: "pages") == ["Plan 2.md", "Plan.md"])
        #expect(try vault.scan(detail: .paths).notes.map(\.path) == ["pages/Plan 2.md", "pages/Plan.md"])
    }

    @Test("in iCloud Drive the second note is named T (2), since T 2 would read as iCloud's own conflict copy")
    func keepBothInICloud() throws {
        let folder = TemporaryFolder()
        let base = "Library/Mobile Documents/com~apple~CloudDocs/Notes"
        try folder.write(base + "/pages/Plan.md", "mine\n")
        try folder.write(base + "/pages/Plan.Conflict.md", "theirs\n")
        let vault = try Vault(root: folder.path + "/" + base)
        let resolver = ConflictResolver(vault: vault)
        let copy = try resolver.copy(named: "pages/Plan.Conflict.md", in: try vault.scan(detail: .paths))
        #expect(try resolver.resolve(copy, keep: .both, dryRun: false).written == "pages/Plan (2).md")
        let scan = try vault.scan(detail: .paths)
        #expect(scan.conflictCopies.isEmpty && scan.notes.map(\.path) == ["pages/Plan (2).md", "pages/Plan.md"])
    }

    @Test("a dry run names where each version would go and writes nothing")
    func dryRun() throws {
        let (folder, vault, copy) = try setUp()
        let before = try folder.names(in: "pages")
        for keep in ConflictResolver.Keep.allCases {
            let outcome = try ConflictResolver(vault: vault).resolve(copy, keep: keep, dryRun: true)
            #expect(outcome.trashed != nil || outcome.written != nil)
        }
        #expect(try folder.names(in: "pages") == before)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/trash"))
    }

    @Test("a copy edited after it was read is not removed: the run stops with exit 3 and both texts survive")
    func copyChangedUnderUs() throws {
        let (folder, vault, copy) = try setUp()
        let faulty = FaultyFileSystem()
        // The sync tool writes the copy again while the original's old text goes to the trash.
        faulty.actions[.link] = { _ = try? folder.write(copyName, "# Plan\n\ntheirs, edited\n") }
        let resolver = ConflictResolver(vault: try Vault(root: vault.root, fileSystem: faulty))
        // The copy's earlier text went to the trash before the edit; both versions stay, and
        // the message says so rather than "nothing was written".
        #expect {
            try resolver.resolve(copy, keep: .original, dryRun: false)
        } throws: { error in
            guard let error = error as? VaultError, error.exitCode == 3 else { return false }
            return error.description == "\(copyName) is in trash/\(copyName), but \(vault.absolutePath(copyName)) changed since it was read, so the copy was kept"
        }
        #expect(try folder.read("trash/" + copyName) == Array("# Plan\n\ntheirs\n".utf8))
        #expect(try folder.read(copyName) == Array("# Plan\n\ntheirs, edited\n".utf8))
        #expect(try folder.read("pages/Plan.md") == Array("# Plan\n\nmine\n".utf8))
    }

    @Test("an original that is not downloaded is refused before anything moves")
    func placeholderOriginal() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/.Plan.md.icloud", "bplist")
        try folder.write("pages/Plan.Conflict.md", "theirs\n")
        let vault = try Vault(root: folder.path)
        let resolver = ConflictResolver(vault: vault)
        let copy = try resolver.copy(named: "pages/Plan.Conflict.md", in: try vault.scan(detail: .paths))
        #expect(throws: VaultError.noteNotDownloaded(path: "pages/Plan.md")) {
            try resolver.resolve(copy, keep: .copy, dryRun: false)
        }
        #expect(try folder.names(in: "pages") == [".Plan.md.icloud", "Plan.Conflict.md"])
    }

    @Test("a note with two copies must be named by the copy's path; a name with none is an error")
    func naming() throws {
        let (folder, vault, _) = try setUp()
        try folder.write("pages/Plan.Conflict.md", "third\n")
        let scan = try vault.scan(detail: .paths)
        let resolver = ConflictResolver(vault: vault)
        #expect(throws: VaultError.ambiguousNote(name: "Plan", candidates: ["pages/Plan.Conflict.md", copyName])) {
            try resolver.copy(named: "Plan", in: scan)
        }
        #expect(try resolver.copy(named: "pages/Plan.Conflict.md", in: scan).tool == .resilio)
        #expect(throws: VaultError.self) { try resolver.copy(named: "Nothing", in: scan) }
    }

    @Test("a read-only original or folder is refused before anything is written, so no trash copy piles up")
    func readOnlyRefusedFirst() throws {
        let (folder, vault, copy) = try setUp()
        chmod(folder.path + "/pages/Plan.md", 0o444)
        #expect(throws: FileError.readOnly(path: "pages/Plan.md")) {
            try ConflictResolver(vault: vault).resolve(copy, keep: .copy, dryRun: false)
        }
        chmod(folder.path + "/pages/Plan.md", 0o644)
        chmod(folder.path + "/pages", 0o555)
        defer { chmod(folder.path + "/pages", 0o755) }
        #expect(throws: FileError.readOnly(path: "pages")) {
            try ConflictResolver(vault: vault).resolve(copy, keep: .original, dryRun: false)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/trash"))
        #expect(try folder.names(in: "pages") == ["Plan.md", "Plan.sync-conflict-20261128-101512-ABCDEF7.md"])
    }

    @Test("a failure after the trash copy is made takes it back when its text is still in place")
    func takesBackOnFailure() throws {
        let (folder, vault, copy) = try setUp()
        let faulty = FaultyFileSystem()
        faulty.fail(.exchange, with: EIO)
        let resolver = ConflictResolver(vault: try Vault(root: vault.root, fileSystem: faulty))
        #expect(throws: FileError.self) { try resolver.resolve(copy, keep: .copy, dryRun: false) }
        // The folders the change made for it go with it.
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/trash/pages"))
        #expect(try folder.read("pages/Plan.md") == Array("# Plan\n\nmine\n".utf8))
        #expect(try folder.read(copyName) == Array("# Plan\n\ntheirs\n".utf8))
    }

    @Test("keeping the copy, killed at any step, loses no version, and the one recovery call finishes it")
    func killedAtEveryStep() throws {
        var steps: [String] = []
        do {
            let (folder, vault, copy) = try setUp()
            _ = try ChangeExecutor(vault: vault) { steps.append($0) }.apply(try ConflictResolver(vault: vault).plan(copy, keep: .copy).plan)
            withExtendedLifetime(folder) {}
        }
        #expect(steps.count > 4)
        for step in steps {
            let (folder, vault, copy) = try setUp()
            let plan = try ConflictResolver(vault: vault).plan(copy, keep: .copy).plan
            _ = try? ChangeExecutor(vault: vault) { if $0 == step { throw Crash() } }.apply(plan)
            // Waiting for the lock: a program another test starts at this moment holds a copy of
            // the lock's descriptor until it has started, and a recovery that does not wait passes over the journal.
            #expect(vault.recoverInterruptedChanges(waiting: true).problem == nil, "at \(step)")
            let original = try folder.read("pages/Plan.md")
            if step == "journal" {
                #expect(original == Array("# Plan\n\nmine\n".utf8) && (try? folder.read(copyName)) != nil, "at \(step)")
            } else {
                #expect(original == Array("# Plan\n\ntheirs\n".utf8), "at \(step)")
                #expect(try folder.read("trash/pages/Plan.md") == Array("# Plan\n\nmine\n".utf8), "at \(step)")
                #expect((try? folder.read(copyName)) == nil, "at \(step)")
            }
        }
    }
}

extension ConflictResolverTests {
    @Test("a note's conflict copies follow it when it is renamed or moved, alone or with its folder, and stay known as its copies")
    func copiesFollow() throws {
        let (folder, vault, _) = try setUp()
        try folder.write("pages/Work/Idea.md", "# Idea\n")
        try folder.write("pages/Work/Idea (Ana's conflicted copy 2026-11-27).md", "# Idea\n\ntheirs\n")
        // A copy whose note is gone moves with its folder too.
        try folder.write("pages/Work/Gone.sync-conflict-20261128-101512-ABCDEF7.md", "# Gone\n")
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("Plan", to: "Roadmap"), summary: "rename")
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planMove("pages/Work", to: "pages/Projects"), summary: "move")
        #expect(try folder.read("pages/Roadmap.sync-conflict-20261128-101512-ABCDEF7.md") == Array("# Plan\n\ntheirs\n".utf8))
        // The folder the copy left with its note is emptied, and goes as any emptied one does.
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/pages/Work"))
        let copies = try vault.scan(detail: .paths).conflictCopies.map { "\($0.path) \($0.originalPath)" }
        #expect(copies == [
            "pages/Projects/Gone.sync-conflict-20261128-101512-ABCDEF7.md pages/Projects/Gone.md",
            "pages/Projects/Idea (Ana's conflicted copy 2026-11-27).md pages/Projects/Idea.md",
            "pages/Roadmap.sync-conflict-20261128-101512-ABCDEF7.md pages/Roadmap.md",
        ])
        // A copy's new name taken already stops the rename before anything moves.
        try folder.write("pages/Plan B.md", "# Plan B\n")
        try folder.write("pages/Plan B.sync-conflict-20261128-101512-ABCDEF7.md", "# B\n")
        try folder.write("pages/Final.sync-conflict-20261128-101512-ABCDEF7.md", "# taken\n")
        #expect(throws: FileError.fileExists(path: "pages/Final.sync-conflict-20261128-101512-ABCDEF7.md")) {
            try RenamePlanner(vault: vault).planRename("Plan B", to: "Final")
        }
    }
}

extension ConflictResolverTests {
    @Test("a note is not renamed to a name a sync tool gives a copy of the note beside it, which would hide it")
    func copyNamesRefused() throws {
        let (folder, vault, _) = try setUp()
        try folder.write("pages/Plan-V2.md", "# Plan-V2\n")
        let before = try RenameMatrixTests.snapshot(folder.path)
        for name in ["Plan-LAPTOP-9ZY8X7W", "Plan (Bob's conflicted copy 2026-12-01)"] {
            #expect(throws: VaultError.self, "\(name)") { try RenamePlanner(vault: vault).planRename("Plan-V2", to: name) }
        }
        #expect(try RenameMatrixTests.snapshot(folder.path) == before)
        // In a folder without Plan.md, the same name is a note like any other.
        #expect(try RenamePlanner(vault: vault).planMove("pages/Plan-V2.md", to: "inbox/Plan-LAPTOP-9ZY8X7W.md").moves.count == 1)
    }
}

/// The crash the tests simulate: the process ends before a step.
private struct Crash: Error {}
