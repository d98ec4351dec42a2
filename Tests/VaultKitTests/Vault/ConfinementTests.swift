import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Every path `vault` reads or writes resolves inside the vault (DESIGN.md 7).
@Suite("Staying inside the vault")
struct ConfinementTests {
    /// A vault in `vault/` with a note linking to another, and a folder `outside/` beside it.
    let folder = TemporaryFolder()

    private func vault() throws -> Vault {
        try folder.write("vault/pages/Errands.md", "# Errands\n\n- [ ] milk\n")
        try folder.write("vault/pages/Linker.md", "see [[Errands]]\n")
        try folder.write("vault/inbox/Call.md", "# Call\n")
        try folder.write("outside/secret.md", "- [ ] a task of someone else's\n")
        return try Vault(root: folder.path + "/vault")
    }

    private var outside: String { folder.path + "/outside" }

    /// Replaces a system folder of the vault with a link.
    private func link(_ relative: String, to target: String) throws {
        let path = folder.path + "/vault/" + relative
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(symlink(target, path) == 0)
    }

    private func outsideNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: outside).sorted()
    }

    @Test("a folder link out of the vault, inside it or to nothing is refused by name; the vault folder may itself be a link")
    func checks() throws {
        let vault = try vault()
        try link("quick", to: outside)
        try link("pages/inner", to: "../inbox")
        try link("pages/gone", to: "../nowhere")
        #expect(throws: VaultError.leadsOutOfVault(path: "quick", target: outside)) { try vault.checkInside(folder: "quick") }
        #expect(throws: VaultError.leadsOutOfVault(path: "quick", target: outside)) { try vault.checkInside("quick/x/y.md") }
        #expect(throws: VaultError.folderLink(path: "pages/inner", target: "inbox")) { try vault.checkInside("pages/inner/Call.md") }
        #expect(throws: VaultError.leadsOutOfVault(path: "pages/gone", target: nil)) { try vault.checkInside(folder: "pages/gone/new") }
        try vault.checkInside("pages/Errands.md")
        try vault.checkInside(folder: "pages/Not yet/made")
        #expect(symlink(folder.path + "/vault", folder.path + "/through") == 0)
        let through = try Vault(root: folder.path + "/through")
        try through.checkInside("pages/Errands.md")
        #expect(throws: VaultError.leadsOutOfVault(path: "quick", target: outside)) { try through.checkInside(folder: "quick") }
    }

    @Test("a note that is a link is read when it leads inside the vault and refused when it leads out")
    func noteLinks() throws {
        let vault = try vault()
        #expect(symlink("Errands.md", folder.path + "/vault/pages/Alias.md") == 0)
        #expect(symlink(outside + "/secret.md", folder.path + "/vault/pages/Leak.md") == 0)
        try vault.checkInside("pages/Alias.md")
        #expect(throws: VaultError.leadsOutOfVault(path: "pages/Leak.md", target: outside + "/secret.md")) {
            try vault.checkInside("pages/Leak.md")
        }
        let leak = NoteReader.skeleton(path: "pages/Leak.md", kind: .page, status: FileStatus(kind: .file, size: 0, modifiedNanoseconds: 0), availability: .available)
        #expect(throws: VaultError.leadsOutOfVault(path: "pages/Leak.md", target: outside + "/secret.md")) { try vault.contents(of: leak) }
        #expect(throws: VaultError.leadsOutOfVault(path: "pages/Leak.md", target: outside + "/secret.md")) {
            try vault.planTaskEdit(TaskReference(path: "pages/Leak.md", line: 1, hash: "000000"), action: .done, today: CalendarDay("2026-12-01")!)
        }
    }

    @Test("a conflict copy whose original is a link out of the vault is not compared with it")
    func conflictOriginalOut() throws {
        let vault = try vault()
        #expect(symlink(outside + "/secret.md", folder.path + "/vault/pages/Plan.md") == 0)
        try folder.write("vault/pages/Plan.sync-conflict-20261128-101512-ABCDEF7.md", "- [ ] mine\n")
        let copy = try #require(try vault.scan().conflictCopies.first)
        #expect(copy.originalPath == "pages/Plan.md")
        #expect(throws: VaultError.leadsOutOfVault(path: "pages/Plan.md", target: outside + "/secret.md")) { try vault.differences(of: copy) }
    }

    @Test("capture, new, journal, append and task edits refuse a system folder or --folder that leads out, and write nothing there")
    func writersRefuse() throws {
        let vault = try vault()
        try link("quick", to: outside)
        #expect(throws: VaultError.leadsOutOfVault(path: "quick", target: outside)) { try Capture(vault: vault).capture(Array("a thought".utf8)) }
        #expect(throws: VaultError.leadsOutOfVault(path: "quick", target: outside)) {
            try Capture(vault: vault).capture(Array("https://example.com/".utf8))
        }
        try link("pages/outlink", to: outside)
        #expect(throws: VaultError.leadsOutOfVault(path: "pages/outlink", target: outside)) {
            try NoteAuthoring(vault: vault).create(title: "Plan", folder: "pages/outlink")
        }
        #expect(throws: VaultError.leadsOutOfVault(path: "pages/outlink", target: outside)) {
            try NoteAuthoring(vault: vault).add("more", to: "pages/outlink/secret.md")
        }
        try link("journals", to: outside)
        #expect(throws: VaultError.leadsOutOfVault(path: "journals", target: outside)) {
            try Journals(vault: vault).append("today", to: CalendarDay("2026-12-01")!)
        }
        #expect(throws: VaultError.leadsOutOfVault(path: "pages/outlink", target: outside)) {
            try vault.editTask(TaskReference(path: "pages/outlink/secret.md", line: 1, hash: "000000"), action: .done, today: CalendarDay("2026-12-01")!)
        }
        #expect(try outsideNames() == ["secret.md"])
        #expect(try folder.read("outside/secret.md") == Array("- [ ] a task of someone else's\n".utf8))
    }

    @Test("archive, trash and a move refuse a destination folder that leads out, before anything is written")
    func changesRefuse() throws {
        let vault = try vault()
        try link("archive", to: outside)
        try link("trash", to: outside)
        #expect(throws: VaultError.leadsOutOfVault(path: "archive", target: outside)) {
            let lifecycle = NoteLifecycle(vault: vault)
            _ = try lifecycle.apply(try lifecycle.plan(.archive, "Errands"), action: .archive)
        }
        #expect(throws: VaultError.leadsOutOfVault(path: "trash", target: outside)) {
            let lifecycle = NoteLifecycle(vault: vault)
            _ = try lifecycle.apply(try lifecycle.plan(.trash, "Errands"), action: .trash)
        }
        try link("pages/outlink", to: outside)
        #expect(throws: VaultError.leadsOutOfVault(path: "pages/outlink", target: outside)) {
            try RenamePlanner(vault: vault).planMove("pages/Errands.md", to: "pages/outlink/")
        }
        #expect(try outsideNames() == ["secret.md"])
        #expect(try folder.read("vault/pages/Errands.md") == Array("# Errands\n\n- [ ] milk\n".utf8))
        let journals = (try? folder.names(in: "vault/.zennotes/journal")) ?? []
        #expect(journals == [])
    }

    @Test("a capture folder that links to another folder of the vault is not gone through, as the walk does not list it")
    func folderLinkInside() throws {
        let vault = try vault()
        try link("quick", to: "inbox")
        #expect(throws: VaultError.folderLink(path: "quick", target: "inbox")) { try Capture(vault: vault).capture(Array("a thought".utf8)) }
        #expect(try folder.names(in: "vault/inbox") == ["Call.md"])
    }

    @Test("a read of a note that became a link out of the vault after the walk is refused at the open; links inside are read")
    func readsStayInside() throws {
        let vault = try vault()
        // Where the kernel or a sandbox has no openat2, reads go as they did before.
        guard (vault.fileSystem as? LocalFileSystem)?.isConfined == true else { return }
        func read(_ relative: String) -> String {
            do {
                return String(decoding: try vault.fileSystem.readFile(vault.absolutePath(relative)), as: UTF8.self)
            } catch let error as SystemError {
                return "error: \(error.reason)"
            } catch {
                return "error: \(error)"
            }
        }
        // As a note swapped for a link once the walk had checked it would be read.
        try link("pages/Swapped.md", to: outside + "/secret.md")
        try link("pages/Relative out.md", to: "../../outside/secret.md")
        try link("journals", to: outside)
        for relative in ["pages/Swapped.md", "pages/Relative out.md", "journals/secret.md", "pages/../../outside/secret.md"] {
            #expect(read(relative) == "error: a symbolic link on the way leads out of the vault", "\(relative)")
        }
        // Links that stay inside are followed, written relative or absolute.
        try link("pages/Alias.md", to: "Errands.md")
        try link("pages/Absolute.md", to: folder.path + "/vault/inbox/Call.md")
        try link("archive", to: "pages")
        #expect(read("pages/Alias.md") == "# Errands\n\n- [ ] milk\n")
        #expect(read("pages/Absolute.md") == "# Call\n")
        #expect(read("archive/Linker.md") == "see [[Errands]]\n")
        // Reached through a link to the vault folder itself, the vault reads as it is.
        #expect(symlink(folder.path + "/vault", folder.path + "/through") == 0)
        let through = try Vault(root: folder.path + "/through")
        #expect(try through.fileSystem.readFile(through.absolutePath("pages/Errands.md")) == Array("# Errands\n\n- [ ] milk\n".utf8))
        #expect(throws: SystemError.self) { try through.fileSystem.readFile(through.absolutePath("pages/Swapped.md")) }
        // Files outside the vault (a cache, a state folder) are read as they are.
        #expect(try vault.fileSystem.readFile(outside + "/secret.md").count > 0)
        // A folder whose name starts with a combining mark is under the vault's folder too:
        // compared as text, its path did not start with the folder's.
        try link("\u{301}d", to: outside)
        #expect(read("\u{301}d/secret.md") == "error: a symbolic link on the way leads out of the vault")
    }

    @Test("a write through a folder swapped for a link out of the vault is refused: nothing is made, renamed or removed outside")
    func writesStayInside() throws {
        let vault = try vault()
        guard (vault.fileSystem as? LocalFileSystem)?.isConfined == true else { return }
        // As a folder swapped for a link once a write had checked where it leads.
        try link("journals", to: outside)
        let files = vault.fileSystem
        let inLinked = vault.absolutePath("journals/new.md")
        #expect(throws: SystemError.self) { _ = try files.createExclusive(inLinked, permissions: 0o644) }
        #expect(throws: SystemError.self) { try files.rename(vault.absolutePath("inbox/Call.md"), to: inLinked) }
        #expect(throws: SystemError.self) { try files.link(vault.absolutePath("inbox/Call.md"), to: inLinked) }
        #expect(throws: SystemError.self) { try files.removeFile(vault.absolutePath("journals/secret.md")) }
        #expect(throws: SystemError.self) { try files.createDirectory(vault.absolutePath("journals/made")) }
        #expect(throws: SystemError.self) { try files.exchange(vault.absolutePath("inbox/Call.md"), vault.absolutePath("journals/secret.md")) }
        #expect(try outsideNames() == ["secret.md"])
        #expect(try folder.read("vault/inbox/Call.md") == Array("# Call\n".utf8))
        // Inside, the same calls work.
        let fd = try files.createExclusive(vault.absolutePath("inbox/New.md"), permissions: 0o644)
        close(fd)
        try files.rename(vault.absolutePath("inbox/New.md"), to: vault.absolutePath("pages/New.md"))
        try files.link(vault.absolutePath("pages/New.md"), to: vault.absolutePath("pages/Again.md"))
        try files.removeFile(vault.absolutePath("pages/New.md"))
        try files.createDirectory(vault.absolutePath("pages/Sub"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/vault/pages/Again.md"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/vault/pages/Sub"))
    }

    @Test("the vault's settings are read beneath its folder, and its lock file is never made through a link")
    func settingsAndLock() throws {
        _ = try vault()
        try folder.write("outside/vault.json", "{\"systemFolderPaths\": {\"journals\": \"TOPSECRET\"}}\n")
        try link(".zennotes/vault.json", to: outside + "/vault.json")
        guard LocalFileSystem().confined(to: folder.path + "/vault").isConfined else { return }
        #expect(throws: VaultError.settingsNotJSON(path: ".zennotes/vault.json", reason: "a symbolic link on the way leads out of the vault")) {
            try Vault(root: self.folder.path + "/vault")
        }
        try FileManager.default.removeItem(atPath: folder.path + "/vault/.zennotes/vault.json")
        try link(".zennotes/lock", to: outside + "/made-here")
        #expect(throws: (any Error).self) { try VaultLock(metadataFolder: self.folder.path + "/vault/.zennotes", timeout: 0.1) }
        #expect(try outsideNames() == ["secret.md", "vault.json"])
    }
}
