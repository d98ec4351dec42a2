import FoundationEssentials
import Synchronization
import VaultMarkdown
import VaultSystem

/// Looking a note's record up: in the records read afresh this run, else in the cache file,
/// valid only for the status the note's file has now.
extension FactsCache {
    /// What the cache holds of a note, for a reading to decide what to keep of it.
    enum Holding: Equatable {
        /// No record: a note new to the cache, or a cache filled for the first time.
        case nothing
        /// A record of the file as it was before it changed.
        case stale
        /// A record valid for the file now, holding these parts of its facts.
        case valid(NoteFacts.Parts)

        /// What a note read afresh is read for when `wanted` is asked: everything when its
        /// record is stale or holds a body (so that the commands after find it whole, and two
        /// never take turns reading it), else what is asked and what the record held.
        func partsToRead(_ wanted: NoteFacts.Parts) -> NoteFacts.Parts {
            switch self {
            case .nothing: return wanted
            case .stale: return .all
            case .valid(let recorded): return recorded.isDisjoint(with: NoteRecord.bodyParts) ? wanted.union(recorded) : .all
            }
        }
    }

    /// What the cache holds of `path` for a file now of `status`, read from the index alone
    /// and not counted as a hit or a miss; with no status, what its record holds whatever
    /// the file is now (for a caller that only wants to know whether it is whole).
    func holding(_ path: String, status: FileStatus?) -> Holding {
        func holding(_ head: NoteRecord.Head?) -> Holding {
            guard let head, status.map({ valid(head, now: $0) }) ?? true else { return .stale }
            return .valid(head.parts)
        }
        if let slot = freshSlot(for: path) {
            guard let index = lock.withLock({ fresh.index(of: slot) }) else { return .stale }
            return holding(index.withUnsafeBufferPointer { NoteRecord.head(in: $0, 0..<$0.count) })
        }
        guard let (file, entry, _) = storedEntry(for: path) else { return .nothing }
        return holding(file.head(of: entry))
    }

    /// The stored record of `path`: the delta file's, else the main file's.
    func storedEntry(for path: String) -> (file: CacheFile, entry: CacheFileFormat.Entry, ordinal: Int)? {
        let (file, delta) = files()
        return withStoredEntry(for: path, in: StoredFiles(main: file, delta: delta)) { ($0, $1, $2) }
    }

    /// The cache's files as open at one moment, for a pass that looks up every note: taken
    /// once, not for each note under the cache's lock (which two workers asking for every
    /// note passed back and forth, with the files' reference counts).
    struct StoredFiles: Sendable {
        let main: CacheFile?
        let delta: CacheFile?
    }

    /// The files as open now, opening them when they are not (see `StoredFiles`).
    func storedFiles() -> StoredFiles {
        let (file, delta) = files()
        return StoredFiles(main: file, delta: delta)
    }

    /// `body` of the file of `stored` that holds the record of `path` (the delta, else the
    /// main file), its entry and its place; nil when neither holds one. The file is lent to
    /// `body`, not returned: a reference returned is counted, on a count the workers share.
    func withStoredEntry<Result>(
        for path: String, in stored: StoredFiles, _ body: (CacheFile, CacheFileFormat.Entry, Int) -> Result
    ) -> Result? {
        if let delta = stored.delta, let ordinal = delta.ordinal(for: path) { return body(delta, delta.contents.entries[ordinal], ordinal) }
        if let main = stored.main, let ordinal = main.ordinal(for: path) { return body(main, main.contents.entries[ordinal], ordinal) }
        return nil
    }

    /// Where the record of `path` read afresh this run is kept; nil when none is.
    func freshSlot(for path: String) -> FreshRecords.Slot? {
        // A warm run reads nothing afresh: no path is hashed for it, nor the lock taken.
        guard holdsFresh.load(ordering: .acquiring) else { return nil }
        return lock.withLock { fresh.isEmpty ? nil : fresh.slot(for: path) }
    }

    /// The record of `path` when it is valid for a file now of `status` and holds `wanted`;
    /// nil (a miss) otherwise.
    func record(for path: String, status: FileStatus, wanted: NoteFacts.Parts, taskLines: Bool) -> NoteRecord? {
        let needsBody = !wanted.isDisjoint(with: NoteRecord.bodyParts)
        if let slot = freshSlot(for: path) {
            guard let (encoded, strings) = lock.withLock({ fresh.record(of: slot).map { ($0, strings) } }) else { return count(nil) }
            return count(
                strings.withTables { table, side in
                    encoded.index.withUnsafeBufferPointer { index in
                        encoded.body.withUnsafeBufferPointer { body in
                            decode(
                                index, 0..<index.count, body, 0..<body.count, needsBody ? (table, side) : nil, status, wanted, taskLines,
                                stem: { NoteFiles.stem(ofPath: path) })
                        }
                    }
                })
        }
        guard let (file, entry, ordinal) = storedEntry(for: path) else { return count(nil) }
        // Validated on the index alone: a note that changed, or whose record lacks what is
        // asked (a first `tasks` after a first `check`), costs no read of its body, nor of
        // the table (25 MB at 100,000 notes) that would only be read to find that out.
        guard let head = file.head(of: entry), valid(head, now: status), head.parts.union(.header).isSuperset(of: wanted) else {
            return count(nil)
        }
        let record = storedRecord(file, entry, status: status, wanted: wanted, taskLines: taskLines)
        if record != nil { file.markWalked(ordinal) }
        return count(record)
    }

    /// False when the stored record of `path`, valid for a file now of `status` and one that
    /// `record(for:status:wanted:taskLines:)` would serve, shows that `accepts` takes neither
    /// the note's title (when written: a title not written is the file's name) nor any of
    /// its aliases, and its header has nothing to say (no frontmatter issues): counted as a
    /// hit, with no fact decoded. Nil when the record cannot tell (none, stale, short of
    /// `wanted`, not UTF-8, read afresh this run), and the note is then read as usual.
    ///
    /// A ranking of titles passes over most notes: this decides on their index bytes, where
    /// decoding each record and making its note was a seventh of a `find`.
    func mayAdmit(
        _ path: String, status: FileStatus, wanted: NoteFacts.Parts, summary: Bool, accepting accepts: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool? {
        guard freshSlot(for: path) == nil, let (file, entry, ordinal) = storedEntry(for: path), let head = file.head(of: entry),
            valid(head, now: status), head.parts.union(.header).isSuperset(of: wanted), head.isUTF8, head.isComplete || summary
        else { return nil }
        let texts = file.index.withUnsafeBufferPointer { index -> NoteFacts.HeaderTexts? in
            var reader = ByteReader(index, start: entry.index.lowerBound, end: entry.index.upperBound)
            guard (try? NoteRecord.head(&reader)) != nil else { return nil }
            return try? NoteFacts.headerTexts(from: &reader, accepting: accepts)
        }
        guard let texts else { return nil }
        guard !texts.accepted, !texts.hasIssues else { return true }
        file.markWalked(ordinal)
        hits.add()
        return false
    }

    /// The stored record of `entry` in `file`, its index already found valid for `status`;
    /// nil when its body cannot be read or decoded (the damage is then said once).
    func storedRecord(
        _ file: CacheFile, _ entry: CacheFileFormat.Entry, status: FileStatus, wanted: NoteFacts.Parts, taskLines: Bool
    ) -> NoteRecord? {
        guard !wanted.isDisjoint(with: NoteRecord.bodyParts) else {
            return file.index.withUnsafeBufferPointer { index in
                decode(
                    index, entry.index, UnsafeBufferPointer(start: nil, count: 0), 0..<0, nil, status, wanted, taskLines, checked: true,
                    stem: { file.stem(of: entry) })
            }
        }
        guard let body = self.body(of: entry, in: file) else { return nil }
        let decoded = file.withTables(from: entry.bases, for: wanted) { table, side in
            file.index.withUnsafeBufferPointer { index in
                body.withUnsafeBufferPointer { body in
                    decode(
                        index, entry.index, body, 0..<body.count, (table, side), status, wanted, taskLines, checked: true,
                        stem: { file.stem(of: entry) })
                }
            }
        }
        guard let decoded else {
            noteDamage(file.path)
            return nil
        }
        return decoded
    }

    /// The record in `index[indexRange]` and `body[bodyRange]`, the body's shared values in
    /// `tables` (nil when no body is wanted), when it is valid for a file now of `status` and
    /// holds `wanted`. The index entry shares nothing: it is read without the tables.
    ///
    /// - Parameters:
    ///   - checked: true when the caller found the entry's head valid for `status` already
    ///     (a warm walk decoded each head three times).
    ///   - stem: the stem of the path of the note the record is of (see `NoteRecord.encode`).
    func decode(
        _ index: UnsafeBufferPointer<UInt8>, _ indexRange: Range<Int>, _ body: UnsafeBufferPointer<UInt8>, _ bodyRange: Range<Int>,
        _ tables: (ByteTable, ByteTable)?, _ status: FileStatus, _ wanted: NoteFacts.Parts, _ taskLines: Bool, checked: Bool = false,
        stem: () -> String
    ) -> NoteRecord? {
        var reader = ByteReader(index, start: indexRange.lowerBound, end: indexRange.upperBound)
        if !checked {
            guard let (recorded, flags) = try? NoteRecord.head(&reader), valid(recorded, racy: flags & 2 != 0, now: status) else {
                return nil
            }
            reader = ByteReader(index, start: indexRange.lowerBound, end: indexRange.upperBound)
        }
        var bodyReader = ByteReader(body, start: bodyRange.lowerBound, end: bodyRange.upperBound, table: tables?.0, sideTable: tables?.1)
        let hasBody = tables != nil && !wanted.isDisjoint(with: NoteRecord.bodyParts)
        let record = withUnsafeMutablePointer(to: &bodyReader) { pointer in
            try? NoteRecord(index: &reader, body: hasBody ? pointer : nil, wanted: wanted, taskLines: taskLines, stem: stem)
        }
        guard let record, record.facts.parts.isSuperset(of: wanted), record.isConsistent else { return nil }
        return record
    }

    func count(_ record: NoteRecord?) -> NoteRecord? {
        if record == nil { misses.add() } else { hits.add() }
        return record
    }

    /// Counts a record used without being decoded (see `links(of:mayMatch:)`) as a hit.
    func countHit() { hits.add() }
}
