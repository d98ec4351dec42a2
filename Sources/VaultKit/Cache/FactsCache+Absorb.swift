import VaultMarkdown
import VaultSystem

/// Leaving the stored table behind when a run read afresh most of what it held.
extension FactsCache {
    /// When this run read afresh most of the notes the stored file keeps (a first `tasks`
    /// after a first `check`: each kept only what it asked for), the few stored records
    /// still kept are decoded and encoded again against this run's table; true when that was
    /// done, and the next file then needs nothing of the stored one.
    ///
    /// The table is only ever appended to, and the records read afresh name their values a
    /// second time in this run's part of it: without this, every such run would leave a
    /// table's worth behind (a quarter of the file at 100,000 notes). A file with no table
    /// is let go the same way: its index (16 MB at 100,000 notes) is then not held while
    /// the next file is written, which made the highest point of a first `check` after
    /// `tags`. A record that cannot be decoded is not kept: its note is read again next time.
    ///
    /// - Parameters:
    ///   - walked: the notes the last walk found (nil when none walked the vault).
    ///   - all: take in every stored record however many there are (see `tableNeedsCompacting`).
    func absorbStoredRecords(walked: WalkedPaths?, all: Bool = false) -> Bool {
        // Asked of the fresh records themselves: a set of their paths was 8 MB at 100,000 notes.
        guard let (file, freshCount) = lock.withLock({ file.map { ($0, fresh.count) } }) else { return false }
        var kept: [(path: String, entry: CacheFileFormat.Entry)] = []
        var cursor = 0
        for entry in file.contents.entries {
            let path = file.path(of: entry)
            if lock.withLock({ fresh.slot(for: path) != nil }) || !(walked?.contains(path, after: &cursor) ?? true) { continue }
            kept.append((path, entry))
            // Few enough that decoding them costs less than the table they keep alive; a run
            // that read a few notes afresh knows it is not so after as many stored ones, not
            // after every entry (100,000 paths made for one note that changed).
            guard all || kept.count * 4 <= freshCount else { return false }
        }
        for (path, entry) in kept {
            if let record = storedRecord(entry, in: file) { store(record, for: path) }
        }
        return true
    }

    /// The whole record of a stored entry, as it was recorded; nil when it cannot be read
    /// or was racy (its note is read again anyway).
    func storedRecord(_ entry: CacheFileFormat.Entry, in file: CacheFile) -> NoteRecord? {
        guard let head = file.head(of: entry), !head.isRacy else { return nil }
        return storedRecord(file, entry, status: head.status, wanted: head.parts, taskLines: true)
    }
}
