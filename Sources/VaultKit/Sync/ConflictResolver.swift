import FoundationEssentials
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

    /// Resolves one conflict copy, as one change (see `plan`): the version set aside is made
    /// in the trash first, then the original rewritten, and only then the copy removed, so a
    /// crash at any point loses no version and the next run finishes it.
    ///
    /// - Throws: `FileError.fileChanged` (exit 3) when either file changed since it was read;
    ///   `.noteNotDownloaded` when the original is a placeholder; `.gitOperationInProgress`
    ///   while git is merging (it writes two files); `VaultError.partlyDone` when a file
    ///   changed while the change was made (every version is kept).
    public func resolve(_ copy: ConflictCopy, keep: Keep, dryRun: Bool) throws -> Outcome {
        if dryRun { return try plan(copy, keep: keep).outcome }
        return try ChangeExecutor(vault: vault).whileLocked { executor in
            let (outcome, plan) = try self.plan(copy, keep: keep)
            let report = try executor.apply(plan)
            if let kept = report.conflicts.first {
                // The copy changed while the version set aside was made: both stay.
                let done = [outcome.trashed.map { "\(keep == .original ? copy.path : "the old text of " + copy.originalPath) is in \($0)" }]
                    .compactMap { $0 }
                throw VaultError.partlyDone(
                    done: done.isEmpty ? "nothing" : done.joined(separator: " and "),
                    problem: FileError.fileChanged(path: vault.absolutePath(kept.path)).problem + ", so the copy was kept")
            }
            if let trashed = outcome.trashed {
                // Without a record its age comes from the file; the versions are all in place.
                let inode = ((try? vault.fileSystem.status(vault.absolutePath(trashed))) ?? nil)?.inode
                try? vault.updateTrashRecord(executor: executor) {
                    $0.record(trashed, from: keep == .original ? copy.path : copy.originalPath, at: vault.clock.now(), inode: inode)
                }
            }
            return outcome
        }
    }

    /// What resolving would do, and the change that does it: the version set aside made in
    /// the trash (or the copy made a note of its own), the original rewritten when the copy
    /// is kept, and the copy removed, each expecting the bytes read now.
    public func plan(_ copy: ConflictCopy, keep: Keep) throws -> (outcome: Outcome, plan: ChangePlan) {
        try vault.refuseDuringGitOperation()
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
        var changes: [Change] = []
        func create(_ path: String, under top: String?, bytes: [UInt8], from source: String) throws -> String {
            let (made, change) = try self.create(path, under: top, bytes: bytes, from: source)
            changes.append(change)
            return made
        }
        switch keep {
        case .original:
            outcome.trashed = try create(copy.path, under: trash, bytes: copyRead.bytes, from: copy.path)
        case .copy:
            if let originalRead {
                outcome.trashed = try create(copy.originalPath, under: trash, bytes: originalRead.bytes, from: copy.originalPath)
                outcome.written = copy.originalPath
                changes.append(.replace(copy.originalPath, expected: originalRead.snapshot, before: originalRead.bytes, after: copyRead.bytes))
            } else {
                outcome.written = try create(copy.originalPath, under: nil, bytes: copyRead.bytes, from: copy.path)
            }
        case .both:
            outcome.written = try create(copy.originalPath, under: nil, bytes: copyRead.bytes, from: copy.path)
        }
        changes.append(.remove(copy.path, expected: copyRead.snapshot, before: copyRead.bytes))
        var plan = ChangePlan(changes, summary: "conflicts resolve \(copy.path) --keep \(keep.rawValue)")
        // A second try should not find a trash copy piled up by the first.
        plan.takesBackOnFailure = true
        return (outcome, plan)
    }

    private func read(_ path: String, _ writer: SafeWriter) throws -> (bytes: [UInt8], snapshot: FileSnapshot) {
        try vault.checkInside(path)
        do {
            return try writer.read(vault.absolutePath(path))
        } catch FileError.system(let error) {
            throw VaultError.noteUnavailable(path: path, reason: error.reason)
        }
    }

    /// A new file for `bytes` named after `path` (with the `T 2` rule), in the trash when
    /// `under` names it, else in `path`'s own folder. The new file keeps the permissions of
    /// `source`, the file its bytes come from.
    private func create(_ path: String, under top: String?, bytes: [UInt8], from source: String) throws -> (String, Change) {
        let folder = LinkIndex.folder(of: path)
        let target = [top, folder.isEmpty ? nil : folder].compactMap { $0 }.joined(separator: "/")
        let name = path.fileName
        let permissions = ((try? vault.fileSystem.status(vault.absolutePath(source))) ?? nil)?.permissions ?? 0o644
        let made = try vault.createNote(
            in: target, stem: NoteFiles.stem(name), ext: NoteFiles.fileExtension(name), content: bytes, permissions: permissions,
            dryRun: true)
        return (made, .create(made, bytes: bytes, permissions: permissions))
    }
}
