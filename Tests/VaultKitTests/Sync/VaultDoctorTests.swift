import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("The vault doctor")
struct VaultDoctorTests {
    @Test("a healthy vault has no findings")
    func healthy() throws {
        let folder = TemporaryFolder()
        try Vault.initialize(at: folder.path)
        try folder.write("pages/A.md", "# A\n\n[[B]]\n")
        try folder.write("pages/B.md", "# B\n")
        #expect(try VaultDoctor(vault: try Vault(root: folder.path)).examine() == [])
    }

    @Test("folders whose names differ only in case or Unicode form are a finding each, their notes apart or not")
    func folderTwins() throws {
        let folder = TemporaryFolder()
        try Vault.initialize(at: folder.path)
        try folder.write("pages/Proj/a.md", "# a\n")
        try folder.write("pages/proj/b.md", "# b\n")
        try folder.write("pages/Caf\u{E9}/Deep/c.md", "# c\n")
        try folder.write("pages/Cafe\u{301}/d.png", "png")
        try folder.write("pages/Other/e.md", "# e\n")
        // Empty, or holding only hidden files: they collide all the same.
        try FileManager.default.createDirectory(atPath: folder.path + "/pages/Empty", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/pages/empty", withIntermediateDirectories: true)
        try folder.write("pages/H/.att/a.png", "1")
        try folder.write("pages/h/.att/a.png", "2")
        let found = try VaultDoctor(vault: try Vault(root: folder.path)).examine()
        let twins = found.filter { $0.kind == .nameCollision }
        #expect(Set(twins.compactMap(\.path)).isSuperset(of: ["pages/empty/", "pages/h/"]))
        #expect(twins.map(\.path).count == 4)
        #expect(twins.contains { $0.path == "pages/proj/" && $0.message.contains("pages/Proj/") && $0.fix.contains("vault move 'pages/proj'") })
        #expect(twins.contains { Array(($0.path ?? "").utf8) == Array("pages/Caf\u{E9}/".utf8) || Array(($0.path ?? "").utf8) == Array("pages/Cafe\u{301}/".utf8) })
        // Two names alike on screen are said to differ in form, not in case.
        #expect(twins.contains { $0.path?.hasPrefix("pages/Caf") == true && $0.message.contains("only in Unicode form (one writes") })
        #expect(twins.contains { $0.path == "pages/proj/" && $0.message.contains("only in case or Unicode form") })
    }

    @Test("the fix for twin folders renames the stray one in place: with vault move where it holds notes, with mv where it holds none; nested twins are said once")
    func folderTwinFixes() throws {
        let folder = TemporaryFolder()
        try Vault.initialize(at: folder.path)
        try folder.write("Pages/n.md", "# n\n")
        try folder.write("pages/Proj/x/p.md", "# p\n")
        try folder.write("pages/proj/x/.hidden", "")
        try folder.write("trash/X/a.md", "# a\n")
        try folder.write("trash/x/b.md", "# b\n")
        let vault = try Vault(root: folder.path)
        let fixes = Dictionary(uniqueKeysWithValues: try VaultDoctor(vault: vault).examine().filter { $0.kind == .nameCollision }.map { ($0.path ?? "", $0.fix) })
        #expect(fixes == [
            "Pages/": "vault move 'Pages' 'ANOTHER NAME'", "pages/proj/": "mv 'pages/proj' 'pages/ANOTHER NAME'",
            "trash/x/": "mv 'trash/x' 'trash/ANOTHER NAME'",
        ])
        // The stray folder beside the system folder can be moved away, as the fix says.
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planMove("Pages", to: "Other"), summary: "move")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Other/n.md"))
        #expect(throws: VaultError.self) { try RenamePlanner(vault: vault).planMove("pages", to: "Other2") }
        // Emptied by a note moved out of it, the stray folder goes; the system folder stays.
        try folder.write("Pages/m.md", "# m\n")
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planMove("Pages/m.md", to: "pages/"), summary: "move")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/Pages"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/pages/m.md"))
    }

    @Test("a folder spelled as a system folder but for case, with no system folder beside it, is kept when emptied: on a disk that ignores case it is that folder")
    func strayAloneKept() throws {
        let folder = TemporaryFolder()
        try folder.write("Pages/y.md", "# y\n")
        try folder.write("archive/.keep", "")
        let vault = try Vault(root: folder.path)
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planMove("Pages/y.md", to: "archive/"), summary: "move")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Pages"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/archive/y.md"))
    }

    @Test("two names of one file are a second name; a note that is a link to another, or a trashed one, is not")
    func secondNames() throws {
        let folder = TemporaryFolder()
        try Vault.initialize(at: folder.path)
        try folder.write("pages/Plan.md", "# Plan\n")
        #expect(link(folder.path + "/pages/Plan.md", folder.path + "/pages/Old plan.md") == 0)
        try FileManager.default.createDirectory(atPath: folder.path + "/trash/pages", withIntermediateDirectories: true)
        #expect(link(folder.path + "/pages/Plan.md", folder.path + "/trash/pages/Plan.md") == 0)
        try folder.write("pages/Real.md", "# Real\n")
        #expect(symlink("Real.md", folder.path + "/pages/Alias.md") == 0)
        let found = try VaultDoctor(vault: try Vault(root: folder.path)).examine()
        #expect(found.map { "\($0.kind.rawValue) \($0.path ?? "")" } == ["secondName pages/Old plan.md"])
        #expect(found.first?.message.hasPrefix("is the same file as pages/Plan.md") == true)
    }

    @Test("comments whose note is not there are a finding; those of a note, a trashed one or a placeholder are not")
    func orphanedSidecars() throws {
        let folder = TemporaryFolder()
        try Vault.initialize(at: folder.path)
        let sidecar = "{\"version\":1,\"comments\":[]}"
        for note in ["pages/A.md", "trash/pages/T.md", "pages/Evicted.md"] {
            try folder.write(".zennotes/comments/\(note).comments.json", sidecar)
        }
        try folder.write(".zennotes/comments/pages/deep/Gone.md.comments.json", sidecar)
        try folder.write(".zennotes/comments/Old.md.comments.json", sidecar)
        try folder.write(".zennotes/comments/pages/notes.txt", "not a sidecar")
        try folder.write("pages/A.md", "# A\n")
        try folder.write("trash/pages/T.md", "# T\n")
        try folder.write("pages/.Evicted.md.icloud", "")
        let found = try VaultDoctor(vault: try Vault(root: folder.path)).examine().filter { $0.kind == .orphanedSidecar }
        #expect(found.map(\.path) == [".zennotes/comments/Old.md.comments.json", ".zennotes/comments/pages/deep/Gone.md.comments.json"])
        #expect(found.first?.message.contains("comments of Old.md, which is not there") == true)
    }

    @Test("each problem is one finding of its kind, naming the file, with a fix")
    func findings() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Plan.md", "# Plan\n")
        try folder.write("pages/Plan.Conflict.md", "# Plan, theirs\n")
        try folder.write("pages/.Away.md.icloud", "bplist00")
        try folder.write("pages/Latin.md", bytes: [0x63, 0x61, 0x66, 0xE9])
        try folder.write("pages/Caf\u{E9}.md", "nfc\n")
        try folder.write("pages/Cafe\u{301}.md", "nfd\n")
        try folder.write("pages/.~Plan.md.a1.tmp", "half")
        try folder.write(".zennotes/journal/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10.json", "{}")
        let found = try VaultDoctor(vault: try Vault(root: folder.path)).examine()
        #expect(
            found.map { "\($0.kind.rawValue) \($0.path ?? "")" }.sorted() == [
                "conflictCopy pages/Plan.Conflict.md", "leftoverFile pages/.~Plan.md.a1.tmp",
                "nameCollision pages/Cafe\u{301}.md", "notUTF8 pages/Latin.md", "placeholder pages/Away.md",
                "unfinishedChange .zennotes/journal/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10.json",
            ].sorted())
        #expect(found.allSatisfy { !$0.fix.isEmpty && !$0.message.isEmpty })
        #expect(found.first { $0.kind == .conflictCopy }?.fix.contains("vault conflicts resolve 'pages/Plan.Conflict.md'") == true)
    }

    @Test("fix removes what holds nothing anyone saved and makes an unfinished new note a note again")
    func fix() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Plan.md", "# Plan\n")
        // A replacement never swapped in: its name says it holds the new text.
        let versions = SafeWriter.Versions(read: ContentHash.of(Array("# Plan\n".utf8)), written: ContentHash.of(Array("# Plan\nmore\n".utf8)))
        let replacement = SafeWriter.temporaryName(for: "Plan.md", kind: .replacement, versions: versions)
        try folder.write("pages/" + replacement, "# Plan\nmore\n")
        try folder.write("pages/.~New.md.b2.new.tmp", "a new note's only copy")
        let doctor = VaultDoctor(vault: try Vault(root: folder.path))
        let fixed = try doctor.fix()
        #expect(
            fixed.done == [
                "removed pages/" + replacement, "restored pages/New.md from pages/.~New.md.b2.new.tmp; it may be incomplete",
            ])
        #expect(fixed.problems.isEmpty)
        #expect(try doctor.examine() == [])
        #expect(try folder.read("pages/New.md") == Array("a new note's only copy".utf8))
        #expect(try folder.names(in: "pages") == ["New.md", "Plan.md"])
    }

    @Test("an interrupted change that cannot be finished is given up only when asked, and every file stays")
    func abandon() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Plan.md", "# Plan\n")
        try folder.write(".zennotes/journal/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10.json", "not a journal")
        let doctor = VaultDoctor(vault: try Vault(root: folder.path))
        #expect(throws: VaultError.self) { try doctor.fix() }
        #expect(try doctor.fix(abandoning: true).done.first?.hasPrefix("gave up on the interrupted change .zennotes/journal/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10.json") == true)
        #expect(try doctor.examine() == [])
        #expect(try folder.read("pages/Plan.md") == Array("# Plan\n".utf8))
    }

    @Test("a settings file that is not an object is a finding, not a crash")
    func badSettings() throws {
        let finding = VaultDoctor.settingsFinding(.settingsNotJSON(path: ".zennotes/vault.json", reason: "not an object"))
        #expect(finding?.kind == .settings && finding?.path == ".zennotes/vault.json")
        #expect(VaultDoctor.settingsFinding(.noVaultFound(searchedFrom: "/")) == nil)
    }

    @Test("fixes quote paths for a shell, quotes included")
    func quoting() {
        #expect(VaultDoctor.quoted("inbox/Ana's notes.md") == "'inbox/Ana'\\''s notes.md'")
    }

    @Test("a restore whose last step fails says what it did, and the next fix does not make a second copy")
    func restoreHalfDone() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/.~Plan.md.zz.new.tmp", "only copy\n")
        let faulty = FaultyFileSystem()
        // Creating the note links its own temporary file; removing the leftover is what fails.
        let vault = try Vault(root: folder.path, fileSystem: faulty)
        faulty.actions[.link] = { faulty.fail(.remove, with: EIO) }
        let first = try VaultDoctor(vault: vault).fix()
        #expect(first.done.isEmpty)
        #expect(first.problems.count == 1 && first.problems[0].hasPrefix("restored pages/Plan.md from pages/.~Plan.md.zz.new.tmp, but"))
        let second = try VaultDoctor(vault: try Vault(root: folder.path)).fix()
        #expect(second.done.contains("removed pages/.~Plan.md.zz.new.tmp") && second.problems.isEmpty)
        #expect(second.done.allSatisfy { $0.hasPrefix("removed pages/.~Plan.md.") })
        #expect(try folder.names(in: "pages") == ["Plan.md"])
        #expect(try folder.read("pages/Plan.md") == Array("only copy\n".utf8))
    }
}
