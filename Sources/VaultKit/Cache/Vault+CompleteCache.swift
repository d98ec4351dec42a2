import VaultMarkdown
import VaultSystem

extension Vault {
    /// Reads afresh each of `notes` whose record in the cache does not hold every fact of
    /// `parts` (or that has none), then saves the cache; how many notes were read.
    ///
    /// For a reader that lives long (a server): a command keeps what it asked for, so each
    /// new kind of question (tags, then tasks, then links) read every note again, and at
    /// 100,000 notes each such read held a second table of values beside the stored one
    /// and beside all the call had made. Made whole once, right after a walk and before
    /// anything is made from it, every later call reads records only. Which records are
    /// whole is told by the cache's index alone: a warm cache costs a lookup per note, no `stat`.
    ///
    /// - Throws: the file system's error when the cache cannot be written (the records
    ///   read stay in memory, and are written by the next save that can).
    @discardableResult
    public func completeCache(for notes: [Note], parts: NoteFacts.Parts = .all) throws -> Int {
        try completingCache(for: notes, parts: parts) ?? 0
    }

    /// `completeCache(for:parts:)`, nil when there is no cache or it takes no file.
    func completingCache(for notes: [Note], parts: NoteFacts.Parts) throws -> Int? {
        // A cache that cannot be written would keep every whole record in memory, call
        // after call (186 MiB at 100,000 notes): without it each call reads what it needs.
        guard let cache, cache.takesFiles() else { return nil }
        return try fill(cache, notes: notes, parts: parts, marking: true, progress: nil)
    }

    /// Reads every note into an empty cache and saves it; the number of notes read
    /// (placeholders and unreadable notes are not).
    ///
    /// - Throws: `VaultError.noCache` when the vault has none, the walk's errors, and the
    ///   file system's when the cache cannot be written.
    public func rebuildCache(progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws -> Int {
        guard let cache else { throw VaultError.noCache(reason: "") }
        try cache.clear()
        // The walk lists the notes, and each is read into the cache without its facts being
        // kept: a scan of every fact held each note's headings and tags beside the records
        // and values waiting to be saved (124 MiB at 100,000 notes, against 93).
        let notes = try scan(detail: .paths).notes
        let read = try fill(cache, notes: notes, parts: .all, marking: false, progress: progress)
        try cache.finish()
        return read
    }

    /// Reads afresh each of `notes` whose record lacks a fact of `parts`, then saves the cache
    /// when any was; how many were read.
    ///
    /// - Parameter marking: mark the records read as found valid by the walk, for questions
    ///   asked of them next.
    private func fill(
        _ cache: FactsCache, notes: [Note], parts: NoteFacts.Parts, marking: Bool,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    ) throws -> Int {
        let reader = CachedReader(fileSystem: fileSystem, cache: cache, dialect: dialect)
        let count = notes.count
        // The walk just checked each record against its file, and read again the notes that
        // changed: a whole record is passed over without a second `stat`, and one that turns
        // out stale is read again by the call that meets it, as always.
        let holdings = ParallelMap.map(count, minimumPerWorker: 1_024) { position -> FactsCache.Holding? in
            let note = notes[position]
            guard note.availability == .available else { return nil }
            let holding = cache.holding(note.path, status: nil)
            if case .valid(let held) = holding, held.isSuperset(of: parts) { return nil }
            return holding
        }
        // Most notes to be read again (a first `check` after `tags`): the stored file is let go
        // while they are, and not opened again to be merged when every note was read. Held
        // beside what the reading makes, its index took a first check at 100,000 notes from
        // 88 to 104 MiB.
        let toRead = holdings.count { $0 != nil }
        if toRead >= 1_000 && toRead * 2 >= count { cache.letGoOfFile() }
        let read = ParallelMap.map(count, minimumPerWorker: 256, progress: progress) { position -> Bool in
            guard let holding = holdings[position] else { return false }
            let path = notes[position].path
            // A note that cannot be read now is read again by the call that needs it.
            return (try? reader.read(path: path, absolute: absolutePath(path), wanted: parts, holds: holding)) != nil
        }
        let readCount = read.count { $0 }
        guard readCount > 0 else { return 0 }
        try cache.save()
        // The file written is new to the walk: the records just read from their files are
        // asked of without a second `stat` (a first `check` took one of every note).
        if marking {
            for (position, wasRead) in read.enumerated() where wasRead { cache.markRead(notes[position].path) }
        }
        return readCount
    }
}

extension FactsCache {
    /// True when the cache folder takes files now: made if it was not, and a scratch file
    /// made there (unlinked at once, so nothing is left).
    fileprivate func takesFiles() -> Bool {
        guard (try? fileSystem.createDirectories(location.folder)) != nil else { return false }
        return ScratchFile(folder: location.folder, capacity: 0) != nil
    }
}
