import FoundationEssentials
import Glibc
import VaultMarkdown
import VaultSystem

/// Carrying out a journal, for a change made now or one an interrupted run left.
extension ChangeExecutor {
    /// Carries out a journal. Every step checks what is already done, so running it again
    /// after a crash at any point finishes the change.
    ///
    /// - Parameters:
    ///   - known: what the plan read of the files it rewrites; a file whose status still
    ///     matches is written without being read again.
    ///   - read: the bytes the plan read of the files it rewrites, by path, for a change made
    ///     now (nil when finishing a journal): a file that changed elsewhere meanwhile then
    ///     has the whole change taken back, so the refusal leaves the vault as it was found.
    func complete(
        _ journal: IntentJournal, known: [String: FileSnapshot] = [:], read: [String: [UInt8]]? = nil
    ) throws -> ChangeReport {
        // A link put on the way since the journal was written is not gone through either.
        try checkInside(
            journal.moves + journal.sidecarMoves, edits: journal.edits.map(\.path) + (journal.removes ?? []).map(\.path),
            creates: (journal.creates ?? []).map(\.path))
        let writer = SafeWriter(fileSystem: fileSystem, synchronizes: false)
        var conflicts: [VaultWarning] = []
        for create in journal.creates ?? [] {
            try beforeStep?("create \(create.path)")
            if let problem = try self.create(create, writer: writer) {
                if let read, let report = try takeBack(journal, rewritten: [], read: read, because: problem) { return report }
                conflicts.append(problem)
            }
        }
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
        // Each edit by its place in the journal, so that those left alone are reported in it.
        var pending = Array(journal.edits.enumerated())
        var leftAlone: [(place: Int, warning: VaultWarning)] = []
        // Someone else's change to one file (an edit, a deletion, a chmod) leaves that file
        // alone and is reported; finishing a journal, it does not stop the others. A change
        // made now stops at the first and is taken back.
        while !pending.isEmpty {
            let stopping = read != nil && conflicts.isEmpty && leftAlone.isEmpty
            let outcomes = try rewrite(pending.map(\.element), known: known, writer: writer, stopping: stopping)
            var notBegun: [(offset: Int, element: IntentJournal.Edit)] = []
            var found: [(place: Int, warning: VaultWarning)] = []
            for (entry, outcome) in zip(pending, outcomes) {
                switch outcome {
                case .rewritten: rewritten.append(entry.element)
                case .leftAlone(let problem):
                    // A change that moves nothing (a tag renamed, tasks edited) rewrites no links.
                    let left = journal.moves.isEmpty ? "; it was not rewritten" : "; its links were not rewritten"
                    found.append((entry.offset, VaultWarning(path: entry.element.path, message: problem + left)))
                case .notBegun: notBegun.append(entry)
                case .failed: preconditionFailure("a failed rewrite is thrown")
                }
            }
            if let read, stopping, let first = found.first,
                let report = try takeBack(journal, rewritten: rewritten, read: read, because: first.warning)
            {
                return report
            }
            leftAlone += found
            pending = notBegun
        }
        conflicts += leftAlone.sorted { $0.place < $1.place }.map(\.warning)
        unrewritten += leftAlone.count
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
                conflicts.append(VaultWarning(path: move.from, message: keepSaveUnderOldName(move, writer: writer)))
            } catch FileError.readOnly(let folder) {
                conflicts.append(VaultWarning(path: move.from, message: "kept beside \(move.to): \(folder) became read-only"))
            }
        }
        var removed = 0
        for remove in journal.removes ?? [] {
            try beforeStep?("remove \(remove.path)")
            if let problem = try self.remove(remove, writer: writer) { conflicts.append(problem) } else { removed += 1 }
        }
        for folder in journal.emptiedFolders {
            try? fileSystem.removeEmptyDirectory(vault.absolutePath(folder))
        }
        try beforeStep?("sync")
        do { try fileSystem.synchronizeFileSystem(vault.root) } catch { throw SafeWriter.wrap(error) }
        try beforeStep?("done")
        try? fileSystem.removeFile(journalPath(journal.id))
        try? fileSystem.synchronizeDirectory(journalFolder)
        var report = ChangeReport(
            summary: journal.summary, moved: journal.moves.count, rewritten: journal.edits.count - unrewritten,
            conflicts: conflicts)
        report.created = (journal.creates ?? []).count - conflicts.filter { c in (journal.creates ?? []).contains { $0.path == c.path } }.count
        report.removed = removed
        return report
    }

    /// Makes one new file, never over another; returns why it was not made, if it was not.
    /// A file already there with the journal's bytes is this change's, made before a crash.
    private func create(_ create: IntentJournal.Create, writer: SafeWriter) throws -> VaultWarning? {
        let path = vault.absolutePath(create.path)
        if fileSystem.exists(path) {
            if let bytes = try? fileSystem.readFile(path), IntentJournal.hex(ContentHash.of(bytes)) == create.afterHash { return nil }
            return VaultWarning(path: create.path, message: "another file took this name; it was not created")
        }
        do { try fileSystem.createDirectories(SafeWriter.split(path).folder) } catch { throw SafeWriter.wrap(error) }
        do {
            try writer.create(path, with: create.after, permissions: create.permissions)
        } catch FileError.fileExists {
            return VaultWarning(path: create.path, message: "another file took this name; it was not created")
        }
        return nil
    }

    /// Deletes one file while it holds the bytes the plan read; returns why it was kept, if
    /// it was. A file already gone was removed before a crash.
    private func remove(_ remove: IntentJournal.Remove, writer: SafeWriter) throws -> VaultWarning? {
        let path = vault.absolutePath(remove.path)
        guard (try? fileSystem.linkStatus(path)) ?? nil != nil else { return nil }
        let kept = VaultWarning(path: remove.path, message: "changed elsewhere since the change began; kept")
        guard let (bytes, snapshot) = try? writer.read(path, settling: false), IntentJournal.hex(ContentHash.of(bytes)) == remove.beforeHash else {
            return kept
        }
        do { try writer.remove(path, expecting: snapshot) } catch FileError.fileChanged { return kept }
        return nil
    }

    /// Removes the leftovers of this writer in the folders a journal touches, those that hold
    /// nothing anyone saved (see `LeftoverFile`).
    func removeTemporaryFiles(_ journal: IntentJournal) -> [String] {
        let paths = journal.moves.flatMap { [$0.from, $0.to] } + journal.edits.map(\.path)
            + (journal.creates ?? []).map(\.path) + (journal.removes ?? []).map(\.path)
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
