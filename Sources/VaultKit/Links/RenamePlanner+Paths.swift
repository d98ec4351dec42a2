import FoundationEssentials
import VaultMarkdown
import VaultSystem

extension RenamePlanner {
    /// A destination as a vault-relative path; an absolute path inside the vault is accepted.
    ///
    /// - Throws: `VaultError.invalidDestination` for a path outside the vault, a NUL byte,
    ///   a hidden or over-long name.
    static func relativePath(_ destination: String, vault: Vault) throws -> String {
        func bad(_ reason: String) -> VaultError { .invalidDestination(path: destination, reason: reason) }
        if destination.contains("\0") { throw bad("a path cannot hold a NUL byte") }
        var path = destination
        if path.hasPrefix("/") {
            guard path == vault.root || path.hasPrefix(vault.root + "/") else { throw bad("it is outside the vault") }
            path = String(path.dropFirst(vault.root.count)).drop { $0 == "/" }.description
        }
        let trailingSlash = path.hasSuffix("/")
        var parts: [String] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { throw bad("it is outside the vault") }
                parts.removeLast()
                continue
            }
            if part.hasPrefix(".") { throw bad("a name starting with . is hidden from every note app") }
            if part.utf8.count > 255 { throw bad("a name has at most 255 bytes") }
            if part.contains(where: { ":*?\"<>|\\".contains($0) || $0.asciiValue.map { $0 < 0x20 } == true }) {
                throw bad("the characters \\ : * ? \" < > | are not allowed in names on every system")
            }
            parts.append(String(part))
        }
        return parts.joined(separator: "/") + (trailingSlash && !parts.isEmpty ? "/" : "")
    }

    /// A destination whose folders that exist in another spelling are written as the disk
    /// has them: a move goes into `pages/`, not beside it into a new `Pages/`. The last name
    /// of a destination without a trailing `/` is left as written: a change of its case is
    /// a rename.
    static func spelledAsOnDisk(_ destination: String, vault: Vault) -> String {
        if destination.hasSuffix("/") { return vault.spelledAsOnDisk(folder: destination) + "/" }
        guard let slash = destination.lastIndex(of: "/") else { return destination }
        return vault.spelledAsOnDisk(folder: String(destination[..<slash])) + destination[slash...]
    }

    /// True when a move changes only how a file's folders are spelled (`Projects/P.md` to
    /// `projects/P.md`): a link by path still finds the file where names are compared as
    /// vault compares them, but not in a viewer that takes the path as written, so it is
    /// written anew.
    static func respelled(_ was: String, as moved: String) -> Bool {
        let (old, new) = (LinkIndex.folder(of: was), LinkIndex.folder(of: moved))
        return old != new && Naming.collisionKey(old) == Naming.collisionKey(new)
    }

    static func joined(_ folder: String, _ name: String) -> String {
        let base = trimmed(folder)
        return base.isEmpty ? name : base + "/" + name
    }

    static func trimmed(_ path: String) -> String {
        var result = path
        while result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// A note's path without its extension, as names are compared.
    static func stemKey(_ path: String) -> String {
        Naming.collisionKey(String(path.dropLast(NoteFiles.fileExtension(path.fileName).count)))
    }

    /// Refuses moves that would overwrite, land in the trash, or touch what cannot be moved.
    func validate(_ moves: [String: String], scan: VaultScan) throws {
        guard !moves.isEmpty else { throw VaultError.invalidDestination(path: "", reason: "nothing to move") }
        let trash = Naming.collisionKey(vault.layout.folder(for: .trash) ?? "trash")
        // Counted, not a set: on a case-sensitive disk `Note.md` and `note.md` can both exist.
        var known: [String: Int] = [:]
        for path in scan.notes.map(\.path) + scan.assets + scan.conflictCopies.map(\.path) {
            known[Naming.collisionKey(path), default: 0] += 1
        }
        for from in moves.keys { known[Naming.collisionKey(from), default: 0] -= 1 }
        // A note of the same name with another extension (`B.markdown` beside a new `B.md`)
        // would make every link by that name name two notes.
        var stems: [String: String] = [:]
        for note in scan.notes where moves[note.path] == nil { stems[Self.stemKey(note.path)] = note.path }
        var targets = Set<String>()
        for (from, to) in moves.sorted(by: { $0.key < $1.key }) {
            let key = Naming.collisionKey(to)
            if key == trash || key.hasPrefix(trash + "/") {
                throw VaultError.invalidDestination(path: to, reason: "notes go to the trash with `vault trash`, which can restore them")
            }
            if let note = scan.notes.first(where: { $0.path == from }), note.availability == .placeholder {
                throw VaultError.noteNotDownloaded(path: from)
            }
            // By bytes: a name written anew in the other Unicode form is a move of its own.
            if from.utf8.elementsEqual(to.utf8) { throw VaultError.invalidDestination(path: to, reason: "it is already there") }
            // A name that differs only in case is the same file on macOS and Windows disks.
            let caseOnly = Naming.collisionKey(from) == key
            if known[key, default: 0] > 0 || (!caseOnly && vault.fileSystem.exists(vault.absolutePath(to))) {
                throw FileError.fileExists(path: to)
            }
            if !targets.insert(key).inserted { throw VaultError.invalidDestination(path: to, reason: "two files would land there") }
            if NoteFiles.isNoteName(to.fileName, org: vault.isLogseqGraph), let other = stems[Self.stemKey(to)] {
                throw VaultError.invalidDestination(path: to, reason: "\(other) has that name already, and a link by the name would name both")
            }
        }
        try refuseCopyNames(moves, scan: scan)
    }

    /// Refuses a note moved to a name a sync tool gives its conflict copies of a note beside
    /// it (`Plan-DESKTOP-1AB2C3D.md` beside `Plan.md`): it would vanish from the notes, and the
    /// links just rewritten to it would dangle.
    private func refuseCopyNames(_ moves: [String: String], scan: VaultScan) throws {
        let trash = vault.layout.folder(for: .trash).map { Naming.collisionKey($0) + "/" }
        // Most names are ruled out at a look, with no folder's names gathered.
        let suspects = moves.filter { _, to in
            ConflictCopies.mayBeCopy(to.fileName, iCloud: vault.isInICloud) && !(trash.map { Naming.collisionKey(to).hasPrefix($0) } ?? false)
        }
        guard !suspects.isEmpty else { return }
        let folders = Set(suspects.values.map(LinkIndex.folder(of:)))
        var after: [String: Set<String>] = [:]
        for path in scan.notes.map(\.path) where moves[path] == nil && folders.contains(LinkIndex.folder(of: path)) {
            after[LinkIndex.folder(of: path), default: []].insert(path.fileName)
        }
        for to in moves.values where folders.contains(LinkIndex.folder(of: to)) { after[LinkIndex.folder(of: to), default: []].insert(to.fileName) }
        for (_, to) in suspects.sorted(by: { $0.key < $1.key }) {
            if let match = ConflictCopies.match(to.fileName, siblings: after[LinkIndex.folder(of: to)] ?? [], iCloud: vault.isInICloud) {
                throw VaultError.invalidDestination(
                    path: to, reason: "it is how \(match.tool.rawValue) names a conflict copy of \(match.originalName), so the note would be taken for one")
            }
        }
    }
}
