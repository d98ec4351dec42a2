import FoundationEssentials
import Glibc
import VaultMarkdown
import VaultSystem

/// The cache file as one run opened it: its header and index read through one descriptor,
/// and its tables and the records' bodies read through the same one when they are needed.
///
/// The descriptor keeps reading the file that was opened when another run renames a new
/// one into place, so the bodies always belong to the index read with them.
final class CacheFile: @unchecked Sendable {
    let path: String
    let header: CacheFileFormat.Header
    /// The file up to the end of its index.
    let index: [UInt8]
    let contents: CacheFileFormat.Index
    private let fileSystem: any FileSystem
    private let descriptor: Int32
    private let tableLock = Lock()
    private let hints = LookupHints()
    /// A byte for each entry, set once its record was found valid for the note's status as
    /// the last walk took it (see `FactsCache.walkedRecord`). Workers set distinct bytes,
    /// only ever to 1, and a walk clears them all before any is set.
    private let walkMarks: UnsafeMutableBufferPointer<UInt8>
    /// The table and the side table as read by the first body that needed each: nil until
    /// then, `.damaged` when it could not be read whole or its checksum did not match.
    private var loadedTable: LoadedTable?, loadedSideTable: LoadedTable?
    /// The filters of the link targets, read by the first question that asks one.
    private var loadedFilters: LoadedFilters?
    /// The bodies read ahead (see `body(of:)`), and what guards them.
    private var readAhead = BodyReadAhead()
    private let aheadLock = Lock()

    /// The table's bytes (its checksum after them) and where its entries begin in them:
    /// each entry of the main table, every `1 << shift`-th of the side table.
    private enum LoadedTable {
        case sound(bytes: [UInt8], starts: [UInt32], shift: Int)
        case damaged
    }

    /// The filters' bytes (their checksum after them) and where each entry's begins.
    private enum LoadedFilters {
        case sound(bytes: [UInt8], starts: [UInt32])
        case damaged
    }

    /// Every how many entries of the side table a start is kept (as a shift): its entries
    /// are read once a link shape (`LinkTargetAnswers`), and a start for each was 4 MB of a
    /// `check`'s highest point at 100,000 notes; the main table's, read once a task, each
    /// keep theirs.
    static let sideStartShift = 3

    /// Opens the file; nil when it is of another version or build (rebuilt quietly).
    ///
    /// - Throws: `CacheFileFormat.Damage` for a file that is no cache file or whose index is
    ///   damaged, and the file system's error when it cannot be read.
    static func open(_ path: String, fileSystem: any FileSystem) throws -> CacheFile? {
        let descriptor = try fileSystem.openForReading(path)
        do {
            let start = try fileSystem.read(descriptor, at: 0, count: CacheFileFormat.headerLength, path: path)
            let header = try CacheFileFormat.header(start)
            guard header.isCurrent else {
                try? fileSystem.close(descriptor, path: path)
                return nil
            }
            // An index said to end past the file's end is damage, not a length to allocate:
            // one flipped bit there asked for terabytes, and every command stopped.
            guard let size = try fileSystem.status(path)?.size, header.indexEnd <= size else {
                throw CacheFileFormat.Damage.truncated(offset: CacheFileFormat.headerLength)
            }
            let index = try fileSystem.read(descriptor, at: 0, count: header.indexEnd, path: path)
            let contents = try CacheFileFormat.index(index, header: header)
            return CacheFile(
                path: path, header: header, index: index, contents: contents, fileSystem: fileSystem, descriptor: descriptor)
        } catch {
            try? fileSystem.close(descriptor, path: path)
            throw error
        }
    }

    private init(
        path: String, header: CacheFileFormat.Header, index: [UInt8], contents: CacheFileFormat.Index, fileSystem: any FileSystem,
        descriptor: Int32
    ) {
        self.path = path
        self.header = header
        self.index = index
        self.contents = contents
        self.fileSystem = fileSystem
        self.descriptor = descriptor
        walkMarks = .allocate(capacity: contents.entries.count)
        walkMarks.initialize(repeating: 0)
    }

    deinit {
        walkMarks.deallocate()
        try? fileSystem.close(descriptor, path: path)
    }

    /// The head of `entry`'s record, read from the index alone.
    func head(of entry: CacheFileFormat.Entry) -> NoteRecord.Head? {
        index.withUnsafeBufferPointer { NoteRecord.head(in: $0, entry.index) }
    }

    /// False when the filter of the link targets of `entry`, at `ordinal`, shows that none
    /// holds what `probe` looks for (see `TargetSignature`); true when one may, or when the
    /// filters cannot be read.
    func mayHold(_ probe: TargetSignature.Probe, _ entry: CacheFileFormat.Entry, at ordinal: Int) -> Bool {
        let signature = self.signature(of: entry)
        let length = TargetSignature.filterLength(signature)
        guard signature != TargetSignature.absent else { return true }
        // No runs at all (no target of three bytes), or a signature no filter has.
        guard length > 0 else { return TargetSignature.mayHold(probe, signature: signature, filter: .init(start: nil, count: 0)) }
        guard case .sound(let bytes, let starts) = filters() else { return true }
        let start = Int(starts[ordinal])
        return bytes.withUnsafeBufferPointer { bytes in
            TargetSignature.mayHold(probe, signature: signature, filter: UnsafeBufferPointer(rebasing: bytes[start..<start + length]))
        }
    }

    /// The filter of the link targets of the entry at `ordinal`, and its signature, to be
    /// copied into the next file; none (`absent`) when the filters cannot be read: the
    /// record is then asked of by its body, until its note is read again.
    func filter(at ordinal: Int) -> (signature: UInt8, filter: ArraySlice<UInt8>) {
        let signature = self.signature(of: contents.entries[ordinal])
        let length = TargetSignature.filterLength(signature)
        guard length > 0 else { return (signature, []) }
        guard case .sound(let bytes, let starts) = filters() else { return (TargetSignature.absent, []) }
        let start = Int(starts[ordinal])
        return (signature, bytes[start..<start + length])
    }

    /// The signature of `entry`'s filter: the last byte of its index entry.
    private func signature(of entry: CacheFileFormat.Entry) -> UInt8 {
        entry.index.isEmpty ? TargetSignature.absent : index[entry.index.upperBound - 1]
    }

    /// The filters, read and checked once, with where each entry's begins; `.damaged` when
    /// they cannot be read whole, their checksum does not match, or the entries' signatures
    /// do not add up to their length.
    private func filters() -> LoadedFilters {
        tableLock.withLock {
            if let loadedFilters { return loadedFilters }
            let range = contents.filters
            var loaded = LoadedFilters.damaged
            let count = range.count + CacheFileFormat.tableSumLength
            if let bytes = try? fileSystem.read(descriptor, at: range.lowerBound, count: count, path: path), bytes.count == count {
                let sound = bytes.withUnsafeBufferPointer { buffer -> Bool in
                    var reader = ByteReader(buffer, start: range.count)
                    let filters = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<range.count])
                    return (try? reader.fixed64()) == Checksum64.of(filters)
                }
                var starts: [UInt32] = []
                starts.reserveCapacity(contents.entries.count)
                var offset = 0
                for entry in contents.entries {
                    starts.append(UInt32(truncatingIfNeeded: offset))
                    offset += TargetSignature.filterLength(signature(of: entry))
                }
                if sound && offset == range.count { loaded = .sound(bytes: bytes, starts: starts) }
            }
            loadedFilters = loaded
            return loaded
        }
    }

    /// Marks the entry at `ordinal` as found valid for the last walk.
    func markWalked(_ ordinal: Int) { walkMarks[ordinal] = 1 }

    /// Takes back the mark of the entry at `ordinal`: its note changed since the walk.
    func unmarkWalked(_ ordinal: Int) { walkMarks[ordinal] = 0 }

    /// True when the entry at `ordinal` was found valid for the last walk.
    func wasWalked(_ ordinal: Int) -> Bool { walkMarks[ordinal] != 0 }

    /// Clears every entry's mark, for a walk that begins.
    func clearWalkMarks() { walkMarks.update(repeating: 0) }

    /// The entry of the note at `path`, found by its bytes among the sorted entries.
    func entry(for path: String) -> CacheFileFormat.Entry? {
        ordinal(for: path).map { contents.entries[$0] }
    }

    /// Where the entry of the note at `path` is among the sorted entries: the one after the
    /// last this thread found is tried first (see `LookupHints`).
    func ordinal(for path: String) -> Int? {
        var path = path
        return path.withUTF8 { wanted in
            contents.paths.withUnsafeBufferPointer { bytes in
                let entries = contents.entries
                func order(_ ordinal: Int) -> Int { Self.compare(UnsafeBufferPointer(rebasing: bytes[entries[ordinal].path]), wanted) }
                var low = 0
                var high = entries.count
                let next = hints.last + 1
                if next > 0 && next < high {
                    let found = order(next)
                    if found == 0 { return remembered(next) }
                    if found < 0 { low = next + 1 } else { high = next }
                }
                while low < high {
                    let middle = (low + high) / 2
                    let found = order(middle)
                    if found == 0 { return remembered(middle) }
                    if found < 0 { low = middle + 1 } else { high = middle }
                }
                return nil
            }
        }
    }

    private func remembered(_ ordinal: Int) -> Int {
        hints.remember(ordinal)
        return ordinal
    }

    /// Calls `body` with the file's table and side table, their references counting from
    /// `bases`, for a body read for `wanted`; nil when a table it needs is damaged (no body
    /// can then be decoded).
    ///
    /// Only the tables `wanted` needs are read: link shapes are all in the side table, the
    /// headings' and tasks' values in the main one (`backlinks` and `check` never read it,
    /// `tasks` never reads the side table). `body` is given an empty table in the place of
    /// one not needed, which any reference into it finds malformed.
    func withTables<Result>(
        from bases: CacheFileFormat.Bases, for wanted: NoteFacts.Parts, _ body: (ByteTable, ByteTable) throws -> Result
    ) rethrows -> Result? {
        let none: (bytes: [UInt8], starts: [UInt32], shift: Int, count: Int, first: Int) = ([], [], 0, 0, 0)
        var tables = (main: none, side: none)
        if !wanted.isDisjoint(with: [.headings, .tasks]) {
            guard case .sound(let bytes, let starts, let shift) = table(side: false) else { return nil }
            tables.main = (bytes, starts, shift, tableCount, bases.table)
        }
        if wanted.contains(.links) {
            guard case .sound(let bytes, let starts, let shift) = table(side: true) else { return nil }
            tables.side = (bytes, starts, shift, sideCount, bases.side)
        }
        let (main, side) = tables
        return try main.bytes.withUnsafeBufferPointer { bytes in
            try main.starts.withUnsafeBufferPointer { starts in
                try side.bytes.withUnsafeBufferPointer { sideBytes in
                    try side.starts.withUnsafeBufferPointer { sideStarts in
                        try body(
                            ByteTable(bytes: bytes, starts: starts, shift: main.shift, count: main.count, first: main.first),
                            ByteTable(bytes: sideBytes, starts: sideStarts, shift: side.shift, count: side.count, first: side.first))
                    }
                }
            }
        }
    }

    /// The number of entries of the table and of the side table.
    var tableCount: Int { contents.tableCount }
    var sideCount: Int { contents.sideCount }

    /// True once the main table, or the side table, was read (for tests: a reader of links
    /// alone never reads the main one, a reader of tasks never the side one).
    func hasRead(side: Bool) -> Bool { tableLock.withLock { (side ? loadedSideTable : loadedTable) != nil } }

    /// The table, or the side table, read and checked once, by whichever thread asks first.
    private func table(side: Bool) -> LoadedTable {
        tableLock.withLock {
            if let loaded = side ? loadedSideTable : loadedTable { return loaded }
            let (range, count) = side ? (contents.sideTable, contents.sideCount) : (contents.table, contents.tableCount)
            let loaded: LoadedTable
            if let bytes = try? fileSystem.read(
                descriptor, at: range.lowerBound, count: range.count + CacheFileFormat.tableSumLength, path: path),
                bytes.count == range.count + CacheFileFormat.tableSumLength,
                let starts = Self.starts(of: bytes, count: count, shift: side ? Self.sideStartShift : 0)
            {
                // Kept with its checksum behind it, which no entry reaches: not copied again.
                loaded = .sound(bytes: bytes, starts: starts, shift: side ? Self.sideStartShift : 0)
            } else {
                loaded = .damaged
            }
            if side { loadedSideTable = loaded } else { loadedTable = loaded }
            return loaded
        }
    }

    /// Where each of the `count` entries of a table begins (every `1 << shift`-th), when
    /// `bytes` (the table and its checksum) are sound.
    private static func starts(of bytes: [UInt8], count: Int, shift: Int) -> [UInt32]? {
        let length = bytes.count - CacheFileFormat.tableSumLength
        return bytes.withUnsafeBufferPointer { buffer -> [UInt32]? in
            var reader = ByteReader(buffer, start: length)
            guard let sum = try? reader.fixed64(), Checksum64.of(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<length])) == sum
            else { return nil }
            return try? ByteTable.starts(of: buffer, in: 0..<length, count: count, shift: shift)
        }
    }

    /// True once the filters were read (for tests: only a question about a few notes' links reads them).
    var hasReadFilters: Bool { tableLock.withLock { loadedFilters != nil } }

    /// Hands the table's (or the side table's) bytes to `write` in pieces of up to a MiB, as
    /// they are in the file, checking them as they go without holding them.
    ///
    /// - Throws: what `write` throws, and `CacheFileFormat.Damage.checksumMismatch` when the
    ///   bytes cannot be read whole or are not what the file's checksum says (the caller's
    ///   file then cannot use this one's records).
    func copyTable(side: Bool, _ write: ([UInt8]) throws -> Void) throws {
        let range = side ? contents.sideTable : contents.table
        var stored = Checksum64.Stream(length: range.count)
        var offset = range.lowerBound
        func read(_ count: Int) throws -> [UInt8] {
            guard let bytes = try? fileSystem.read(descriptor, at: offset, count: count, path: path), bytes.count == count else {
                throw CacheFileFormat.Damage.checksumMismatch
            }
            return bytes
        }
        while offset < range.upperBound {
            let piece = try read(min(1 << 20, range.upperBound - offset))
            stored.add(piece)
            try write(piece)
            offset += piece.count
        }
        let expected = try read(CacheFileFormat.tableSumLength).withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer)
            return try? reader.fixed64()
        }
        guard stored.sum == expected else { throw CacheFileFormat.Damage.checksumMismatch }
    }

    /// The path an entry is of.
    func path(of entry: CacheFileFormat.Entry) -> String {
        contents.paths.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[entry.path]), as: UTF8.self) }
    }

    /// The stem of the path an entry is of (`NoteFiles.stem(ofPath:)`), made without the path.
    func stem(of entry: CacheFileFormat.Entry) -> String {
        contents.paths.withUnsafeBufferPointer { NoteFiles.stem(ofPathBytes: UnsafeBufferPointer(rebasing: $0[entry.path])) }
    }

    private static func compare(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(first.count, second.count)
        if common > 0 {
            let order = memcmp(first.baseAddress!, second.baseAddress!, common)
            if order != 0 { return Int(order) }
        }
        return first.count - second.count
    }

    /// The body of `entry`, or nil when it cannot be read whole or its checksum does not
    /// match (its record is then read afresh).
    ///
    /// Bodies are stored in path order, and a walk reads them in about that order: they are
    /// read a stretch at a time where a reader walks on (see `BodyReadAhead`). Read one
    /// `pread` apiece, the bodies of 100,000 notes were a twentieth of a warm `backlinks`.
    func body(of entry: CacheFileFormat.Entry) -> [UInt8]? {
        guard let bytes = aheadBytes(entry.body) ?? (try? bytes(entry.body)), bytes.count == entry.body.count,
            CacheFileFormat.sum(bytes) == entry.bodySum
        else { return nil }
        return bytes
    }

    /// The bytes of `range` from a stretch read ahead, reading a new stretch when a reader
    /// walks on to `range`; nil for a body read on its own.
    private func aheadBytes(_ range: Range<Int>) -> [UInt8]? {
        guard range.count <= BodyReadAhead.length / 8 else { return nil }
        switch aheadLock.withLock({ readAhead.answer(for: range) }) {
        case .bytes(let bytes): return bytes
        case .alone: return nil
        case .withStretch:
            guard let stretch = try? fileSystem.read(descriptor, at: range.lowerBound, count: BodyReadAhead.length, path: path),
                stretch.count >= range.count
            else { return nil }
            aheadLock.withLock { readAhead.keep(stretch, at: range.lowerBound) }
            return Array(stretch[..<range.count])
        }
    }

    /// The bytes of `range`, as they are (for copying bodies into the next file, checksums and all).
    func bytes(_ range: Range<Int>) throws -> [UInt8] {
        try fileSystem.read(descriptor, at: range.lowerBound, count: range.count, path: path)
    }
}
