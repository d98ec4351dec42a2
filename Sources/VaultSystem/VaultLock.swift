import FoundationEssentials
import Glibc

/// The write lock of a vault: an exclusive `flock` on `.zennotes/lock` (DESIGN.md 7).
///
/// The lock file is created empty and never written, so it causes no sync traffic. Readers
/// never take it. The lock is released when the value is released or `release()` is called.
/// The file is never removed, even in a folder that is not a vault: a process waiting on it
/// would then hold a lock on a file no one else can find, and two writers would run at once.
public final class VaultLock: @unchecked Sendable {
    private let fileSystem: any FileSystem
    private var descriptor: Int32?
    /// The lock file's path.
    public let path: String

    /// Takes the lock, waiting up to `timeout` seconds for another writer to finish.
    public init(metadataFolder: String, fileSystem: any FileSystem = LocalFileSystem(), timeout: Double = 10) throws {
        self.fileSystem = fileSystem
        self.path = metadataFolder + "/lock"
        do {
            try fileSystem.createDirectories(metadataFolder)
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                if let fd = try fileSystem.lockExclusive(path, wait: false) {
                    descriptor = fd
                    return
                }
                if Date() >= deadline { throw FileError.lockBusy(path: path) }
                usleep(20_000)
            }
        } catch {
            throw SafeWriter.wrap(error)
        }
    }

    /// Releases the lock (closing the file drops the `flock`).
    public func release() {
        if let fd = descriptor { try? fileSystem.close(fd, path: path) }
        descriptor = nil
    }

    deinit { release() }
}
