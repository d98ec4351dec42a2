import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// A temporary file an interrupted `vault` write left behind, and what it is to the file it
/// was meant to become (see `SafeWriter.TemporaryKind`).
public struct LeftoverFile: Sendable, Equatable, Codable {
    /// What the leftover holds, which decides whether removing it can lose anything.
    public enum State: String, Sendable, Codable {
        /// A second name of the target (a create that finished its link): nothing to lose.
        case secondName
        /// A replacement that was never swapped in (the target still holds what was last saved,
        /// and the command that wrote this did not succeed), or the note's text as that
        /// replace read it, swapped out (the target holds the new text made from it).
        case abandonedReplacement
        /// A write of `vault`'s own metadata (settings, a journal) that never finished.
        case abandonedMetadata
        /// The text of a new note whose create never finished (maybe partial), or of a note
        /// that is gone since: it may be the only copy.
        case unfinishedNewNote
        /// The middle name of a case-only rename: the note itself; its journal finishes it.
        case renameInProgress
        /// The note's earlier version, swapped out by a replace that was stopped before it
        /// removed it, holding neither the text that replace read nor the text it wrote:
        /// another program wrote into it meanwhile, so it is kept (as a conflict copy).
        case setAside
        /// A file named as a replacement is, but without the two texts such a name carries
        /// (an earlier `vault`'s, or another program's), holding bytes that are not the
        /// target's: nothing says its text is saved anywhere, so it is kept (as a conflict copy).
        case unknownText

        /// True for a file kept beside its target as a conflict copy, its text being in no note.
        public var isKeptAsCopy: Bool { self == .setAside || self == .unknownText }
    }

    /// The vault-relative path of the temporary file.
    public var path: String
    /// The vault-relative path it was to become.
    public var target: String
    public var state: State

    /// True when removing the file cannot lose a byte anyone saved.
    public var isDisposable: Bool { [.secondName, .abandonedReplacement, .abandonedMetadata].contains(state) }

    /// Reads what a temporary file's name and the file system say; nil for a name `vault`'s
    /// writer does not make or a file that is gone.
    static func classify(_ path: String, in vault: Vault) -> LeftoverFile? {
        let (folder, name) = SafeWriter.split(path)
        guard let parsed = SafeWriter.parseTemporaryName(name) else { return nil }
        let base = folder == "." ? "" : folder + "/"
        let fileSystem = vault.fileSystem
        guard let own = (try? fileSystem.linkStatus(vault.absolutePath(path))) ?? nil, own.kind == .file else { return nil }
        var target = base + parsed.name
        if parsed.cut || !fileSystem.exists(vault.absolutePath(target)) {
            // The name may have been cut to fit (at a character boundary, so by any number of
            // bytes): the target is then the sibling it was cut from, best the same file.
            let siblings = ((try? fileSystem.entries(vault.absolutePath(folder))) ?? []).map(\.name)
                .filter { $0.hasPrefix(parsed.name) && $0 != parsed.name && !SafeWriter.isTemporaryName($0) }
            let same = siblings.first { sibling in
                let status = (try? fileSystem.linkStatus(vault.absolutePath(base + sibling))) ?? nil
                return status?.inode == own.inode && status?.device == own.device
            }
            if let same {
                target = base + same
            } else if parsed.cut {
                target = base + (siblings.count == 1 ? siblings[0] : parsed.name + ".md")
            }
        }
        if parsed.kind == .rename { return LeftoverFile(path: path, target: target, state: .renameInProgress) }
        let kept = (try? fileSystem.linkStatus(vault.absolutePath(target))) ?? nil
        let state: State
        if let kept, kept.inode == own.inode && kept.device == own.device || holdsSameBytes(path, target, own, kept, vault) {
            // Its text is at the target already (a finished link, or a restore whose last step failed).
            state = .secondName
        } else if path.hasPrefix(".zennotes/") {
            // vault writes no one's text there; a journal not linked in place was never begun.
            state = .abandonedMetadata
        } else if parsed.kind == .replacement, let kept, kept.kind == .file {
            // Its name says which two texts it may hold: the new text never swapped in, or the
            // note as read, swapped out. Anything else is someone's save that landed in it.
            // One without any permission was still being written when the writer stopped (a
            // note swapped out always has some: read-only notes are never replaced).
            if let versions = parsed.versions {
                if own.permissions & 0o777 != 0, let bytes = try? fileSystem.readFile(vault.absolutePath(path)),
                    ![versions.read, versions.written].contains(ContentHash.of(bytes))
                {
                    state = .setAside
                } else {
                    state = .abandonedReplacement
                }
            } else {
                state = .unknownText
            }
        } else {
            state = .unfinishedNewNote
        }
        return LeftoverFile(path: path, target: target, state: state)
    }

    /// True when the target is a regular file with exactly the temporary file's bytes.
    private static func holdsSameBytes(_ path: String, _ target: String, _ own: FileStatus, _ kept: FileStatus?, _ vault: Vault) -> Bool {
        guard let kept, kept.kind == .file, kept.size == own.size,
            let mine = try? vault.fileSystem.readFile(vault.absolutePath(path)),
            let theirs = try? vault.fileSystem.readFile(vault.absolutePath(target))
        else { return false }
        return mine == theirs
    }
}

extension Vault {
    /// Every temporary file of `vault`'s own writer in the vault: those the walk saw among the
    /// notes, and those in `.zennotes/`, which the walk does not enter.
    public func leftoverFiles(_ scan: VaultScan) -> [LeftoverFile] {
        (scan.temporaryFiles + metadataTemporaryFiles()).sorted().compactMap { LeftoverFile.classify($0, in: self) }
    }

    /// The temporary files of `vault`'s own writer in `.zennotes/` (a journal or the settings
    /// being written when a kill came), which the walk does not enter.
    func metadataTemporaryFiles() -> [String] {
        var paths: [String] = []
        var pending = [".zennotes"]
        while let folder = pending.popLast() {
            for entry in (try? fileSystem.entries(absolutePath(folder))) ?? [] {
                let path = folder + "/" + entry.name
                if entry.kind == .directory {
                    pending.append(path)
                } else if SafeWriter.isTemporaryName(entry.name) {
                    paths.append(path)
                }
            }
        }
        return paths
    }

    /// Removes the leftovers that hold nothing anyone saved, and returns them.
    ///
    /// Only while no `vault` process writes (the write lock is free right now, and a writer's
    /// temporary file lives only while it holds the lock) and no interrupted change waits; a
    /// folder without `.zennotes/` is left as it is, since no `vault` has written there.
    public func removeLeftoverFiles(_ leftovers: [LeftoverFile]) -> [LeftoverFile] {
        let disposable = leftovers.filter(\.isDisposable)
        return ChangeExecutor(vault: self).removeLeftovers(disposable.map(\.path))
    }

    /// `removeLeftoverFiles` for a caller that holds the write lock.
    func removeDisposable(_ paths: [String]) -> [LeftoverFile] {
        if !ChangeExecutor(vault: self).pendingJournals().isEmpty { return [] }
        // Judged now, under the lock: a file may have changed since the walk saw it.
        return paths.compactMap { LeftoverFile.classify($0, in: self) }.filter { leftover in
            leftover.isDisposable && (try? fileSystem.removeFile(absolutePath(leftover.path))) != nil
        }
    }

    /// Keeps a note's earlier version that an interrupted replace set aside as a conflict copy
    /// beside the note (`Name (vault conflict …).md`), and returns its path.
    public func keepSetAside(_ leftover: LeftoverFile) throws -> String {
        guard leftover.state.isKeptAsCopy else {
            throw VaultError.wrongPlace(path: leftover.path, reason: "is not an earlier version set aside")
        }
        // Named by the vault's clock, as every time it writes.
        let writer = SafeWriter(fileSystem: fileSystem, settle: SettlePolicy(clock: clock))
        let copy = try writer.keepAsConflictCopy(absolutePath(leftover.path), of: absolutePath(leftover.target))
        return relativePath(copy)
    }

    /// Makes the text of an unfinished new note a note again, beside the name it was meant to
    /// have (with the `T 2` rule, since that name may be taken by now), and returns its path.
    ///
    /// Also for the middle name of a case-only rename whose journal is gone: it is the note.
    public func restoreUnfinishedNote(_ leftover: LeftoverFile) throws -> String {
        try ChangeExecutor(vault: self).whileLocked { try restoreUnfinishedNote(leftover, executor: $0) }
    }

    func restoreUnfinishedNote(_ leftover: LeftoverFile, executor: ChangeExecutor) throws -> String {
        let (path, plan) = try restorePlan(leftover)
        // The note first; then the temporary file goes as a second name of the same bytes, so
        // a failure in between leaves two copies of the text, never none.
        _ = try executor.apply(ChangePlan([plan.changes[0]], summary: plan.summary))
        do {
            try SafeWriter(fileSystem: fileSystem).removeSecondName(
                absolutePath(leftover.path), keptAt: absolutePath(path), expectedHash: ContentHash.of(plan.changes[0].after ?? []))
        } catch let error as any UserError {
            // The note is made; the temporary file, now holding the same bytes, goes next time.
            throw VaultError.partlyDone(done: "restored \(path) from \(leftover.path)", problem: error.problem + ", so it was kept")
        }
        return path
    }

    /// The change that makes an unfinished new note a note again: the note made from the
    /// temporary file's bytes, then the temporary file removed while it holds them.
    func restorePlan(_ leftover: LeftoverFile) throws -> (path: String, plan: ChangePlan) {
        guard leftover.state == .unfinishedNewNote || leftover.state == .renameInProgress else {
            throw VaultError.wrongPlace(path: leftover.path, reason: "is not an unfinished note")
        }
        let (bytes, snapshot) = try SafeWriter(fileSystem: fileSystem).read(absolutePath(leftover.path))
        let folder = LinkIndex.folder(of: leftover.target)
        let name = leftover.target.fileName
        let isNote = NoteFiles.isNoteName(name)
        let path = try createNote(
            in: folder, stem: isNote ? NoteFiles.stem(name) : name, ext: isNote ? NoteFiles.fileExtension(name) : ".md",
            content: bytes, dryRun: true)
        let plan = ChangePlan([.create(path, bytes: bytes), .remove(leftover.path, expected: snapshot, before: bytes)], summary: "restore \(path)")
        return (path, plan)
    }
}
