import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// What recovery does when a new name turns out not to hold the moved note (another file took
/// it after a crash): undo the change if no linking note was touched, else stop where it is.
extension ChangeExecutor {
    /// True unless every linking note is exactly as the plan read it: one rewritten, torn,
    /// edited, gone or unreadable since means the change has touched, or may have touched, it.
    ///
    /// - Parameter taken: new names another file holds; a moved note is read under its old
    ///   name there, as it is where its new name is not in place yet.
    func rewritingBegan(_ journal: IntentJournal, taken: Set<String>) -> Bool {
        let oldNames = Dictionary((journal.moves).map { ($0.to, $0.from) }, uniquingKeysWith: { a, _ in a })
        return journal.edits.contains { edit in
            var path = vault.absolutePath(edit.path)
            if taken.contains(edit.path) || !fileSystem.exists(path), let old = oldNames[edit.path] { path = vault.absolutePath(old) }
            let bytes = try? fileSystem.readFile(path)
            return bytes.map { String(ContentHash.of($0), radix: 16) != edit.beforeHash } ?? true
        }
    }

    /// Takes back what a change did to names (second names removed, renamed files moved back,
    /// never replacing anything) and drops its journal, which holds no text that is not also
    /// in its notes: none was rewritten. A file that cannot be put back stays, and the notes
    /// whose links named it are listed.
    func undo(_ journal: IntentJournal, because taken: [VaultWarning]) throws -> ChangeReport {
        let takenNames = Set(taken.map(\.path))
        var stays: [VaultWarning] = []
        for move in journal.moves + journal.sidecarMoves where !takenNames.contains(move.to) {
            if let problem = try putBack(move, plannedHash: journal.movedHashes?[move.from].flatMap { UInt64($0, radix: 16) }) {
                stays.append(problem)
            }
        }
        removeFoldersMade(by: journal)
        if !stays.isEmpty {
            stays += linkingNotes(journal, except: takenNames, message: "its links to the notes that stay moved may dangle; check them")
        }
        do { try fileSystem.synchronizeFileSystem(vault.root) } catch { throw SafeWriter.wrap(error) }
        try? fileSystem.removeFile(journalPath(journal.id))
        var report = ChangeReport(summary: journal.summary, moved: stays.count, rewritten: 0, conflicts: taken + stays)
        report.undone = stays.isEmpty
        return report
    }

    /// Stops a change whose rewriting had begun when a new name turned out not to hold the
    /// moved note: no further note is rewritten and every old name stays. A note a crash left
    /// empty is restored from the journal, the only place its text is. Every linking note is
    /// named, to be checked: some links may lead to the new names, some to the old.
    func stop(_ journal: IntentJournal, because taken: [VaultWarning]) throws -> ChangeReport {
        let writer = SafeWriter(fileSystem: fileSystem, synchronizes: false)
        let takenNames = Set(taken.map(\.path))
        for edit in journal.edits where !takenNames.contains(edit.path) {
            let path = vault.absolutePath(edit.path)
            guard let after = edit.after, let (bytes, snapshot) = try? writer.read(path), bytes.isEmpty,
                String(ContentHash.of(bytes), radix: 16) != edit.beforeHash
            else { continue }
            try writer.replace(path, with: after, expecting: snapshot)
        }
        let names = takenNames.sorted().joined(separator: ", ")
        let affected = linkingNotes(journal, except: takenNames, message: "the change stopped at \(names); its links may lead to old or new names; check them")
        do { try fileSystem.synchronizeFileSystem(vault.root) } catch { throw SafeWriter.wrap(error) }
        try? fileSystem.removeFile(journalPath(journal.id))
        return ChangeReport(summary: journal.summary, moved: 0, rewritten: 0, conflicts: taken + affected)
    }

    /// The folders of the journal's new names that do not exist yet, each with the folders
    /// above it that do not either, deepest first.
    func foldersToMake(_ journal: IntentJournal) -> [String] {
        var made = Set<String>()
        for path in (journal.moves + journal.sidecarMoves).map(\.to) + (journal.creates ?? []).map(\.path) {
            var folder = LinkIndex.folder(of: path)
            while !folder.isEmpty, !made.contains(folder), !fileSystem.exists(vault.absolutePath(folder)) {
                made.insert(folder)
                folder = LinkIndex.folder(of: folder)
            }
        }
        return made.sorted { $0.utf8.count != $1.utf8.count ? $0.utf8.count > $1.utf8.count : $0 < $1 }
    }

    /// Removes, while empty, the folders a change taken back made; a journal of an earlier
    /// `vault` names none, and then the folders of its new names go while empty.
    func removeFoldersMade(by journal: IntentJournal) {
        let folders = journal.madeFolders ?? Array(Set((journal.moves + journal.sidecarMoves).map { LinkIndex.folder(of: $0.to) }))
        for folder in folders where !folder.isEmpty {
            try? fileSystem.removeEmptyDirectory(vault.absolutePath(folder))
        }
    }

    /// A warning for each note the change rewrites, but for the names another file holds.
    func linkingNotes(_ journal: IntentJournal, except taken: Set<String>, message: String) -> [VaultWarning] {
        journal.edits.map(\.path).filter { !taken.contains($0) && fileSystem.exists(vault.absolutePath($0)) }.sorted()
            .map { VaultWarning(path: $0, message: message) }
    }

    /// Takes back a change made now that met someone else's change to one of its files: the
    /// notes it rewrote get back the bytes the plan read, its new names go (never replacing
    /// anything), and the journal is dropped, so the refusal leaves the vault as it was found
    /// but for that other change. Nil, with nothing touched, when a rewritten note was edited
    /// again since (its links now lead to the new names, so the change goes on as a journal
    /// would be finished, keeping both names).
    ///
    /// - Parameters:
    ///   - rewritten: the edits written so far; `read`: the plan's bytes of each, by path,
    ///     but for those held as a patch, which makes them back.
    ///   - recording: false when finishing a take-back a stopped run began, whose
    ///     `TakeBackRecord` is there already; true writes one first.
    func takeBack(
        _ journal: IntentJournal, rewritten: [IntentJournal.Edit], read: [String: [UInt8]], because problem: VaultWarning?,
        recording: Bool = true
    ) throws -> ChangeReport? {
        let writer = SafeWriter(fileSystem: fileSystem, synchronizes: false)
        let oldNames = Dictionary((journal.moves + journal.sidecarMoves).map { ($0.to, $0.from) }, uniquingKeysWith: { a, _ in a })
        // Every linking note is checked before any is put back, so a refusal here changes nothing.
        var restores: [(path: String, bytes: [UInt8], snapshot: FileSnapshot)] = []
        var record = TakeBackRecord(restores: [])
        for edit in rewritten where oldNames[edit.path] == nil {
            let path = vault.absolutePath(edit.path)
            guard let (bytes, snapshot) = try? writer.read(path), String(ContentHash.of(bytes), radix: 16) == edit.afterHash,
                let before = read[edit.path] ?? edit.readBytes(from: bytes)
            else { return nil }
            restores.append((path, before, snapshot))
            record.restores.append(TakeBackRecord.Restore(path: edit.path, before: before))
        }
        if recording { try writeTakeBackRecord(record, for: journal.id) }
        for restore in restores {
            try beforeStep?("take back \(vault.relativePath(restore.path))")
            try writer.replace(restore.path, with: restore.bytes, expecting: restore.snapshot)
        }
        var stays: [VaultWarning] = []
        // A file the change made goes while it holds what the change wrote; another is kept.
        for create in journal.creates ?? [] {
            let path = vault.absolutePath(create.path)
            if let (bytes, snapshot) = try? writer.read(path, settling: false), IntentJournal.hex(ContentHash.of(bytes)) == create.afterHash {
                try writer.remove(path, expecting: snapshot)
            }
        }
        // A moved note the change rewrote has its new text under the new name only; its old
        // name still holds it as read. An edit made there since is kept.
        var removed = Set<String>()
        for edit in rewritten where oldNames[edit.path] != nil {
            try beforeStep?("take back \(edit.path)")
            let path = vault.absolutePath(edit.path)
            if let (bytes, snapshot) = try? writer.read(path), String(ContentHash.of(bytes), radix: 16) == edit.afterHash,
                fileSystem.exists(vault.absolutePath(oldNames[edit.path]!))
            {
                try writer.remove(path, expecting: snapshot)
            } else {
                stays.append(VaultWarning(path: edit.path, message: "edited under its new name meanwhile; kept beside \(oldNames[edit.path]!)"))
            }
            removed.insert(edit.path)
        }
        for move in journal.moves + journal.sidecarMoves where !removed.contains(move.to) {
            try beforeStep?("take back \(move.to)")
            let planned = journal.movedHashes?[move.from].flatMap { UInt64($0, radix: 16) }
            if let problem = try takeBackName(move, plannedHash: planned) { stays.append(problem) }
        }
        removeFoldersMade(by: journal)
        do { try fileSystem.synchronizeFileSystem(vault.root) } catch { throw SafeWriter.wrap(error) }
        // The journal first: a journal left without its record would have the next run finish
        // the change. One that cannot be removed keeps its record, so the next run takes the
        // change back again (nothing is left to do) and then removes both.
        try? fileSystem.removeFile(journalPath(journal.id))
        if !fileSystem.exists(journalPath(journal.id)) { try? fileSystem.removeFile(takeBackRecordPath(journal.id)) }
        let refused = problem.map {
            VaultWarning(path: $0.path, message: $0.message + "; so the change was taken back: nothing was moved or rewritten")
        }
        var report = ChangeReport(summary: journal.summary, moved: 0, rewritten: 0, conflicts: (refused.map { [$0] } ?? []) + stays)
        report.undone = stays.isEmpty
        return report
    }

    /// Takes back a new name: a second name of the moved file goes; where the old name was
    /// saved over since (a new file there), the new name, which holds the note only as
    /// planned, goes too, as the save is the newer text.
    private func takeBackName(_ move: FileMove, plannedHash: UInt64?) throws -> VaultWarning? {
        let from = vault.absolutePath(move.from)
        let to = vault.absolutePath(move.to)
        if Naming.collisionKey(move.from) != Naming.collisionKey(move.to), let plannedHash,
            let old = try? fileSystem.linkStatus(from), let new = try? fileSystem.linkStatus(to), old.kind == .file, new.kind == .file,
            old.inode != new.inode || old.device != new.device,
            (try? fileSystem.readFile(to)).map(ContentHash.of) == plannedHash
        {
            do { try fileSystem.removeFile(to) } catch { throw SafeWriter.wrap(error) }
            return nil
        }
        return try putBack(move, plannedHash: plannedHash)
    }

    /// Where the `TakeBackRecord` of the journal `id` is kept.
    func takeBackRecordPath(_ id: String) -> String { journalFolder + "/" + TakeBackRecord.fileName(for: id) }

    /// Writes, and makes durable, what taking back the change of journal `id` puts back.
    private func writeTakeBackRecord(_ record: TakeBackRecord, for id: String) throws {
        let path = takeBackRecordPath(id)
        try? fileSystem.removeFile(path)
        try SafeWriter(fileSystem: fileSystem).create(path, with: try record.encoded())
    }

    /// Takes back the change of `journal` that a stopped run began to take back, when its
    /// `TakeBackRecord` is beside the journal; nil when there is none, or when a note it
    /// rewrote was edited again since (the change is then finished, keeping both names).
    func finishTakingBack(_ journal: IntentJournal) throws -> ChangeReport? {
        let path = takeBackRecordPath(journal.id)
        guard fileSystem.exists(path) else { return nil }
        let edits = Dictionary(journal.edits.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        // Each text to put back must be the one the change read: a damaged record is not
        // written into a note.
        guard let bytes = try? fileSystem.readFile(path), let record = try? TakeBackRecord.decode(bytes),
            record.restores.allSatisfy({ restore in edits[restore.path]?.beforeHash == IntentJournal.hex(ContentHash.of(restore.before)) })
        else {
            throw VaultError.unfinishedChange(
                journal: ".zennotes/journal/" + TakeBackRecord.fileName(for: journal.id), reason: "what taking the change back puts back cannot be read")
        }
        // Each note of the change read once, for both questions below.
        let now = edits.mapValues { edit in
            (try? fileSystem.readFile(vault.absolutePath(edit.path))).map { IntentJournal.hex(ContentHash.of($0)) }
        }
        // A note to put back that holds neither what the change wrote nor what it read was
        // edited since the run stopped, perhaps with links to the new names: the change is
        // then finished, keeping both names, as one taken back is when that happens as it runs.
        let edited = record.restores.contains { restore in
            let found = now[restore.path] ?? nil
            return found != edits[restore.path]?.afterHash && found != edits[restore.path]?.beforeHash
        }
        // The notes that still hold what the change wrote; those put back already do not.
        let rewritten = journal.edits.filter { (now[$0.path] ?? nil) == $0.afterHash }
        if !edited, let report = try takeBack(journal, rewritten: rewritten, read: record.read, because: nil, recording: false) { return report }
        try? fileSystem.removeFile(path)
        return nil
    }
}
