import Foundation
import Glibc

/// What applying (or finishing) a multi-file change did.
public struct ChangeReport: Sendable, Codable, Equatable {
    public var summary: String
    public var moved: Int
    public var rewritten: Int
    /// Files that changed elsewhere since the plan and were left alone, and what that kept.
    public var conflicts: [VaultWarning]
    /// Temporary files an earlier interrupted write left, removed on the way.
    public var removedLeftovers: [String] = []
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
    /// - Throws: `VaultError.fileChanged` (exit 3) before anything is written when a file of
    ///   the plan changed since it was read.
    public func apply(_ plan: RenamePlan, summary: String) throws -> ChangeReport {
        let lock = try VaultLock(metadataFolder: vault.metadataFolder, fileSystem: fileSystem)
        defer { lock.release() }
        // A change an earlier run left comes first: its files may be these.
        _ = try recoverLocked()
        let writer = SafeWriter(fileSystem: fileSystem)
        for edit in plan.edits where try !writer.isUnchanged(vault.absolutePath(edit.source), since: edit.snapshot) {
            throw VaultError.fileChanged(path: edit.source)
        }
        for move in plan.moves where !fileSystem.exists(vault.absolutePath(move.from)) {
            throw VaultError.fileChanged(path: move.from)
        }
        let journal = IntentJournal(plan: plan, summary: summary)
        try beforeStep?("journal")
        do { try fileSystem.createDirectories(journalFolder) } catch { throw SafeWriter.wrap(error) }
        try SafeWriter(fileSystem: fileSystem).create(journalPath(journal.id), with: try journal.encoded())
        do {
            var report = try complete(journal, known: Dictionary(plan.edits.map { ($0.path, $0.snapshot) }, uniquingKeysWith: { a, _ in a }))
            report.removedLeftovers = vault.removeDisposable(plan.temporaryFiles).map(\.path)
            return report
        } catch let error as VaultError {
            // Past this point "nothing was written" would be false: the journal finishes it.
            throw VaultError.changeInterrupted(journal: ".zennotes/journal/" + journal.id + ".json", reason: error.description)
        }
    }

    /// The journals of changes not finished yet, by file name.
    public func pendingJournals() -> [String] {
        ((try? fileSystem.entries(journalFolder)) ?? []).map(\.name).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// Finishes every journal an interrupted run left; empty when there was none.
    ///
    /// - Parameter waiting: false for a reader, which never waits (DESIGN.md 7): while
    ///   another `vault` holds the lock its journal is live, not interrupted, and is left to it.
    public func recover(waiting: Bool = true) throws -> [ChangeReport] {
        guard !pendingJournals().isEmpty else { return [] }
        let lock: VaultLock
        do {
            lock = try VaultLock(metadataFolder: vault.metadataFolder, fileSystem: fileSystem, timeout: waiting ? 10 : 0)
        } catch VaultError.lockBusy where !waiting {
            return []
        }
        defer { lock.release() }
        return try recoverLocked()
    }

    /// Gives up on the interrupted changes that cannot be finished: their journals go, every
    /// file stays as it is (a moved note may keep both names; no link dangles). Returns the
    /// journals given up.
    public func abandon() throws -> [String] {
        let lock = try VaultLock(metadataFolder: vault.metadataFolder, fileSystem: fileSystem)
        defer { lock.release() }
        let names = pendingJournals()
        for name in names {
            do { try fileSystem.removeFile(journalFolder + "/" + name) } catch { throw SafeWriter.wrap(error) }
        }
        return names
    }

    /// `recover` with the lock held; the journals are listed again, since the one seen before
    /// may have been finished by its own process meanwhile.
    private func recoverLocked() throws -> [ChangeReport] {
        var reports: [ChangeReport] = []
        for name in pendingJournals() {
            let path = journalFolder + "/" + name
            guard let bytes = try? fileSystem.readFile(path), let journal = try? IntentJournal.decode(bytes) else {
                throw VaultError.unfinishedChange(journal: ".zennotes/journal/" + name, reason: "the journal cannot be read")
            }
            do {
                reports.append(try complete(journal))
            } catch let error as VaultError {
                throw VaultError.unfinishedChange(journal: ".zennotes/journal/" + name, reason: error.description)
            }
            removeTemporaryFiles(journal)
        }
        return reports
    }

    private func journalPath(_ id: String) -> String { journalFolder + "/" + id + ".json" }

    /// Carries out a journal. Every step checks what is already done, so running it again
    /// after a crash at any point finishes the change.
    ///
    /// - Parameter known: what the plan read of the files it rewrites; a file whose status
    ///   still matches is written without being read again.
    private func complete(_ journal: IntentJournal, known: [String: FileSnapshot] = [:]) throws -> ChangeReport {
        let writer = SafeWriter(fileSystem: fileSystem, synchronizes: false)
        var conflicts: [VaultWarning] = []
        let afterHashes = Dictionary(journal.edits.map { ($0.path, UInt64($0.afterHash, radix: 16)) }, uniquingKeysWith: { a, _ in a })
        for move in journal.moves + journal.sidecarMoves {
            try beforeStep?("link \(move.to)")
            if let problem = try addName(move, rewrittenHash: afterHashes[move.to] ?? nil) { conflicts.append(problem) }
        }
        var unrewritten = 0
        for edit in journal.edits {
            try beforeStep?("edit \(edit.path)")
            // Someone else's change to one file (an edit, a deletion, a chmod) leaves that file
            // alone and is reported; it does not stop the others.
            let problem: String?
            do {
                problem = try rewrite(edit, known: known[edit.path], writer: writer)
            } catch VaultError.system(let error) where error.code == ENOENT {
                problem = "gone since the change began"
            } catch VaultError.readOnly, VaultError.symbolicLink {
                problem = "made read-only or a link since the change began"
            } catch VaultError.fileChanged {
                problem = "changed elsewhere"
            }
            if let problem {
                conflicts.append(VaultWarning(path: edit.path, message: problem + "; its links were not rewritten"))
                unrewritten += 1
            }
        }
        let beforeHashes = Dictionary(journal.edits.map { ($0.path, UInt64($0.beforeHash, radix: 16)) }, uniquingKeysWith: { a, _ in a })
        for move in journal.moves + journal.sidecarMoves {
            try beforeStep?("unlink \(move.from)")
            // A linking note left unrewritten still names the old path: keep it.
            if !conflicts.isEmpty {
                if fileSystem.exists(vault.absolutePath(move.from)) {
                    conflicts.append(VaultWarning(path: move.from, message: "kept beside \(move.to) so unrewritten links still resolve"))
                }
                continue
            }
            do {
                try removeOldName(move, expectedHash: beforeHashes[move.to] ?? nil, writer: writer)
            } catch VaultError.fileChanged {
                conflicts.append(VaultWarning(path: move.from, message: "changed under its old name since the change began; kept beside \(move.to)"))
            } catch VaultError.readOnly(let folder) {
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
    private func removeTemporaryFiles(_ journal: IntentJournal) {
        let paths = journal.moves.flatMap { [$0.from, $0.to] } + journal.edits.map(\.path)
        for folder in Set(paths.map { LinkIndex.folder(of: $0) }) {
            let absolute = folder.isEmpty ? vault.root : vault.absolutePath(folder)
            for entry in (try? fileSystem.entries(absolute)) ?? [] where SafeWriter.isTemporaryName(entry.name) {
                let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
                if LeftoverFile.classify(path, in: vault)?.isDisposable == true {
                    try? fileSystem.removeFile(absolute + "/" + entry.name)
                }
            }
        }
    }
}
