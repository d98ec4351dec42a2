import FoundationEssentials
import Glibc
import VaultMarkdown
import VaultSystem

/// The one way `vault` changes files (DESIGN.md 7): it applies any `ChangePlan` under the
/// vault's write lock, which it alone takes, and finishes the journals an interrupted run
/// left behind.
///
/// A plan of one create, replace or remove is written by the safe writer as it is. Any other
/// plan is written down in an intent journal first, and carried out in an order that keeps
/// every link resolvable at every moment: new files first, then each moved file gains its new
/// name as a hard link (both names work), then files are rewritten, and only then do old
/// names and removed files go. Those writes skip the per-file fsync; one `syncfs` makes them
/// durable before the journal, which was fsync'd first, is removed.
public struct ChangeExecutor {
    public let vault: Vault
    /// Called before each step of a journaled change with its name; a test throws here to
    /// simulate a crash.
    public var beforeStep: ((String) throws -> Void)?
    /// True inside `whileLocked`: the lock is held, and applying a plan does not take it again.
    private(set) var holdsLock = false
    /// What finishing an earlier run's journals came to when the lock was taken.
    private(set) var finishedFirst: [ChangeReport] = []
    /// Why an earlier run's journal could not be finished when the lock was taken: a plan of
    /// several files then refuses, since its files may be that change's.
    private(set) var recoveryProblem: (any Error)?

    public init(vault: Vault, beforeStep: ((String) throws -> Void)? = nil) {
        self.vault = vault
        self.beforeStep = beforeStep
    }

    var fileSystem: any FileSystem { vault.fileSystem }
    var journalFolder: String { vault.metadataFolder + "/" + IntentJournal.folder }

    /// Applies a plan made earlier: every file must still be as the plan read it. A change an
    /// earlier run left unfinished is finished first (its files may be these).
    ///
    /// - Throws: `FileError.fileChanged` (exit 3) before anything is written when a file of
    ///   the plan changed since it was read; `VaultError.changeInterrupted` when a journaled
    ///   change stops halfway (the next run finishes it).
    public func apply(_ plan: ChangePlan) throws -> ChangeReport {
        try whileLocked { try $0.applyLocked(plan) }
    }

    /// Plans under the write lock and applies the plan, so that what the plan read cannot
    /// change under another `vault` process before it is written (two appends to one note
    /// both land). Returns what `make` planned and what applying it did.
    public func apply<Planned>(planning make: () throws -> Planned, changes: (Planned) -> ChangePlan) throws -> (planned: Planned, report: ChangeReport) {
        try whileLocked { executor in
            let planned = try make()
            return (planned, try executor.applyLocked(changes(planned)))
        }
    }

    /// Runs `body` holding the write lock, the one place it is taken, after finishing the
    /// changes an earlier run left unfinished; `body` applies plans through the executor it is
    /// given, which does not take the lock again.
    ///
    /// - Parameter waiting: false to give up at once (returning nil) while another `vault`
    ///   process holds the lock, as a reader does.
    /// - Parameter recovering: false for a caller that finishes the earlier changes itself.
    func whileLocked<Result>(waiting: Bool = true, recovering: Bool = true, _ body: (ChangeExecutor) throws -> Result) throws -> Result {
        guard !holdsLock else { return try body(self) }
        guard let lock = try takeLock(waiting: waiting) else { throw FileError.lockBusy(path: vault.metadataFolder + "/lock") }
        defer { lock.release() }
        var locked = self
        locked.holdsLock = true
        do {
            if recovering { locked.finishedFirst = try recoverLocked().reports }
        } catch {
            locked.recoveryProblem = error
        }
        return try body(locked)
    }

    /// `whileLocked`, or `body` with no lock for a dry run, which writes nothing.
    func whileLocked<Result>(unless dryRun: Bool, _ body: (ChangeExecutor) throws -> Result) throws -> Result {
        dryRun ? try body(self) : try whileLocked(body)
    }

    /// Takes the write lock; nil when `waiting` is false and another process holds it.
    private func takeLock(waiting: Bool) throws -> VaultLock? {
        do {
            return try VaultLock(metadataFolder: vault.metadataFolder, fileSystem: fileSystem, timeout: waiting ? 10 : 0)
        } catch FileError.lockBusy where !waiting {
            return nil
        }
    }

    /// Finishes every journal an interrupted run left; empty when there was none.
    ///
    /// - Parameters:
    ///   - waiting: false for a reader, which never waits (DESIGN.md 7): while another
    ///     `vault` holds the lock its journal is live, not interrupted, and is left to it.
    ///   - abandoningFailures: give up on each journal that cannot be finished (it is
    ///     removed; every file stays as it is, so a moved note may keep both names and no link
    ///     dangles) instead of stopping at it; the others are still finished.
    ///
    /// - Throws: `VaultError.gitOperationInProgress` while git is merging: the change waits,
    ///   as any change to several notes does, and every link still resolves meanwhile.
    public func recover(waiting: Bool = true) throws -> [ChangeReport] {
        try recover(waiting: waiting, abandoningFailures: false).reports
    }

    /// `recover`, also giving the journals given up on (see `abandoningFailures`).
    func recover(waiting: Bool, abandoningFailures: Bool) throws -> (reports: [ChangeReport], abandoned: [VaultWarning]) {
        guard !pendingJournals().isEmpty else { return ([], []) }
        try vault.refuseDuringGitOperation()
        if holdsLock { return try recoverLocked(abandoningFailures: abandoningFailures) }
        guard let lock = try takeLock(waiting: waiting) else { return ([], []) }
        defer { lock.release() }
        return try recoverLocked(abandoningFailures: abandoningFailures)
    }

    /// Removes the leftovers that hold nothing anyone saved, and returns them; nothing while
    /// another `vault` process writes (its temporary files are live) or in a folder no `vault`
    /// has written in (it has no `.zennotes/`).
    func removeLeftovers(_ paths: [String]) -> [LeftoverFile] {
        guard !paths.isEmpty, fileSystem.exists(vault.metadataFolder), let lock = try? takeLock(waiting: false) else { return [] }
        defer { lock.release() }
        return vault.removeDisposable(paths)
    }

    /// The journals of changes not finished yet, by file name, oldest first.
    public func pendingJournals() -> [String] {
        journalFiles().filter(IntentJournal.isFileName)
    }

    /// Files in the journal folder that are not journals `vault` named (a sync tool's copy of
    /// one, say): never carried out, since finishing a copy would undo later changes. A
    /// take-back record is one while its journal is there, and stray once it is gone.
    public func strayJournalFiles() -> [String] {
        journalFiles().filter { name in
            !IntentJournal.isFileName(name) && !SafeWriter.isTemporaryName(name)
                && !(TakeBackRecord.isFileName(name) && fileSystem.exists(journalFolder + "/" + TakeBackRecord.journalName(of: name)))
        }
    }

    private func journalFiles() -> [String] {
        let names = ((try? fileSystem.entries(journalFolder)) ?? []).filter { $0.kind == .file }.map(\.name)
        let written = Dictionary(names.map { ($0, ((try? fileSystem.status(journalFolder + "/" + $0)) ?? nil)?.modifiedNanoseconds ?? 0) }) { a, _ in a }
        return names.sorted { (written[$0]!, $0) < (written[$1]!, $1) }
    }

    /// `recover` for a caller that holds the write lock. The journals are listed again, since
    /// one seen before may have been finished by its own process meanwhile.
    func recoverLocked(abandoningFailures: Bool = false) throws -> (reports: [ChangeReport], abandoned: [VaultWarning]) {
        var reports: [ChangeReport] = []
        var abandoned: [VaultWarning] = []
        for name in pendingJournals() {
            let path = journalFolder + "/" + name
            let shown = ".zennotes/journal/" + name
            do {
                guard let bytes = try? fileSystem.readFile(path), let journal = try? IntentJournal.decode(bytes),
                    journal.id + ".json" == name
                else {
                    throw VaultError.unfinishedChange(journal: shown, reason: "the journal cannot be read")
                }
                do {
                    // A run stopped while it took this change back: it is taken back, not finished.
                    if var report = try finishTakingBack(journal) {
                        report.removedLeftovers = removeTemporaryFiles(journal)
                        reports.append(report)
                        continue
                    }
                    var report = try complete(journal)
                    report.removedLeftovers = removeTemporaryFiles(journal)
                    reports.append(report)
                } catch let error as any UserError {
                    throw VaultError.unfinishedChange(journal: shown, reason: error.problem)
                }
            } catch VaultError.unfinishedChange(_, let reason) where abandoningFailures {
                do { try fileSystem.removeFile(path) } catch { throw SafeWriter.wrap(error) }
                abandoned.append(VaultWarning(path: shown, message: reason))
            }
        }
        removeEmptyJournalFolder()
        return (reports, abandoned)
    }

    /// Removes the journal folder once no journal is left in it, so that a folder that is not
    /// a vault keeps nothing of a change that is over (only the lock file stays; see VaultLock).
    func removeEmptyJournalFolder() {
        try? fileSystem.removeEmptyDirectory(journalFolder)
    }

    func journalPath(_ id: String) -> String { journalFolder + "/" + id + ".json" }

    /// Refuses a change any of whose files is reached through a link (`Vault.checkInside`).
    /// What is at a new name is judged by the move itself (another file took the name), and a
    /// new file by its folder.
    func checkInside(_ moves: [FileMove], edits: [String], creates: [String] = []) throws {
        let moved = Set(moves.flatMap { [$0.from, $0.to] })
        try vault.checkInside(
            notes: edits.filter { !moved.contains($0) },
            folders: moves.flatMap { [LinkIndex.folder(of: $0.from), LinkIndex.folder(of: $0.to)] } + creates.map(LinkIndex.folder(of:)))
    }
}
