import VaultMarkdown
import VaultSystem

/// Reads notes into the cache ahead of a command's own pass over them, and saves it: the
/// one way a run fills the cache in bulk (`cache rebuild`, a server's `completeCache`, and a
/// pass whose records are mostly short of what it asks).
struct CacheFill {
    let cache: FactsCache
    let fileSystem: any FileSystem
    let dialect: NoteDialect
    /// The vault's folder, which note paths are relative to.
    let root: String

    /// What the cache holds of each of `notes` that is to be read afresh for `parts`: nil
    /// for one whose record holds them, whatever the note is now (the walk just checked it),
    /// and for one that cannot be read.
    func holdings(of notes: [Note], parts: NoteFacts.Parts) -> [FactsCache.Holding?] {
        ParallelMap.map(notes.count, minimumPerWorker: 1_024) { position -> FactsCache.Holding? in
            let note = notes[position]
            return note.availability == .available ? Self.lacking(cache.holding(note.path, status: nil), parts) : nil
        }
    }

    /// `holding`, or nil when it is a valid record that holds `parts`.
    private static func lacking(_ holding: FactsCache.Holding, _ parts: NoteFacts.Parts) -> FactsCache.Holding? {
        if case .valid(let held) = holding, held.isSuperset(of: parts) { return nil }
        return holding
    }

    /// Before a pass over `paths` that asks each note for `parts`, reads into the cache, and
    /// saves, the notes whose record is stale or valid but short of `parts`, when they are
    /// most of the notes; how many were read.
    ///
    /// Such a note is read for every fact (see `CachedReader.read`), so that the commands
    /// after find it whole: read by the pass itself, as a first `tags` after a first `check`
    /// read every note, the pass held its notes, the stored file's index and the values
    /// waiting to be saved all at once (118 MiB at 100,000 notes). Read first, with the
    /// stored file let go and nothing of the notes kept, the peak is about a `cache
    /// rebuild`'s, and the pass then reads records. Notes with no record, or a header's
    /// (`list`'s), do not count: the pass reads those for what it asks, no more, so that a
    /// command's first run costs about what it costs without a cache.
    ///
    /// - Parameters:
    ///   - count: how many notes the walk found, in the pass's order.
    ///   - progress: told how far the fill is, when there is one.
    ///   - note: the path of note `position` and its status from the walk just taken (nil to
    ///     take what its record holds whatever the file is now: a stale one is then read by
    ///     the pass, as always); nil for a note the pass does not read.
    @discardableResult
    func beforeRereading(
        count: Int, parts: NoteFacts.Parts, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        note: @escaping @Sendable (_ position: Int) -> (path: String, status: FileStatus?)?
    ) -> Int {
        guard count >= max(cache.fillFloor, 1) else { return 0 }
        let cache = cache
        // What the cache holds of a note the pass reads, when its record lacks `parts`.
        let holding: @Sendable (Int) -> FactsCache.Holding? = { position in
            note(position).flatMap { Self.lacking(cache.holding($0.path, status: $0.status), parts) }
        }
        // A note read again for everything, where the pass alone would hold it all at once.
        func rereads(_ holding: FactsCache.Holding?) -> Bool { holding.map { $0 != .nothing && $0.partsToRead(parts) == .all } ?? false }
        // A sample first: a warm pass, the usual one, then costs 64 lookups rather than one a note.
        let samples = min(64, count)
        guard (0..<samples).count(where: { rereads(holding($0 * count / samples)) }) * 8 >= samples * 3, cache.takesFiles()
        else { return 0 }
        let holdings = ParallelMap.map(count, minimumPerWorker: 1_024, holding)
        guard holdings.count(where: rereads) * 2 >= count else { return 0 }
        // The rest are read too (for what is asked, as the pass would read them), and the
        // notes the walk found that the pass leaves out (the archive and the trash, for
        // `tasks`): when every walked note was read, the save needs nothing of the stored
        // file. At 100,000 notes, the 11,000 left out had it opened and their records
        // decoded against its tables beside the values read (108 MiB, against 90).
        var paths = (0..<count).map { holdings[$0] == nil ? "" : note($0)?.path ?? "" }
        var allHoldings = holdings
        let others = cache.walkedPaths(besides: (0..<count).compactMap { note($0)?.path })
        let otherHoldings = ParallelMap.map(others.count, minimumPerWorker: 1_024) { cache.holding(others[$0], status: nil) }
        for (path, held) in zip(others, otherHoldings) {
            guard let held = Self.lacking(held, parts) else { continue }
            paths.append(path)
            allHoldings.append(held)
        }
        // Not saved now (a full disk, a cache folder taken away): the pass reads what it
        // asks, as it would have, and saves what it can.
        return (try? fill(paths, holdings: allHoldings, parts: parts, marking: true, progress: progress)) ?? 0
    }

    /// Reads afresh each of `paths` that has a holding, for `parts`, then saves the cache
    /// when any was; how many were read.
    ///
    /// - Parameter marking: mark the records read as found valid by the walk, for questions
    ///   asked of them next.
    func fill(
        _ paths: [String], holdings: [FactsCache.Holding?], parts: NoteFacts.Parts, marking: Bool,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    ) throws -> Int {
        let reader = CachedReader(fileSystem: fileSystem, cache: cache, dialect: dialect)
        let count = paths.count
        // Most notes to be read again (a first `check` after `tags`): the stored file is let go
        // while they are, and not opened again to be merged when every note was read. Held
        // beside what the reading makes, its index took a first check at 100,000 notes from
        // 88 to 104 MiB.
        let toRead = holdings.count { $0 != nil }
        if toRead >= cache.fillFloor && toRead * 2 >= count { cache.letGoOfFile() }
        var read = ParallelMap.map(count, minimumPerWorker: 256, progress: progress) { position -> Bool in
            guard let holding = holdings[position] else { return false }
            let path = paths[position]
            // A note that cannot be read now is read again by the call that needs it.
            return (try? reader.read(path: path, absolute: String(path: root, path), wanted: parts, holds: holding)) != nil
        }
        let readCount = read.count { $0 }
        guard readCount > 0 else { return 0 }
        // Only a record this run holds goes into the file written: a note read but not kept
        // (a scratch file the disk would not take) has there, at most, the record it had.
        for position in read.indices where read[position] && !cache.holdsFresh(paths[position]) { read[position] = false }
        try cache.save()
        // The file written is new to the walk: the records just read from their files are
        // asked of without a second `stat` (a first `check` took one of every note).
        if marking {
            for (position, kept) in read.enumerated() where kept { cache.markRead(paths[position]) }
        }
        return readCount
    }
}

extension FactsCache {
    /// The notes the last walk of the whole vault found that are not among `paths` (none
    /// when no such walk was taken).
    fileprivate func walkedPaths(besides paths: [String]) -> [String] {
        guard let walked = lock.withLock({ walked }), walked.count > paths.count else { return [] }
        let known = Set(paths.lazy.map(PathBytes.init))
        return walked.filter { !known.contains(PathBytes($0)) }
    }

    /// True when this run read `path` afresh and holds its record, to be saved.
    fileprivate func holdsFresh(_ path: String) -> Bool {
        lock.withLock { fresh.slot(for: path) != nil }
    }

    /// True when the cache folder takes files now: made if it was not, and a scratch file
    /// made there (unlinked at once, so nothing is left).
    func takesFiles() -> Bool {
        guard (try? fileSystem.createDirectories(location.folder)) != nil else { return false }
        return ScratchFile(folder: location.folder, capacity: 0) != nil
    }
}
