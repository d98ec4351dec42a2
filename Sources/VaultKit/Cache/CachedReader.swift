import VaultMarkdown
import VaultSystem

/// Reads a note's facts through the cache: from its record when the file still looks as
/// recorded, else from the file (and recorded for the next run). Without a cache, it reads
/// exactly what a command asks for, as every command did before the cache.
struct CachedReader: Sendable {
    let fileSystem: any FileSystem
    let cache: FactsCache?
    /// Whose rules the vault's notes are written by (a cache holds the facts of one).
    let dialect: NoteDialect
    /// True to take a record the last walk found valid without a second `stat` of its note,
    /// for what is made from that walk (see `FactsCache.walkedRecord`).
    var trustsWalk = false

    /// What a read gave.
    struct Reading {
        var facts: NoteFacts
        /// The file's status before its bytes were read (or when its record was validated).
        var status: FileStatus
        /// False when only a prefix was read.
        var complete: Bool
        /// The bytes, when the file was read.
        var bytes: [UInt8]?
        /// The record the facts came from or went into; nil without a cache.
        var record: NoteRecord?
    }

    /// The facts of the note at `absolute` (`path` in the vault), `wanted` of them.
    ///
    /// `absolute` is made only when the note is read from its file: a warm walk of 100,000
    /// notes answered from their records made as many paths for nothing.
    ///
    /// - Parameters:
    ///   - summary: only the header is wanted, and a prefix of a large note is enough.
    ///   - taskLines: a record from the cache must bring its task lines.
    ///   - status: the file's status when the caller took it just now (a walk does).
    ///   - holds: what the cache holds of the note, when the caller asked it just after a
    ///     walk (see `Vault.completeCache`): the note is then read afresh without a lookup.
    ///   - missed: true when the caller asked `servingRecord` for `known` just now and had
    ///     none: the note is read without a second lookup (counted once, as it was).
    /// - Throws: the file system's error when the note cannot be read.
    func read(
        path: String, absolute: @autoclosure () -> String, wanted: NoteFacts.Parts, summary: Bool = false,
        taskLines: Bool = false, status known: FileStatus? = nil, holds: FactsCache.Holding? = nil, missed: Bool = false
    ) throws -> Reading {
        // In a Logseq graph, an org page is read by org's rules.
        let dialect = dialect.forFile(path)
        guard let cache else {
            let contents = try self.contents(absolute(), summary: summary)
            return Reading(
                facts: NoteFacts(bytes: contents.bytes, parts: wanted, complete: contents.complete, dialect: dialect),
                status: contents.status, complete: contents.complete, bytes: contents.bytes)
        }
        if holds != nil {
            _ = cache.count(nil)  // read afresh, as a lookup that missed
        } else if !missed, let hit = cached(path: path, absolute: absolute(), wanted: wanted, summary: summary, taskLines: taskLines, status: known) {
            return hit
        }
        let contents = try self.contents(absolute(), summary: summary)
        let racy = cache.isRacy(contents.status)
        // A first reading keeps what was asked for (a summary only the header, `check` only
        // the links), so that a command's first run on a vault costs about what it costs
        // without the cache. A note that changed, or whose valid record holds a body but not
        // what is asked now, is read for everything (a summary too, when it read the whole
        // note): the commands after find it whole, and two never take turns reading it.
        let holding = holds ?? cache.holding(path, status: contents.status)
        let parts = holding.partsToRead(wanted)
        let record =
            contents.complete && (!summary || holding == .stale)
            ? NoteRecord(status: contents.status, bytes: contents.bytes, racy: racy, dialect: dialect, parts: parts)
            : NoteRecord(
                status: contents.status,
                summary: NoteFacts(bytes: contents.bytes, parts: .header, complete: contents.complete, dialect: dialect),
                complete: contents.complete, racy: racy)
        // A valid record is never replaced by one that holds less: a summary of a large note
        // not valid UTF-8 as a whole is read by its prefix, as without the cache, and put in
        // the place of the note's whole record, it had the next command that asked for links
        // or tasks read the note again, on every run.
        var holdsMore = false
        if case .valid(let recorded) = holding { holdsMore = !recorded.isSubset(of: record.facts.parts) }
        if !holdsMore { cache.store(record, for: path) }
        return Reading(
            facts: record.facts.restricted(to: wanted), status: contents.status, complete: contents.complete,
            bytes: contents.bytes, record: record)
    }

    /// The note's facts from its record, when the cache has a valid one that holds what is
    /// asked; nil otherwise, without reading the note (for a caller that reads it its own way).
    func cached(
        path: String, absolute: @autoclosure () -> String, wanted: NoteFacts.Parts, summary: Bool = false,
        taskLines: Bool = false, status known: FileStatus? = nil
    ) -> Reading? {
        if trustsWalk, known == nil, let record = cache?.walkedRecord(
            for: path, wanted: wanted, taskLines: taskLines, accepting: { Self.serves($0, status: $0.status, summary: summary) })
        {
            return Reading(facts: record.facts.restricted(to: wanted), status: record.status, complete: record.complete, record: record)
        }
        guard let cache, let status = known ?? (try? fileSystem.status(absolute())) ?? nil,
            let record = Self.servingRecord(in: cache, path: path, status: status, wanted: wanted, summary: summary, taskLines: taskLines)
        else { return nil }
        return Reading(facts: record.facts.restricted(to: wanted), status: status, complete: record.complete, record: record)
    }

    /// The record of `path` in `cache` when it is valid for a regular file now of `status`,
    /// holds `wanted` and serves a reading (a summary, or not); nil otherwise. One lookup,
    /// counted as a hit or a miss, for a caller that makes what it needs of the record
    /// itself (a walk makes each note from it, not from a `Reading` made and let go).
    static func servingRecord(
        in cache: FactsCache, path: String, status: FileStatus, wanted: NoteFacts.Parts, summary: Bool, taskLines: Bool = false
    ) -> NoteRecord? {
        guard status.kind == .file, let record = cache.record(for: path, status: status, wanted: wanted, taskLines: taskLines),
            serves(record, status: status, summary: summary)
        else { return nil }
        return record
    }

    /// True when `record`, valid for a file of `status`, serves a reading (a summary, or not).
    private static func serves(_ record: NoteRecord, status: FileStatus, summary: Bool) -> Bool {
        // A summary reads a prefix: a note valid in full is valid in it; one that is not
        // (checked whole) may be valid in its prefix, and is read as a summary reads it.
        (record.complete || summary) && (!summary || record.facts.isUTF8 || !record.complete || status.size <= Int64(NoteReader.summaryPrefix))
    }

    /// The note's bytes as a summary or a whole read takes them: a summary reads a prefix,
    /// and the whole note when the prefix ends inside the frontmatter.
    private func contents(_ absolute: String, summary: Bool) throws -> FileContents {
        let contents = try fileSystem.readPrefix(absolute, limit: summary ? NoteReader.summaryPrefix : Int.max)
        guard !contents.complete && !NoteReader.prefixHoldsHeader(contents.bytes) else { return contents }
        return try fileSystem.readPrefix(absolute, limit: Int.max)
    }
}
