import Foundation
import VaultMarkdown
import VaultSystem

/// Settles a conflict copy (DESIGN.md 8): keeps the original, the copy, or both, and never
/// deletes a version. The one set aside goes to the trash, where `vault restore` finds it.
public struct ConflictResolver {
    /// Which version stays where the original is.
    public enum Keep: String, Sendable, CaseIterable, Codable {
        /// The original stays; the copy goes to the trash.
        case original
        /// The copy's text becomes the original's; the original's text goes to the trash.
        case copy
        /// The copy becomes a note of its own, named with the `T 2` rule.
        case both
    }

    /// What resolving did, or would do.
    public struct Outcome: Sendable, Codable, Equatable {
        public var copy: String
        public var original: String
        public var keep: Keep
        /// Where the version set aside went (in the trash), if one was.
        public var trashed: String?
        /// The new note the copy became (`both`), or the original it replaced (`copy`).
        public var written: String?
    }

    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// The conflict copy `name` names: the copy's own path, or its original's name or path
    /// when that note has exactly one copy.
    public func copy(named name: String, in scan: VaultScan) throws -> ConflictCopy {
        let trimmed = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
        let key = Naming.collisionKey(trimmed)
        if let copy = scan.conflictCopies.first(where: { Naming.collisionKey($0.path) == key }) { return copy }
        let original = try? NoteLookup(notes: scan.notes).note(named: trimmed).path
        let copies = scan.conflictCopies.filter {
            $0.originalPath == original || Naming.collisionKey(NoteFiles.stem($0.originalPath)) == key
        }
        switch copies.count {
        case 0:
            // Git's conflicts are inside the note: there is no copy to keep or set aside.
            if let original, vault.mergeConflicts(scan).contains(where: { $0.path == original }) {
                throw VaultError.wrongPlace(
                    path: original, reason: "holds git merge conflict markers, not a conflict copy: keep one side of each section by editing it, then git add it")
            }
            throw VaultError.noConflictCopy(name: name, copies: scan.conflictCopies.map(\.path))
        case 1: return copies[0]
        default: throw VaultError.ambiguousNote(name: name, candidates: copies.map(\.path))
        }
    }

    /// Resolves one conflict copy.
    ///
    /// - Throws: `FileError.fileChanged` (exit 3) when either file changed since it was read;
    ///   `.noteNotDownloaded` when the original is a placeholder; `.gitOperationInProgress`
    ///   while git is merging (it writes two files).
    public func resolve(_ copy: ConflictCopy, keep: Keep, dryRun: Bool) throws -> Outcome {
        try vault.refuseDuringGitOperation()
        let lock = dryRun ? nil : try VaultLock(metadataFolder: vault.metadataFolder, fileSystem: vault.fileSystem)
        defer { lock?.release() }
        let writer = SafeWriter(fileSystem: vault.fileSystem)
        if vault.fileSystem.exists(vault.absolutePath(Placeholders.placeholderPath(for: copy.originalPath))) {
            throw VaultError.noteNotDownloaded(path: copy.originalPath)
        }
        let copyRead = try read(copy.path, writer)
        let originalRead = vault.fileSystem.exists(vault.absolutePath(copy.originalPath)) ? try read(copy.originalPath, writer) : nil
        if keep == .original && originalRead == nil {
            // Gone since the listing, or never there: the copy is the only version left.
            throw VaultError.wrongPlace(path: copy.originalPath, reason: "does not exist, so the copy is the only version: keep the copy, or both")
        }
        // Refused before anything is written: the original it replaces, the folder it leaves.
        try vault.checkWritable(
            replacing: keep == .copy && originalRead != nil ? [copy.originalPath] : [], writingIn: [LinkIndex.folder(of: copy.path)])
        var outcome = Outcome(copy: copy.path, original: copy.originalPath, keep: keep)
        let trash = vault.layout.folder(for: .trash) ?? "trash"
        switch keep {
        case .original:
            outcome.trashed = try create(copy.path, under: trash, bytes: copyRead.bytes, from: copy.path, dryRun: dryRun)
        case .copy:
            if let originalRead {
                outcome.trashed = try create(copy.originalPath, under: trash, bytes: originalRead.bytes, from: copy.originalPath, dryRun: dryRun)
                outcome.written = copy.originalPath
            } else {
                outcome.written = try create(copy.originalPath, under: nil, bytes: copyRead.bytes, from: copy.path, dryRun: dryRun)
            }
        case .both:
            outcome.written = try create(copy.originalPath, under: nil, bytes: copyRead.bytes, from: copy.path, dryRun: dryRun)
        }
        if dryRun { return outcome }
        var replaced = false
        do {
            if keep == .copy, let originalRead {
                try writer.replace(vault.absolutePath(copy.originalPath), with: copyRead.bytes, expecting: originalRead.snapshot)
                replaced = true
            }
            let kept = keep == .original ? outcome.trashed! : outcome.written!
            try writer.removeSecondName(
                vault.absolutePath(copy.path), keptAt: vault.absolutePath(kept), expectedHash: ContentHash.of(copyRead.bytes))
        } catch let error as any UserError {
            // Take back what was written so far when its text is still where it came from, so
            // a second try does not pile up copies; otherwise it is the only copy and stays.
            let madeFromCopy = keep != .copy || originalRead == nil
            var madeStays = false
            if let made = madeFromCopy ? (keep == .original ? outcome.trashed : outcome.written) : outcome.trashed {
                let source = madeFromCopy ? copy.path : copy.originalPath
                let bytes = madeFromCopy ? copyRead.bytes : originalRead?.bytes ?? []
                let unchanged = (try? vault.fileSystem.readFile(vault.absolutePath(source))).map(ContentHash.of) == ContentHash.of(bytes)
                madeStays = !unchanged
                    || (try? writer.removeSecondName(vault.absolutePath(made), keptAt: vault.absolutePath(source), expectedHash: ContentHash.of(bytes))) == nil
            }
            guard replaced || madeStays else { throw error }
            var done: [String] = []
            if replaced { done.append("\(copy.originalPath) now holds the text of \(copy.path)") }
            if madeStays, let trashed = outcome.trashed { done.append("\(keep == .original ? copy.path : "the old text of " + copy.originalPath) is in \(trashed)") }
            if madeStays, keep != .original, !replaced, let written = outcome.written { done.append("the copy's text is in \(written)") }
            throw VaultError.partlyDone(done: done.joined(separator: " and "), problem: error.problem + ", so the copy was kept")
        }
        if let trashed = outcome.trashed {
            // Without a record its age comes from the file; the versions are all in place.
            let inode = ((try? vault.fileSystem.status(vault.absolutePath(trashed))) ?? nil)?.inode
            try? vault.updateTrashRecord(holdingLock: true) {
                $0.record(trashed, from: keep == .original ? copy.path : copy.originalPath, at: vault.clock.now(), inode: inode)
            }
        }
        return outcome
    }

    private func read(_ path: String, _ writer: SafeWriter) throws -> (bytes: [UInt8], snapshot: FileSnapshot) {
        try vault.checkInside(path)
        do {
            return try writer.read(vault.absolutePath(path))
        } catch FileError.system(let error) {
            throw VaultError.noteUnavailable(path: path, reason: error.reason)
        }
    }

    /// Writes `bytes` as a new file named after `path` (with the `T 2` rule), in the trash
    /// when `under` names it, else in `path`'s own folder.
    /// The new file keeps the permissions of `source`, the file its bytes come from.
    private func create(_ path: String, under top: String?, bytes: [UInt8], from source: String, dryRun: Bool) throws -> String {
        let folder = LinkIndex.folder(of: path)
        let target = [top, folder.isEmpty ? nil : folder].compactMap { $0 }.joined(separator: "/")
        let name = path.lastPathComponent
        let permissions = ((try? vault.fileSystem.status(vault.absolutePath(source))) ?? nil)?.permissions ?? 0o644
        return try vault.createNote(
            in: target, stem: NoteFiles.stem(name), ext: NoteFiles.fileExtension(name), content: bytes, permissions: permissions,
            dryRun: dryRun)
    }

}
