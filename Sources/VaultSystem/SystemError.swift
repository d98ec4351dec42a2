import FoundationEssentials
import Glibc

/// A failed system call: the C error number, what was being done, and to which path.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The C `errno` value.
    public let code: Int32
    /// What was being done, in a few words (`open`, `rename`, `fsync`).
    public let operation: String
    /// The path the call was about.
    public let path: String

    /// Makes an error from an explicit error number.
    public init(code: Int32, operation: String, path: String) {
        self.code = code
        self.operation = operation
        self.path = path
    }

    /// Makes an error from the current `errno`.
    public static func current(_ operation: String, _ path: String) -> SystemError {
        SystemError(code: errno, operation: operation, path: path)
    }

    /// The C library's message for `code`; for an open refused by a confined file system
    /// (see `FileConfinement`), why: a plain `open` never fails with `EXDEV`.
    public var reason: String {
        if code == EXDEV && operation == "open" { return "a symbolic link on the way leads out of the vault" }
        return String(cString: strerror(code))
    }

    /// True for the errors a sync service's virtual file system reports for a file it could
    /// not bring in (DESIGN.md 8): the note is unavailable, not empty.
    public var meansUnavailable: Bool {
        [EACCES, EPERM, EIO, ETIMEDOUT, EDEADLK, EAGAIN, ENXIO].contains(code)
    }

    public var description: String { "\(operation) \(path): \(reason)" }
}

extension SystemError {
    /// What link(2) says where a file system has no hard links (exFAT, SMB, some FUSE mounts,
    /// which may answer `EROFS` for a call they do not implement) or refuses one
    /// (`protected_hardlinks`): a move is then a rename that replaces nothing.
    public static let noHardLinks: Set<Int32> = [EXDEV, EPERM, ENOTSUP, EMLINK, ENOSYS, EROFS]
}

/// What a file that is not a regular file is, for a message: `a fifo`, `a socket`, `a
/// device`, `a folder`. Asked of the file system directly, since the seam's kinds stop at
/// "other".
public func fileKindName(_ absolute: String) -> String {
    var info = stat()
    guard stat(absolute, &info) == 0 else { return "not a regular file" }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a fifo"
    case S_IFSOCK: return "a socket"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFREG: return "a regular file"
    default: return "a special file"
    }
}

/// Retries a system call while it fails with `EINTR`, in one place for the whole library.
@inline(__always)
func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result == -1 && errno == EINTR { continue }
        return result
    }
}
