import Dispatch
import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Only regular files are read (DESIGN.md 7): a fifo, a socket or a folder named like a
/// note is never opened for reading, so nothing blocks on it.
@Suite("Reading only regular files")
struct RegularFileTests {
    let folder = TemporaryFolder()

    /// Runs `body` on another thread and gives up after a few seconds. A read stuck on a
    /// fifo is freed by opening the fifo's other end, so the test fails instead of hanging.
    private func withinSeconds<T: Sendable>(_ fifo: String, _ body: @escaping @Sendable () -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        let result = Slot<T>()
        DispatchQueue.global().async {
            result.value = body()
            done.signal()
        }
        if done.wait(timeout: .now() + 5) == .success { return result.value }
        let writer = open(fifo, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
        _ = done.wait(timeout: .now() + 5)
        return nil
    }

    private func fifo(_ relative: String) throws -> String {
        let path = try folder.write(relative, "")
        unlink(path)
        #expect(mkfifo(path, 0o644) == 0)
        return path
    }

    @Test("reading a fifo, or a folder, fails at once: nothing is opened that could block")
    func readPrefixRefuses() throws {
        let pipe = try fifo("pages/Pipe.md")
        let code = withinSeconds(pipe) { () -> Int32 in
            do {
                _ = try LocalFileSystem().readPrefix(pipe, limit: 100)
                return 0
            } catch let error as SystemError {
                return error.code
            } catch {
                return -1
            }
        }
        #expect(code == ENXIO, "nil means the read blocked")
        try FileManager.default.createDirectory(atPath: folder.path + "/pages/Folder.md", withIntermediateDirectories: true)
        #expect(throws: SystemError(code: EISDIR, operation: "read", path: folder.path + "/pages/Folder.md")) {
            try LocalFileSystem().readFile(folder.path + "/pages/Folder.md")
        }
    }

    @Test("a fifo where a lock file or a journal is kept fails at once, for a lock, an append and the vault's write lock")
    func locksAndJournalsRefuseFifos() throws {
        let lock = try fifo("state/usage.lock")
        let journal = try fifo("state/usage.log")
        let vaultLock = try fifo("v/.zennotes/lock")
        let metadata = folder.path + "/v/.zennotes"
        let codes = withinSeconds(lock) { () -> [String] in
            func code(_ body: () throws -> Void) -> String {
                do {
                    try body()
                    return "none"
                } catch let error as SystemError {
                    return "\(error.code)"
                } catch {
                    return "\(error)"
                }
            }
            return [
                code { _ = try LocalFileSystem().lockExclusive(lock, wait: false) },
                code { _ = try LocalFileSystem().openForAppending(journal, permissions: 0o600) },
                code { _ = try VaultLock(metadataFolder: metadata, timeout: 0.1) },
            ]
        }
        // A blocked open would still hold: both ends are opened so that it returns.
        for path in [lock, journal, vaultLock] {
            let ends = [open(path, O_RDONLY | O_NONBLOCK), open(path, O_WRONLY | O_NONBLOCK)]
            for end in ends where end >= 0 { close(end) }
        }
        #expect(codes?.prefix(2) == ["\(ENXIO)", "\(ENXIO)"], "nil means an open blocked")
        #expect(codes?.last?.contains("lock") == true && codes?.last?.contains("No such device") == true, "\(codes ?? [])")
    }

    /// A Unix socket bound at `relative`, as a program serving on a socket file would leave.
    private func socket(_ relative: String) throws {
        let path = folder.path + "/" + relative
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(fd)
        #expect(bound == 0)
    }

    @Test("the walk skips a fifo or a socket named like a note with a warning, and lists a folder named so as a folder")
    func walkSkips() throws {
        try folder.write("pages/Real.md", "# Real\n")
        let pipe = try fifo("pages/Pipe.md")
        try socket("pages/Socket.md")
        try folder.write("pages/Box.md/Inside.md", "# Inside\n")
        let vault = try Vault(root: folder.path)
        let scan = try #require(withinSeconds(pipe) { try? vault.scan() } ?? nil)
        #expect(scan.notes.map(\.path) == ["pages/Box.md/Inside.md", "pages/Real.md"])
        #expect(
            scan.skipped == [
                VaultWarning(path: "pages/Pipe.md", message: "a fifo, not a regular file; skipped"),
                VaultWarning(path: "pages/Socket.md", message: "a socket, not a regular file; skipped"),
            ])
        #expect(scan.warnings.contains(VaultWarning(path: "pages/Box.md", message: "a folder named like a note; its notes are listed, it is not read as one")))
        let tasks = try #require(withinSeconds(pipe) { try? vault.tasks() } ?? nil)
        #expect(tasks.tasks.isEmpty)
    }

    @Test("append, task edits and an earlier capture's lookup refuse a fifo by name instead of waiting on it")
    func readersRefuse() throws {
        try folder.write("journals/2026-12-01.md", "")
        let pipe = try fifo("journals/2026-12-01.md")
        let quick = try fifo("quick/example.com.md")
        let vault = try Vault(root: folder.path)
        let day = CalendarDay("2026-12-01")!
        let append = withinSeconds(pipe) { () -> FileError? in
            do { _ = try Journals(vault: vault).append("a line", to: day) } catch let error as FileError { return error } catch {}
            return nil
        }
        #expect(append == .notRegularFile(path: "journals/2026-12-01.md", kind: "a fifo"))
        #expect(throws: FileError.notRegularFile(path: "journals/2026-12-01.md", kind: "a fifo")) {
            try vault.planTaskEdit(TaskReference(path: "journals/2026-12-01.md", line: 1, hash: "000000"), action: .done, today: day)
        }
        let capture = withinSeconds(quick) { try? Capture(vault: vault).capture(Array("https://example.com/".utf8)) }
        #expect(capture??.path == "quick/example.com 2.md", "the fifo is not read and keeps its name")
    }

    @Test("a note replaced by a folder between read and write is refused as changed, and the folder is left as it is")
    func replacedByFolder() throws {
        let path = try folder.write("pages/Note.md", "# Note\n")
        let faulty = FaultyFileSystem()
        let writer = SafeWriter(fileSystem: faulty)
        let (_, snapshot) = try writer.read(path)
        faulty.actions[.create] = {
            unlink(path)
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        #expect(throws: FileError.fileChanged(path: path)) { try writer.replace(path, with: Array("new\n".utf8), expecting: snapshot) }
        #expect(try LocalFileSystem().status(path)?.kind == .directory)
        #expect(try folder.names(in: "pages") == ["Note.md"], "no temporary file is left")
    }
}

/// A value one thread sets and another reads after a semaphore.
private final class Slot<T>: @unchecked Sendable {
    var value: T?
}
