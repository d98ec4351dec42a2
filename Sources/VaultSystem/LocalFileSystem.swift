import FoundationEssentials
import Glibc
internal import CSystem

/// The real file system, through POSIX calls.
public struct LocalFileSystem: FileSystem {
    /// The folder reads under which may not leave it, when one is set.
    private let confinement: FileConfinement?

    public init() { confinement = nil }

    private init(confinement: FileConfinement?) { self.confinement = confinement }

    /// The same file system, its reads of files under `root` kept inside `root`: no symbolic
    /// link on the way may lead out of it, whenever it was put there (see `FileConfinement`).
    public func confined(to root: String) -> LocalFileSystem {
        LocalFileSystem(confinement: FileConfinement(root: root) ?? confinement)
    }

    /// True when reads under a folder are kept inside it (see `confined(to:)`); false where
    /// the kernel or a sandbox has no `openat2`.
    public var isConfined: Bool { confinement != nil }

    /// Opens a file to read: beneath the confining folder when the path is in it.
    private func openToRead(_ path: String, _ flags: Int32) -> Int32 {
        guard let confinement, confinement.holds(path) else { return retryingInterrupts { open(path, flags) } }
        return confinement.open(path, flags)
    }

    public func readFile(_ path: String) throws -> [UInt8] {
        try readPrefix(path, limit: Int.max).bytes
    }

    /// Callers skip what the listing or a stat calls no regular file; opening a fifo put
    /// there since would block until a writer came, so the open does not wait, and only a
    /// regular file is read from.
    private static let readFlags = O_RDONLY | O_CLOEXEC | O_NONBLOCK

    /// `path` opened to read, with its status, when it is a regular file; the caller closes it.
    private func openRegular(_ path: String) throws -> (fd: Int32, info: stat) {
        try Self.regular(openToRead(path, Self.readFlags), path)
    }

    /// `fd`, just opened for `path` (-1 when that failed), with its status, when it is a
    /// regular file; closed when it is not. `path` is made only for a message.
    private static func regular(_ fd: Int32, _ path: @autoclosure () -> String) throws -> (fd: Int32, info: stat) {
        guard fd >= 0 else { throw SystemError.current("open", path()) }
        var info = stat()
        do {
            guard fstat(fd, &info) == 0 else { throw SystemError.current("stat", path()) }
            try checkRegular(info, path())
        } catch {
            _ = Glibc.close(fd)
            throw error
        }
        return (fd, info)
    }

    public func readPrefix(_ path: String, limit: Int) throws -> FileContents {
        let (fd, info) = try openRegular(path)
        defer { _ = Glibc.close(fd) }
        // The size is a hint: the file may grow while it is read, so read until EOF. A read
        // that gives exactly the size the stat gave ends there without a second read for the
        // end: a file that grows after that read is read as it was, as after an end seen. A
        // file holding more than its size says fills the first read, asked for one byte
        // more, and is read on to its end; only a read cut short at exactly that size (no
        // local file system, nor a FUSE one served through the page cache) would stop early.
        let size = max(Int(info.st_size), 0)
        var capacity = min(size + 1, limit)
        var bytes = try Self.filled(capacity, path, enough: size > 0 ? size : capacity) { buffer in Self.read(fd, buffer) }
        while bytes.count == capacity && capacity < limit {
            capacity = min(capacity * 2, limit)
            let more = try Self.filled(capacity - bytes.count, path) { buffer in Self.read(fd, buffer) }
            if more.isEmpty { break }
            bytes += more
        }
        let count = bytes.count
        return FileContents(bytes: bytes, complete: count < limit || Int64(count) == Int64(info.st_size), status: FileStatus(info))
    }

    public func read(_ path: String, into buffer: ReadBuffer) throws {
        try Self.fill(buffer, from: openRegular(path), path)
    }

    public func read(_ relative: String, under root: String, into buffer: ReadBuffer) throws {
        guard let confinement, confinement.isFolder(root) else { return try read(String(path: root, relative), into: buffer) }
        // The whole path is made only for a message.
        let path = { String(path: root, relative) }
        try Self.fill(buffer, from: Self.regular(confinement.open(relative: relative, Self.readFlags), path()), path())
    }

    /// Reads the regular file open as `file` into `buffer`, and closes it. As `readPrefix`,
    /// with no limit: read until the end, or until a read gives exactly the size the status said.
    private static func fill(_ buffer: ReadBuffer, from file: (fd: Int32, info: stat), _ path: @autoclosure () -> String) throws {
        defer { _ = Glibc.close(file.fd) }
        let size = max(Int(file.info.st_size), 0)
        buffer.start(expecting: size + 1)
        while size == 0 || buffer.count != size {
            let got = read(file.fd, buffer.room(atLeast: buffer.count < size ? size + 1 - buffer.count : 64 << 10))
            if got < 0 { throw SystemError.current("read", path()) }
            if got == 0 { break }
            buffer.took(got)
        }
    }

    /// Up to `count` bytes from `read` (called until it gives `count`, or `enough`, or says
    /// the end, 0), in an array whose memory is never zeroed first: every note is read
    /// through here, and filling each buffer with zeros before the read overwrote them cost
    /// a pass over every byte.
    private static func filled(
        _ count: Int, _ path: String, enough: Int = .max, read: (UnsafeMutableRawBufferPointer) -> Int
    ) throws -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            while initialized < count && initialized < enough {
                let got = read(UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[initialized...]))
                if got < 0 { throw SystemError.current("read", path) }
                if got == 0 { break }
                initialized += got
            }
        }
    }

    /// One `read` from a descriptor opened without waiting. Linux ignores that flag for a
    /// regular file, so no call is spent clearing it; a file system that honours it, and
    /// has no bytes ready, gets the flag cleared and the read made again.
    private static func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
        let got = retryingInterrupts { Glibc.read(fd, buffer.baseAddress!, buffer.count) }
        guard got < 0 && errno == EAGAIN else { return got }
        _ = fcntl(fd, F_SETFL, 0)
        return retryingInterrupts { Glibc.read(fd, buffer.baseAddress!, buffer.count) }
    }

    /// Refuses what is not a regular file: `EISDIR` for a folder, `ENXIO` (what opening a
    /// socket gives) for a fifo, socket or device.
    private static func checkRegular(_ info: stat, _ path: String, operation: String = "read") throws {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw SystemError(code: EISDIR, operation: operation, path: path)
        default: throw SystemError(code: ENXIO, operation: operation, path: path)
        }
    }

    public func status(_ path: String) throws -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw SystemError.current("stat", path)
        }
        return FileStatus(info)
    }

    public func linkStatus(_ path: String) throws -> FileStatus? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw SystemError.current("lstat", path)
        }
        return FileStatus(info)
    }

    public func statuses(in folder: String, paths: ArraySlice<String>, prefix: Int) -> [FileStatus?] {
        // Relative to the open folder, the kernel walks no path per name.
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return paths.map { _ in nil } }
        defer { _ = Glibc.close(directory) }
        return paths.map { path in
            var info = stat()
            // The name is the end of the path's own NUL-terminated bytes: no string is made.
            let found = prefix < path.utf8.count && path.withCString { whole in fstatat(directory, whole + prefix, &info, 0) == 0 }
            return found ? FileStatus(info) : nil
        }
    }

    public func entries(_ path: String) throws -> [DirectoryEntry] {
        try entries(path, whereName: { _ in true })
    }

    public func entries(_ path: String, whereName keep: (UnsafeBufferPointer<UInt8>) -> Bool) throws -> [DirectoryEntry] {
        guard let dir = opendir(path) else { throw SystemError.current("opendir", path) }
        defer { closedir(dir) }
        var result: [DirectoryEntry] = []
        while let entry = readdir(dir) {
            // Over the entry's own bytes: an array of each name first was a third of a listing.
            let named = withUnsafeBytes(of: &entry.pointee.d_name) { raw -> (name: String, isUTF8: Bool)? in
                let bytes = UnsafeRawBufferPointer(rebasing: raw[..<strnlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)])
                if bytes.count <= 2 && bytes.allSatisfy({ $0 == UInt8(ascii: ".") }) { return nil }
                // Signed and unsigned bytes may alias one another.
                let name = UnsafeBufferPointer(start: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: bytes.count)
                // Before any string is made: a capture asks after a few of a folder's 8,000 names.
                guard keep(name) else { return nil }
                // A name that is not UTF-8 cannot be a `String` path: it is kept visible, escaped.
                guard UTF8Check.validate(bytes) == .valid else { return (DirectoryEntry.escaped(Array(bytes)), false) }
                return (String(decoding: name, as: UTF8.self), true)
            }
            guard let (name, isUTF8) = named else { continue }
            let kind: FileStatus.Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symlink
            case Int32(DT_UNKNOWN): kind = isUTF8 ? (try? linkStatus(path + "/" + name))??.kind ?? .other : .other
            default: kind = .other
            }
            result.append(DirectoryEntry(name: name, kind: kind, nameIsUTF8: isUTF8))
        }
        return result
    }

    public func openForReading(_ path: String) throws -> Int32 {
        let fd = openToRead(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw SystemError.current("open", path) }
        try Self.keepingRegular(fd, path)
        _ = fcntl(fd, F_SETFL, 0)
        return fd
    }

    public func read(_ descriptor: Int32, at offset: Int, count: Int, path: String) throws -> [UInt8] {
        var done = 0
        return try Self.filled(count, path) { buffer in
            let got = retryingInterrupts { pread(descriptor, buffer.baseAddress!, buffer.count, off_t(offset + done)) }
            if got > 0 { done += got }
            return got
        }
    }

    public func createExclusive(_ path: String, permissions: UInt32) throws -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC
        let fd = try inFolder(of: path, "create") { folder, name in
            retryingInterrupts { openat(folder, name, flags, mode_t(permissions)) }
        } ?? retryingInterrupts { open(path, flags, mode_t(permissions)) }
        guard fd >= 0 else { throw SystemError.current("create", path) }
        return fd
    }

    /// Runs `body` with the folder of `path` open beneath the confining folder (see
    /// `FileConfinement.folder(of:)`) and the path's last name, when the path is under it;
    /// nil when it is not (the caller then goes by the path).
    ///
    /// - Throws: a `SystemError` of `operation` when the folder cannot be opened so.
    private func inFolder(of path: String, _ operation: String, _ body: (Int32, String) -> Int32) throws -> Int32? {
        guard let confinement, confinement.holds(path) else { return nil }
        let (folder, name) = confinement.folder(of: path)
        guard folder >= 0 else { throw SystemError.current(operation, path) }
        defer { _ = Glibc.close(folder) }
        return body(folder, name)
    }

    /// Runs `body` with the folders of two paths open as `inFolder` opens one, when both are
    /// under the confining folder; nil when either is not.
    private func inFolders(
        of first: String, _ second: String, _ operation: String, _ body: (Int32, String, Int32, String) -> Int32
    ) throws -> Int32? {
        guard let confinement, confinement.holds(first), confinement.holds(second) else { return nil }
        return try inFolder(of: first, operation) { firstFolder, firstName in
            let (secondFolder, secondName) = confinement.folder(of: second)
            guard secondFolder >= 0 else { return -1 }
            defer { _ = Glibc.close(secondFolder) }
            return body(firstFolder, firstName, secondFolder, secondName)
        }
    }

    public func openForAppending(_ path: String, permissions: UInt32) throws -> Int32 {
        // Not waiting at the open, as for a lock; Linux ignores the flag for a regular file.
        let fd = retryingInterrupts { open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, mode_t(permissions)) }
        guard fd >= 0 else { throw SystemError.current("open", path) }
        try Self.keepingRegular(fd, path, operation: "append to")
        _ = fcntl(fd, F_SETFL, O_APPEND)
        return fd
    }

    public func openForOverwriting(_ path: String, permissions: UInt32) throws -> Int32 {
        let fd = retryingInterrupts { open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, mode_t(permissions)) }
        guard fd >= 0 else { throw SystemError.current("open", path) }
        try Self.keepingRegular(fd, path, operation: "write")
        // A file with another name (a hard link, a `cp -al` snapshot) would be written under
        // that name too.
        var info = stat()
        if fstat(fd, &info) == 0, info.st_nlink > 1 {
            _ = Glibc.close(fd)
            throw SystemError(code: EMLINK, operation: "write in place", path: path)
        }
        return fd
    }

    public func truncate(_ descriptor: Int32, to length: Int, path: String) throws {
        guard retryingInterrupts({ ftruncate(descriptor, off_t(length)) }) == 0 else { throw SystemError.current("truncate", path) }
    }

    /// Closes `fd` and throws as `checkRegular` does when it is not a regular file.
    private static func keepingRegular(_ fd: Int32, _ path: String, operation: String = "read") throws {
        var info = stat()
        do {
            guard fstat(fd, &info) == 0 else { throw SystemError.current("stat", path) }
            try checkRegular(info, path, operation: operation)
        } catch {
            _ = Glibc.close(fd)
            throw error
        }
    }

    public func write(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws {
        var offset = 0
        try bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let wrote = retryingInterrupts { Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset) }
                if wrote < 0 { throw SystemError.current("write", path) }
                offset += wrote
            }
        }
    }

    public func setPermissions(_ descriptor: Int32, _ permissions: UInt32, path: String) throws {
        guard fchmod(descriptor, mode_t(permissions)) == 0 else { throw SystemError.current("chmod", path) }
    }

    public func synchronize(_ descriptor: Int32, path: String) throws {
        guard retryingInterrupts({ fsync(descriptor) }) == 0 else { throw SystemError.current("fsync", path) }
    }

    public func close(_ descriptor: Int32, path: String) throws {
        guard Glibc.close(descriptor) == 0 else { throw SystemError.current("close", path) }
    }

    public func rename(_ source: String, to destination: String) throws {
        let result = try inFolders(of: source, destination, "rename") { renameat($0, $1, $2, $3) } ?? Glibc.rename(source, destination)
        guard result == 0 else { throw SystemError.current("rename", source) }
    }

    public func link(_ source: String, to destination: String) throws {
        let result = try inFolders(of: source, destination, "link") { linkat($0, $1, $2, $3, 0) } ?? Glibc.link(source, destination)
        guard result == 0 else { throw SystemError.current("link", destination) }
    }

    public func removeFile(_ path: String) throws {
        let result = try inFolder(of: path, "remove") { unlinkat($0, $1, 0) } ?? unlink(path)
        guard result == 0 else { throw SystemError.current("remove", path) }
    }

    public func synchronizeDirectory(_ path: String) throws {
        let fd = retryingInterrupts { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { throw SystemError.current("open", path) }
        defer { _ = Glibc.close(fd) }
        // Some file systems (network mounts, FUSE) cannot fsync a folder; that is not a failure
        // of the write, which is already renamed into place.
        if retryingInterrupts({ fsync(fd) }) != 0 && errno != EINVAL && errno != ENOTSUP {
            throw SystemError.current("fsync", path)
        }
    }

    public func createDirectory(_ path: String) throws {
        if try inFolder(of: path, "mkdir", { mkdirat($0, $1, 0o755) }) ?? mkdir(path, 0o755) != 0 {
            let code = errno
            if code == EEXIST, (try? status(path))??.kind == .directory { return }
            throw SystemError(code: code, operation: "mkdir", path: path)
        }
    }

    public func removeEmptyDirectory(_ path: String) throws {
        guard rmdir(path) == 0 else { throw SystemError.current("rmdir", path) }
    }

    public func synchronizeFileSystem(_ path: String) throws {
        let fd = retryingInterrupts { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { throw SystemError.current("open", path) }
        defer { _ = Glibc.close(fd) }
        guard vault_syncfs(fd) == 0 else { throw SystemError.current("syncfs", path) }
    }

    public func exchange(_ first: String, _ second: String) throws {
        let result = try inFolders(of: first, second, "exchange") { vault_exchange_at($0, $1, $2, $3) } ?? vault_exchange(first, second)
        guard result == 0 else { throw SystemError.current("exchange", second) }
    }

    public func hasWriters(_ path: String) throws -> Bool? {
        // Non-blocking, so a fifo put in the note's place cannot hang the check.
        let fd = retryingInterrupts { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW) }
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw SystemError.current("open", path)
        }
        defer { _ = Glibc.close(fd) }
        switch vault_has_writers(fd) {
        case 1: return true
        case 0: return false
        default: return nil
        }
    }

    public func lockExclusive(_ path: String, wait: Bool) throws -> Int32? {
        // Not waiting at the open: a fifo put in the lock file's place would block it forever.
        // Nor through a link: a lock file made a link out of the vault would be made there.
        let fd = retryingInterrupts { open(path, O_RDONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0o644) }
        guard fd >= 0 else { throw SystemError.current("open", path) }
        try Self.keepingRegular(fd, path, operation: "lock")
        if retryingInterrupts({ flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) }) != 0 {
            let code = errno
            _ = Glibc.close(fd)
            if code == EWOULDBLOCK { return nil }
            throw SystemError(code: code, operation: "flock", path: path)
        }
        return fd
    }
}

extension FileStatus {
    init(_ info: stat) {
        let type = info.st_mode & S_IFMT
        let kind: Kind =
            type == S_IFREG ? .file : type == S_IFDIR ? .directory : type == S_IFLNK ? .symlink : .other
        self.init(
            kind: kind,
            size: Int64(info.st_size),
            modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            changedNanoseconds: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
            device: UInt64(info.st_dev),
            inode: UInt64(info.st_ino),
            permissions: UInt32(info.st_mode & 0o7777)
        )
    }
}
