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
        let fill = CacheFill(cache: cache, fileSystem: fileSystem, dialect: dialect, root: root)
        let holdings = fill.holdings(of: notes, parts: parts)
        return try fill.fill(notes.map(\.path), holdings: holdings, parts: parts, marking: true, progress: nil)
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
        let fill = CacheFill(cache: cache, fileSystem: fileSystem, dialect: dialect, root: root)
        let holdings = fill.holdings(of: notes, parts: .all)
        let read = try fill.fill(notes.map(\.path), holdings: holdings, parts: .all, marking: false, progress: progress)
        try cache.finish()
        return read
    }
}
