import VaultSystem

/// Everything one mutation does to files, computed before anything is written (DESIGN.md 7):
/// a value a test can inspect, `--dry-run` prints as a diff, and `ChangeExecutor` applies.
///
/// A plan of one create, replace or remove is written directly by the safe writer; any other
/// plan (several files, or a move, which gives a file two names on the way) is written down
/// in an intent journal first, so that a run killed halfway is finished by the next one.
public struct ChangePlan: Sendable {
    /// The files, in the order they are written: creates first, then new names, rewrites, old
    /// names removed, and removes last, whatever their order here.
    public var changes: [Change]
    /// What the change is, for its journal and messages (`move pages/A.md -> pages/B.md`).
    public var summary: String
    /// Folders the change leaves empty, removed after it (deepest first).
    public var emptiedFolders: [String] = []
    /// Temporary files an interrupted write left, seen while planning; applying the plan
    /// removes those that hold nothing anyone saved (see `LeftoverFile`).
    public var temporaryFiles: [String] = []
    /// True to take the change back when a step fails for want of disk space or an I/O error
    /// (the error is then thrown as it is), for a change worth making only whole; false to
    /// leave its journal to the next run, which finishes it.
    public var takesBackOnFailure = false
    /// The content hash of each moved file as the plan read it, by old path, for moves whose
    /// bytes do not change: it tells the change's own second name from a file someone put at
    /// the new name.
    public var movedHashes: [String: UInt64] = [:]

    public init(_ changes: [Change], summary: String) {
        self.changes = changes
        self.summary = summary
    }

    /// A plan that changes nothing.
    public static func nothing(_ summary: String = "nothing") -> ChangePlan { ChangePlan([], summary: summary) }

    /// True when there is nothing to write.
    public var isEmpty: Bool { changes.allSatisfy(\.changesNothing) }

    /// True when the plan goes through an intent journal: it touches more than one file, or
    /// moves one.
    public var isJournaled: Bool {
        changes.filter { !$0.changesNothing }.count > 1 || changes.contains { $0.kind == .move }
    }

    /// The plan as one diff that `git apply` takes, file by file in the plan's order.
    public var diff: [UInt8] {
        changes.filter { !$0.changesNothing }.flatMap(\.diff)
    }

    /// Hands the plan's diff (what `diff` is once the bytes are held) to `write` a file at a
    /// time, each rewritten file read again for its bytes and let go once shown.
    ///
    /// Every file is checked against its patch before any of the diff is written, so that a
    /// file changed since the plan read it ends the command before its diff begins. Held
    /// whole, the diff of a rename that rewrites 14,000 notes of a large vault took 370 MB.
    ///
    /// - Throws: `FileError.fileChanged` when a file is no longer as the plan read it, and
    ///   what `write` throws.
    public func writeDiff(reading vault: Vault, to write: ([UInt8]) throws -> Void) throws {
        let shown = changes.filter { !$0.changesNothing }
        for change in shown where change.patch != nil { _ = try change.holdingBytes(vault) }
        for change in shown { try write(try change.holdingBytes(vault).diff) }
    }

    /// `diff` as text, for printing (a note's bytes are UTF-8; vault never rewrites one that
    /// is not).
    public var diffText: String { String(decoding: diff, as: UTF8.self) }

    /// This plan followed by `other`'s changes, under this plan's summary.
    public func adding(_ other: ChangePlan) -> ChangePlan {
        var plan = self
        plan.changes += other.changes
        plan.emptiedFolders += other.emptiedFolders
        plan.temporaryFiles += other.temporaryFiles
        plan.movedHashes.merge(other.movedHashes) { a, _ in a }
        return plan
    }
}
