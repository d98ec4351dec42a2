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
    /// another vault), said once.
    public private(set) var notices: [String] = []

    private let lock = NSLock()
    private var file: [UInt8] = []
    /// Each stored record's bytes in `file`.
    private var stored: [String: Range<Int>] = [:]
    /// Records read afresh this run, encoded (a first run of a large vault would otherwise
    /// hold every note's facts as values), kept until `save()`.
    private var fresh: [String: [UInt8]] = [:]
    /// The notes a walk of the whole vault found this run: records of others are dropped.
    private var walked: [String]?
    private var counts = (hits: 0, misses: 0)
    /// When the file was written, and how many records it held.
    public private(set) var writtenAt: Date?

    /// The hits and misses of this run so far.
    public var statistics: (hits: Int, misses: Int) { lock.withLock { counts } }
    /// The number of records the cache holds (stored and fresh).
    public var count: Int { lock.withLock { Set(stored.keys).union(fresh.keys).count } }

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
        let bytes: [UInt8]
        do { bytes = try fileSystem.readFile(location.file) } catch {
            notices.append("cannot read the cache \(location.file) (\((error as? SystemError)?.reason ?? "\(error)")); it is rebuilt")
            return
        }
        do {
            let (header, entries) = try CacheFileFormat.read(bytes)
            guard header.isCurrent, header.dialect == location.dialect.rawValue else { return }
            guard header.root == location.rootRealPath else {
                notices.append("the cache \(location.file) was of the vault at \(header.root); it is rebuilt for this one")
                return
            }
            file = bytes
            stored = entries
            writtenAt = Date(timeIntervalSince1970: Double(header.writtenAt) / 1e9)
        } catch {
            notices.append("the cache \(location.file) was damaged (\(error)); it is rebuilt")
        }
    }

    /// The record of `path` when it is valid for a file now of `status` and holds `wanted`;
    /// nil (a miss) otherwise.
    func record(for path: String, status: FileStatus, wanted: NoteFacts.Parts, taskLines: Bool) -> NoteRecord? {
        if let encoded = lock.withLock({ fresh[path] }) {
            return count(encoded.withUnsafeBufferPointer { decode($0, 0..<$0.count, status, wanted, taskLines) })
        }
        guard let range = lock.withLock({ stored[path] }) else { return count(nil) }
        return count(file.withUnsafeBufferPointer { decode($0, range, status, wanted, taskLines) })
    }

    /// The record in `buffer[range]` when it is valid for a file now of `status` and holds
    /// `wanted`: its status is read first, and nothing more of a record that is not.
    private func decode(
        _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ status: FileStatus, _ wanted: NoteFacts.Parts, _ taskLines: Bool
    ) -> NoteRecord? {
        var reader = ByteReader(buffer, start: range.lowerBound, end: range.upperBound)
        guard let (recorded, flags) = try? NoteRecord.head(&reader), valid(recorded, racy: flags & 2 != 0, now: status) else {
            return nil
        }
        reader = ByteReader(buffer, start: range.lowerBound, end: range.upperBound)
        guard let record = try? NoteRecord(from: &reader, wanted: wanted, taskLines: taskLines),
            record.facts.parts.isSuperset(of: wanted)
        else { return nil }
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
        var writer = ByteWriter()
        record.encode(to: &writer)
        let bytes = writer.bytes
        lock.withLock { fresh[path] = bytes }
    }

    /// Says which notes a walk of the whole vault found: the records of all others (deleted,
    /// moved, turned into placeholders) are dropped when the cache is next written.
    func noteWalk(_ paths: some Sequence<String>) {
        lock.withLock {
            if walked == nil { walked = [] }
            walked!.append(contentsOf: paths)
        }
    }

    /// Writes the cache file when this run read anything afresh or dropped a record.
    ///
    /// - Throws: the file system's error when the cache folder cannot be written (the run's
    ///   answers stand: they came from the files).
    public func save() throws {
        let entries: [(String, Entry)]? = lock.withLock {
            // Most runs read nothing afresh and write nothing. The records of notes that are
            // gone are dropped by the next run that writes: until then they are never used,
            // as no file can take on the status they recorded.
            guard !fresh.isEmpty else { return nil }
            let walked = walked.map(Set.init)
            var entries: [String: Entry] = [:]
            for (path, range) in stored where walked?.contains(path) ?? true { entries[path] = .stored(range) }
            for (path, bytes) in fresh where walked?.contains(path) ?? true { entries[path] = .fresh(bytes) }
            return entries.sorted { $0.key < $1.key }
        }
        guard let entries else { return }
        try fileSystem.createDirectories(location.folder)
        var writer = CacheFileFormat.begin(
            root: location.rootRealPath, dialect: location.dialect, count: entries.count, writtenAt: now())
        file.withUnsafeBufferPointer { buffer in
            for (path, entry) in entries {
                writer.string(path)
                switch entry {
                case .stored(let range):
                    writer.unsigned(UInt64(range.count))
                    writer.raw(UnsafeBufferPointer(rebasing: buffer[range]))
                case .fresh(let bytes):
                    writer.data(bytes)
                }
            }
        }
        CacheFileFormat.seal(&writer)
        let bytes = writer.bytes
        try SafeWriter(fileSystem: fileSystem).replaceDerived(location.file, with: bytes)
        removeLeftovers()
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

    /// Removes the cache file; the next run reads every note.
    public func clear() throws {
        for file in [location.file, location.statisticsFile] where fileSystem.exists(file) { try fileSystem.removeFile(file) }
        lock.withLock {
            file = []
            stored = [:]
            fresh = [:]
        }
    }

    private enum Entry {
        case stored(Range<Int>)
        case fresh([UInt8])
    }
}
