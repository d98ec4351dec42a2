import FoundationEssentials
import Glibc
import VaultMarkdown
import VaultSystem

/// How a change gives files their new names: never replacing a file that took one, and
/// telling "already done before the crash" from "someone else's file".
extension ChangeExecutor {
    static var noHardLinks: Set<Int32> { SystemError.noHardLinks }

    /// What giving a file its new name came to.
    enum NameOutcome {
        /// The new name is in place (now or before a crash).
        case done
        /// The file is gone; nothing to move.
        case gone(VaultWarning)
        /// Another file has the new name; nothing was replaced.
        case taken(VaultWarning)
    }

    /// Gives a file its new name while the old one stays (a hard link), or renames where the
    /// file system has no hard links or the names differ only in case. Returns a conflict when
    /// the file is gone or another file took the new name; nothing is then replaced.
    ///
    /// - Parameter rewrittenHash: the hash of the moved note's new bytes, when the change also
    ///   rewrites it: its new name then holds a new file, not a second name of the old one.
    ///   - plannedHash: the hash of the moved note's bytes when the change was planned.
    func addName(_ move: FileMove, rewrittenHash: UInt64?, plannedHash: UInt64? = nil) throws -> NameOutcome {
        let from = vault.absolutePath(move.from)
        let to = vault.absolutePath(move.to)
        let caseOnly = Naming.collisionKey(move.from) == Naming.collisionKey(move.to)
        // Case-insensitive disks see one name for both: the rename goes through a third.
        let temporary = SafeWriter.split(from).folder + "/" + SafeWriter.temporaryName(for: SafeWriter.split(from).name, kind: .rename)
        let taken = NameOutcome.taken(VaultWarning(path: move.to, message: "another file took this name; \(move.from) was not moved"))
        do {
            if caseOnly && fileSystem.exists(temporary) {
                // Crashed between the two renames; a file that arrived meanwhile is not replaced.
                // A middle name that is not this note (an old leftover) is in the way, not taken.
                if let plannedHash, try fileSystem.linkStatus(from) != nil,
                    (try? fileSystem.readFile(temporary)).map(ContentHash.of) != plannedHash
                {
                    return .taken(VaultWarning(path: move.to, message: "\(SafeWriter.split(temporary).name) is in the way; \(move.from) was not renamed"))
                }
                return try finishCaseRename(temporary, move: move)
            }
            let fromStatus = try fileSystem.linkStatus(from)
            let toStatus = try fileSystem.linkStatus(to)
            // What is at the new name, if it is a file that can be read.
            let toBytes = toStatus?.kind == .file ? try? fileSystem.readFile(to) : nil
            let toHash = toBytes.map(ContentHash.of)
            guard let fromStatus else {
                guard toStatus != nil else { return .gone(VaultWarning(path: move.from, message: "gone before it could be moved")) }
                // Moved before the crash, if the new name holds the note (an attachment's
                // bytes are not known: its name is enough).
                if plannedHash == nil && rewrittenHash == nil && toStatus?.kind == .file { return .done }
                if toHash != nil && (toHash == plannedHash || toHash == rewrittenHash) { return .done }
                return .taken(VaultWarning(path: move.to, message: "does not hold \(move.from) as planned (edited since, or another file)"))
            }
            // A note not downloaded still holds its name (DESIGN.md 8).
            if toStatus == nil && fileSystem.exists(Placeholders.placeholderPath(for: to)) { return taken }
            if let toStatus, toStatus.inode != fromStatus.inode || toStatus.device != fromStatus.device {
                // Two files: on a case-sensitive disk a case-only name can be someone's file too.
                guard !caseOnly, let toBytes, let toHash else { return taken }
                if toHash == rewrittenHash { return .done }
                // The change's own second name, outdated by an editor that saved the note under
                // its old name after the crash: it takes the saved version. An empty save over
                // text is not taken for one (it may be a torn write).
                if let plannedHash, toHash == plannedHash, let fromBytes = try? fileSystem.readFile(from) {
                    guard !fromBytes.isEmpty || toBytes.isEmpty else {
                        let message = "holds \(move.from) as planned, but that was saved empty since; both are kept"
                        return .taken(VaultWarning(path: move.to, message: message))
                    }
                    try relink(from, over: to)
                    return .done
                }
                return taken
            }
            if toStatus != nil && !caseOnly { return .done }  // linked before the crash
            try fileSystem.createDirectories(SafeWriter.split(to).folder)
            if caseOnly {
                guard try entryName(of: to) != SafeWriter.split(to).name else { return .done }
                try fileSystem.rename(from, to: temporary)
                return try finishCaseRename(temporary, move: move)
            }
            do {
                try fileSystem.link(from, to: to)
            } catch let error as SystemError where Self.noHardLinks.contains(error.code) {
                return try moveWithoutReplacing(from, to: to) ? .done : taken
            }
            return .done
        } catch {
            throw SafeWriter.wrap(error)
        }
    }

    /// The second step of a case-only rename. When another file took the new name, the note
    /// goes back to its old name if that is free (on a case-insensitive disk it is not: the
    /// note then keeps its temporary name, which `vault doctor --fix` makes a note again).
    func finishCaseRename(_ temporary: String, move: FileMove) throws -> NameOutcome {
        if try moveWithoutReplacing(temporary, to: vault.absolutePath(move.to)) { return .done }
        let back = try moveWithoutReplacing(temporary, to: vault.absolutePath(move.from))
        let kept = back ? "it keeps its old name" : "it is kept as " + LinkIndex.folder(of: move.from) + "/" + SafeWriter.split(temporary).name
        return .taken(VaultWarning(path: move.to, message: "another file took this name; \(move.from) was not renamed, \(kept)"))
    }

    /// Makes `destination` a second name of `source` again, replacing the outdated copy there
    /// (checked by the caller to hold only the change's own earlier bytes) in one rename.
    func relink(_ source: String, over destination: String) throws {
        let temporary = SafeWriter.split(destination).folder + "/" + SafeWriter.temporaryName(for: SafeWriter.split(destination).name, kind: .replacement)
        try fileSystem.link(source, to: temporary)
        do { try fileSystem.rename(temporary, to: destination) } catch {
            try? fileSystem.removeFile(temporary)
            throw error
        }
    }

    /// Puts a moved file back under its old name, without replacing anything; a conflict when
    /// it cannot be (what stays where).
    func putBack(_ move: FileMove, plannedHash: UInt64?) throws -> VaultWarning? {
        let from = vault.absolutePath(move.from)
        let to = vault.absolutePath(move.to)
        let stays = VaultWarning(path: move.to, message: "could not be put back as \(move.from); it stays here")
        do {
            if Naming.collisionKey(move.from) == Naming.collisionKey(move.to) {
                let temporary = SafeWriter.split(from).folder + "/" + SafeWriter.temporaryName(for: SafeWriter.split(from).name, kind: .rename)
                if !fileSystem.exists(temporary) {
                    guard try entryName(of: from) == SafeWriter.split(to).name, SafeWriter.split(from).name != SafeWriter.split(to).name else { return nil }
                    try fileSystem.rename(to, to: temporary)
                }
                return try moveWithoutReplacing(temporary, to: from) ? nil : stays
            }
            // Not following links: a symlink the person put at the new name is not the file.
            let fromStatus = try fileSystem.linkStatus(from)
            guard let toStatus = try fileSystem.linkStatus(to), toStatus.kind == .file else { return nil }
            if let fromStatus {
                // Two files with the two names: both are kept, and said so.
                guard fromStatus.inode == toStatus.inode && fromStatus.device == toStatus.device else { return stays }
                try fileSystem.removeFile(to)  // a second name of the file that keeps its old one
                return nil
            }
            // Moved by a rename where hard links are not supported: it is the file, if its
            // bytes are the note's as planned (an asset's are not known; its name is enough).
            if let plannedHash, ContentHash.of(try fileSystem.readFile(to)) != plannedHash { return stays }
            return try moveWithoutReplacing(to, to: from) ? nil : stays
        } catch {
            throw SafeWriter.wrap(error)
        }
    }

    /// Moves a file to a name that must be free: a hard link then an unlink, so a file that
    /// took the name is never replaced; false when one did. Where hard links are not
    /// supported, a rename after a check.
    func moveWithoutReplacing(_ source: String, to destination: String) throws -> Bool {
        do {
            try fileSystem.link(source, to: destination)
            try fileSystem.removeFile(source)
            return true
        } catch let error as SystemError where error.code == EEXIST {
            return false
        } catch let error as SystemError where Self.noHardLinks.contains(error.code) {
            guard try fileSystem.linkStatus(destination) == nil else { return false }
            try fileSystem.rename(source, to: destination)
            return true
        }
    }

    /// The name a folder lists for a path, as stored (its case may differ from the path's).
    func entryName(of path: String) throws -> String? {
        let (folder, name) = SafeWriter.split(path)
        let key = Naming.collisionKey(name)
        return try fileSystem.entries(folder).first { Naming.collisionKey($0.name) == key }?.name
    }

    /// Gives a moved note's new name the text saved under its old name since the new name was
    /// made (an editor saving atomically makes a new file there), when the new name still
    /// holds the note exactly as planned. A note the change also rewrites is left: its new
    /// text and the save cannot both be kept in one file.
    func adoptSave(_ move: FileMove, plannedHash: UInt64?, rewritten: Bool) throws {
        let from = vault.absolutePath(move.from)
        let to = vault.absolutePath(move.to)
        guard !rewritten, let plannedHash, Naming.collisionKey(move.from) != Naming.collisionKey(move.to),
            let old = try? fileSystem.linkStatus(from), let new = try? fileSystem.linkStatus(to), old.kind == .file, new.kind == .file,
            old.inode != new.inode || old.device != new.device,
            (try? fileSystem.readFile(to)).map(ContentHash.of) == plannedHash,
            let saved = try? fileSystem.readFile(from), !saved.isEmpty
        else { return }
        do { try relink(from, over: to) } catch { throw SafeWriter.wrap(error) }
    }

    /// Makes a kept old name a second name of the note's new file when the change rewrote
    /// the note (a retitle made a new file): both names then show one text, and `vault
    /// doctor` reports the second name. An old name someone saved since stays as it is.
    func keepAsSecondName(_ move: FileMove, beforeHash: UInt64?) throws {
        let from = vault.absolutePath(move.from)
        let to = vault.absolutePath(move.to)
        guard let beforeHash, Naming.collisionKey(move.from) != Naming.collisionKey(move.to),
            let old = try? fileSystem.linkStatus(from), let new = try? fileSystem.linkStatus(to), old.kind == .file, new.kind == .file,
            old.inode != new.inode || old.device != new.device,
            (try? fileSystem.readFile(from)).map(ContentHash.of) == beforeHash
        else { return }
        do { try relink(to, over: from) } catch { throw SafeWriter.wrap(error) }
    }

    /// Keeps a save made under a move's old name after the change began, which the new name
    /// lacks, as a conflict copy of the note beside its new name (`Center (vault conflict
    /// …).md`): `vault conflicts` and `vault doctor` then list it until it is resolved. Left
    /// under its old name, it was a second note that no link led to any more, told of once.
    /// Returns what to say of it.
    func keepSaveUnderOldName(_ move: FileMove, writer: SafeWriter) -> String {
        let said = "changed under its old name since the change began"
        guard let copy = try? writer.keepAsConflictCopy(vault.absolutePath(move.from), of: vault.absolutePath(move.to)) else {
            return said + "; kept beside \(move.to)"
        }
        return said + "; kept as \(vault.relativePath(copy)), a conflict copy of \(move.to) (`vault conflicts` shows both)"
    }

    /// Why the old name of a move could not be removed now, if it could not: the check
    /// `removeOldName` makes, asked before any old name goes.
    func oldNameProblem(_ move: FileMove, expectedHash: UInt64?) -> VaultWarning? {
        let from = vault.absolutePath(move.from)
        let to = vault.absolutePath(move.to)
        guard Naming.collisionKey(move.from) != Naming.collisionKey(move.to), fileSystem.exists(from), fileSystem.exists(to) else {
            return nil
        }
        let folder = SafeWriter.split(from).folder
        if (try? SafeWriter(fileSystem: fileSystem).checkWritableFolder(folder)) == nil {
            return VaultWarning(path: move.from, message: "its folder became read-only, so its old name cannot go")
        }
        guard let old = try? fileSystem.status(from), let new = try? fileSystem.status(to) else { return nil }
        if old.inode == new.inode && old.device == new.device { return nil }
        if let expectedHash, (try? fileSystem.readFile(from)).map(ContentHash.of) == expectedHash { return nil }
        return VaultWarning(path: move.from, message: "changed under its old name since the change began")
    }

    func removeOldName(_ move: FileMove, expectedHash: UInt64?, writer: SafeWriter) throws {
        let from = vault.absolutePath(move.from)
        let to = vault.absolutePath(move.to)
        let caseOnly = Naming.collisionKey(move.from) == Naming.collisionKey(move.to)
        guard !caseOnly, fileSystem.exists(from), fileSystem.exists(to) else { return }
        try writer.removeSecondName(from, keptAt: to, expectedHash: expectedHash)
    }
}
