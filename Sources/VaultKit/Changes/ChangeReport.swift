import VaultSystem

/// What applying (or finishing) a change did.
public struct ChangeReport: Sendable, Codable, Equatable {
    /// What the change is (the plan's summary).
    public var summary: String
    /// Files given a new name (sidecars, which follow their notes, are not counted).
    public var moved: Int
    /// Files given new bytes.
    public var rewritten: Int
    /// New files made, and files deleted.
    public var created = 0
    public var removed = 0
    /// Files that changed elsewhere since the plan and were left alone, and what that kept.
    public var conflicts: [VaultWarning]
    /// Temporary files an earlier interrupted write left, removed on the way.
    public var removedLeftovers: [String] = []
    /// Changes an earlier run left unfinished, finished first.
    public var finishedFirst: [ChangeReport] = []
    /// True when the change was taken back instead of finished (another file took a new name
    /// before any link was rewritten).
    public var undone = false

    public init(summary: String, moved: Int, rewritten: Int, conflicts: [VaultWarning]) {
        self.summary = summary
        self.moved = moved
        self.rewritten = rewritten
        self.conflicts = conflicts
    }

    /// Throws when a file of the change was changed elsewhere while it was made: for a
    /// caller that reports the change done only when all of it was.
    ///
    /// - Throws: `FileError.fileChanged` (exit 3) when the change was taken back, nothing
    ///   of it left; `VaultError.partlyDone` (exit 3) when it went on without those files.
    public func refusingConflicts() throws {
        guard let first = conflicts.first else { return }
        if undone { throw FileError.fileChanged(path: first.path) }
        throw VaultError.partlyDone(done: summary, problem: conflicts.map(\.description).joined(separator: "; "))
    }

    /// One line on an interrupted change this report finished or undid.
    public var recoveryLine: String {
        undone
            ? "undid an interrupted change, nothing was moved or rewritten: \(summary)"
            : "finished an interrupted change: \(summary) (\(rewritten) files rewritten)"
    }
}
