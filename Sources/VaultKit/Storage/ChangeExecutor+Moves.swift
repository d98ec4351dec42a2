import Foundation
import Glibc

/// How a change gives files their new names: never replacing a file that took one, and
/// telling "already done before the crash" from "someone else's file".
extension ChangeExecutor {
    /// Gives a file its new name while the old one stays (a hard link), or renames where the
    /// file system has no hard links or the names differ only in case. Returns a conflict when
    /// the file is gone or another file took the new name; nothing is then replaced.
    ///
    /// - Parameter rewrittenHash: the hash of the moved note's new bytes, when the change also
    ///   rewrites it: its new name then holds a new file, not a second name of the old one.
    func addName(_ move: FileMove, rewrittenHash: UInt64?) throws -> VaultWarning? {
        let from = vault.absolutePath(move.from)
        let to = vault.absolutePath(move.to)
        let caseOnly = Naming.collisionKey(move.from) == Naming.collisionKey(move.to)
        // Case-insensitive disks see one name for both: the rename goes through a third.
        let temporary = SafeWriter.split(from).folder + "/" + SafeWriter.temporaryName(for: SafeWriter.split(from).name, kind: .rename)
        let taken = VaultWarning(path: move.to, message: "another file took this name; \(move.from) was not moved")
        do {
            if caseOnly && fileSystem.exists(temporary) {
                // Crashed between the two renames; a file that arrived meanwhile is not replaced.
                return try finishCaseRename(temporary, from: from, to: to) ? nil : taken
            }
            let fromStatus = try fileSystem.linkStatus(from)
            let toStatus = try fileSystem.linkStatus(to)
            guard let fromStatus else {
                return toStatus == nil ? VaultWarning(path: move.from, message: "gone before it could be moved") : nil
            }
            if let toStatus, !caseOnly {
                if toStatus.inode == fromStatus.inode && toStatus.device == fromStatus.device { return nil }  // linked before the crash
                if let rewrittenHash, ContentHash.of(try fileSystem.readFile(to)) == rewrittenHash { return nil }
                return taken
            }
            try fileSystem.createDirectories(SafeWriter.split(to).folder)
            if caseOnly {
                guard try entryName(of: to) != SafeWriter.split(to).name else { return nil }
                try fileSystem.rename(from, to: temporary)
                return try finishCaseRename(temporary, from: from, to: to) ? nil : taken
            }
            do {
                try fileSystem.link(from, to: to)
            } catch let error as SystemError where [EXDEV, EPERM, ENOTSUP, EMLINK, ENOSYS].contains(error.code) {
                return try moveWithoutReplacing(from, to: to) ? nil : taken
            }
            return nil
        } catch {
            throw SafeWriter.wrap(error)
        }
    }

    /// The second step of a case-only rename. When another file took the new name, the note
    /// goes back to its old name if that is free, so it never stays hidden under a temporary
    /// name; false then.
    func finishCaseRename(_ temporary: String, from: String, to: String) throws -> Bool {
        if try moveWithoutReplacing(temporary, to: to) { return true }
        _ = try moveWithoutReplacing(temporary, to: from)
        return false
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
        } catch let error as SystemError where [EXDEV, EPERM, ENOTSUP, EMLINK, ENOSYS].contains(error.code) {
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

    func removeOldName(_ move: FileMove, expectedHash: UInt64?, writer: SafeWriter) throws {
        let from = vault.absolutePath(move.from)
        let to = vault.absolutePath(move.to)
        let caseOnly = Naming.collisionKey(move.from) == Naming.collisionKey(move.to)
        guard !caseOnly, fileSystem.exists(from), fileSystem.exists(to) else { return }
        try writer.removeSecondName(from, keptAt: to, expectedHash: expectedHash)
    }
}
