import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Keeps every path `vault` reads or writes inside the vault (DESIGN.md 7), judged on the
/// resolved path: the folder's `realpath` must be the vault folder's own plus the folder's
/// vault-relative path, and a note that is itself a link must resolve inside the vault.
///
/// The rules are the walk's, so that what a command touches is what `vault list` shows: no
/// folder link is gone through (one leading out would let a synced vault show or fill any
/// folder of the machine; one leading inside would give notes a second path), and a file
/// link is read only when it resolves inside the vault (writers never write through one).
/// The vault folder itself may be reached through a link.
extension Vault {
    /// Refuses a vault-relative note path whose folder is reached through a link, or which is
    /// itself a link that leads out of the vault.
    ///
    /// - Throws: `VaultError.leadsOutOfVault` or `.folderLink`, naming the link.
    public func checkInside(_ path: String) throws {
        try checkInside(notes: [path])
    }

    /// Refuses a vault-relative folder (existing or to be made) reached through a link: a
    /// folder link is not gone through, wherever it leads.
    public func checkInside(folder: String) throws {
        try checkInside(notes: [], folders: [folder])
    }

    /// `checkInside` for many paths, each folder resolved once.
    func checkInside(notes: [String], folders: [String] = []) throws {
        var checked = Set<String>()
        let real = fileSystem.resolvedPath(root)
        for folder in folders { try checkFolder(folder, real: real, checked: &checked) }
        for note in notes { try checkNote(note, real: real, checked: &checked) }
    }

    private func checkNote(_ path: String, real realRoot: String?, checked: inout Set<String>) throws {
        try checkFolder(LinkIndex.folder(of: path), real: realRoot, checked: &checked)
        let absolute = absolutePath(path)
        guard let status = try? fileSystem.linkStatus(absolute), status.kind == .symlink else { return }
        guard let real = realRoot, let target = fileSystem.resolvedPath(absolute) else {
            throw VaultError.leadsOutOfVault(path: path, target: nil)
        }
        if !Self.isInside(target, real) { throw VaultError.leadsOutOfVault(path: path, target: target) }
    }

    /// Checks the nearest existing ancestor of `folder` (a folder not made yet is made
    /// below it): its resolved path must be the one its vault-relative path spells.
    private func checkFolder(_ folder: String, real realRoot: String?, checked: inout Set<String>) throws {
        var existing = folder
        while !existing.isEmpty && !fileSystem.exists(absolutePath(existing)) { existing = LinkIndex.folder(of: existing) }
        guard !existing.isEmpty, checked.insert(existing).inserted else { return }
        let expected = realRoot.map { $0 == "/" ? "/" + existing : $0 + "/" + existing }
        let resolved = fileSystem.resolvedPath(absolutePath(existing))
        if let resolved, resolved == expected { return }
        // Which part is a link, for the message (realpath says only that one is).
        var prefix = ""
        for part in existing.split(separator: "/") {
            prefix += (prefix.isEmpty ? "" : "/") + part
            let absolute = absolutePath(prefix)
            guard let status = try? fileSystem.linkStatus(absolute), status.kind == .symlink else { continue }
            guard let real = realRoot, let target = fileSystem.resolvedPath(absolute) else {
                throw VaultError.leadsOutOfVault(path: prefix, target: nil)
            }
            guard Self.isInside(target, real) else { throw VaultError.leadsOutOfVault(path: prefix, target: target) }
            throw VaultError.folderLink(path: prefix, target: String(target.dropFirst(real == "/" ? 1 : real.count + 1)))
        }
        // No link on the way: the spelling differs only where the disk ignores case or form.
        if let resolved, let expected, Naming.collisionKey(resolved) == Naming.collisionKey(expected) { return }
        throw VaultError.leadsOutOfVault(path: existing, target: resolved)
    }

    private static func isInside(_ path: String, _ base: String) -> Bool {
        path == base || path.hasPrefix(base == "/" ? "/" : base + "/")
    }
}
