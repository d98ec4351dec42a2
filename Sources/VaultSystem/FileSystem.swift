import FoundationEssentials
import Glibc

/// What a `stat` says about a file: enough to notice that it changed.
public struct FileStatus: Equatable, Sendable {
    /// The kind of file system object.
    public enum Kind: Sendable, Equatable {
        case file, directory, symlink, other
    }

    // Declared widest first, the kind and permissions last: 48 bytes a status, not 56 (a
    // check holds one for each note of the vault).
    public var size: Int64
    /// Modification time in nanoseconds since 1970.
    public var modifiedNanoseconds: Int64
    /// Status-change time (`st_ctime`) in nanoseconds since 1970: set by the kernel on every
    /// write, chmod or rename and never settable by a program, so a restored modification
    /// time cannot hide a change from it.
    public var changedNanoseconds: Int64
    public var device: UInt64
    public var inode: UInt64
    /// Permission bits (`st_mode & 0o7777`).
    public var permissions: UInt32
    public var kind: Kind

    public init(
        kind: Kind, size: Int64, modifiedNanoseconds: Int64, changedNanoseconds: Int64? = nil, device: UInt64 = 0,
        inode: UInt64 = 0, permissions: UInt32 = 0o644
    ) {
        self.kind = kind
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.changedNanoseconds = changedNanoseconds ?? modifiedNanoseconds
        self.device = device
        self.inode = inode
        self.permissions = permissions
    }

    /// True when `other` is of the same file unchanged: the same size, modification and
    /// status-change times, inode and device (kind and permissions aside). A write, a
    /// replace by rename or a restored modification time each alter one of them.
    public func isSameFile(as other: FileStatus) -> Bool {
        size == other.size && modifiedNanoseconds == other.modifiedNanoseconds && changedNanoseconds == other.changedNanoseconds
            && inode == other.inode && device == other.device
    }

    /// A checksum of what `isSameFile(as:)` compares, never 0: what a derived file keeps in
    /// eight bytes where the status would take twenty or more (a check's memo keeps one for
    /// each note). Two statuses that differ in one of those fields have different stamps
    /// (each word is mixed in by a step that is one to one, a 0 made 1 aside); two that
    /// differ in several, the same once in about 2^64.
    public var sameFileStamp: UInt64 {
        let words = (
            UInt64(bitPattern: size), UInt64(bitPattern: modifiedNanoseconds), UInt64(bitPattern: changedNanoseconds), device, inode
        )
        let stamp = withUnsafeBytes(of: words) { Checksum64.of($0) }
        return stamp == 0 ? 1 : stamp
    }

    /// The modification time as a `Date`.
    public var modified: Date { Date(timeIntervalSince1970: Double(modifiedNanoseconds) / 1e9) }
    /// The status-change time as a `Date`.
    public var changed: Date { Date(timeIntervalSince1970: Double(changedNanoseconds) / 1e9) }
}

/// Bytes read from a file and the file's status at that moment.
public struct FileContents: Sendable {
    public var bytes: [UInt8]
    /// False when the file holds more than was read.
    public var complete: Bool
    public var status: FileStatus

    public init(bytes: [UInt8], complete: Bool, status: FileStatus) {
        self.bytes = bytes
        self.complete = complete
        self.status = status
    }
}

/// One entry of a folder listing.
public struct DirectoryEntry: Equatable, Sendable {
    /// The name; when the name on disk is not valid UTF-8, its escaped form (`Caf\xE9.md`),
    /// which names no file.
    public var name: String
    /// The kind from the listing itself; a symlink is reported as such, not followed.
    public var kind: FileStatus.Kind
    /// False when the name on disk is not valid UTF-8 (`name` is then only for people).
    public var nameIsUTF8: Bool

    public init(name: String, kind: FileStatus.Kind, nameIsUTF8: Bool = true) {
        self.name = name
        self.kind = kind
        self.nameIsUTF8 = nameIsUTF8
    }

    /// A name's bytes with each byte that is not part of valid UTF-8 written `\xNN`.
    public static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let length = UTF8Check.characterLength(bytes, at: index)
            if length > 0 {
                text += String(decoding: bytes[index..<(index + length)], as: UTF8.self)
                index += length
            } else {
                text += "\\x" + Digits.hex(bytes[index], width: 2, uppercase: true)
                index += 1
            }
        }
        return text
    }
}

/// The file system operations `VaultKit` needs, as a seam so tests can inject faults.
///
/// The granularity follows the safe-write recipe of DESIGN.md 7 step by step, so that a test
/// can fail exactly one step (the `fsync`, a `write` with `ENOSPC`) and check what is left.
/// Paths are absolute POSIX paths. Every method throws `SystemError`.
public protocol FileSystem: Sendable {
    /// Reads a whole file.
    func readFile(_ path: String) throws -> [UInt8]
    /// Reads at most `limit` bytes from the start of a file, with the file's status from the
    /// same open; `complete` is false when more remain.
    func readPrefix(_ path: String, limit: Int) throws -> FileContents
    /// `stat` (following symlinks), or nil when nothing is there.
    func status(_ path: String) throws -> FileStatus?
    /// `lstat`: a symlink is reported as itself; nil when nothing is there.
    func linkStatus(_ path: String) throws -> FileStatus?
    /// Lists a folder, without `.` and `..`.
    func entries(_ path: String) throws -> [DirectoryEntry]
    /// Lists the entries of a folder whose names (their bytes as the folder holds them)
    /// `keep` accepts, without `.` and `..`.
    func entries(_ path: String, whereName keep: (UnsafeBufferPointer<UInt8>) -> Bool) throws -> [DirectoryEntry]
    /// Creates a new file that must not exist yet and opens it for writing.
    func createExclusive(_ path: String, permissions: UInt32) throws -> Int32
    /// Opens a file for appending, creating it when missing (never through a symlink): each
    /// `write` then lands at its end, whatever another process appends meanwhile.
    func openForAppending(_ path: String, permissions: UInt32) throws -> Int32
    /// Opens a regular file for writing from its start, creating it when missing (never
    /// through a symlink), without emptying it: see `truncate(_:to:path:)`. A file with
    /// another name is refused (`EMLINK`): it would be written under that name too.
    func openForOverwriting(_ path: String, permissions: UInt32) throws -> Int32
    /// Cuts an open file to `length` bytes.
    func truncate(_ descriptor: Int32, to length: Int, path: String) throws
    /// Writes every byte to an open file.
    func write(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws
    /// Sets the permission bits of an open file (`fchmod`), ignoring the umask.
    func setPermissions(_ descriptor: Int32, _ permissions: UInt32, path: String) throws
    /// Gives an open file the owner and group of the file at `path`, where the process may
    /// (root may; another user only a group of its own), and says nothing where it may not.
    func copyOwner(to descriptor: Int32, from path: String)
    /// False when this process may not write the file at `path` (its owner, group and mode,
    /// or a read-only file system, say no); true when it may, or when that cannot be told.
    func mayWrite(_ path: String) -> Bool
    /// False when the file at `path` belongs to another user and this process could not give
    /// a new file to that user (only root may) nor keep it shared through its group (one
    /// this process is in, with read and write for the group): a rewrite would then take the
    /// note from its owner. True for the process's own files, and as root.
    func keepsOwnerAccess(_ path: String) -> Bool
    /// Another name of the file at `path` in its own folder (a hard link), when it has more
    /// than one and one is there; a name elsewhere (a snapshot made with `cp -al`) is not
    /// looked for.
    func otherName(of path: String) -> String?
    /// Gives an open file the extended attributes (user tags, an ACL, a security label) of
    /// the file at `path`, each one the process may set; says nothing of the others.
    func copyExtendedAttributes(to descriptor: Int32, from path: String)
    /// Flushes an open file to disk.
    func synchronize(_ descriptor: Int32, path: String) throws
    /// Closes an open file.
    func close(_ descriptor: Int32, path: String) throws
    /// Atomically renames, replacing any file at the destination.
    func rename(_ source: String, to destination: String) throws
    /// Makes a hard link; fails with `EEXIST` when the destination exists (no-overwrite).
    func link(_ source: String, to destination: String) throws
    /// Removes a file (never a folder).
    func removeFile(_ path: String) throws
    /// Flushes a folder's entries to disk, so a rename in it survives a power loss.
    func synchronizeDirectory(_ path: String) throws
    /// Creates one folder; succeeds when it already exists as a folder.
    func createDirectory(_ path: String) throws
    /// Opens (creating if needed) a file and holds an exclusive `flock` on it.
    func lockExclusive(_ path: String, wait: Bool) throws -> Int32?
    /// Removes a folder that is empty; fails with `ENOTEMPTY` otherwise.
    func removeEmptyDirectory(_ path: String) throws
    /// Flushes every pending write of the file system that holds `path` (`syncfs`).
    func synchronizeFileSystem(_ path: String) throws
    /// Swaps two names atomically: each then names the other's file (`renameat2` with
    /// `RENAME_EXCHANGE`). Fails with `EINVAL`, `ENOSYS` or `ENOTSUP` where the kernel or the
    /// file system cannot, and the caller takes another way.
    func exchange(_ first: String, _ second: String) throws
    /// Whether another program holds the file open for writing right now; nil when the file
    /// system cannot tell (no leases there, or a file of another owner).
    func hasWriters(_ path: String) throws -> Bool?
    /// The status (following symlinks) of each file of `folder` whose name is what follows
    /// the first `prefix` bytes of one of `paths`, nil for one that cannot be had: a walk
    /// that checks every note against a cache asks a folder at once, with no name made.
    func statuses(in folder: String, paths: ArraySlice<String>, prefix: Int) -> [FileStatus?]
    /// Opens a regular file for reading: the descriptor reads the file as it was opened, even
    /// after another file is renamed over its name. Close it with `close(_:path:)`.
    func openForReading(_ path: String) throws -> Int32
    /// Reads `count` bytes at `offset` of an open file (`pread`), fewer only where it ends.
    func read(_ descriptor: Int32, at offset: Int, count: Int, path: String) throws -> [UInt8]
    /// Reads a whole regular file into `buffer`, in place of what it held: as `readFile`,
    /// without a new array for each file.
    func read(_ path: String, into buffer: ReadBuffer) throws
    /// `read(_:into:)` of the file at `relative` in the folder `root`: a reader of every note
    /// of a vault names each from the vault's folder, with no absolute path made for each.
    func read(_ relative: String, under root: String, into buffer: ReadBuffer) throws
    /// True when the files under `path` get their times from this machine's clock, as a disk
    /// of its own does; false for a network or FUSE mount (another machine's clock, which may
    /// run behind), and when that cannot be told.
    func stampsWithThisClock(_ path: String) -> Bool
    /// True when, besides `stampsWithThisClock`, every name added to, taken from or renamed in
    /// a folder under `path` changes that folder's own times; false when that cannot be told.
    func foldersChangeWithTheirNames(_ path: String) -> Bool
}

extension FileSystem {
    /// False: a file system that does not say is taken to keep another machine's time.
    public func stampsWithThisClock(_ path: String) -> Bool { false }

    /// False: a file system that does not say is taken to change a folder's times late or not at all.
    public func foldersChangeWithTheirNames(_ path: String) -> Bool { false }

    public func entries(_ path: String, whereName keep: (UnsafeBufferPointer<UInt8>) -> Bool) throws -> [DirectoryEntry] {
        try entries(path).filter { entry in
            var name = entry.name
            return name.withUTF8(keep)
        }
    }

    public func statuses(in folder: String, paths: ArraySlice<String>, prefix: Int) -> [FileStatus?] {
        paths.map { path in (try? status(folder + "/" + String(decoding: path.utf8.dropFirst(prefix), as: UTF8.self))) ?? nil }
    }

    public func exchange(_ first: String, _ second: String) throws {
        throw SystemError(code: ENOSYS, operation: "exchange", path: second)
    }

    public func hasWriters(_ path: String) throws -> Bool? { nil }

    public func copyOwner(to descriptor: Int32, from path: String) {}

    public func copyExtendedAttributes(to descriptor: Int32, from path: String) {}

    public func mayWrite(_ path: String) -> Bool { LocalFileSystem().mayWrite(path) }

    public func otherName(of path: String) -> String? { LocalFileSystem().otherName(of: path) }

    public func keepsOwnerAccess(_ path: String) -> Bool { LocalFileSystem().keepsOwnerAccess(path) }

    public func openForReading(_ path: String) throws -> Int32 {
        try LocalFileSystem().openForReading(path)
    }

    public func read(_ descriptor: Int32, at offset: Int, count: Int, path: String) throws -> [UInt8] {
        try LocalFileSystem().read(descriptor, at: offset, count: count, path: path)
    }

    public func removeEmptyDirectory(_ path: String) throws {
        try LocalFileSystem().removeEmptyDirectory(path)
    }

    public func read(_ path: String, into buffer: ReadBuffer) throws {
        buffer.replace(with: try readFile(path))
    }

    public func read(_ relative: String, under root: String, into buffer: ReadBuffer) throws {
        try read(String(path: root, relative), into: buffer)
    }

    public func synchronizeFileSystem(_ path: String) throws {
        try LocalFileSystem().synchronizeFileSystem(path)
    }

    public func readPrefix(_ path: String, limit: Int) throws -> FileContents {
        guard let status = try status(path) else { throw SystemError(code: ENOENT, operation: "open", path: path) }
        if status.kind != .file { throw SystemError(code: status.kind == .directory ? EISDIR : ENXIO, operation: "read", path: path) }
        let bytes = try readFile(path)
        return FileContents(bytes: Array(bytes.prefix(limit)), complete: bytes.count <= limit, status: status)
    }

    /// The absolute path with every symlink resolved (`realpath`), or nil when it cannot be.
    public func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` with every symlink of the part that exists resolved, the rest as given: where a
    /// folder not yet made would be (a cache or state folder reached through a symlink into
    /// the vault is then seen to be inside it before it is made).
    public func resolvedPrefixPath(_ path: String) -> String {
        var existing = path
        var rest: [Substring] = []
        while existing.count > 1 {
            if let resolved = resolvedPath(existing) {
                return rest.isEmpty ? resolved : (resolved == "/" ? "" : resolved) + "/" + rest.reversed().joined(separator: "/")
            }
            guard let slash = existing.lastIndex(of: "/") else { break }
            let name = existing[existing.index(after: slash)...]
            if !name.isEmpty { rest.append(name) }
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
        return path
    }

    /// Creates a folder and every missing parent.
    public func createDirectories(_ path: String) throws {
        // Most often there already: one look, not one for each folder on the way.
        // A look that fails says nothing: the folders are then made one by one, as before.
        if path.hasPrefix("/"), (try? status(path))??.kind == .directory { return }
        var prefix = ""
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix.append("/")
            prefix.append(contentsOf: part)
            if try status(prefix)?.kind != .directory {
                try createDirectory(prefix)
            }
        }
    }

    /// True when something (a file, folder or dangling symlink) is at `path`.
    public func exists(_ path: String) -> Bool {
        ((try? linkStatus(path)) ?? nil) != nil
    }
}
