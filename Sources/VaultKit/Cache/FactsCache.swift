import Foundation
import VaultMarkdown
import VaultSystem

/// The facts of a vault's notes, kept outside the vault between runs (DESIGN.md 7): every
/// record says what the note's file looked like when it was read, and is used only while
/// the file still looks exactly so. The files win: anything else is read again.
///
/// One value serves one run: it loads the cache file once, answers lookups from many
/// threads, collects what was read afresh, and `save()` writes it all back at once.
public final class FactsCache: @unchecked Sendable {
    /// Where the cache lives.
    public let location: CacheLocation
    let fileSystem: any FileSystem
    /// How close to the moment it was read a note's change may be before its record is not
    /// trusted next time: the coarsest timestamps a vault's file system may keep (FAT keeps
    /// two seconds), so that a change in the same tick cannot hide behind an equal status.
    let racyWindow: Int64
    /// Something a person should know about the cache file as it was found (damaged, of
    /// another vault), said once: see `takeNotices()`.
    public private(set) var notices: [String] = []

    /// The notices not yet taken, which are then forgotten: the bodies of the records are
    /// read only when a command needs them, and may be found damaged only then.
    public func takeNotices() -> [String] {
        lock.withLock {
            defer { notices = [] }
            return notices
        }
    }

    private let lock = NSLock()
    /// Held while a released file is opened again, so that threads asking at once open it once.
    private let opening = NSLock()
    /// True after `release()`, until a lookup opens the file again.
    private var released = false
    /// The cache file as opened when the cache was: its index in memory, its bodies read
    /// from it one by one as they are needed.
    private var file: CacheFile?
    /// The status of the cache file as it was before `file` was opened: a save that finds
    /// another status knows another run has written since, and merges into what it wrote.
    private var fileStatus: FileStatus?
    /// True once a body was found damaged: said once, however many are.
    private var foundDamage = false
    /// Records read afresh this run, encoded (a first run of a large vault would otherwise
    /// hold every note's facts as values), kept until `save()`.
    private var fresh: [String: (index: [UInt8], body: [UInt8], sum: UInt64)] = [:]
    /// The values the fresh records share, which the next file appends to its table.
    private var strings = ByteTableBuilder()
    /// The notes a walk of the whole vault found this run: records of others are dropped.
    private var walked: [String]?
    private var counts = (hits: 0, misses: 0)
    /// When the file was written, and how many records it held.
    public private(set) var writtenAt: Date?

    /// The hits and misses of this run so far.
    public var statistics: (hits: Int, misses: Int) { lock.withLock { counts } }
    /// The number of records the cache holds (stored and fresh).
    public var count: Int {
        reopenIfReleased()
        return lock.withLock {
            let stored = file.map { file in file.contents.entries.map(file.path(of:)) } ?? []
            return Set(stored).union(fresh.keys).count
        }
    }

    /// Opens the cache at `location`, reading its file if there is a sound one.
    ///
    /// - Parameters:
    ///   - racyWindow: see `racyWindow`, in nanoseconds.
    ///   - now: the real time in nanoseconds since 1970, to compare with file times (never a
    ///     clock set for a run, which file times do not follow); tests give their own.
    public init(
        location: CacheLocation, fileSystem: any FileSystem = LocalFileSystem(), racyWindow: Int64 = 2_000_000_000,
        now: @escaping @Sendable () -> Int64 = FactsCache.realTime
    ) {
        self.location = location
        self.fileSystem = fileSystem
        self.racyWindow = racyWindow
        self.now = now
        load()
    }

    /// The machine's real time, in nanoseconds since 1970.
    public static let realTime: @Sendable () -> Int64 = {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    private let now: @Sendable () -> Int64

    private func load() {
        guard fileSystem.exists(location.file) else { return }
        do {
            let status = try fileSystem.status(location.file)
            // Only the header and the index are read now.
            guard let file = try CacheFile.open(location.file, fileSystem: fileSystem) else { return }
            let index = file.contents
            guard index.dialect == location.dialect.rawValue else { return }
            guard index.root == location.rootRealPath else {
                notice("the cache \(location.file) was of the vault at \(index.root); it is rebuilt for this one")
                return
            }
            lock.withLock {
                self.file = file
                fileStatus = status
                writtenAt = Date(timeIntervalSince1970: Double(index.writtenAt) / 1e9)
            }
        } catch let error as SystemError {
            notice("cannot read the cache \(location.file) (\(error.reason)); it is rebuilt")
        } catch {
            notice("the cache \(location.file) was damaged (\(error)); it is rebuilt")
        }
    }

    private func notice(_ text: String) { lock.withLock { notices.append(text) } }

    /// Lets go of the cache file's index and table held in memory, when this run has read
    /// nothing afresh that waits to be saved: a server between requests then holds tens of
    /// MB less at 100,000 notes. The next lookup opens the file again.
    public func release() {
        lock.withLock {
            guard fresh.isEmpty, file != nil else { return }
            file = nil
            released = true
        }
    }

    /// Opens the file again after `release()`, once however many threads ask.
    private func reopenIfReleased() {
        guard lock.withLock({ released }) else { return }
        opening.withLock {
            guard lock.withLock({ released }) else { return }
            load()
            lock.withLock { released = false }
        }
    }

    /// The body of a stored record, or nil when it cannot be read or is damaged (said once).
    private func body(of entry: CacheFileFormat.Entry) -> [UInt8]? {
        guard let file = lock.withLock({ file }) else { return nil }
        if let body = file.body(of: entry) { return body }
        noteDamage()
        return nil
    }

    /// Says once, however many records are found so, that the file was damaged.
    private func noteDamage() {
        lock.withLock {
            if !foundDamage {
                foundDamage = true
                notices.append("the cache \(location.file) was damaged (\(CacheFileFormat.Damage.checksumMismatch)); it is rebuilt")
            }
        }
    }

    /// The record of `path` when it is valid for a file now of `status` and holds `wanted`;
    /// nil (a miss) otherwise.
    func record(for path: String, status: FileStatus, wanted: NoteFacts.Parts, taskLines: Bool) -> NoteRecord? {
        let needsBody = !wanted.isDisjoint(with: NoteRecord.bodyParts)
        // A warm run reads nothing afresh: no path is hashed for it.
        if let (encoded, strings) = lock.withLock({ fresh.isEmpty ? nil : fresh[path].map { ($0, strings) } }) {
            return count(
                strings.withTable { table in
                    encoded.index.withUnsafeBufferPointer { index in
                        encoded.body.withUnsafeBufferPointer { body in
                            decode(index, 0..<index.count, body, 0..<body.count, needsBody ? table : nil, status, wanted, taskLines)
                        }
                    }
                })
        }
        reopenIfReleased()
        guard let file = lock.withLock({ self.file }), let entry = file.entry(for: path) else { return count(nil) }
        // Validated on the index alone: a note that changed costs no read of its body.
        let valid = file.index.withUnsafeBufferPointer { buffer -> Bool in
            var reader = ByteReader(buffer, start: entry.index.lowerBound, end: entry.index.upperBound)
            guard let (recorded, flags) = try? NoteRecord.head(&reader) else { return false }
            return self.valid(recorded, racy: flags & 2 != 0, now: status)
        }
        guard valid else { return count(nil) }
        guard needsBody else {
            return count(
                file.index.withUnsafeBufferPointer { index in
                    decode(index, entry.index, UnsafeBufferPointer(start: nil, count: 0), 0..<0, nil, status, wanted, taskLines)
                })
        }
        guard let body = self.body(of: entry) else { return count(nil) }
        let decoded = file.withTable(first: entry.base) { table in
            file.index.withUnsafeBufferPointer { index in
                body.withUnsafeBufferPointer { body in
                    decode(index, entry.index, body, 0..<body.count, table, status, wanted, taskLines)
                }
            }
        }
        guard let decoded else {
            noteDamage()
            return count(nil)
        }
        return count(decoded)
    }

    /// The record in `index[indexRange]` and `body[bodyRange]`, the body's shared values in
    /// `table` (nil when no body is wanted), when it is valid for a file now of `status` and
    /// holds `wanted`. The index entry shares nothing: it is read without the table.
    private func decode(
        _ index: UnsafeBufferPointer<UInt8>, _ indexRange: Range<Int>, _ body: UnsafeBufferPointer<UInt8>, _ bodyRange: Range<Int>,
        _ table: ByteTable?, _ status: FileStatus, _ wanted: NoteFacts.Parts, _ taskLines: Bool
    ) -> NoteRecord? {
        var reader = ByteReader(index, start: indexRange.lowerBound, end: indexRange.upperBound)
        guard let (recorded, flags) = try? NoteRecord.head(&reader), valid(recorded, racy: flags & 2 != 0, now: status) else {
            return nil
        }
        reader = ByteReader(index, start: indexRange.lowerBound, end: indexRange.upperBound)
        var bodyReader = ByteReader(body, start: bodyRange.lowerBound, end: bodyRange.upperBound, table: table)
        let hasBody = table != nil && !wanted.isDisjoint(with: NoteRecord.bodyParts)
        let record = withUnsafeMutablePointer(to: &bodyReader) { pointer in
            try? NoteRecord(index: &reader, body: hasBody ? pointer : nil, wanted: wanted, taskLines: taskLines)
        }
        guard let record, record.facts.parts.isSuperset(of: wanted) else { return nil }
        return record
    }

    private func count(_ record: NoteRecord?) -> NoteRecord? {
        lock.withLock {
            if record == nil { counts.misses += 1 } else { counts.hits += 1 }
        }
        return record
    }

    /// True when a file now of `status` is the one recorded as `recorded`.
    private func valid(_ recorded: FileStatus, racy: Bool, now status: FileStatus) -> Bool {
        !racy && recorded.size == status.size && recorded.modifiedNanoseconds == status.modifiedNanoseconds
            && recorded.changedNanoseconds == status.changedNanoseconds && recorded.inode == status.inode
            && recorded.device == status.device
    }

    /// True when a note of `status`, read now, changed so recently that a change in the same
    /// timestamp tick could follow unseen (git's "racy" entries); a time ahead of the clock
    /// counts as recent, so a vault written from a machine whose clock runs ahead is read.
    func isRacy(_ status: FileStatus) -> Bool {
        max(status.modifiedNanoseconds, status.changedNanoseconds) >= now() - racyWindow
    }

    /// Keeps a record read this run, for `save()`.
    func store(_ record: NoteRecord, for path: String) {
        let strings = lock.withLock { self.strings }
        // The index shares nothing, so that a listing never reads the table.
        var index = ByteWriter()
        var body = ByteWriter(table: strings)
        record.encode(index: &index, body: &body)
        let encoded = (index: index.bytes, body: body.bytes, sum: CacheFileFormat.sum(body.bytes))
        lock.withLock {
            // A record whose values went into a table already written is not kept: it would
            // name entries the next file does not have where this run's values begin.
            if self.strings === strings { fresh[path] = encoded }
        }
    }

    /// Says which notes a walk of the whole vault found: the records of all others (deleted,
    /// moved, turned into placeholders) are dropped when the cache is next written.
    func noteWalk(_ paths: some Sequence<String>) {
        lock.withLock {
            if walked == nil { walked = [] }
            walked!.append(contentsOf: paths)
        }
    }

    /// Writes the cache file when this run read anything afresh (the records of notes gone
    /// are dropped then, not before: until then no file can take on the status they recorded).
    ///
    /// - Throws: the file system's error when the cache folder cannot be written (the run's
    ///   answers stand: they came from the files).
    public func save() throws {
        guard lock.withLock({ !fresh.isEmpty }) else { return }
        reopenIfReleased()
        try fileSystem.createDirectories(location.folder)
        // Runs that save at the same moment take turns, each merging its records into what
        // the last one wrote, so that neither's reads are lost. A turn that does not come
        // within two seconds (a run stopped while saving) is not waited for: the last rename
        // then wins, which costs the other's records a read next time, never a wrong answer.
        let turn = try? VaultLock(metadataFolder: location.folder, fileSystem: fileSystem, timeout: 2)
        defer { turn?.release() }
        if turn != nil { adoptNewerFile() }
        do {
            try write(keepingStored: true)
        } catch CacheFileFormat.Damage.checksumMismatch {
            // The stored file's table is damaged, so are the references of its records:
            // only this run's are written.
            noteDamage()
            try write(keepingStored: false)
        }
        removeLeftovers()
        // What was written is read from the file from now on, so that a server that saves
        // after each request neither holds every record it read nor writes them all again.
        let writtenStatus = try? fileSystem.status(location.file)
        if let written = try? CacheFile.open(location.file, fileSystem: fileSystem),
            written.contents.root == location.rootRealPath, written.contents.dialect == location.dialect.rawValue
        {
            lock.withLock {
                file = written
                fileStatus = writtenStatus
                fresh = [:]
                strings = ByteTableBuilder()
                walked = nil
                writtenAt = Date(timeIntervalSince1970: Double(written.contents.writtenAt) / 1e9)
            }
        }
    }

    /// Writes the next cache file: this run's records with the stored file's (unless
    /// `keepingStored` is false), the stored table followed by this run's values.
    private func write(keepingStored: Bool) throws {
        let (records, bodies, stored, fresh) = lock.withLock { merged(keepingStored: keepingStored) }
        let tableLength = (stored?.contents.table.count ?? 0) + fresh.bytes.count
        let head = CacheFileFormat.head(
            root: location.rootRealPath, dialect: location.dialect, writtenAt: now(), tableLength: tableLength,
            tableCount: (stored?.tableCount ?? 0) + fresh.count, records: records)
        try SafeWriter(fileSystem: fileSystem).replaceDerived(location.file) { write in
            try write(head)
            var sum = Checksum64.Stream(length: tableLength)
            try stored?.copyTable { piece in
                sum.add(piece)
                try write(piece)
            }
            sum.add(fresh.bytes)
            try write(fresh.bytes)
            var trailer = ByteWriter(capacity: CacheFileFormat.tableSumLength)
            trailer.fixed64(sum.sum)
            try write(trailer.bytes)
            try copyBodies(bodies, from: stored, write: write)
        }
    }

    /// Takes the cache file another run wrote since this one opened its own, when it is sound
    /// and of this vault, as the file this run's records are merged into.
    private func adoptNewerFile() {
        guard let status = try? fileSystem.status(location.file), !Self.same(status, lock.withLock({ fileStatus })) else { return }
        guard let newer = try? CacheFile.open(location.file, fileSystem: fileSystem),
            newer.contents.root == location.rootRealPath, newer.contents.dialect == location.dialect.rawValue
        else { return }
        lock.withLock {
            file = newer
            fileStatus = status
        }
    }

    private static func same(_ status: FileStatus, _ other: FileStatus?) -> Bool {
        guard let other else { return false }
        return status.inode == other.inode && status.device == other.device && status.size == other.size
            && status.modifiedNanoseconds == other.modifiedNanoseconds && status.changedNanoseconds == other.changedNanoseconds
    }

    /// Removes what runs killed while writing the cache left: temporary files older than a
    /// minute (a younger one may be another run's, about to be renamed into place).
    private func removeLeftovers() {
        guard let entries = try? fileSystem.entries(location.folder) else { return }
        for entry in entries where entry.kind == .file && SafeWriter.isTemporaryName(entry.name) {
            let path = location.folder + "/" + entry.name
            if let status = (try? fileSystem.status(path)) ?? nil, status.modifiedNanoseconds < now() - 60_000_000_000 {
                try? fileSystem.removeFile(path)
            }
        }
    }

    /// Saves the cache, then writes down this run's hits and misses (`vault cache status`
    /// shows them) and which vault folder the cache folder serves.
    public func finish() throws {
        try save()
        let (hits, misses) = statistics
        guard hits + misses > 0 else { return }
        let writer = SafeWriter(fileSystem: fileSystem)
        try fileSystem.createDirectories(location.folder)
        try writer.replaceDerived(location.statisticsFile, with: Array("\(hits) \(misses)\n".utf8))
        if location.owner(fileSystem) != location.rootRealPath {
            try writer.replaceDerived(location.ownerFile, with: Array(location.rootRealPath.utf8))
        }
    }

    /// The hits and misses of the last run that used the cache, as `finish()` wrote them.
    public func lastRun() -> (hits: Int, misses: Int)? {
        guard let bytes = try? fileSystem.readFile(location.statisticsFile) else { return nil }
        let numbers = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    /// The records of the next file, in the order of their paths' bytes: the stored ones
    /// (already in that order, unless `keepingStored` is false) merged with this run's, a
    /// fresh one in place of a stored one; the file they are copied from, and this run's
    /// table entries. The records of notes that are gone are dropped by the next run that
    /// writes: until then they are never used, as no file can take on the status they recorded.
    private func merged(keepingStored: Bool) -> (
        records: [CacheFileFormat.Record], bodies: [Body], stored: CacheFile?, fresh: (bytes: [UInt8], count: Int)
    ) {
        let file = keepingStored ? file : nil
        let walked = walked.map(Set.init)
        let freshPaths = fresh.keys.filter { walked?.contains($0) ?? true }.sorted(by: CacheFileFormat.precedes)
        var records: [CacheFileFormat.Record] = []
        var bodies: [Body] = []
        records.reserveCapacity((file?.contents.entries.count ?? 0) + freshPaths.count)
        bodies.reserveCapacity(records.capacity)
        // This run's values follow the stored file's table, which its records keep naming.
        let freshBase = file?.tableCount ?? 0
        var next = 0
        func takeFresh() {
            let path = freshPaths[next]
            let encoded = fresh[path]!
            records.append(
                CacheFileFormat.Record(
                    path: path, index: encoded.index[...], bodyLength: encoded.body.count, bodySum: encoded.sum, base: freshBase))
            bodies.append(.fresh(encoded.body))
            next += 1
        }
        if let file {
            for entry in file.contents.entries {
                let path = file.path(of: entry)
                while next < freshPaths.count && CacheFileFormat.precedes(freshPaths[next], path) { takeFresh() }
                if next < freshPaths.count && freshPaths[next].utf8.elementsEqual(path.utf8) {
                    takeFresh()
                    continue
                }
                guard walked?.contains(path) ?? true else { continue }
                records.append(
                    CacheFileFormat.Record(
                        path: path, index: file.index[entry.index], bodyLength: entry.body.count, bodySum: entry.bodySum,
                        base: entry.base))
                bodies.append(.stored(entry))
            }
        }
        while next < freshPaths.count { takeFresh() }
        return (records, bodies, file, strings.entries)
    }

    /// Where a record's body comes from when the file is written again.
    private enum Body {
        case stored(CacheFileFormat.Entry)
        case fresh([UInt8])
    }

    /// Writes the bodies in order: a fresh one from memory, stored ones copied from the
    /// file as it was opened, neighbours in one read of up to a MiB. A body that cannot be
    /// read whole is written as zeros: its checksum then fails, and its note is read afresh.
    private func copyBodies(_ bodies: [Body], from file: CacheFile?, write: ([UInt8]) throws -> Void) throws {
        var run: Range<Int>?
        func flush() throws {
            guard let range = run, let file else { return }
            run = nil
            var bytes = (try? file.bytes(range)) ?? []
            if bytes.count < range.count { bytes += repeatElement(0, count: range.count - bytes.count) }
            try write(bytes)
        }
        for body in bodies {
            switch body {
            case .stored(let entry):
                if let current = run, current.upperBound == entry.body.lowerBound, current.count < 1 << 20 {
                    run = current.lowerBound..<entry.body.upperBound
                } else {
                    try flush()
                    run = entry.body
                }
            case .fresh(let bytes):
                try flush()
                try write(bytes)
            }
        }
        try flush()
    }

    /// Removes the cache file; the next run reads every note.
    public func clear() throws {
        for file in [location.file, location.statisticsFile] where fileSystem.exists(file) { try fileSystem.removeFile(file) }
        lock.withLock {
            file = nil
            fileStatus = nil
            fresh = [:]
            strings = ByteTableBuilder()
        }
    }
}
