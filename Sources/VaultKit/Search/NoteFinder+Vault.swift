import VaultSystem

extension NoteFinder {
    /// The notes of `vault` that match, best first, at most `limit` of them: what
    /// `rank(_:limit:where:frecency:)` gives for the notes of a scan of `detail`.
    ///
    /// Each note is ranked on the worker that read it, as the scan goes, and only the notes
    /// that match are kept: a scan that held every note until the last was read, then ranked
    /// them in a second pass, made a warm `find` a fifth slower at 10,000 notes. A query that
    /// looks for nothing lists every note (by use, then by date), and takes them all.
    ///
    /// - Parameters:
    ///   - selecting: which notes are read at all, by path (all when nil): the part of
    ///     `include` a path decides, asked before a note is read.
    ///   - include: which notes take part (all when nil).
    ///   - frecency: as for `rank(_:limit:where:frecency:)`.
    ///   - progress: as for `Vault.scan(detail:progress:)`.
    public func find(
        in vault: Vault, detail: NoteReader.Detail = .summary, limit: Int? = nil, selecting: PathSelection? = nil,
        where include: (@Sendable (Note) -> Bool)? = nil,
        frecency: ((Note) -> Double)? = nil, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> [NoteMatch] {
        var warnings: [VaultWarning] = []
        return try find(
            in: vault, detail: detail, limit: limit, selecting: selecting, where: include, frecency: frecency, progress: progress,
            warnings: &warnings)
    }

    /// The notes of `vault` that match, as `find(in:detail:limit:selecting:where:frecency:progress:)`
    /// gives them, with what the scan warned of in `warnings` (a fifo or a link out of the
    /// vault skipped, a note that cannot be read).
    public func find(
        in vault: Vault, detail: NoteReader.Detail = .summary, limit: Int? = nil, selecting: PathSelection? = nil,
        where include: (@Sendable (Note) -> Bool)? = nil,
        frecency: ((Note) -> Double)? = nil, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        warnings: inout [VaultWarning]
    ) throws -> [NoteMatch] {
        guard !looksForNothing else {
            var notes = CollectingSink<Note>()
            warnings = try vault.scan(detail: detail, selecting: selecting, progress: progress, into: &notes).warnings
            return listed(notes.elements, limit: limit, where: include, frecency: frecency)
        }
        // A ranked note's index is its place among the notes kept, which the ranking lets go
        // of as better ones push it out.
        var kept = BoundedRanking<RankedNote>(limit: limit ?? Int.max, budget: Int.max)
        var notes: [Int: Note] = [:]
        var next = 0
        // A note none of whose texts the prefilter takes is not made at all: most of them.
        let prefilter = prefilter
        var admits: (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)?
        if !prefilter.isEmpty { admits = { prefilter.mayMatch($0) } }
        warnings = try vault.scan(
            detail: detail, selecting: selecting, progress: progress, admitting: admits, state: { Worker(finder: self) },
            making: { worker, note -> Found? in
                if let include, !include(note) { return nil }
                return worker.rank(note, index: 0).map { Found(ranked: $0, note: note) }
            },
            results: { found in
                guard var found else { return true }
                found.ranked.index = next
                notes[next] = found.note
                next += 1
                kept.insert(found.ranked) { notes[$0.index] = nil }
                return true
            }).warnings
        var matcher = FuzzyMatcher()
        return kept.sorted().map { spelledOut($0, notes[$0.index]!, with: &matcher) }
    }

    /// A note that matched, as its worker ranked it.
    struct Found: Sendable {
        var ranked: RankedNote
        let note: Note
    }
}
