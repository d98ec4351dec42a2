import FoundationEssentials
import VaultSystem
import VaultMarkdown

extension Vault {
    /// The comments on the note at `path`, from its sidecar; none when it has no sidecar.
    public func comments(of path: String) throws -> [NoteComment] {
        let sidecar = absolutePath(Comments.sidecarPath(forNote: path))
        guard fileSystem.exists(sidecar) else { return [] }
        let (bytes, _) = try SafeWriter(fileSystem: fileSystem).read(sidecar)
        return try CommentSidecar(bytes: bytes, path: Comments.sidecarPath(forNote: path)).comments
    }

    /// Adds a comment with `body` to the note at `path`, dated by the vault's clock, and
    /// returns it; the sidecar is created when the note had none.
    ///
    /// - Throws: `VaultError.emptyText` for a blank body; `FileError.fileChanged` when the
    ///   sidecar changed elsewhere while it was being written.
    public func addComment(_ body: String, to path: String, dryRun: Bool = false) throws -> (comment: NoteComment, change: Change) {
        guard !body.isBlank else { throw VaultError.emptyText(what: "comment") }
        let date = Self.timestamp(clock.now())
        var added: NoteComment?
        let change = try changeSidecar(of: path, dryRun: dryRun) { sidecar in
            let comment = NoteComment(id: sidecar.newID(for: body, at: date), body: body, createdAt: date)
            sidecar.add(comment)
            added = comment
        }
        return (added!, change!)
    }

    /// Marks the comment `id` of the note at `path` resolved, dated by the vault's clock, and
    /// returns the change to the sidecar; nil when it was resolved already (nothing is
    /// written then).
    ///
    /// - Throws: `VaultError.unknownComment` when the note has no comment `id`.
    @discardableResult
    public func resolveComment(_ id: String, of path: String, dryRun: Bool = false) throws -> Change? {
        let date = Self.timestamp(clock.now())
        guard fileSystem.exists(absolutePath(Comments.sidecarPath(forNote: path))) else {
            throw VaultError.unknownComment(note: path, id: id, known: [])
        }
        return try changeSidecar(of: path, dryRun: dryRun) { sidecar in
            _ = try sidecar.resolve(id, at: date, note: path)
        }
    }

    /// Reads the sidecar of `path` under the lock (none for a dry run), changes it, and
    /// writes it back through the executor (a no-overwrite create when there was none, else a
    /// compare-and-swap replace); returns the change, nil when there was none.
    private func changeSidecar(of path: String, dryRun: Bool, _ edit: (inout CommentSidecar) throws -> Void) throws -> Change? {
        let relative = Comments.sidecarPath(forNote: path)
        return try ChangeExecutor(vault: self).whileLocked(unless: dryRun) { executor in
            // The note was found before the lock was taken: a rename that held it meanwhile
            // moved the note and its sidecar, and a sidecar written under the old name now
            // would belong to no note.
            guard fileSystem.exists(absolutePath(path)) else { throw VaultError.unknownNote(name: path, suggestions: []) }
            let absolute = absolutePath(relative)
            let change: Change
            if fileSystem.exists(absolute) {
                let (bytes, snapshot) = try SafeWriter(fileSystem: fileSystem).read(absolute)
                var sidecar = try CommentSidecar(bytes: bytes, path: relative)
                try edit(&sidecar)
                let after = sidecar.encoded()
                guard after != bytes else { return nil }
                change = .replace(relative, expected: snapshot, before: bytes, after: after)
            } else {
                var sidecar = CommentSidecar()
                try edit(&sidecar)
                change = .create(relative, bytes: sidecar.encoded())
            }
            if !dryRun { _ = try executor.apply(ChangePlan([change], summary: "comments of \(path)")) }
            return change
        }
    }

    /// A time as the sidecars spell it: ISO 8601 in UTC, whole seconds.
    static func timestamp(_ date: Date) -> String {
        WallTime.iso8601(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }
}
