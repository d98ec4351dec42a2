import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("The safe writer")
struct SafeWriterTests {
    let folder = TemporaryFolder()

    private func leftovers() throws -> [String] {
        try folder.names().filter { SafeWriter.isTemporaryName($0) }
    }

    @Test("a replace writes the new bytes and leaves no temporary file")
    func replaceWrites() throws {
        let path = try folder.write("note.md", "old\n")
        let writer = SafeWriter()
        let (_, snapshot) = try writer.read(path)
        try writer.replace(path, with: Array("new\n".utf8), expecting: snapshot)
        #expect(try folder.read("note.md") == Array("new\n".utf8))
        #expect(try leftovers().isEmpty)
    }

    @Test("a replace keeps the file's permissions")
    func permissionsKept() throws {
        let path = try folder.write("note.md", "old\n")
        chmod(path, 0o600)
        let writer = SafeWriter()
        let (_, snapshot) = try writer.read(path)
        try writer.replace(path, with: Array("new\n".utf8), expecting: snapshot)
        #expect(try LocalFileSystem().status(path)?.permissions == 0o600)
    }

    @Test("a replace by root keeps the file's owner and group, and its mode", .enabled(if: geteuid() == 0))
    func ownerKept() throws {
        let path = try folder.write("theirs.md", "old\n")
        #expect(chown(path, 1234, 1235) == 0)
        chmod(path, 0o640)
        let writer = SafeWriter()
        let (_, snapshot) = try writer.read(path)
        try writer.replace(path, with: Array("new\n".utf8), expecting: snapshot)
        var info = stat()
        #expect(lstat(path, &info) == 0)
        #expect(info.st_uid == 1234 && info.st_gid == 1235 && info.st_mode & 0o7777 == 0o640)
        #expect(try folder.read("theirs.md") == Array("new\n".utf8))
    }

    @Test("a replace keeps unusual permissions the umask would otherwise narrow")
    func permissionsBeatUmask() throws {
        let path = try folder.write("script.md", "old\n")
        chmod(path, 0o775)
        let previous = umask(0o077)
        defer { umask(previous) }
        let writer = SafeWriter()
        let (_, snapshot) = try writer.read(path)
        try writer.replace(path, with: Array("new\n".utf8), expecting: snapshot)
        #expect(try LocalFileSystem().status(path)?.permissions == 0o775)
    }

    @Test("a replace refuses when the file changed since it was read")
    func refusesChangedFile() throws {
        let path = try folder.write("note.md", "old\n")
        let writer = SafeWriter()
        let (_, snapshot) = try writer.read(path)
        try folder.write("note.md", "edited elsewhere, longer\n")
        #expect(throws: FileError.fileChanged(path: path)) {
            try writer.replace(path, with: Array("mine\n".utf8), expecting: snapshot)
        }
        #expect(try folder.read("note.md") == Array("edited elsewhere, longer\n".utf8))
        #expect(try leftovers().isEmpty)
        #expect(FileError.fileChanged(path: path).exitCode == 3)
    }

    @Test("a change made while the temporary file is written is caught before the rename")
    func refusesChangeDuringWrite() throws {
        let path = try folder.write("note.md", "old\n")
        let faulty = FaultyFileSystem()
        let writer = SafeWriter(fileSystem: faulty)
        let (_, snapshot) = try writer.read(path)
        faulty.actions[.synchronize] = { _ = try? self.folder.write("note.md", "an editor saved this\n") }
        #expect(throws: FileError.fileChanged(path: path)) {
            try writer.replace(path, with: Array("mine\n".utf8), expecting: snapshot)
        }
        #expect(try folder.read("note.md") == Array("an editor saved this\n".utf8))
        #expect(try leftovers().isEmpty)
    }

    @Test("a replace refuses when the file was deleted since it was read")
    func refusesDeletedFile() throws {
        let path = try folder.write("note.md", "old\n")
        let writer = SafeWriter()
        let (_, snapshot) = try writer.read(path)
        unlink(path)
        #expect(throws: FileError.fileChanged(path: path)) {
            try writer.replace(path, with: Array("mine\n".utf8), expecting: snapshot)
        }
        #expect(try folder.names().isEmpty)
    }

    @Test("a file touched but not changed is still written")
    func touchedButSameIsWritten() throws {
        let path = try folder.write("note.md", "same\n")
        let writer = SafeWriter()
        let (_, snapshot) = try writer.read(path)
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
        try writer.replace(path, with: Array("new\n".utf8), expecting: snapshot)
        #expect(try folder.read("note.md") == Array("new\n".utf8))
    }

    @Test("a full disk leaves the original untouched and no temporary file", arguments: [ENOSPC, EIO, EDQUOT])
    func writeFailure(code: Int32) throws {
        let path = try folder.write("note.md", "precious\n")
        let faulty = FaultyFileSystem()
        faulty.fail(.write, with: code)
        let writer = SafeWriter(fileSystem: faulty)
        let (_, snapshot) = try writer.read(path)
        #expect(throws: FileError.self) {
            try writer.replace(path, with: Array(repeating: 0x41, count: 100_000), expecting: snapshot)
        }
        #expect(try folder.read("note.md") == Array("precious\n".utf8))
        #expect(try leftovers().isEmpty)
    }

    @Test(
        "a failure at any step before the swap leaves the original and no temporary file",
        arguments: [FaultyFileSystem.Step.create, .setPermissions, .synchronize, .close, .exchange])
    func stepFailure(step: FaultyFileSystem.Step) throws {
        let path = try folder.write("note.md", "precious\n")
        let faulty = FaultyFileSystem()
        faulty.fail(step, with: EIO)
        let writer = SafeWriter(fileSystem: faulty)
        let (_, snapshot) = try writer.read(path)
        #expect(throws: FileError.self) {
            try writer.replace(path, with: Array("new\n".utf8), expecting: snapshot)
        }
        #expect(try folder.read("note.md") == Array("precious\n".utf8))
        #expect(try leftovers().isEmpty)
    }

    @Test("every replace goes through a temporary file, fsync, a swap, a check of what it swapped out and a folder fsync, in that order")
    func recipeOrder() throws {
        let path = try folder.write("note.md", "old\n")
        let faulty = FaultyFileSystem()
        let writer = SafeWriter(fileSystem: faulty, settle: SettlePolicy(clock: .fixed(Date(timeIntervalSince1970: 0))))
        let (_, snapshot) = try writer.read(path)
        let start = faulty.calls.count
        try writer.replace(path, with: Array("new\n".utf8), expecting: snapshot)
        #expect(
            Array(faulty.calls[start...]) == [
                .status, .hasWriters, .status, .create, .write, .setPermissions, .synchronize, .close, .status, .exchange, .hasWriters,
                .readFile, .remove, .synchronizeDirectory,
            ])
    }

    @Test("a create never replaces an existing file")
    func createRefusesExisting() throws {
        let path = try folder.write("note.md", "mine\n")
        #expect(throws: FileError.fileExists(path: path)) {
            try SafeWriter().create(path, with: Array("other\n".utf8))
        }
        #expect(try folder.read("note.md") == Array("mine\n".utf8))
        #expect(try leftovers().isEmpty)
    }

    @Test("a create that loses a race to another writer does not replace its file")
    func createLosesRace() throws {
        let path = folder.path + "/note.md"
        let faulty = FaultyFileSystem()
        faulty.actions[.link] = { _ = try? self.folder.write("note.md", "the other writer\n") }
        #expect(throws: FileError.fileExists(path: path)) {
            try SafeWriter(fileSystem: faulty).create(path, with: Array("mine\n".utf8))
        }
        #expect(try folder.read("note.md") == Array("the other writer\n".utf8))
        #expect(try leftovers().isEmpty)
    }

    @Test("a create writes a new file with the requested permissions")
    func createWrites() throws {
        let path = folder.path + "/new.md"
        try SafeWriter().create(path, with: Array("# New\n".utf8), permissions: 0o640)
        #expect(try folder.read("new.md") == Array("# New\n".utf8))
        #expect(try LocalFileSystem().status(path)?.permissions == 0o640)
        #expect(try folder.names() == ["new.md"])
    }

    @Test("an fsync error on the new file fails the create and leaves nothing")
    func createFsyncFailure() throws {
        let faulty = FaultyFileSystem()
        faulty.fail(.synchronize, with: EIO)
        #expect(throws: FileError.self) {
            try SafeWriter(fileSystem: faulty).create(folder.path + "/new.md", with: Array("x".utf8))
        }
        #expect(try folder.names().isEmpty)
    }
}

@Suite("The vault lock")
struct VaultLockTests {
    @Test("a second writer waits for the lock and gives up with a clear error")
    func secondWriterRefused() throws {
        let folder = TemporaryFolder()
        let first = try VaultLock(metadataFolder: folder.path + "/.zennotes")
        #expect(throws: FileError.lockBusy(path: first.path)) {
            _ = try VaultLock(metadataFolder: folder.path + "/.zennotes", timeout: 0.1)
        }
        first.release()
        let second = try VaultLock(metadataFolder: folder.path + "/.zennotes", timeout: 0.1)
        second.release()
        #expect(try folder.read(".zennotes/lock").isEmpty)
    }
}
