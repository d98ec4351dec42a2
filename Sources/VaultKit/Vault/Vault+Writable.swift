import FoundationEssentials
import VaultMarkdown
import VaultSystem

extension Vault {
    /// Refuses, before a multi-file change writes anything, what the safe writer would refuse
    /// halfway: rewriting a note that is a symbolic link or read-only, or writing in a
    /// read-only folder (a folder not made yet is checked at its nearest existing parent),
    /// and any of them reached through a link (see `checkInside`).
    /// Paths are vault-relative, in the errors too.
    func checkWritable(replacing notes: [String], writingIn folders: [String]) throws {
        try checkInside(notes: notes, folders: folders)
        let writer = SafeWriter(fileSystem: fileSystem)
        do {
            for note in notes {
                try writer.checkReplaceable(absolutePath(note))
                try writer.checkNoSecondName(absolutePath(note))
            }
            for folder in Set(folders).sorted() {
                var existing = folder
                while !existing.isEmpty && !fileSystem.exists(absolutePath(existing)) { existing = LinkIndex.folder(of: existing) }
                // A file where a folder is to be would stop the change halfway, at its mkdir.
                if !existing.isEmpty, let status = try? fileSystem.status(absolutePath(existing)), status.kind != .directory {
                    throw VaultError.invalidDestination(path: folder, reason: "\(existing) is a file, not a folder")
                }
                try writer.checkWritableFolder(existing.isEmpty ? root : absolutePath(existing))
            }
        } catch FileError.readOnly(let path) {
            throw FileError.readOnly(path: path == root ? "the vault folder" : relativePath(path))
        } catch FileError.symbolicLink(let path) {
            throw FileError.symbolicLink(path: relativePath(path))
        } catch FileError.otherOwner(let path) {
            throw FileError.otherOwner(path: relativePath(path))
        } catch FileError.secondName(let path, let other) {
            throw FileError.secondName(path: relativePath(path), other: relativePath(other))
        }
    }

    /// The vault-relative form of an absolute path inside the vault.
    func relativePath(_ absolute: String) -> String {
        absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : absolute
    }
}
