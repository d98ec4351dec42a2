import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Finding and opening a vault")
struct VaultDiscoveryTests {
    @Test("--vault wins over VAULT_DIR, which wins over the working directory")
    func order() throws {
        let folder = TemporaryFolder()
        try folder.write("a/.zennotes/vault.json", "{}")
        try folder.write("b/note.md", "x")
        try folder.write("c/.zennotes/vault.json", "{}")
        let explicit = try Vault.locate(explicit: folder.path + "/b", environment: ["VAULT_DIR": folder.path + "/c"], workingDirectory: folder.path + "/a")
        #expect(explicit.root == folder.path + "/b")
        let fromEnvironment = try Vault.locate(explicit: nil, environment: ["VAULT_DIR": folder.path + "/c"], workingDirectory: folder.path + "/a")
        #expect(fromEnvironment.root == folder.path + "/c")
    }

    @Test("the nearest folder above with .zennotes/ is the vault")
    func walksUp() throws {
        let folder = TemporaryFolder()
        try folder.write("v/.zennotes/vault.json", "{}")
        try folder.write("v/pages/deep/x.md", "x")
        let vault = try Vault.locate(explicit: nil, environment: [:], workingDirectory: folder.path + "/v/pages/deep")
        #expect(vault.root == folder.path + "/v")
    }

    @Test("no vault anywhere is an error that names vault init")
    func noneFound() throws {
        let folder = TemporaryFolder()
        #expect(throws: VaultError.noVaultFound(searchedFrom: folder.path)) {
            try Vault.locate(explicit: nil, environment: [:], workingDirectory: folder.path)
        }
        #expect(VaultError.noVaultFound(searchedFrom: "/x").hint?.contains("vault init") == true)
    }

    @Test("a missing folder given with --vault is an error")
    func missingFolder() {
        #expect(throws: VaultError.vaultFolderMissing(path: "/nonexistent/vault")) {
            try Vault.locate(explicit: "/nonexistent/vault", environment: [:], workingDirectory: "/")
        }
    }

    @Test("with no working folder known, a vault is found only from an absolute path, never from /")
    func unknownWorkingFolder() throws {
        let folder = TemporaryFolder()
        try folder.write(".zennotes/vault.json", "{}")
        for explicit in [nil, "relative/vault", "."] {
            #expect(throws: VaultError.workingDirectoryUnknown) {
                try Vault.locateFolder(explicit: explicit, environment: [:], workingDirectory: "")
            }
        }
        #expect(throws: VaultError.workingDirectoryUnknown) {
            try Vault.locateFolder(explicit: nil, environment: ["VAULT_DIR": "notes"], workingDirectory: "")
        }
        #expect(try Vault.locateFolder(explicit: folder.path, environment: [:], workingDirectory: "") == folder.path)
        #expect(VaultError.workingDirectoryUnknown.description.contains("--vault"))
    }

    @Test("any folder opens without .zennotes and nothing is written into it")
    func plainFolder() throws {
        let folder = TemporaryFolder()
        try folder.write("note.md", "# Plain\n")
        let vault = try Vault(root: folder.path)
        #expect(vault.settings == nil)
        #expect(try vault.scan().notes.map(\.title) == ["Plain"])
        #expect(try folder.names() == ["note.md"])
    }

    @Test("init creates the folders and a vault.json with a fresh id, and refuses a second time")
    func initialize() throws {
        let folder = TemporaryFolder()
        try folder.write("existing.md", "keep me\n")
        let vault = try Vault.initialize(at: folder.path)
        #expect(try folder.names() == [".zennotes", "archive", "existing.md", "inbox", "journals", "pages", "quick", "trash"])
        let id = try #require(vault.settings?.id)
        #expect(UUID(uuidString: id) != nil)
        #expect(try folder.read("existing.md") == Array("keep me\n".utf8))
        let settingsBefore = try folder.read(".zennotes/vault.json")
        #expect(throws: VaultError.alreadyAVault(path: folder.path)) { try Vault.initialize(at: folder.path) }
        #expect(try folder.read(".zennotes/vault.json") == settingsBefore)
        let other = TemporaryFolder()
        #expect(try Vault.initialize(at: other.path + "/new/nested").settings?.id != id)
    }
}

@Suite("Walking a vault")
struct VaultScannerTests {
    @Test("dot-folders, sync temp files and non-notes are not notes")
    func skipped() throws {
        let folder = TemporaryFolder()
        for name in [
            "pages/a.md", ".obsidian/x.md", ".stversions/pages/a~1.md", "pages/.syncthing.a.md.tmp", "pages/~syncthing~a.md.tmp",
            "pages/~$lock.md", "pages/b.md.part", "pages/.~a.md.123.tmp", "pages/c.markdown", "assets/img.png", "pages/d.txt",
        ] {
            try folder.write(name, "x")
        }
        let scan = try Vault(root: folder.path).scan()
        #expect(scan.notes.map(\.path) == ["pages/a.md", "pages/c.markdown"])
        #expect(scan.assetCount == 2)
    }

    @Test("a symlink loop is reported and skipped, and the walk finishes")
    func symlinkLoop() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/a.md", "x")
        symlink(folder.path + "/pages", folder.path + "/pages/loop")
        symlink(folder.path + "/nowhere", folder.path + "/pages/broken.md")
        let scan = try Vault(root: folder.path).scan()
        #expect(scan.notes.map(\.path) == ["pages/a.md"])
        #expect(scan.warnings.map(\.description).sorted() == ["pages/broken.md: a symlink to nothing; skipped", "pages/loop: a symlink loop; skipped"])
    }

    @Test("a vault reached through a symlink is walked, and a folder link out of the vault is skipped")
    func throughSymlink() throws {
        let folder = TemporaryFolder()
        try folder.write("real/pages/a.md", "# A\n")
        try folder.write("elsewhere/b.md", "# B\n")
        symlink(folder.path + "/real", folder.path + "/link")
        symlink(folder.path + "/elsewhere", folder.path + "/real/shared")
        let scan = try Vault(root: folder.path + "/link").scan()
        #expect(scan.notes.map(\.path) == ["pages/a.md"])
        #expect(scan.skipped.map(\.description) == ["shared: a symlink to a folder outside the vault; skipped"])
    }

    @Test("a note that is not UTF-8 is listed with a warning")
    func notUTF8() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/latin1.md", bytes: Array("# Caf".utf8) + [0xE9, 0x0A])
        let scan = try Vault(root: folder.path).scan()
        #expect(scan.notes.first?.isUTF8 == false)
        #expect(scan.warnings == [VaultWarning(path: "pages/latin1.md", message: "not valid UTF-8; searched as bytes, never rewritten")])
    }

    @Test("an unreadable note is unavailable, not empty")
    func unreadable() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/a.md", "# A\n")
        let faulty = FaultyFileSystem()
        faulty.fail(.readFile, with: ETIMEDOUT)
        let scan = try Vault(root: folder.path, fileSystem: faulty).scan()
        #expect(scan.notes.map(\.availability) == [.unreadable])
        #expect(scan.notes.first?.unavailableReason == "Connection timed out")
        #expect(scan.warnings.count == 1)
    }

    @Test("a frontmatter problem is a warning naming the file and line")
    func frontmatterWarning() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/a.md", "---\ntitle: 'open\n---\n# A\n")
        let scan = try Vault(root: folder.path).scan()
        #expect(scan.warnings.map(\.description) == ["pages/a.md: frontmatter line 2: a quoted value that does not close; the rest of the note is read as usual"])
        #expect(scan.notes.first?.title == "A")
    }

    @Test("a placeholder beside its downloaded note is not a second note")
    func placeholderAndFile() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/a.md", "# A\n")
        try folder.write("pages/.a.md.icloud", "stub")
        try folder.write("pages/.b.md.icloud", "stub")
        let scan = try Vault(root: folder.path).scan()
        #expect(scan.notes.map(\.path) == ["pages/a.md", "pages/b.md"])
        #expect(scan.notes.map(\.availability) == [.available, .placeholder])
    }

    @Test("a missing vault folder is an error")
    func missingRoot() throws {
        #expect(throws: VaultError.vaultFolderMissing(path: "/nonexistent")) {
            try VaultScanner(root: "/nonexistent", layout: .standard, fileSystem: FaultyFileSystem(), iCloud: false).scan()
        }
    }

    @Test("a vault folder that cannot be listed is an error that says why")
    func unreadableRoot() throws {
        let folder = TemporaryFolder()
        let faulty = FaultyFileSystem()
        faulty.fail(.entries, with: EACCES)
        #expect(throws: VaultError.vaultUnreadable(path: folder.path, reason: "Permission denied")) {
            try Vault(root: folder.path, fileSystem: faulty).scan()
        }
    }

    @Test("a file deleted between the listing and the read is left out, not listed as empty")
    func deletedWhileReading() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/a.md", "# A\n")
        try folder.write("pages/b.md", "# B\n")
        let faulty = FaultyFileSystem()
        faulty.actions[.readFile] = { unlink(folder.path + "/pages/b.md") }
        let notes = try Vault(root: folder.path, fileSystem: faulty).scan(detail: .full).notes
        #expect(notes.map(\.path) == ["pages/a.md"])
    }
}
