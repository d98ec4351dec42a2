import Foundation
import Glibc
import VaultMarkdown
import VaultSystem

/// What applying (or finishing) a multi-file change did.
public struct ChangeReport: Sendable, Codable, Equatable {
    public var summary: String
    public var moved: Int
    public var rewritten: Int
    /// Files that changed elsewhere since the plan and were left alone, and what that kept.
    public var conflicts: [VaultWarning]
    /// Temporary files an earlier interrupted write left, removed on the way.
    public var removedLeftovers: [String] = []
    /// Changes an earlier run left unfinished, finished first.
    public var finishedFirst: [ChangeReport] = []
    /// True when the change was taken back instead of finished (another file took a new name
    /// before any link was rewritten).
    public var undone = false

    /// One line on an interrupted change this report finished or undid.
    public var recoveryLine: String {
        undone
            ? "undid an interrupted change, nothing was moved or rewritten: \(summary)"
            : "finished an interrupted change: \(summary) (\(rewritten) files rewritten)"
    }
}

/// Applies a rename plan through an intent journal, and finishes journals an interrupted run
/// left behind (DESIGN.md 7).
///
/// Order keeps every link resolvable at every moment: each moved file first gains its new
/// name as a hard link (both names work), then the linking notes are rewritten, and only
/// then is the old name removed. Writes skip the per-file fsync; one `syncfs` makes them
/// durable before the journal, which was fsync'd first, is removed.
public struct ChangeExecutor {
    public let vault: Vault
    /// Called before each step with its name; a test throws here to simulate a crash.
    public var beforeStep: ((String) throws -> Void)?

    public init(vault: Vault, beforeStep: ((String) throws -> Void)? = nil) {
        self.vault = vault
        self.beforeStep = beforeStep
    }

    var fileSystem: any FileSystem { vault.fileSystem }
    private var journalFolder: String { vault.metadataFolder + "/" + IntentJournal.folder }

    /// Applies a plan: checks that nothing changed since it was made, writes the journal,
    /// then carries it out.
    ///
    /// - Throws: `FileError.fileChanged` (exit 3) before anything is written when a file of
    ///   the plan changed since it was read.
    public func apply(_ plan: RenamePlan, summary: String) throws -> ChangeReport {
        let lock = try VaultLock(metadataFolder: vault.metadataFolder, fileSystem: fileSystem)
        defer { lock.release() }
        // A change an earlier run left comes first: its files may be these.
        let finishedFirst = try recoverLocked().reports
        try checkInside(plan.moves + plan.sidecarMoves, edits: plan.edits.flatMap { [$0.source, $0.path] })
        let writer = SafeWriter(fileSystem: fileSystem)
        for edit in plan.edits where try !writer.isUnchanged(vault.absolutePath(edit.source), since: edit.snapshot) {
            throw FileError.fileChanged(path: edit.source)
        }
        for move in plan.moves where !fileSystem.exists(vault.absolutePath(move.from)) {
            throw FileError.fileChanged(path: move.from)
        }
        let journal = IntentJournal(plan: plan, summary: summary)
        try beforeStep?("journal")
        do { try fileSystem.createDirectories(journalFolder) } catch { throw SafeWriter.wrap(error) }
        try SafeWriter(fileSystem: fileSystem).create(journalPath(journal.id), with: try journal.encoded())
        do {
            var report = try complete(
                journal, known: Dictionary(plan.edits.map { ($0.path, $0.snapshot) }, uniquingKeysWith: { a, _ in a }),
                read: Dictionary(plan.edits.map { ($0.path, $0.before) }, uniquingKeysWith: { a, _ in a }))
            // Under the lock every temporary file in `.zennotes/` is one a killed run left (a
            // journal half written, say), so this change removes those too.
            report.removedLeftovers = vault.removeDisposable(plan.temporaryFiles + vault.metadataTemporaryFiles()).map(\.path)
            report.finishedFirst = finishedFirst
            removeEmptyJournalFolder()
            return report
        } catch let error as any UserError {
            // Past this point "nothing was written" would be false: the journal finishes it.
            throw VaultError.changeInterrupted(journal: ".zennotes/journal/" + journal.id + ".json", reason: error.problem)
        }
    }

    /// The journals of changes not finished yet, by file name, oldest first.
    public func pendingJournals() -> [String] {
        journalFiles().filter(IntentJournal.isFileName)
    }

    /// Files in the journal folder that are not journals `vault` named (a sync tool's copy of
    /// one, say): never carried out, since finishing a copy would undo later changes.
    public func strayJournalFiles() -> [String] {
        journalFiles().filter { !IntentJournal.isFileName($0) && !SafeWriter.isTemporaryName($0) }
    }

    private func journalFiles() -> [String] {
        let names = ((try? fileSystem.entries(journalFolder)) ?? []).filter { $0.kind == .file }.map(\.name)
        let written = Dictionary(names.map { ($0, ((try? fileSystem.status(journalFolder + "/" + $0)) ?? nil)?.modifiedNanoseconds ?? 0) }) { a, _ in a }
        return names.sorted { (written[$0]!, $0) < (written[$1]!, $1) }
    }

    /// Finishes every journal an interrupted run left; empty when there was none.
    ///
    /// - Parameter waiting: false for a reader, which never waits (DESIGN.md 7): while
    ///   another `vault` holds the lock its journal is live, not interrupted, and is left to it.
    ///
    /// - Throws: `VaultError.gitOperationInProgress` while git is merging: the change waits,
    ///   as any change to several notes does, and every link still resolves meanwhile.
    public func recover(waiting: Bool = true) throws -> [ChangeReport] {
        guard !pendingJournals().isEmpty else { return [] }
        try vault.refuseDuringGitOperation()
        let lock: VaultLock
        do {
            lock = try VaultLock(metadataFolder: vault.metadataFolder, fileSystem: fileSystem, timeout: waiting ? 10 : 0)
        } catch FileError.lockBusy where !waiting {
            return []
        }
        defer { lock.release() }
        return try recoverLocked().reports
    }

    /// `recover` for a caller that holds the write lock. The journals are listed again, since
    /// one seen before may have been finished by its own process meanwhile.
    ///
    /// - Parameter abandoningFailures: give up on each journal that cannot be finished (it is
    ///   removed; every file stays as it is, so a moved note may keep both names and no link
    ///   dangles) instead of stopping at it; the others are still finished.
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
    private func removeEmptyJournalFolder() {
        try? fileSystem.removeEmptyDirectory(journalFolder)
    }

    func journalPath(_ id: String) -> String { journalFolder + "/" + id + ".json" }

    /// Refuses a change any of whose files is reached through a link (`Vault.checkInside`).
    /// What is at a new name is judged by the move itself (another file took the name).
    private func checkInside(_ moves: [FileMove], edits: [String]) throws {
        let moved = Set(moves.flatMap { [$0.from, $0.to] })
        try vault.checkInside(
            notes: edits.filter { !moved.contains($0) }, folders: moves.flatMap { [LinkIndex.folder(of: $0.from), LinkIndex.folder(of: $0.to)] })
    }

    /// Carries out a journal. Every step checks what is already done, so running it again
    /// after a crash at any point finishes the change.
    ///
    /// - Parameters:
    ///   - known: what the plan read of the files it rewrites; a file whose status still
    ///     matches is written without being read again.
    ///   - read: the bytes the plan read of the files it rewrites, by path, for a change made
    ///     now (nil when finishing a journal): a file that changed elsewhere meanwhile then
    ///     has the whole change taken back, so the refusal leaves the vault as it was found.
    private func complete(
        _ journal: IntentJournal, known: [String: FileSnapshot] = [:], read: [String: [UInt8]]? = nil
    ) throws -> ChangeReport {
        // A link put on the way since the journal was written is not gone through either.
        try checkInside(journal.moves + journal.sidecarMoves, edits: journal.edits.map(\.path))
        let writer = SafeWriter(fileSystem: fileSystem, synchronizes: false)
        var conflicts: [VaultWarning] = []
        let afterHashes = Dictionary(journal.edits.map { ($0.path, UInt64($0.afterHash, radix: 16)) }, uniquingKeysWith: { a, _ in a })
        var taken: [VaultWarning] = []
        for move in journal.moves + journal.sidecarMoves {
            try beforeStep?("link \(move.to)")
            let planned = journal.movedHashes?[move.from].flatMap { UInt64($0, radix: 16) }
            switch try addName(move, rewrittenHash: afterHashes[move.to] ?? nil, plannedHash: planned) {
            case .done: break
            case .gone(let problem): conflicts.append(problem)
            case .taken(let problem): taken.append(problem)
            }
        }
        // Another file took a new name after a crash: no more links may be pointed there. A
        // change whose rewriting has not begun is undone; one that has stops where it is.
        if !taken.isEmpty {
            let takenNames = Set(taken.map(\.path))
            return try rewritingBegan(journal, taken: takenNames) ? stop(journal, because: taken) : undo(journal, because: taken)
        }
        if let read, let problem = conflicts.first, let report = try takeBack(journal, rewritten: [], read: read, because: problem) {
            return report
        }
        var unrewritten = 0
        var rewritten: [IntentJournal.Edit] = []
        for edit in journal.edits {
            try beforeStep?("edit \(edit.path)")
            // Someone else's change to one file (an edit, a deletion, a chmod) leaves that file
            // alone and is reported; finishing a journal, it does not stop the others.
            let problem: String?
            do {
                problem = try rewrite(edit, known: known[edit.path], writer: writer)
            } catch FileError.system(let error) where error.code == ENOENT {
                problem = "gone since the change began"
            } catch FileError.readOnly, FileError.symbolicLink, FileError.notRegularFile {
                problem = "made read-only, a link or not a regular file since the change began"
            } catch FileError.fileChanged {
                problem = "changed elsewhere"
            }
            guard let problem else {
                rewritten.append(edit)
                continue
            }
            let conflict = VaultWarning(path: edit.path, message: problem + "; its links were not rewritten")
            if let read, conflicts.isEmpty, let report = try takeBack(journal, rewritten: rewritten, read: read, because: conflict) {
                return report
            }
            conflicts.append(conflict)
            unrewritten += 1
        }
        let beforeHashes = Dictionary(journal.edits.map { ($0.path, UInt64($0.beforeHash, radix: 16)) }, uniquingKeysWith: { a, _ in a })
        var removedAny = false
        for move in journal.moves + journal.sidecarMoves {
            try beforeStep?("unlink \(move.from)")
            // A linking note left unrewritten still names the old path: keep it.
            if !conflicts.isEmpty {
                if fileSystem.exists(vault.absolutePath(move.from)) {
                    // One file under both names, not two copies that drift apart.
                    try keepAsSecondName(move, beforeHash: beforeHashes[move.to] ?? nil)
                    conflicts.append(VaultWarning(path: move.from, message: "kept beside \(move.to) so unrewritten links still resolve"))
                }
                continue
            }
            // A save under an old name since the new name was made is that name's text now.
            // Before any old name goes, every save is taken so, and an old name that cannot go
            // is found while the change can still be taken back whole.
            for other in removedAny ? [move] : journal.moves + journal.sidecarMoves {
                let planned = journal.movedHashes?[other.from].flatMap { UInt64($0, radix: 16) }
                try adoptSave(other, plannedHash: planned, rewritten: afterHashes[other.to] != nil)
            }
            if let read, !removedAny,
                let problem = (journal.moves + journal.sidecarMoves).lazy.compactMap({ self.oldNameProblem($0, expectedHash: beforeHashes[$0.to] ?? nil) }).first,
                let report = try takeBack(journal, rewritten: rewritten, read: read, because: problem)
            {
                return report
            }
            do {
                try removeOldName(move, expectedHash: beforeHashes[move.to] ?? nil, writer: writer)
                removedAny = true
            } catch FileError.fileChanged {
                conflicts.append(VaultWarning(path: move.from, message: "changed under its old name since the change began; kept beside \(move.to)"))
            } catch FileError.readOnly(let folder) {
                conflicts.append(VaultWarning(path: move.from, message: "kept beside \(move.to): \(folder) became read-only"))
            }
        }
        for folder in journal.emptiedFolders {
            try? fileSystem.removeEmptyDirectory(vault.absolutePath(folder))
        }
        try beforeStep?("sync")
        do { try fileSystem.synchronizeFileSystem(vault.root) } catch { throw SafeWriter.wrap(error) }
        try beforeStep?("done")
        try? fileSystem.removeFile(journalPath(journal.id))
        try? fileSystem.synchronizeDirectory(journalFolder)
        return ChangeReport(
            summary: journal.summary, moved: journal.moves.count, rewritten: journal.edits.count - unrewritten,
            conflicts: conflicts)
    }

    /// Rewrites one linking note as the journal says; returns why it was left alone, if it
    /// was. A file whose status still matches what the plan read is written without a read.
    private func rewrite(_ edit: IntentJournal.Edit, known: FileSnapshot?, writer: SafeWriter) throws -> String? {
        let path = vault.absolutePath(edit.path)
        let after = Array(Data(base64Encoded: edit.after) ?? Data())
        if let known, let status = known.status, (try? fileSystem.status(path)) == status {
            try writer.replace(path, with: after, expecting: known)
            return nil
        }
        let (bytes, snapshot) = try writer.read(path)
        let hash = String(ContentHash.of(bytes), radix: 16)
        if hash == edit.afterHash { return nil }
        // Empty means a write the crash tore; anything else unexpected is someone's edit.
        guard hash == edit.beforeHash || bytes.isEmpty else { return "changed elsewhere" }
        try writer.replace(path, with: after, expecting: snapshot)
        return nil
    }

    /// Removes the leftovers of this writer in the folders a journal touches, those that hold
    /// nothing anyone saved (see `LeftoverFile`).
    private func removeTemporaryFiles(_ journal: IntentJournal) -> [String] {
        let paths = journal.moves.flatMap { [$0.from, $0.to] } + journal.edits.map(\.path)
        var removed: [String] = []
        for folder in Set(paths.map { LinkIndex.folder(of: $0) }) {
            let absolute = folder.isEmpty ? vault.root : vault.absolutePath(folder)
            for entry in (try? fileSystem.entries(absolute)) ?? [] where SafeWriter.isTemporaryName(entry.name) {
                let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
                if LeftoverFile.classify(path, in: vault)?.isDisposable == true, (try? fileSystem.removeFile(absolute + "/" + entry.name)) != nil {
                    removed.append(path)
                }
            }
        }
        return removed.sorted()
    }
}
