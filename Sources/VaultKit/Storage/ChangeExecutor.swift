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

    private var fileSystem: any FileSystem { vault.fileSystem }
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

    /// Gives a file its new name while the old one stays (a hard link), or renames where the
    /// file system has no hard links or the names differ only in case. Returns a conflict when
    /// the file is gone or another file took the new name; nothing is then replaced.
    ///
    /// - Parameter rewrittenHash: the hash of the moved note's new bytes, when the change also
    ///   rewrites it: its new name then holds a new file, not a second name of the old one.
    private func addName(_ move: FileMove, rewrittenHash: UInt64?) throws -> VaultWarning? {
        let from = vault.absolutePath(move.from)
        let to = vault.absolutePath(move.to)
        let caseOnly = Naming.collisionKey(move.from) == Naming.collisionKey(move.to)
        // Case-insensitive disks see one name for both: the rename goes through a third.
        let temporary = SafeWriter.split(from).folder + "/" + SafeWriter.temporaryName(for: SafeWriter.split(from).name, kind: .rename)
        let taken = VaultWarning(path: move.to, message: "another file took this name; \(move.from) was not moved")
        do {
            if caseOnly && fileSystem.exists(temporary) {
                // Crashed between the two renames; a file that arrived meanwhile is not replaced.
                return try finishCaseRename(temporary, from: from, to: to) ? nil : taken
            }
            let fromStatus = try fileSystem.linkStatus(from)
            let toStatus = try fileSystem.linkStatus(to)
            guard let fromStatus else {
                return toStatus == nil ? VaultWarning(path: move.from, message: "gone before it could be moved") : nil
            }
            if let toStatus, !caseOnly {
                if toStatus.inode == fromStatus.inode && toStatus.device == fromStatus.device { return nil }  // linked before the crash
                if let rewrittenHash, ContentHash.of(try fileSystem.readFile(to)) == rewrittenHash { return nil }
                return taken
            }
            try fileSystem.createDirectories(SafeWriter.split(to).folder)
            if caseOnly {
                guard try entryName(of: to) != SafeWriter.split(to).name else { return nil }
                try fileSystem.rename(from, to: temporary)
                return try finishCaseRename(temporary, from: from, to: to) ? nil : taken
            }
            do {
                try fileSystem.link(from, to: to)
            } catch let error as SystemError where [EXDEV, EPERM, ENOTSUP, EMLINK, ENOSYS].contains(error.code) {
                return try moveWithoutReplacing(from, to: to) ? nil : taken
            }
            return nil
        } catch {
            throw SafeWriter.wrap(error)
        }
    }

    /// The second step of a case-only rename. When another file took the new name, the note
    /// goes back to its old name if that is free, so it never stays hidden under a temporary
    /// name; false then.
    private func finishCaseRename(_ temporary: String, from: String, to: String) throws -> Bool {
        if try moveWithoutReplacing(temporary, to: to) { return true }
        _ = try moveWithoutReplacing(temporary, to: from)
        return false
    }

    /// Moves a file to a name that must be free: a hard link then an unlink, so a file that
    /// took the name is never replaced; false when one did. Where hard links are not
    /// supported, a rename after a check.
    private func moveWithoutReplacing(_ source: String, to destination: String) throws -> Bool {
        do {
            try fileSystem.link(source, to: destination)
            try fileSystem.removeFile(source)
            return true
        } catch let error as SystemError where error.code == EEXIST {
            return false
        } catch let error as SystemError where [EXDEV, EPERM, ENOTSUP, EMLINK, ENOSYS].contains(error.code) {
            guard try fileSystem.linkStatus(destination) == nil else { return false }
            try fileSystem.rename(source, to: destination)
            return true
        }
    }

    /// The name a folder lists for a path, as stored (its case may differ from the path's).
    private func entryName(of path: String) throws -> String? {
        let (folder, name) = SafeWriter.split(path)
        let key = Naming.collisionKey(name)
        return try fileSystem.entries(folder).first { Naming.collisionKey($0.name) == key }?.name
    }

    private func removeOldName(_ move: FileMove, expectedHash: UInt64?, writer: SafeWriter) throws {
        let from = vault.absolutePath(move.from)
        let to = vault.absolutePath(move.to)
        let caseOnly = Naming.collisionKey(move.from) == Naming.collisionKey(move.to)
        guard !caseOnly, fileSystem.exists(from), fileSystem.exists(to) else { return }
        try writer.removeSecondName(from, keptAt: to, expectedHash: expectedHash)
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
