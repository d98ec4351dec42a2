import Foundation

/// The one way `VaultKit` writes a file (DESIGN.md 7).
///
/// A write goes to a temporary file in the same folder, named `.~<name>.<random>.tmp` so sync
/// tools skip it, created exclusively, given the old file's permissions, fsync'd, renamed over
/// the target, and then the folder is fsync'd. A failure at any step removes the temporary
/// file and leaves the target as it was.
public struct SafeWriter: Sendable {
    /// The file system written through.
    public let fileSystem: any FileSystem
    /// False to skip the per-file and per-folder fsync, for a multi-file change that an
    /// fsync'd intent journal protects and that ends with one `syncfs` (0.5 ms a file adds up
    /// to seconds over thousands of backlinks).
    public var synchronizes: Bool

    public init(fileSystem: any FileSystem = LocalFileSystem(), synchronizes: Bool = true) {
        self.fileSystem = fileSystem
        self.synchronizes = synchronizes
    }

    /// Replaces a file that was read earlier, refusing when it changed since `snapshot`.
    ///
    /// - Throws: `VaultError.fileChanged` when the file on disk is no longer what was read;
    ///   `VaultError.system` when a step fails (the target is then untouched).
    public func replace(_ path: String, with bytes: [UInt8], expecting snapshot: FileSnapshot) throws {
        let permissions = try checkUnchanged(path, snapshot)?.permissions ?? 0o644
        try checkReplaceable(path)
        let temporary = try writeTemporary(beside: path, bytes: bytes, permissions: permissions, kind: .replacement)
        do {
            // Checked again right before the rename: the window in which an editor's save can
            // still be lost shrinks to one system call.
            _ = try checkUnchanged(path, snapshot)
            try fileSystem.rename(temporary, to: path)
        } catch {
            try? fileSystem.removeFile(temporary)
            throw Self.wrap(error, writing: path)
        }
        try synchronizeFolder(of: path)
    }

    /// Creates a new file, never replacing one that exists (no-overwrite create).
    ///
    /// - Throws: `VaultError.fileExists` when something is already at `path`.
    public func create(_ path: String, with bytes: [UInt8], permissions: UInt32 = 0o644) throws {
        if fileSystem.exists(path) { throw VaultError.fileExists(path: path) }
        let temporary = try writeTemporary(beside: path, bytes: bytes, permissions: permissions, kind: .newFile)
        defer { try? fileSystem.removeFile(temporary) }
        do {
            // link(2) fails with EEXIST instead of replacing, unlike rename(2).
            try fileSystem.link(temporary, to: path)
        } catch let error as SystemError where error.code == EEXIST {
            throw VaultError.fileExists(path: path)
        } catch {
            throw Self.wrap(error, writing: path)
        }
        try synchronizeFolder(of: path)
    }

    /// Deletes a file that was read earlier, refusing when it changed since `snapshot`. Only
    /// emptying the trash deletes notes (DESIGN.md 7).
    public func remove(_ path: String, expecting snapshot: FileSnapshot) throws {
        _ = try checkUnchanged(path, snapshot)
        try checkWritableFolder(Self.split(path).folder)
        do { try fileSystem.removeFile(path) } catch { throw Self.wrap(error) }
        try synchronizeFolder(of: path)
    }

    /// Removes `path`, a second name of a file that now lives at `keptPath` (a rename done by
    /// hard link): refused unless both names are the same file or `path` still holds the
    /// bytes hashed as `expectedHash`, so no byte is lost.
    public func removeSecondName(_ path: String, keptAt keptPath: String, expectedHash: UInt64?) throws {
        try checkWritableFolder(Self.split(path).folder)
        do {
            guard let status = try fileSystem.status(path), let kept = try fileSystem.status(keptPath) else {
                throw VaultError.fileChanged(path: path)
            }
            let sameFile = status.inode == kept.inode && status.device == kept.device
            if !sameFile {
                guard let expectedHash, ContentHash.of(try fileSystem.readFile(path)) == expectedHash else {
                    throw VaultError.fileChanged(path: path)
                }
            }
            try fileSystem.removeFile(path)
        } catch {
            throw Self.wrap(error)
        }
        try synchronizeFolder(of: path)
    }

    /// Reads a file and records what was read, for a later `replace`.
    public func read(_ path: String) throws -> (bytes: [UInt8], snapshot: FileSnapshot) {
        do {
            // Status and bytes come from one open, so the snapshot describes exactly what was read.
            let contents = try fileSystem.readPrefix(path, limit: Int.max)
            return (contents.bytes, FileSnapshot(status: contents.status, bytes: contents.bytes))
        } catch let error as SystemError where error.code == EISDIR || error.code == ENXIO {
            // The reader refuses what is not a regular file (a fifo, a folder): said as such.
            if let status = try? fileSystem.status(path), status.kind != .file {
                throw VaultError.notRegularFile(path: path, kind: fileKindName(path))
            }
            throw Self.wrap(error)
        } catch {
            throw Self.wrap(error)
        }
    }

    /// True when the file is still what `snapshot` saw (a `stat`, and a read only when the
    /// status differs).
    public func isUnchanged(_ path: String, since snapshot: FileSnapshot) throws -> Bool {
        do {
            _ = try checkUnchanged(path, snapshot)
            return true
        } catch VaultError.fileChanged {
            return false
        }
    }

    /// Returns the current status when the file is still what `snapshot` saw.
    private func checkUnchanged(_ path: String, _ snapshot: FileSnapshot) throws -> FileStatus? {
        let current: FileStatus?
        do { current = try fileSystem.status(path) } catch { throw Self.wrap(error) }
        guard let expected = snapshot.status else {
            if current != nil { throw VaultError.fileChanged(path: path) }
            return nil
        }
        // A note replaced by a folder (or a fifo) is not the file that was read.
        guard let current, current.kind == expected.kind else { throw VaultError.fileChanged(path: path) }
        if current.size == expected.size && current.modifiedNanoseconds == expected.modifiedNanoseconds
            && current.inode == expected.inode
        {
            return current
        }
        // Touched but not changed (a sync tool restoring mtimes, `touch`): the bytes decide.
        let bytes: [UInt8]
        do { bytes = try fileSystem.readFile(path) } catch { throw Self.wrap(error) }
        if ContentHash.of(bytes) != snapshot.contentHash { throw VaultError.fileChanged(path: path) }
        return current
    }

    private func writeTemporary(beside path: String, bytes: [UInt8], permissions: UInt32, kind: TemporaryKind) throws -> String {
        let (folder, name) = Self.split(path)
        try checkWritableFolder(folder)
        var descriptor: Int32 = -1
        var temporary = ""
        for _ in 0..<8 {
            temporary = folder + "/" + Self.temporaryName(for: name, kind: kind)
            do {
                descriptor = try fileSystem.createExclusive(temporary, permissions: permissions)
                break
            } catch let error as SystemError where error.code == EEXIST {
                continue
            } catch {
                throw Self.wrap(error, writing: path)
            }
        }
        guard descriptor >= 0 else { throw Self.wrap(SystemError(code: EEXIST, operation: "create", path: temporary), writing: path) }
        do {
            try fileSystem.write(descriptor, bytes, path: temporary)
            // The umask may have narrowed the mode given to open(2); the old file's mode wins.
            try fileSystem.setPermissions(descriptor, permissions, path: temporary)
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

    /// Refuses what `replace` will not write over: a symbolic link (rename(2) would replace the
    /// link and leave its target behind) and a read-only file (rename(2) would replace it as
    /// easily as any other; the mode says no).
    public func checkReplaceable(_ path: String) throws {
        guard let status = (try? fileSystem.linkStatus(path)) ?? nil else { return }
        if status.kind == .symlink { throw VaultError.symbolicLink(path: path) }
        if Self.isReadOnly(status.permissions) { throw VaultError.readOnly(path: path) }
    }

    /// Refuses a folder whose mode has no write bit, even where the process could write
    /// anyway (as root): the mode says what the person wants.
    public func checkWritableFolder(_ folder: String) throws {
        if let status = (try? fileSystem.status(folder)) ?? nil, Self.isReadOnly(status.permissions) {
            throw VaultError.readOnly(path: folder)
        }
    }

    private func synchronizeFolder(of path: String) throws {
        guard synchronizes else { return }
        do { try fileSystem.synchronizeDirectory(Self.split(path).folder) } catch { throw Self.wrap(error) }
    }

    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private static func randomSuffix() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    /// What a temporary file was for, written into its name so that a leftover can be judged
    /// after a crash: a replacement never holds the only copy of anything, a new file may.
    public enum TemporaryKind: String, Sendable {
        case replacement = ""
        case newFile = ".new"
        /// The middle name of a case-only rename.
        case rename = ".rename"
    }

    /// The bytes a note's name may keep in a temporary name: 255 less `.~`, `.`, 13 random
    /// characters, `.new` and `.tmp`.
    static let temporaryNameRoom = 255 - 2 - 1 - 13 - 4 - 4

    /// `.~<name>.<random>[.new].tmp`, or `.~<name>.rename.tmp`, within 255 bytes.
    static func temporaryName(for name: String, kind: TemporaryKind) -> String {
        let random = kind == .rename ? "" : "." + randomSuffix()
        return ".~" + shortened(name) + random + kind.rawValue + ".tmp"
    }

    /// Reads a temporary name back: the (possibly cut) name it was for, and its kind.
    static func parseTemporaryName(_ name: String) -> (name: String, kind: TemporaryKind, cut: Bool)? {
        guard isTemporaryName(name) else { return nil }
        var inner = String(name.dropFirst(2).dropLast(4))
        var kind = TemporaryKind.replacement
        if inner.hasSuffix(".rename") {
            kind = .rename
        } else {
            if inner.hasSuffix(".new") {
                kind = .newFile
                inner.removeLast(4)
            }
            guard let dot = inner.lastIndex(of: ".") else { return nil }
            inner = String(inner[..<dot])
        }
        if kind == .rename { inner.removeLast(7) }
        guard !inner.isEmpty else { return nil }
        return (inner, kind, inner.utf8.count > temporaryNameRoom - 4)
    }

    /// A name cut (at a character boundary) so the temporary name around it stays within the
    /// 255 bytes a file name may have; a note named near that limit can still be written.
    static func shortened(_ name: String) -> String {
        guard name.utf8.count > temporaryNameRoom else { return name }
        var cut = ""
        for character in name {
            if cut.utf8.count + String(character).utf8.count > temporaryNameRoom { break }
            cut.append(character)
        }
        return cut
    }

    /// A failed system call while writing `path`, told about `path` rather than the temporary file.
    static func wrap(_ error: any Error, writing path: String) -> any Error {
        if let error = error as? SystemError { return VaultError.writeFailed(path: path, reason: error.reason, code: error.code) }
        return error
    }

    static func wrap(_ error: any Error) -> any Error {
        if let error = error as? SystemError { return VaultError.system(error) }
        return error
    }

    /// True for a temporary file name this writer makes; only these are ever cleaned up.
    public static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".~") && name.hasSuffix(".tmp")
    }
}
