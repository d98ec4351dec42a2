import Foundation
import Glibc

/// What applying (or finishing) a multi-file change did.
public struct ChangeReport: Sendable, Codable, Equatable {
    public var summary: String
    public var moved: Int
    public var rewritten: Int
    /// Files that changed elsewhere since the plan and were left alone, and what that kept.
    public var conflicts: [VaultWarning]
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
        // A change an earlier run could not finish comes first: its files may be these.
        if let waiting = pendingJournals().first {
            throw VaultError.unfinishedChange(
                journal: ".zennotes/journal/" + waiting, reason: "it must be finished first (`vault doctor --fix`)")
        }
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
        return try complete(journal, known: Dictionary(plan.edits.map { ($0.path, $0.snapshot) }, uniquingKeysWith: { a, _ in a }))
    }

    /// The journals of changes not finished yet, by file name.
    public func pendingJournals() -> [String] {
        ((try? fileSystem.entries(journalFolder)) ?? []).map(\.name).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// Finishes every journal an interrupted run left; nil when there was none.
    public func recover() throws -> [ChangeReport] {
        let names = pendingJournals()
        guard !names.isEmpty else { return [] }
        let lock = try VaultLock(metadataFolder: vault.metadataFolder, fileSystem: fileSystem)
        defer { lock.release() }
        var reports: [ChangeReport] = []
        for name in names {
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
        for move in journal.moves + journal.sidecarMoves {
            try beforeStep?("link \(move.to)")
            try addName(move)
        }
        for edit in journal.edits {
            try beforeStep?("edit \(edit.path)")
            let path = vault.absolutePath(edit.path)
            let after = Array(Data(base64Encoded: edit.after) ?? Data())
            if let snapshot = known[edit.path], let status = snapshot.status,
                (try? fileSystem.status(path)) == status
            {
                try writer.replace(path, with: after, expecting: snapshot)
                continue
            }
            let (bytes, snapshot) = try writer.read(path)
            let hash = String(ContentHash.of(bytes), radix: 16)
            if hash == edit.afterHash { continue }
            // Empty means a write the crash tore; anything else unexpected is someone's edit.
            guard hash == edit.beforeHash || bytes.isEmpty else {
                conflicts.append(VaultWarning(path: edit.path, message: "changed elsewhere; its links were not rewritten"))
                continue
            }
            try writer.replace(path, with: after, expecting: snapshot)
        }
        let unrewritten = conflicts.count
        let beforeHashes = Dictionary(journal.edits.map { ($0.path, UInt64($0.beforeHash, radix: 16)) }, uniquingKeysWith: { a, _ in a })
        for move in journal.moves + journal.sidecarMoves {
            try beforeStep?("unlink \(move.from)")
            // A linking note left unrewritten still names the old path: keep it.
            if !conflicts.isEmpty {
                conflicts.append(VaultWarning(path: move.from, message: "kept beside \(move.to) so unrewritten links still resolve"))
                continue
            }
            try removeOldName(move, expectedHash: beforeHashes[move.to] ?? nil, writer: writer)
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

    /// Gives a file its new name while the old one stays (a hard link), or renames where the
    /// file system has no hard links or the names differ only in case.
    private func addName(_ move: FileMove) throws {
        let from = vault.absolutePath(move.from)
        let to = vault.absolutePath(move.to)
        let caseOnly = Naming.collisionKey(move.from) == Naming.collisionKey(move.to)
        // Case-insensitive disks see one name for both: the rename goes through a third.
        let temporary = SafeWriter.split(from).folder + "/.~" + SafeWriter.shortened(SafeWriter.split(from).name) + ".rename.tmp"
        do {
            if caseOnly && fileSystem.exists(temporary) {
                try fileSystem.rename(temporary, to: to)  // crashed between the two renames
                return
            }
            let hasFrom = try fileSystem.linkStatus(from) != nil
            let hasTo = try fileSystem.linkStatus(to) != nil
            if !hasFrom { return }  // already moved
            if hasTo && !caseOnly { return }  // linked before the crash
            try fileSystem.createDirectories(SafeWriter.split(to).folder)
            if caseOnly {
                guard try entryName(of: to) != SafeWriter.split(to).name else { return }
                try fileSystem.rename(from, to: temporary)
                try fileSystem.rename(temporary, to: to)
                return
            }
            do {
                try fileSystem.link(from, to: to)
            } catch let error as SystemError where [EXDEV, EPERM, ENOTSUP, EMLINK, ENOSYS].contains(error.code) {
                try fileSystem.rename(from, to: to)
            }
        } catch {
            throw SafeWriter.wrap(error)
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

    /// Removes this writer's own temporary files left in the folders a journal touches.
    private func removeTemporaryFiles(_ journal: IntentJournal) {
        let paths = journal.moves.flatMap { [$0.from, $0.to] } + journal.edits.map(\.path)
        for folder in Set(paths.map { SafeWriter.split(vault.absolutePath($0)).folder }) {
            for entry in (try? fileSystem.entries(folder)) ?? [] where SafeWriter.isTemporaryName(entry.name) {
                try? fileSystem.removeFile(folder + "/" + entry.name)
            }
        }
    }
}
