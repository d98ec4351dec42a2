import FoundationEssentials
import Glibc

/// Replacing and removing a note as a compare-and-swap (DESIGN.md 7): nothing another program
/// wrote, in place or atomically, before or during the write, is lost.
///
/// The new text goes to a temporary file, which is swapped with the note in one atomic step
/// (`renameat2` with `RENAME_EXCHANGE`). The file swapped out is then checked: the same file
/// that was read, no other program holding it open for writing, and exactly the bytes that
/// were read. Only then is it removed. Otherwise it is swapped back (exit 3), or, when another
/// save took the note's name meanwhile, kept beside it as a conflict copy: a file is removed
/// only when it is the writer's own or holds exactly what was read.
extension SafeWriter {
    /// What the check of a file set aside found.
    enum AsideCheck {
        /// The file that was read, as it was read, and nobody writing it.
        case asRead
        /// Another file, or other bytes: someone saved meanwhile.
        case changed
        /// Another program still holds it open for writing.
        case busy
    }

    /// The errors a swap gives where the kernel or the file system cannot swap names.
    static let noExchange: Set<Int32> = [EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP, EPERM]

    /// Replaces a file that was read earlier, refusing when it changed since `snapshot`.
    ///
    /// - Throws: `FileError.fileChanged` (exit 3) when the file is no longer what was read
    ///   (nothing was written); `.noteBusy` when another program keeps writing it;
    ///   `.changedKeptCopy` when two saves by others crossed this write (both are kept);
    ///   `.savedOverKeptCopy` when another program saved over the new text right after it was
    ///   written while the old file changed too (both are kept);
    ///   `.writeFailed` or `.system` when a step fails (the target is then untouched).
    public func replace(_ path: String, with bytes: [UInt8], expecting snapshot: FileSnapshot) throws {
        try checkReplaceable(path)
        guard var expected = try checkUnchanged(path, snapshot) else {
            // Read as absent: the write may only create it.
            do { try create(path, with: bytes) } catch FileError.fileExists { throw FileError.fileChanged(path: path) }
            return
        }
        try waitForWriters(path)
        let versions = Versions(read: snapshot.contentHash, written: ContentHash.of(bytes))
        let temporary = try writeTemporary(
            beside: path, bytes: bytes, permissions: expected.permissions, kind: .replacement, versions: versions)
        let ours: FileStatus
        do {
            guard let status = try fileSystem.linkStatus(temporary) else { throw SystemError(code: ENOENT, operation: "stat", path: temporary) }
            ours = status
            // Checked again right before the swap; what lands after it is caught by the check
            // of the file swapped out.
            guard let current = try checkUnchanged(path, snapshot) else { throw FileError.fileChanged(path: path) }
            // The same bytes, but another program changed the note's mode, owner or
            // attributes while the new text was written: the new file takes them as they are.
            if current.changedNanoseconds != expected.changedNanoseconds { try copyMetadata(of: path, to: temporary, permissions: current.permissions) }
            expected = current
            try fileSystem.exchange(temporary, path)
        } catch let error as SystemError where Self.noExchange.contains(error.code) {
            try replaceWithoutExchange(path, temporary: temporary, expected: expected, snapshot: snapshot, versions: versions)
            return
        } catch {
            try? fileSystem.removeFile(temporary)
            throw Self.wrap(error, writing: path)
        }
        // `temporary` now holds the note as it was.
        let check: AsideCheck
        do { check = try checkAside(temporary, expected: expected, snapshot: snapshot) } catch {
            // The set-aside version cannot be checked: it is kept, as a conflict copy.
            try putBack(path, aside: temporary, ours: ours, written: versions.written, because: .changed)
        }
        guard case .asRead = check else { try putBack(path, aside: temporary, ours: ours, written: versions.written, because: check) }
        // The new text is in place; a set-aside file that cannot be removed now is exactly what
        // was read, and the next writer's clean-up takes it.
        try? fileSystem.removeFile(temporary)
        try synchronizeFolder(of: path)
    }

    /// Gives the written file `temporary` the owner, `permissions` and extended attributes
    /// the note at `path` has now.
    private func copyMetadata(of path: String, to temporary: String, permissions: UInt32) throws {
        let descriptor = try fileSystem.openForReading(temporary)
        defer { try? fileSystem.close(descriptor, path: temporary) }
        fileSystem.copyOwner(to: descriptor, from: path)
        try fileSystem.setPermissions(descriptor, permissions, path: temporary)
        fileSystem.copyExtendedAttributes(to: descriptor, from: path)
    }

    /// Deletes a file that was read earlier, refusing when it changed since `snapshot`. Only
    /// emptying the trash deletes notes (DESIGN.md 7).
    ///
    /// The file is first moved aside (one rename), then checked as `replace` checks what it
    /// swaps out; a file that changed goes back to its name, or is kept as a conflict copy
    /// when something else took that name meanwhile.
    public func remove(_ path: String, expecting snapshot: FileSnapshot) throws {
        guard let expected = try checkUnchanged(path, snapshot) else { throw FileError.fileChanged(path: path) }
        try checkWritableFolder(Self.split(path).folder)
        try waitForWriters(path)
        let aside = Self.temporaryPath(beside: path, kind: .replacement, versions: Versions(read: snapshot.contentHash, written: snapshot.contentHash))
        do { try fileSystem.rename(path, to: aside) } catch { throw Self.wrap(error) }
        let check = (try? checkAside(aside, expected: expected, snapshot: snapshot)) ?? .changed
        guard case .asRead = check else {
            if try linkBack(aside, to: path) { throw check.error(path) }
            throw FileError.changedKeptCopy(path: path, copy: try keepAsConflictCopy(aside, of: path))
        }
        do { try fileSystem.removeFile(aside) } catch { throw Self.wrap(error) }
        try synchronizeFolder(of: path)
    }

    /// Waits while another program holds the file open for writing (an editor in the middle
    /// of a save), at most the settle limit; where nobody can say, while the file keeps
    /// changing.
    func waitForWriters(_ path: String) throws {
        let quiet = settle.wait {
            switch (try? fileSystem.hasWriters(path)) ?? nil {
            case true?: return false
            case false?: return true
            case nil: return !(((try? fileSystem.status(path)) ?? nil).map { settle.mayBeWriting($0, writersKnown: false) } ?? false)
            }
        }
        if !quiet { throw FileError.noteBusy(path: path) }
    }

    /// Checks a file set aside by a swap: still the file that was read, nobody writing it,
    /// and exactly the bytes that were read.
    func checkAside(_ aside: String, expected: FileStatus, snapshot: FileSnapshot) throws -> AsideCheck {
        guard let status = try fileSystem.linkStatus(aside), status.kind == .file, status.inode == expected.inode,
            status.device == expected.device
        else { return .changed }
        var writers: Bool?
        let quiet = try settle.wait {
            writers = try fileSystem.hasWriters(aside)
            return writers != true
        }
        if !quiet { return .busy }
        // Where the file system cannot say, a writer that opened the note before the swap gets
        // a moment to show its bytes.
        if writers == nil { settle.clock.sleep(settle.grace) }
        let bytes = try fileSystem.readFile(aside)
        guard let after = try fileSystem.linkStatus(aside), after.inode == expected.inode,
            after.size == Int64(bytes.count), after.modifiedNanoseconds == status.modifiedNanoseconds,
            ContentHash.of(bytes) == snapshot.contentHash
        else { return .changed }
        return .asRead
    }

    /// Undoes a swap whose set-aside file was not as read: that file goes back to the note's
    /// name and the new text is dropped. A later save can have landed in either file: in the
    /// new one (an editor that opened the note after the swap), which then holds the newest
    /// save and stays in place, or by rename over the name; either way the other file is kept
    /// as a conflict copy. Only a file holding exactly the new text (`written`) is removed.
    func putBack(_ path: String, aside: String, ours: FileStatus, written: UInt64, because check: AsideCheck) throws -> Never {
        do {
            if let now = try fileSystem.linkStatus(path), now.inode == ours.inode, now.device == ours.device {
                try fileSystem.exchange(aside, path)
                if let back = try fileSystem.linkStatus(aside), back.inode == ours.inode, back.device == ours.device {
                    // A program holding the new file open is writing the note as it knows it.
                    let quiet = (try? waitForWriters(aside)) != nil
                    if quiet, ContentHash.of(try fileSystem.readFile(aside)) == written {
                        try fileSystem.removeFile(aside)
                        try synchronizeFolder(of: path)
                        throw check.error(path)
                    }
                }
                // A save landed in the new file (or is landing), or by rename between the look
                // and the swap back: it is the newest, and goes back in place.
                try fileSystem.exchange(aside, path)
                // Into the new file: the write was made, and saved over, which is not a write
                // to make again without a look.
                if let placed = try fileSystem.linkStatus(path), placed.inode == ours.inode, placed.device == ours.device {
                    throw FileError.savedOverKeptCopy(path: path, copy: try keepAsConflictCopy(aside, of: path))
                }
            }
        } catch let error as FileError {
            throw error
        } catch {
            throw Self.wrap(error)
        }
        throw FileError.changedKeptCopy(path: path, copy: try keepAsConflictCopy(aside, of: path))
    }

    /// Replaces a note where names cannot be swapped: the note is moved aside (its name is
    /// free for an instant), checked, and the new text linked into its name without replacing
    /// anything that arrived meanwhile.
    private func replaceWithoutExchange(
        _ path: String, temporary: String, expected: FileStatus, snapshot: FileSnapshot, versions: Versions
    ) throws {
        let aside = Self.temporaryPath(beside: path, kind: .replacement, versions: versions)
        do { try fileSystem.rename(path, to: aside) } catch {
            try? fileSystem.removeFile(temporary)
            throw Self.wrap(error, writing: path)
        }
        let check = (try? checkAside(aside, expected: expected, snapshot: snapshot)) ?? .changed
        guard case .asRead = check else {
            try? fileSystem.removeFile(temporary)
            if try linkBack(aside, to: path) { throw check.error(path) }
            throw FileError.changedKeptCopy(path: path, copy: try keepAsConflictCopy(aside, of: path))
        }
        // A save that took the free name meanwhile wins; what was set aside is exactly what
        // was read, so dropping it loses nothing.
        let placed: Bool
        do {
            placed = try linkBack(temporary, to: path)
        } catch {
            // The new text cannot take the note's name (a file system that refuses links in
            // a way not foreseen): the note goes back to it as it was, never left aside; by a
            // rename when a link fails again, the name being free.
            if (try? linkBack(aside, to: path)) != true, (try? fileSystem.linkStatus(path)) == .some(nil) {
                try? fileSystem.rename(aside, to: path)
            }
            try? fileSystem.removeFile(temporary)
            throw error
        }
        try? fileSystem.removeFile(aside)
        if !placed {
            try? fileSystem.removeFile(temporary)
            throw FileError.fileChanged(path: path)
        }
        try synchronizeFolder(of: path)
    }

    /// Gives `source` the name `destination` without replacing anything there, then drops
    /// the name `source`; false (nothing moved) when `destination` is taken.
    func linkBack(_ source: String, to destination: String) throws -> Bool {
        do {
            try fileSystem.link(source, to: destination)
        } catch let error as SystemError where error.code == EEXIST {
            return false
        } catch let error as SystemError where SystemError.noHardLinks.contains(error.code) {
            guard try fileSystem.linkStatus(destination) == nil else { return false }
            do { try fileSystem.rename(source, to: destination) } catch { throw Self.wrap(error) }
            return true
        } catch {
            throw Self.wrap(error)
        }
        do { try fileSystem.removeFile(source) } catch { throw Self.wrap(error) }
        return true
    }

    /// The words in the name of the conflict copies the writer keeps:
    /// `Name (vault conflict YYYY-MM-DD HHMMSS).md`.
    public static let conflictMarker = "vault conflict"

    /// Keeps a set-aside version beside its note as `Name (vault conflict YYYY-MM-DD HHMMSS).md`,
    /// a name `vault conflicts` lists; returns its path.
    package func keepAsConflictCopy(_ aside: String, of path: String) throws -> String {
        let (folder, name) = Self.split(path)
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let ext = dot.map { String(name[$0...]) } ?? ""
        let stem = dot.map { String(name[..<$0]) } ?? name
        let now = WallTime(settle.clock.now())
        let stamp = now.dayText + " " + now.clockText(separator: "")
        for number in 1...99 {
            let label = Self.conflictMarker + " " + stamp + (number == 1 ? "" : " \(number)")
            let copy = folder + "/" + Self.shortened(stem, toBytes: 255 - label.utf8.count - ext.utf8.count - 3) + " (" + label + ")" + ext
            if try linkBack(aside, to: copy) { return copy }
        }
        throw FileError.fileExists(path: folder + "/" + stem + " (" + Self.conflictMarker + " " + stamp + ")" + ext)
    }
}

extension SafeWriter.AsideCheck {
    /// The refusal a check that failed ends the write with.
    func error(_ path: String) -> FileError {
        self == .busy ? .noteBusy(path: path) : .fileChanged(path: path)
    }
}
