import FoundationEssentials
import Glibc
import Synchronization
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
    /// `racyWindow` for a note whose times this machine's clock stamped in ticks finer than a
    /// second (see `racyWindow(for:)`): a kernel stamps a file with its clock's last tick,
    /// a few milliseconds at most, so a change that old cannot share a tick with the next.
    let fineRacyWindow: Int64
    /// The device of the vault's folder when its file system stamps times with this
    /// machine's clock (a disk of its own); nil otherwise, and when only `racyWindow` is used.
    let clockDevice: UInt64?
    /// `clockDevice` when its folders' times change with every name in them (not an overlay,
    /// see `FileSystem.foldersChangeWithTheirNames`): the disk whose folders' listings are kept.
    let listingDevice: UInt64?
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

    let lock = Lock()
    /// Held while the file is opened (or opened again), so that threads asking at once open it once.
    private let opening = Lock()
    /// True until the first lookup opens the file, and after `release()` until the next one:
    /// a command that reads no note through the cache (`capture`, `show PATH`) never reads
    /// the file's index (11 MB at 100,000 notes, and 13 ms).
    var released = true
    /// The cache file as opened when the cache was: its index in memory, its bodies read
    /// from it one by one as they are needed.
    var file: CacheFile?
    /// The delta file that extends `file`, when there is one (see `CacheFileFormat`): its
    /// records are newer than the main file's of the same notes.
    var delta: CacheFile?
    /// The status of the cache file as it was before `file` was opened: a save that finds
    /// another status knows another run has written since, and merges into what it wrote.
    var fileStatus: FileStatus?
    /// True once a body was found damaged: said once, however many are.
    private var foundDamage = false
    /// True once a body was found damaged: the next save writes the main file whole, which
    /// leaves the damage behind, rather than a delta beside it.
    var foundDamagedBody: Bool { lock.withLock { foundDamage } }
    /// False to write the main file whole on every save, never a delta (for tests of its merge).
    var writesDeltas = true
    /// The table's length under which values no record names are left in it (see `tableNeedsCompacting`).
    var compactionFloor: UInt64 = 1 << 20
    /// The most bytes of records read afresh kept in memory once a save failed (see `finish()`).
    var unsavedLimit = 32 << 20
    /// How many notes a pass reads at least before it fills the cache ahead of itself (see
    /// `CacheFill`); public so that tests can have small vaults filled so.
    public var fillFloor = 1_000
    /// The most bytes a delta file holds beside a small main file (see `deltaLimit`).
    var deltaFloor: Int64 = 4 << 10
    /// Records read afresh this run, encoded (a first run of a large vault would otherwise
    /// hold every note's facts as values), kept until `save()`.
    var fresh: FreshRecords
    /// The values the fresh records share, which the next file appends to its tables.
    var strings = RecordTables()
    /// The notes a walk of the whole vault found this run: records of others are dropped.
    var walked: [String]?
    /// The hits and misses so far, counted apart from `lock`: every record a walk reads is
    /// counted, and taking the lock for it made the workers of a warm walk wait on each other.
    let hits = ThreadSlots(), misses = ThreadSlots()
    /// True once a record read afresh is kept in `fresh`: until then a record is looked for
    /// there without taking `lock`, which two workers asking for every note waited on.
    let holdsFresh = Atomic<Bool>(false)
    /// When the file was written.
    public var writtenAt: Date? {
        reopenIfReleased()
        return lock.withLock { fileWrittenAt }
    }
    var fileWrittenAt: Date?

    /// The hits and misses of this run so far.
    public var statistics: (hits: Int, misses: Int) { (hits.total, misses.total) }
    /// The number of records the cache holds (stored and fresh).
    public var count: Int {
        reopenIfReleased()
        return lock.withLock {
            let stored = [file, delta].compactMap { $0 }.flatMap { file in file.contents.entries.map(file.path(of:)) }
            return Set((stored + fresh.paths).map(PathBytes.init)).count
        }
    }

    /// Opens the cache at `location`; its file, if there is a sound one, is read when first needed.
    ///
    /// - Parameters:
    ///   - racyWindow: see `racyWindow`, in nanoseconds.
    ///   - fineRacyWindow: see `fineRacyWindow`, in nanoseconds, at most `racyWindow`; nil to
    ///     use `racyWindow` for every note.
    ///   - now: the real time in nanoseconds since 1970, to compare with file times (never a
    ///     clock set for a run, which file times do not follow); tests give their own.
    public init(
        location: CacheLocation, fileSystem: any FileSystem = LocalFileSystem(), racyWindow: Int64 = 2_000_000_000,
        fineRacyWindow: Int64? = nil, now: @escaping @Sendable () -> Int64 = FactsCache.realTime
    ) {
        self.location = location
        self.fileSystem = fileSystem
        self.racyWindow = racyWindow
        self.fineRacyWindow = min(fineRacyWindow ?? racyWindow, racyWindow)
        let root = location.rootRealPath
        clockDevice =
            fineRacyWindow != nil && fileSystem.stampsWithThisClock(root) ? ((try? fileSystem.status(root)) ?? nil)?.device : nil
        listingDevice = clockDevice != nil && fileSystem.foldersChangeWithTheirNames(root) ? clockDevice : nil
        self.now = now
        fresh = Self.freshRecords(location, fileSystem)
    }

    /// The machine's real time, in nanoseconds since 1970.
    public static let realTime: @Sendable () -> Int64 = {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    let now: @Sendable () -> Int64

    private func load() {
        guard fileSystem.exists(location.file) else { return }
        do {
            let status = try fileSystem.status(location.file)
            // A folder in the file's place is not a damaged cache that a save heals: the save
            // fails, and says so; `clear` removes it when it is empty.
            if status?.kind == .directory { return }
            // Only the header and the index are read now.
            guard let file = try CacheFile.open(location.file, fileSystem: fileSystem) else { return }
            let index = file.contents
            guard index.dialect == location.dialect.rawValue else { return }
            guard index.root == location.rootRealPath else {
                notice("the cache \(location.file) was of the vault at \(index.root); it is rebuilt for this one")
                return
            }
            let delta = openDelta(extending: file)
            lock.withLock {
                self.file = file
                self.delta = delta
                fileStatus = status
                fileWrittenAt = Date(timeIntervalSince1970: Double((delta ?? file).contents.writtenAt) / 1e9)
            }
        } catch let error as SystemError {
            notice("cannot read the cache \(location.file) (\(error.reason)); it is rebuilt")
        } catch {
            notice("the cache \(location.file) was damaged (\(error)); it is rebuilt")
        }
    }

    private func notice(_ text: String) { lock.withLock { notices.append(text) } }

    /// An empty store of records read afresh, its scratch file in the cache folder.
    static func freshRecords(_ location: CacheLocation, _ fileSystem: any FileSystem) -> FreshRecords {
        FreshRecords { (try? fileSystem.createDirectories(location.folder)) == nil ? nil : location.folder }
    }

    /// Lets go of the cache file's index and table held in memory, when this run has read
    /// nothing afresh that waits to be saved: a server between requests then holds tens of
    /// MB less at 100,000 notes. The next lookup opens the file again.
    public func release() {
        lock.withLock {
            guard fresh.isEmpty, file != nil else { return }
            file = nil
            delta = nil
            released = true
        }
    }

    /// The main file and its delta as opened, opening them again after `release()`: in one
    /// turn of the lock when they are open, as every note of a walk asks.
    func files() -> (file: CacheFile?, delta: CacheFile?) {
        let (released, file, delta) = lock.withLock { (self.released, self.file, self.delta) }
        guard released else { return (file, delta) }
        reopenIfReleased()
        return lock.withLock { (self.file, self.delta) }
    }

    /// Opens the file again after `release()`, once however many threads ask.
    func reopenIfReleased() {
        guard lock.withLock({ released }) else { return }
        opening.withLock {
            guard lock.withLock({ released }) else { return }
            load()
            lock.withLock { released = false }
        }
    }

    /// The body of a stored record of `file`, or nil when it cannot be read or is damaged (said once).
    func body(of entry: CacheFileFormat.Entry, in file: CacheFile) -> [UInt8]? {
        if let body = file.body(of: entry) { return body }
        noteDamage(file.path)
        return nil
    }

    /// Says once, however many records are found so, that the cache file at `path` (the main
    /// file or its delta) was damaged.
    func noteDamage(_ path: String) {
        lock.withLock {
            if !foundDamage {
                foundDamage = true
                notices.append("the cache \(path) was damaged (\(CacheFileFormat.Damage.checksumMismatch)); it is rebuilt")
            }
        }
    }

    /// Keeps a record read this run, for `save()`.
    func store(_ record: NoteRecord, for path: String) {
        let strings = lock.withLock { self.strings }
        // The index shares nothing, so that a listing never reads the table.
        var index = ByteWriter()
        var body = strings.writer()
        record.encode(index: &index, body: &body, path: path)
        let sum = CacheFileFormat.sum(body.bytes)
        lock.withLock {
            // A record whose values went into a table already written is not kept: it would
            // name entries the next file does not have where this run's values begin.
            if self.strings === strings {
                fresh.store(path, index: index.bytes, body: body.bytes, sum: sum)
                holdsFresh.store(true, ordering: .releasing)
            }
        }
    }

    /// Says which notes a walk of the whole vault found: the records of all others (deleted,
    /// moved, turned into placeholders) are dropped when the cache is next written.
    ///
    /// The latest walk replaces those before it: a server walks the vault again and again
    /// between writes of the cache, and gathering every walk's paths grew without bound.
    func noteWalk(_ paths: some Sequence<String>) {
        beginWalk(walked: Array(paths))
    }

    /// Says that a walk of some folders only began (a listing of one folder): no record is
    /// dropped for what it did not find, not even for what an earlier walk did not (a note
    /// it found may be one that walk missed), and what an earlier walk found valid may have
    /// changed since.
    func notePartialWalk() {
        beginWalk(walked: nil)
    }

    private func beginWalk(walked paths: [String]?) {
        let files = lock.withLock {
            walked = paths
            return [file, delta]
        }
        // What an earlier walk found valid may have changed since.
        for case let file? in files { file.clearWalkMarks() }
    }

    /// Removes the cache file, its delta, the memos (of the check, of folders' listings and of
    /// their names) and what runs killed while saving left; the next run reads every note.
    ///
    /// - Throws: `VaultError.cacheBlocked` when a folder that holds files stands in the place
    ///   of one of the cache's files (an empty one is removed); a `SystemError` when a file
    ///   cannot be removed.
    public func clear() throws {
        for file in [location.file, location.deltaFile, location.checkFile, location.foldersFile, location.statisticsFile] where fileSystem.exists(file) {
            if (try? fileSystem.linkStatus(file))??.kind == .directory {
                do {
                    try fileSystem.removeEmptyDirectory(file)
                } catch let error as SystemError where error.code == ENOTEMPTY || error.code == EEXIST {
                    throw VaultError.cacheBlocked(path: file)
                } catch let error as SystemError where error.code == ENOENT {}
                continue
            }
            // Gone meanwhile (another run cleared it too) is what was asked.
            do { try fileSystem.removeFile(file) } catch let error as SystemError where error.code == ENOENT {}
        }
        try FolderNameMemo.removeAll(in: location.folder, fileSystem: fileSystem)
        // A save killed a moment ago left its temporary file: asked to clear, nothing waits a minute.
        removeLeftovers(young: true)
        lock.withLock {
            file = nil
            delta = nil
            released = false
            fileStatus = nil
            fresh = Self.freshRecords(location, fileSystem)
            strings = RecordTables()
        }
    }
}
