import FoundationEssentials
import Glibc
import VaultMarkdown
import VaultSystem

/// Starting a change made now: one file written as it is, or several through a journal.
extension ChangeExecutor {
    /// Applies a plan while the lock is held.
    func applyLocked(_ plan: ChangePlan) throws -> ChangeReport {
        let changes = plan.changes.filter { !$0.changesNothing }
        var report: ChangeReport
        if changes.isEmpty {
            report = ChangeReport(summary: plan.summary, moved: 0, rewritten: 0, conflicts: [])
        } else if !plan.isJournaled {
            report = try applyDirectly(changes[0], summary: plan.summary)
            for folder in plan.emptiedFolders { try? fileSystem.removeEmptyDirectory(vault.absolutePath(folder)) }
            // Written just now, the one file is too young for a record anyone would trust:
            // the cache only stops vouching for what it held of it.
            vault.cache?.noteWritten([changes[0].path], new: changes[0].kind == .create ? [changes[0].path] : [])
        } else {
            // An earlier run's change that could not be finished may hold these very files.
            if let recoveryProblem { throw recoveryProblem }
            report = try applyJournaled(plan, changes)
        }
        report.finishedFirst = finishedFirst
        return report
    }

    /// Writes a plan's one file through the safe writer, with no journal: the write is atomic.
    ///
    /// - Throws: `FileError.fileChanged` (exit 3) when the file is no longer as it was read,
    ///   `.fileExists` when a new file's name is taken; the file's path is vault-relative.
    private func applyDirectly(_ change: Change, summary: String) throws -> ChangeReport {
        try vault.checkInside(change.path)
        let writer = SafeWriter(fileSystem: fileSystem)
        let absolute = vault.absolutePath(change.path)
        var report = ChangeReport(summary: summary, moved: 0, rewritten: 0, conflicts: [])
        do {
            switch change.kind {
            case .create:
                do { try fileSystem.createDirectories(SafeWriter.split(absolute).folder) } catch { throw SafeWriter.wrap(error) }
                try writer.create(absolute, with: change.after ?? [], permissions: change.permissions)
                report.created = 1
            case .replace:
                try writer.checkNoSecondName(absolute)
                try writer.replace(absolute, with: try newBytes(of: change), expecting: change.expected ?? .absent)
                report.rewritten = 1
            case .remove:
                try writer.remove(absolute, expecting: change.expected ?? .absent)
                report.removed = 1
            case .move:
                preconditionFailure("a move is always journaled")
            }
        } catch FileError.fileChanged {
            throw FileError.fileChanged(path: change.path)
        } catch FileError.fileExists {
            throw FileError.fileExists(path: change.path)
        } catch FileError.secondName(_, let other) {
            throw FileError.secondName(path: change.path, other: vault.relativePath(other))
        }
        return report
    }

    /// Checks that nothing changed since the plan was made, writes the journal, then carries
    /// it out.
    private func applyJournaled(_ plan: ChangePlan, _ changes: [Change]) throws -> ChangeReport {
        let moves = changes.filter { $0.kind == .move }.map { FileMove(from: $0.path, to: $0.finalPath) }
        try checkInside(
            moves, edits: changes.filter { $0.kind == .replace || $0.kind == .remove }.map(\.path),
            creates: changes.filter { $0.kind == .create }.map(\.path))
        let writer = SafeWriter(fileSystem: fileSystem)
        for change in changes {
            let absolute = vault.absolutePath(change.path)
            switch change.kind {
            case .create:
                if fileSystem.exists(absolute) { throw FileError.fileExists(path: change.path) }
            case .move where !change.rewrites || change.expected == nil:
                // A move keeps the bytes: its file need only still be there.
                if !fileSystem.exists(absolute) { throw FileError.fileChanged(path: change.path) }
                // A symbolic link moved elsewhere points elsewhere (its target is relative),
                // and moving it moves the link, not the note it stands for.
                if (try? fileSystem.linkStatus(absolute))??.kind == .symlink {
                    throw VaultError.wrongPlace(
                        path: change.path,
                        reason: "is a symbolic link; vault moves files, not links to them (moved, a link can point elsewhere): "
                            + "move the file it points to, or the link itself with mv; nothing was changed")
                }
            case .replace, .remove, .move:
                if try !writer.isUnchanged(absolute, since: change.expected ?? .absent) { throw FileError.fileChanged(path: change.path) }
            }
            // A rewrite in place would split a note with a second name; a move's own second
            // name is made by the change itself, later.
            if change.kind == .replace {
                do { try writer.checkNoSecondName(absolute) } catch FileError.secondName(_, let other) {
                    throw FileError.secondName(path: change.path, other: vault.relativePath(other))
                }
            }
        }
        var journal = IntentJournal(plan: plan)
        journal.madeFolders = foldersToMake(journal)
        try beforeStep?("journal")
        do { try fileSystem.createDirectories(journalFolder) } catch { throw SafeWriter.wrap(error) }
        do {
            try writer.create(journalPath(journal.id)) { write in try journal.write(write, patched: patchedBytes) }
        } catch {
            // A file changed since its check: refused with nothing written, no folder left.
            removeEmptyJournalFolder()
            throw error
        }
        // What the plan read of each file it writes, by the path it is written at; a patch
        // makes its file's bytes again as they are needed.
        let rewrites = changes.filter { $0.kind != .create && $0.after != nil && $0.expected != nil && $0.before != nil }
        let known = Dictionary(rewrites.map { ($0.finalPath, $0.expected!) }, uniquingKeysWith: { a, _ in a })
        let read = Dictionary(rewrites.map { ($0.finalPath, $0.before!) }, uniquingKeysWith: { a, _ in a })
        do {
            var report = try complete(journal, known: known, read: read)
            // Under the lock every temporary file in `.zennotes/` is one a killed run left (a
            // journal half written, say), so this change removes those too.
            report.removedLeftovers = vault.removeDisposable(plan.temporaryFiles + vault.metadataTemporaryFiles()).map(\.path)
            removeEmptyJournalFolder()
            if !report.undone {
                // What the change wrote goes into the cache now, not into the next command's
                // time (a rename of a note 20,000 others link to made the next `list` 6x slower).
                let new = journal.moves.map(\.to) + (journal.creates ?? []).map(\.path)
                vault.recordWritten(journal.edits.map(\.path) + new, new: new)
            }
            return report
        } catch let error as any UserError {
            // Only the files that hold what the change wrote are taken back.
            let written = journal.edits.filter { edit in
                (try? fileSystem.readFile(vault.absolutePath(edit.path))).map { IntentJournal.hex(ContentHash.of($0)) == edit.afterHash } ?? false
            }
            if plan.takesBackOnFailure, (try? takeBack(journal, rewritten: written, read: read, because: nil)) != nil {
                removeEmptyJournalFolder()
                throw error
            }
            // Past this point "nothing was written" would be false: the journal finishes it.
            throw VaultError.changeInterrupted(journal: ".zennotes/journal/" + journal.id + ".json", reason: error.problem)
        }
    }
}

extension ChangeExecutor {
    /// The new bytes of an edit held as a patch, made from its file as the plan read it.
    ///
    /// - Throws: `FileError.fileChanged` when the file changed or went since it was read.
    func patchedBytes(_ edit: IntentJournal.Edit) throws -> [UInt8] {
        let source = edit.source ?? edit.path
        guard let after = edit.newBytes(over: try bytesToPatch(source)) else { throw FileError.fileChanged(path: source) }
        return after
    }

    /// The bytes a rewrite writes: its own, or for a patch those it makes of the file.
    ///
    /// - Throws: `FileError.fileChanged` when a patch's file changed or went since it was read.
    private func newBytes(of change: Change) throws -> [UInt8] {
        guard let patch = change.patch else {
            guard let after = change.after else { preconditionFailure("a rewrite holds its bytes or a patch") }
            return after
        }
        guard let after = patch.applied(to: try bytesToPatch(change.path)) else { throw FileError.fileChanged(path: change.path) }
        return after
    }

    /// The bytes of the file at `path` that a patch is made over; a file gone since the
    /// plan read it changed.
    private func bytesToPatch(_ path: String) throws -> [UInt8] {
        do {
            return try fileSystem.readFile(vault.absolutePath(path))
        } catch let error as SystemError where error.code == ENOENT {
            throw FileError.fileChanged(path: path)
        } catch {
            throw SafeWriter.wrap(error)
        }
    }

    /// Applies a rename or move plan (see `RenamePlan.changePlan`).
    public func apply(_ plan: RenamePlan, summary: String) throws -> ChangeReport {
        try apply(plan.changePlan(summary: summary))
    }
}
