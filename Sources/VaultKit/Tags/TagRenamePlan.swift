import VaultSystem

/// A tag rename, computed before anything is written: the notes whose bytes change, and
/// whether the new tag was there already (a merge).
public struct TagRenamePlan: Sendable {
    /// One note rewritten, held as a patch of the bytes read: a tag on every note of a large
    /// vault would otherwise hold every note twice until the last one is written.
    public struct Edit: Sendable {
        public var path: String
        public var snapshot: FileSnapshot
        public var patch: TextPatch
        public var changes: [TagChange]
    }

    public var rename: TagRename
    /// The notes rewritten, in path order.
    public var edits: [Edit]
    /// True when a note had the new tag before: the two tags become one.
    public var merges: Bool
    /// Notes that hold the tag but are left as they are, and why.
    public var skipped: [VaultWarning]

    /// The number of tags rewritten.
    public var tagCount: Int { edits.reduce(0) { $0 + $1.changes.count } }

    /// The plan as changes for the executor: one rewrite per note, each expecting the note as
    /// the plan read it; several notes go through the intent journal.
    public var changePlan: ChangePlan {
        ChangePlan(
            edits.map { Change.replace($0.path, expected: $0.snapshot, patch: $0.patch) },
            summary: "tags rename #\(rename.old) -> #\(rename.new)")
    }

    /// Hands the plan's diff to `write` a note at a time, each note read again for it (see
    /// `ChangePlan.writeDiff`).
    ///
    /// - Throws: `FileError.fileChanged` when a note changed since the plan read it, and
    ///   what `write` throws.
    public func writeDiff(reading vault: Vault, to write: ([UInt8]) throws -> Void) throws {
        try changePlan.writeDiff(reading: vault, to: write)
    }

    /// What applying the plan did: the executor's report and the notes it rewrote (those that
    /// changed elsewhere since the plan are left alone, and not among them).
    public struct Outcome: Sendable {
        public var report: ChangeReport
        public var done: [Edit]
        /// The tags rewritten in the notes done.
        public var tagCount: Int { done.reduce(0) { $0 + $1.changes.count } }
    }

    /// Applies the plan through `executor` (the one path that changes files).
    public func apply(with executor: ChangeExecutor) throws -> Outcome {
        let report = try executor.apply(changePlan)
        let leftAlone = Set(report.conflicts.map(\.path))
        return Outcome(report: report, done: edits.filter { !leftAlone.contains($0.path) })
    }
}
