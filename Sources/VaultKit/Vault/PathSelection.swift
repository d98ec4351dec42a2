import VaultSystem

/// Which notes a query can list, told from a note's path and the kind of folder it is in,
/// before the note is read: a listing of one folder reads that folder's notes only.
public struct PathSelection: Sendable {
    /// Folder prefixes as `VaultLayout.folderPrefix` gives them; every folder when empty.
    private let prefixes: [String]
    /// The kinds of folder whose notes are left out.
    private let leftOut: [FolderKind]

    /// Notes in `folders` (vault-relative, or a system folder's kind name like `inbox`; all
    /// when empty) but those in folders of the kinds `leftOut`, unless a folder asked for is
    /// one of those folders or inside one.
    init(folders: [String], leftOut: [FolderKind], layout: VaultLayout) {
        let prefixes = folders.map(layout.folderPrefix)
        let retired = leftOut.compactMap { layout.folder(for: $0) }.map { Naming.collisionKey($0) + "/" }
        let asked = prefixes.contains { prefix in retired.contains { prefix.utf8.starts(with: $0.utf8) } }
        self.prefixes = prefixes
        self.leftOut = asked ? [] : leftOut
    }

    /// True when the folder at `path` (vault-relative) may hold a note that is listed: one
    /// inside a folder asked for, or on the way to one. Kinds are not asked: a walk lists the
    /// trash when no folder is asked for, as it lists every folder.
    public func mayHold(folder path: String) -> Bool {
        if prefixes.isEmpty { return true }
        // By bytes, both keys already folded: as characters, a `/` and the combining mark
        // after it are one, and `a/` would not begin `a/\u{301}b/`, a folder inside `a`.
        let key = Array((Naming.collisionKey(path) + "/").utf8)
        return prefixes.contains { prefix in key.starts(with: prefix.utf8) || prefix.utf8.starts(with: key) }
    }

    /// True when the note at `path`, in a folder of `kind`, may be listed.
    public func selects(_ path: String, _ kind: FolderKind) -> Bool {
        if leftOut.contains(kind) { return false }
        if prefixes.isEmpty { return true }
        // By bytes, as `mayHold(folder:)` compares.
        let key = Naming.collisionKey(path)
        return prefixes.contains { key.utf8.starts(with: $0.utf8) }
    }
}
