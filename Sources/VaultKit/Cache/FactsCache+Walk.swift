import VaultMarkdown
import VaultSystem

/// Records found valid for the statuses the last walk took: what is made from that walk
/// (its links, its tasks) reads them without a second `stat` of each note.
extension FactsCache {
    /// Marks the stored record of `path` as found valid for the last walk, when it is valid
    /// for a note of `status` (see `walkedRecord`): for a walk that reads no record.
    func markWalked(_ path: String, status: FileStatus) {
        guard let (file, entry, ordinal) = storedEntry(for: path), let head = file.head(of: entry), valid(head, now: status) else { return }
        file.markWalked(ordinal)
    }

    /// Marks the stored record of `path` as found valid by the last walk, for a record this
    /// run read from its file and has just written: unless it was racy (read again anyway).
    func markRead(_ path: String) {
        guard let (file, entry, ordinal) = storedEntry(for: path), let head = file.head(of: entry), !head.isRacy else { return }
        file.markWalked(ordinal)
    }

    /// The record of `path` when it was found valid for the status the last walk took of
    /// its note, holds `wanted` and `accepts` it; nil (neither hit nor miss) otherwise, for the
    /// caller to take the note's status and ask `record(for:status:)`.
    ///
    /// For what is made from a walk just taken (its links, its tasks): the note is not
    /// `stat`ed a second time (100,000 calls at 100,000 notes), and the record is the one
    /// the walk's notes were made from.
    func walkedRecord(
        for path: String, wanted: NoteFacts.Parts, taskLines: Bool, accepting accepts: (NoteRecord) -> Bool
    ) -> NoteRecord? {
        guard let (file, entry, head, _) = validStoredEntry(for: path, status: nil), head.parts.union(.header).isSuperset(of: wanted),
            let record = storedRecord(file, entry, status: head.status, wanted: wanted, taskLines: taskLines), accepts(record)
        else { return nil }
        return count(record)
    }

    /// Whether a link of `path`'s record has a target whose bytes `matches` accepts, told
    /// without decoding its links (counted as a hit), when the record is valid for a note of
    /// `status` (nil: when the last walk found it valid); nil when it cannot be told so (no
    /// such record, a stale or incomplete one, a note not valid UTF-8, a damaged body), for
    /// the caller to read the record as usual.
    ///
    /// For a question about the links to a few notes (`rename`): most notes name none of
    /// them, and decoding every link of a large vault was most of such a question's time.
    /// What `matches` says of a link's shape is kept in `answers`, for the next note that
    /// has a link of the same shape.
    ///
    /// - Parameter probe: what `matches` looks for, as the runs of a record's target filter:
    ///   a record whose filter lacks them is answered without reading its body.
    func links(
        of path: String, status: FileStatus? = nil, answers: LinkTargetAnswers? = nil, probe: TargetSignature.Probe? = nil,
        mayMatch matches: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool? {
        linkBody(of: path, status: status, unless: probe.map { ($0, false) }) { reader, file throws(ByteReader.Malformed) in
            let answers = answers?.shapesAndTargets(for: file)
            return try NoteFacts.anyLinkTarget(in: &reader, answers: answers?.shapes, targetAnswers: answers?.targets, matches)
        }?.value
    }

    /// The links of `path`'s record whose targets `matches` accepts (see `links(of:mayMatch:)`),
    /// and the status of the file the record was read from, when the last walk found the
    /// record valid; nil when they cannot be told so. Only those links are decoded.
    ///
    /// For a question about the links to one note (`backlinks`): the notes that name it are
    /// read again for their lines, and their other links are of no use.
    func links(
        of path: String, answers: LinkTargetAnswers, probe: TargetSignature.Probe? = nil,
        withTarget matches: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> (links: [Link], status: FileStatus)? {
        linkBody(of: path, status: nil, unless: probe.map { ($0, []) }) { reader, file throws(ByteReader.Malformed) in
            let answers = answers.shapesAndTargets(for: file)
            return try NoteFacts.links(in: &reader, answers: answers.shapes, targetAnswers: answers.targets, withTarget: matches)
        }.map { ($0.value, $0.status) }
    }

    /// The links of `path`'s record that `wanted` accepts (see `NoteFacts.links(in:whereShape:)`),
    /// the status of the file the record was read from and its broken definitions, when the
    /// last walk found the record valid; nil when they cannot be told so. Only those links
    /// are decoded, and `wanted` is asked once a link shape, through `answers`.
    func links(
        of path: String, answers: LinkTargetAnswers, whereShape wanted: (Link) -> Bool
    ) -> (links: [Link], status: FileStatus, broken: [NoteRecord.BrokenDefinition])? {
        linkBody(of: path, status: nil) { reader, file throws(ByteReader.Malformed) in
            let links = try NoteFacts.links(in: &reader, answers: answers.answers(for: file), whereShape: wanted)
            return (links, try NoteRecord.brokenDefinitions(&reader))
        }.map { ($0.value.0, $0.status, $0.value.1) }
    }

    /// The status of the file `path`'s record was read from, when the last walk found that
    /// record valid (so not racy), whole, of a note valid UTF-8, and holding its links; nil
    /// otherwise, and for a note read afresh this run. A file of that status has the bytes
    /// the record was made from: what was worked out from them holds while it has it.
    func walkedLinkStatus(of path: String) -> FileStatus? {
        guard let (_, _, head, _) = validStoredEntry(for: path, status: nil), head.isComplete, head.isUTF8, head.parts.contains(.links)
        else { return nil }
        return head.status
    }

    /// `walkedLinkStatus(of:)` from the files of `stored`, for a pass that asks it of every
    /// note: the files taken once, not under the cache's lock for each (see `StoredFiles`).
    func walkedLinkStatus(of path: String, in stored: StoredFiles) -> FileStatus? {
        guard freshSlot(for: path) == nil else { return nil }
        let status = withStoredEntry(for: path, in: stored) { file, entry, ordinal -> FileStatus? in
            guard file.wasWalked(ordinal), let head = file.head(of: entry), head.isComplete, head.isUTF8, head.parts.contains(.links)
            else { return nil }
            return head.status
        }
        return status ?? nil
    }

    /// What `read` gives of the links part of the body of `path`'s record (counted as a hit),
    /// when the record is valid for a note of `status` (see `validStoredEntry`), whole and of
    /// a note valid UTF-8; nil otherwise, or when the body is damaged.
    ///
    /// - Parameter passing: what `read` would give when no target holds what the probe
    ///   looks for: given without reading the body when the record's filter shows that.
    private func linkBody<Value>(
        of path: String, status: FileStatus?, unless passing: (probe: TargetSignature.Probe, value: Value)? = nil,
        _ read: (inout ByteReader, CacheFile) throws(ByteReader.Malformed) -> Value
    ) -> (value: Value, status: FileStatus)? {
        guard let (file, entry, head, ordinal) = validStoredEntry(for: path, status: status), head.isComplete, head.isUTF8,
            head.parts.contains(.links)
        else { return nil }
        if let passing, !file.mayHold(passing.probe, entry, at: ordinal) {
            countHit()
            return (passing.value, head.status)
        }
        guard let body = body(of: entry, in: file),
            let found = file.withTables(from: entry.bases, for: .links, { table, side in
                body.withUnsafeBufferPointer { body in
                    var reader = ByteReader(body, table: table, sideTable: side)
                    return try? read(&reader, file)
                }
            }),
            let found
        else { return nil }
        countHit()
        return (found, head.status)
    }

    /// The stored entry of `path` and its head, when its record is valid for a note of
    /// `status`, or with no status, when the last walk found it valid; nil otherwise, and for
    /// a note read afresh this run (asked of by its status, as usual).
    private func validStoredEntry(
        for path: String, status: FileStatus?
    ) -> (CacheFile, CacheFileFormat.Entry, NoteRecord.Head, ordinal: Int)? {
        guard freshSlot(for: path) == nil,
            let (file, entry, ordinal) = storedEntry(for: path), let head = file.head(of: entry),
            status.map({ valid(head, now: $0) }) ?? file.wasWalked(ordinal)
        else { return nil }
        return (file, entry, head, ordinal)
    }
}
