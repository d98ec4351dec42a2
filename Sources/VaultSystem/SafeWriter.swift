import FoundationEssentials
import Glibc

/// The one way `VaultKit` writes a file (DESIGN.md 7).
///
/// A write goes to a temporary file in the same folder, named `.~<name>.<random>.tmp` so sync
/// tools skip it, created exclusively, given the old file's permissions and fsync'd. A new
/// file is then linked into place (never replacing one); a note is replaced by a
/// compare-and-swap (`replace`). A failure at any step removes the temporary file and leaves
/// the target as it was.
public struct SafeWriter: Sendable {
    /// The file system written through.
    public let fileSystem: any FileSystem
    /// False to skip the per-file and per-folder fsync, for a multi-file change that an
    /// fsync'd intent journal protects and that ends with one `syncfs` (0.5 ms a file adds up
    /// to seconds over thousands of backlinks).
    public var synchronizes: Bool
    /// How notes another program is writing right now are waited for.
    public var settle: SettlePolicy

    public init(fileSystem: any FileSystem = LocalFileSystem(), synchronizes: Bool = true, settle: SettlePolicy = .standard) {
        self.fileSystem = fileSystem
        self.synchronizes = synchronizes
        self.settle = settle
    }

    /// Creates a new file, never replacing one that exists (no-overwrite create).
    ///
    /// - Throws: `FileError.fileExists` when something is already at `path`.
    public func create(_ path: String, with bytes: [UInt8], permissions: UInt32 = 0o644) throws {
        try create(path, permissions: permissions) { write in try write(bytes) }
    }

    /// Creates `path` as `create(_:with:)` does, its bytes handed over piece by piece by
    /// `produce` (through the function it is given), so a large file is never held whole.
    public func create(
        _ path: String, permissions: UInt32 = 0o644, producing produce: (_ write: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        if fileSystem.exists(path) { throw FileError.fileExists(path: path) }
        let temporary = try writeTemporary(beside: path, permissions: permissions, kind: .newFile, producing: produce)
        defer { try? fileSystem.removeFile(temporary) }
        do {
            // link(2) fails with EEXIST instead of replacing, unlike rename(2).
            try fileSystem.link(temporary, to: path)
        } catch let error as SystemError where error.code == EEXIST {
            throw FileError.fileExists(path: path)
        } catch {
            throw Self.wrap(error, writing: path)
        }
        try synchronizeFolder(of: path)
    }

    /// Removes `path`, a second name of a file that now lives at `keptPath` (a rename done by
    /// hard link): refused unless both names are the same file or `path` still holds the
    /// bytes hashed as `expectedHash`, so no byte is lost.
    public func removeSecondName(_ path: String, keptAt keptPath: String, expectedHash: UInt64?) throws {
        try checkWritableFolder(Self.split(path).folder)
        do {
            guard let status = try fileSystem.status(path), let kept = try fileSystem.status(keptPath) else {
                throw FileError.fileChanged(path: path)
            }
            let sameFile = status.inode == kept.inode && status.device == kept.device
            if !sameFile {
                guard let expectedHash, ContentHash.of(try fileSystem.readFile(path)) == expectedHash else {
                    throw FileError.fileChanged(path: path)
                }
            }
            try fileSystem.removeFile(path)
        } catch {
            throw Self.wrap(error)
        }
        try synchronizeFolder(of: path)
    }

    /// Reads a file and records what was read, for a later `replace`.
    ///
    /// - Parameter settling: true (for a note about to be changed) to wait, boundedly, while
    ///   another program is saving the note (see `isSettled`) or it changes during the read,
    ///   so a save in progress (emptied and not yet refilled) is never taken for its text.
    /// - Throws: `FileError.noteBusy` (exit 3) when the note does not settle in time.
    public func read(_ path: String, settling: Bool = true) throws -> (bytes: [UInt8], snapshot: FileSnapshot) {
        var result: (bytes: [UInt8], snapshot: FileSnapshot)?
        let settled = try settle.wait {
            // Status and bytes come from one open, so the snapshot describes exactly what was read.
            let contents: FileContents
            let now: FileStatus?
            do {
                contents = try fileSystem.readPrefix(path, limit: Int.max)
                now = try fileSystem.status(path)
            } catch let error as SystemError where error.code == EISDIR || error.code == ENXIO {
                // The reader refuses what is not a regular file (a fifo, a folder): said as such.
                if let status = try? fileSystem.status(path), status.kind != .file {
                    throw FileError.notRegularFile(path: path, kind: fileKindName(path))
                }
                throw Self.wrap(error)
            } catch {
                throw Self.wrap(error)
            }
            result = (contents.bytes, FileSnapshot(status: contents.status, bytes: contents.bytes))
            return !settling || (now == contents.status && isSettled(path, contents.status))
        }
        guard settled, let result else { throw FileError.noteBusy(path: path) }
        return result
    }

    /// True when nothing suggests a save in progress: no other program holds the note open
    /// for writing (where the file system can tell; where it cannot, the note has not changed
    /// within the settle window), and it is not a note emptied a moment ago.
    private func isSettled(_ path: String, _ status: FileStatus) -> Bool {
        let recent = settle.mayBeWriting(status)
        if status.size == 0 && recent { return false }
        switch (try? fileSystem.hasWriters(path)) ?? nil {
        case true?: return false
        case false?: return true
        case nil: return !settle.mayBeWriting(status, writersKnown: false)
        }
    }

    /// True when the file is still what `snapshot` saw (a `stat`, and a read only when the
    /// status differs).
    public func isUnchanged(_ path: String, since snapshot: FileSnapshot) throws -> Bool {
        do {
            _ = try checkUnchanged(path, snapshot)
            return true
        } catch FileError.fileChanged {
            return false
        }
    }

    /// Returns the current status when the file is still what `snapshot` saw: the same file
    /// (device, inode) with the same size, modification and status-change times, or, when only
    /// its status moved (a sync tool restoring times, `touch`), the same bytes.
    func checkUnchanged(_ path: String, _ snapshot: FileSnapshot) throws -> FileStatus? {
        let current: FileStatus?
        do { current = try fileSystem.status(path) } catch { throw Self.wrap(error) }
        guard let expected = snapshot.status else {
            if current != nil { throw FileError.fileChanged(path: path) }
            return nil
        }
        // A note replaced by a folder (or a fifo) is not the file that was read.
        guard let current, current.kind == expected.kind else { throw FileError.fileChanged(path: path) }
        if current.isSameVersion(as: expected) { return current }
        let bytes: [UInt8]
        do { bytes = try fileSystem.readFile(path) } catch { throw Self.wrap(error) }
        if ContentHash.of(bytes) != snapshot.contentHash { throw FileError.fileChanged(path: path) }
        return current
    }

    func writeTemporary(
        beside path: String, bytes: [UInt8], permissions: UInt32, kind: TemporaryKind, versions: Versions? = nil
    ) throws -> String {
        try writeTemporary(beside: path, permissions: permissions, kind: kind, versions: versions) { write in try write(bytes) }
    }

    /// Writes a temporary file beside `path`, its bytes handed over by `produce`, as
    /// `writeTemporary(beside:bytes:permissions:kind:versions:)` does.
    func writeTemporary(
        beside path: String, permissions: UInt32, kind: TemporaryKind, versions: Versions? = nil,
        producing produce: (_ write: ([UInt8]) throws -> Void) throws -> Void
    ) throws -> String {
        let folder = Self.split(path).folder
        try checkWritableFolder(folder)
        var descriptor: Int32 = -1
        var temporary = ""
        for _ in 0..<8 {
            temporary = Self.temporaryPath(beside: path, kind: kind, versions: versions)
            do {
                // A replacement is made without permissions until its text is whole, so a kill
                // while it is written leaves a file that says it was never finished.
                descriptor = try fileSystem.createExclusive(temporary, permissions: kind == .replacement ? 0 : permissions)
                break
            } catch let error as SystemError where error.code == EEXIST {
                continue
            } catch {
                throw Self.wrap(error, writing: path)
            }
        }
        guard descriptor >= 0 else { throw Self.wrap(SystemError(code: EEXIST, operation: "create", path: temporary), writing: path) }
        do {
            try produce { bytes in try fileSystem.write(descriptor, bytes, path: temporary) }
            // A replacement is its file's owner's, as the file it replaces was; before the
            // mode, which a change of owner may narrow.
            if kind == .replacement { fileSystem.copyOwner(to: descriptor, from: path) }
            // The umask may have narrowed the mode given to open(2); the old file's mode wins.
            try fileSystem.setPermissions(descriptor, permissions, path: temporary)
            // After the mode: a `user.*` attribute may be set only on a file its writer may
            // write, which a file made with no permissions is not. An ACL among them sets the
            // mode it implies, which is the old file's.
            if kind == .replacement { fileSystem.copyExtendedAttributes(to: descriptor, from: path) }
            if synchronizes { try fileSystem.synchronize(descriptor, path: temporary) }
        } catch {
            try? fileSystem.close(descriptor, path: temporary)
            try? fileSystem.removeFile(temporary)
            throw Self.wrap(error, writing: path)
        }
        do {
            try fileSystem.close(descriptor, path: temporary)
        } catch {
            try? fileSystem.removeFile(temporary)
            throw Self.wrap(error, writing: path)
        }
        return temporary
    }

    /// True for permissions without any write bit: a file or folder someone made read-only.
    static func isReadOnly(_ permissions: UInt32) -> Bool { permissions & 0o222 == 0 }

    /// Refuses what `replace` will not write over: a symbolic link (a swap would replace the
    /// link and leave its target behind), a read-only file (a swap would replace it as
    /// easily as any other; the mode says no), a file this process may not write (a swap in
    /// a folder it may write would replace another user's note with its own) and another
    /// user's file that is not shared through a group of this process (the new file would
    /// be this process's, which could shut the owner out).
    public func checkReplaceable(_ path: String) throws {
        guard let status = (try? fileSystem.linkStatus(path)) ?? nil else { return }
        if status.kind == .symlink { throw FileError.symbolicLink(path: path) }
        if Self.isReadOnly(status.permissions) || !fileSystem.mayWrite(path) { throw FileError.readOnly(path: path) }
        if !fileSystem.keepsOwnerAccess(path) { throw FileError.otherOwner(path: path) }
    }

    /// Refuses a file with a second name in its folder (a hard link, as a rename that could
    /// not finish leaves one): a swap would give one name the new text and leave the other
    /// with the old, and removing either name, as a second name is mended, would lose text.
    /// Checked before a change begins, not by `replace`: a move makes the note's new name a
    /// second name of it until the old one goes, and rewrites it meanwhile.
    public func checkNoSecondName(_ path: String) throws {
        if let other = fileSystem.otherName(of: path) { throw FileError.secondName(path: path, other: other) }
    }

    /// Refuses a folder whose mode has no write bit, even where the process could write
    /// anyway (as root): the mode says what the person wants.
    public func checkWritableFolder(_ folder: String) throws {
        if let status = (try? fileSystem.status(folder)) ?? nil, Self.isReadOnly(status.permissions) {
            throw FileError.readOnly(path: folder)
        }
    }

    func synchronizeFolder(of path: String) throws {
        guard synchronizes else { return }
        do { try fileSystem.synchronizeDirectory(Self.split(path).folder) } catch { throw Self.wrap(error) }
    }

    /// A failed system call while writing `path`, told about `path` rather than the temporary file.
    static func wrap(_ error: any Error, writing path: String) -> any Error {
        if let error = error as? SystemError { return FileError.writeFailed(path: path, reason: error.reason, code: error.code) }
        return error
    }

    package static func wrap(_ error: any Error) -> any Error {
        if let error = error as? SystemError { return FileError.system(error) }
        return error
    }
}

extension FileStatus {
    /// True when both describe the same version of the same file: the same file (device and
    /// inode), size, modification and status-change times. The status-change time is what a
    /// program cannot set back, so an edit that restores size and modification time differs.
    package func isSameVersion(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode && size == other.size
            && modifiedNanoseconds == other.modifiedNanoseconds && changedNanoseconds == other.changedNanoseconds
    }
}
