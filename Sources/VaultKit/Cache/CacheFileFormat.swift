import FoundationEssentials
import Glibc
import VaultMarkdown
import VaultSystem

/// The cache file: a fixed header (which program wrote it, the index's checksum, where the
/// index ends), then the index (when it was written, for which vault folder and dialect, how
/// long the tables, filters and paths are, and for each note its path, written as what it
/// shares with the one before and the rest, its status and header facts,
/// its filter's signature, where its entries of each table begin, and its body's length and
/// checksum), then the filters of the notes' link targets and their checksum, then the
/// table of the values the bodies share and its checksum, then the side table of their link
/// shapes and its checksum, then the bodies, one after another in the order of the index.
///
/// The index holds no reference into the tables, so a listing reads the header and the
/// index only, and a table (most of what the bodies repeat: headings and task shapes in
/// one, link shapes and targets in the other) is read by the first body that needs it. A
/// command that reads only links (`backlinks`, `check`) never reads the main table. A
/// command that needs links or tasks reads the bodies it needs, one by one, each checked by
/// its own checksum, so no run holds the file whole.
///
/// The tables are only ever appended to while records are copied from one file to the
/// next, so a copied record's references stay valid: each record's references count from
/// the entries its own run's values began at.
///
/// Written in one pass and renamed into place; a checksum that does not match tells a torn
/// or damaged part, which is then read afresh.
///
/// A delta file has the same layout and holds the records of a few notes read since the
/// main file was written, with the main file it extends named by its index's checksum
/// (`Index.base`): a run that read one note afresh writes a small delta instead of the whole
/// main file again (55 MB at 100,000 notes).
enum CacheFileFormat {
    static let magic: [UInt8] = Array("VAULTFC".utf8) + [2]
    /// The layout of this file; `NoteFacts.formatVersion` is that of each record's facts.
    static let version: UInt64 = 11
    /// The fixed header's length: magic, version, facts version, program, the index's
    /// checksum, eight bytes kept at zero (a whole-file checksum before version 3) and the
    /// index's end, eight bytes each.
    ///
    /// Each table's checksum follows the table, as the table is summed while it is written.
    static let headerLength = 56
    private static let sumsOffset = 32

    /// Why a cache file cannot be used.
    enum Damage: Error, CustomStringConvertible {
        case notACacheFile, checksumMismatch, truncated(offset: Int)

        var description: String {
            switch self {
            case .notACacheFile: return "not a cache file"
            case .checksumMismatch: return "its checksum does not match"
            case .truncated(let offset): return "it ends early or is malformed at byte \(offset)"
            }
        }
    }

    /// What the fixed header says.
    struct Header {
        /// False for a file of another version or build: its records are not read.
        var isCurrent: Bool
        var indexSum: UInt64
        var indexEnd: Int
    }

    /// What the index says of the file and of each note.
    struct Index {
        var root: String
        /// The rules the facts were read by: a folder that became a Logseq graph is read again.
        var dialect: String
        var writtenAt: Int64
        /// For a delta file, the checksum of the index of the main file it extends; 0 for a main file.
        var base: UInt64
        /// The tables' length when a file was last written with no stored table, every value
        /// in them named by a record: how far values no record names any more have grown them since.
        var compacted: UInt64
        /// The table's entries, in bytes of the file (its checksum follows), and how many.
        var table: Range<Int>
        var tableCount: Int
        /// The side table's (link shapes), likewise.
        var sideTable: Range<Int>
        var sideCount: Int
        /// The filters of the records' link targets, in the order of the entries, each as long
        /// as its entry's signature says (its checksum follows).
        var filters: Range<Int>
        /// Each note's entry, in the order of their paths' bytes (see `CacheFile.entry(for:)`).
        var entries: [Entry]
        /// The entries' paths, one after another: each entry's `path` is a range of these.
        var paths: [UInt8]
    }

    /// Where one record is in the file: its path (in bytes of the index's paths), its index
    /// entry (in bytes of the file), its body, and the body's checksum. Held without a string
    /// of its own, so that the index of a large vault costs little more than its bytes and
    /// its paths' (8.1 and 3.3 MB at 100,000 notes).
    ///
    /// In 48 bytes, not 72: the index's offsets, a body's length and a table entry's number
    /// fit in 32 bits (`decode` refuses a file where they would not), and a large vault's
    /// index holds one entry per note for as long as a run lasts.
    struct Entry {
        private let bodyStart: Int
        let bodySum: UInt64
        private let pathStart: UInt32, pathLength: UInt32
        private let indexStart: UInt32, indexLength: UInt32
        private let bodyLength: UInt32
        private let tableBase: UInt32, sideTableBase: UInt32

        /// The largest offset, length or number an entry holds in 32 bits.
        static let limit = Int(UInt32.max)

        init(path: Range<Int>, index: Range<Int>, body: Range<Int>, bodySum: UInt64, bases: Bases) {
            bodyStart = body.lowerBound
            self.bodySum = bodySum
            (pathStart, pathLength) = (UInt32(path.lowerBound), UInt32(path.count))
            (indexStart, indexLength) = (UInt32(index.lowerBound), UInt32(index.count))
            bodyLength = UInt32(body.count)
            (tableBase, sideTableBase) = (UInt32(bases.table), UInt32(bases.side))
        }

        var path: Range<Int> { Int(pathStart)..<Int(pathStart) + Int(pathLength) }
        var index: Range<Int> { Int(indexStart)..<Int(indexStart) + Int(indexLength) }
        var body: Range<Int> { bodyStart..<bodyStart + Int(bodyLength) }
        /// The entries of each table its references count from.
        var bases: Bases { Bases(table: Int(tableBase), side: Int(sideTableBase)) }
    }

    /// Where a record's references count from in each table: the entries its run's values
    /// began at (see `ByteTable.first`).
    struct Bases: Equatable {
        var table: Int
        var side: Int
    }

    /// How many entries each table holds, and in how many bytes.
    struct TableSizes {
        var tableCount = 0, tableLength = 0
        var sideCount = 0, sideLength = 0

        /// The bytes of both tables.
        var length: Int { tableLength + sideLength }
    }

    /// One record to write: its path, its index entry, and its body's length and checksum
    /// (the body itself is written after the index, in the same order).
    struct Record {
        var path: String
        /// Its index entry without its link target filter and that filter's signature.
        var index: ArraySlice<UInt8>
        var bodyLength: Int
        var bodySum: UInt64
        var bases: Bases
        /// The filter of its link targets, which goes into the filters after the index, and
        /// its signature, which ends its index entry (see `TargetSignature`).
        var signature: UInt8 = TargetSignature.absent
        var filter: ArraySlice<UInt8> = []
    }

    /// The identity of the running program: a cache written by another build, whose scanner
    /// may read notes differently, is not used.
    static let program: UInt64 = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return 0 }
        let parts = [UInt64(info.st_size), UInt64(info.st_mtim.tv_sec), UInt64(info.st_mtim.tv_nsec), UInt64(info.st_ino)]
        return parts.withUnsafeBytes { Checksum64.of($0) }
    }()

    /// Hands the file's header and index to `write`, for `records` in the order of their
    /// paths' bytes (`precedes`), whose paths are `pathsLength` bytes in all, and tables of
    /// `tables`' sizes; the tables follow, each with its checksum (see `tableSumLength`),
    /// then the bodies, in the same order.
    ///
    /// The index is encoded in pieces of about a MiB three times (to measure it, to sum it,
    /// to write it behind the header that holds both) and never held whole: at 100,000
    /// notes it is 8 MB, and it was built while a first run held everything it read.
    /// `pathsLength` is given, not summed here: a record made to be asked its path makes it.
    static func writeHead(
        root: String, dialect: NoteDialect, writtenAt: Int64, base: UInt64 = 0, compacted: UInt64 = 0, tables: TableSizes,
        filtersLength: Int = 0, pathsLength: Int, records: some Collection<Record>, write: ([UInt8]) throws -> Void
    ) throws {
        func index(_ piece: ([UInt8]) throws -> Void) rethrows {
            // Handed on a quarter of a MiB at a time: a piece taken leaves the writer a new
            // buffer as large, both held for a moment beside a save's records.
            var file = ByteWriter(capacity: (1 << 18) + 4096)
            file.fixed64(UInt64(bitPattern: writtenAt))
            file.string(root)
            file.string(dialect.rawValue)
            file.fixed64(base)
            file.unsigned(compacted)
            file.unsigned(UInt64(tables.tableCount))
            file.unsigned(UInt64(tables.tableLength))
            file.unsigned(UInt64(tables.sideCount))
            file.unsigned(UInt64(tables.sideLength))
            file.unsigned(UInt64(filtersLength))
            file.unsigned(UInt64(pathsLength))
            file.unsigned(UInt64(records.count))
            var previous = ""
            for record in records {
                // Sorted paths share most of their folders with the one before: written
                // whole they were a third of the index (3.3 MB at 100,000 notes), so 1.3 MB.
                let shared = SharedStart.length(previous.utf8, record.path.utf8)
                file.unsigned(UInt64(shared))
                let rest = record.path.utf8.dropFirst(shared)
                file.unsigned(UInt64(rest.count))
                file.raw(rest)
                previous = record.path
                file.unsigned(UInt64(record.index.count + 1))
                file.raw(record.index)
                file.byte(record.signature)
                file.unsigned(UInt64(record.bases.table))
                file.unsigned(UInt64(record.bases.side))
                file.unsigned(UInt64(record.bodyLength))
                file.fixed64(record.bodySum)
                if file.bytes.count >= 1 << 18 { try piece(file.take()) }
            }
            try piece(file.take())
        }
        var length = 0
        index { length += $0.count }
        var sum = Checksum64.Stream(length: length)
        index { sum.add($0) }
        var header = ByteWriter(capacity: headerLength)
        header.raw(magic)
        header.fixed64(version)
        header.fixed64(NoteFacts.formatVersion)
        header.fixed64(program)
        header.fixed64(sum.sum)
        header.fixed64(0)
        header.fixed64(UInt64(headerLength + length))
        try write(header.bytes)
        try index(write)
    }

    /// The order of records in the file: by the bytes of their paths.
    static func precedes(_ first: String, _ second: String) -> Bool {
        first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// The length of a table's checksum, written after the table.
    static let tableSumLength = 8

    /// The checksum of a record's body.
    static func sum(_ body: some ContiguousBytes) -> UInt64 { Checksum64.of(body) }

    /// The fixed header at the start of `bytes`.
    static func header(_ bytes: [UInt8]) throws -> Header {
        guard bytes.count >= headerLength, Array(bytes[0..<8]) == magic else { throw Damage.notACacheFile }
        return try bytes.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer, start: 8)
            do {
                let fileVersion = try reader.fixed64(), factsVersion = try reader.fixed64(), writer = try reader.fixed64()
                let current = fileVersion == version && factsVersion == NoteFacts.formatVersion && writer == program
                let indexSum = try reader.fixed64()
                _ = try reader.fixed64()
                let end = try reader.fixed64()
                guard !current || (end >= UInt64(headerLength) && end <= UInt64(Int.max)) else { throw Damage.notACacheFile }
                return Header(isCurrent: current, indexSum: indexSum, indexEnd: current ? Int(end) : 0)
            } catch let malformed as ByteReader.Malformed {
                throw Damage.truncated(offset: malformed.offset)
            }
        }
    }

    /// The index in `bytes` (the file's start, at least up to the index's end).
    static func index(_ bytes: [UInt8], header: Header) throws -> Index {
        guard bytes.count >= header.indexEnd else { throw Damage.truncated(offset: bytes.count) }
        return try bytes.withUnsafeBufferPointer { buffer in
            guard Checksum64.of(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[headerLength..<header.indexEnd]))
                == header.indexSum
            else { throw Damage.checksumMismatch }
            var reader = ByteReader(buffer, start: headerLength, end: header.indexEnd)
            do {
                let writtenAt = Int64(bitPattern: try reader.fixed64())
                let root = try reader.string()
                let dialect = try reader.string()
                let base = try reader.fixed64()
                let compacted = try reader.unsigned()
                // The tables follow the index: their lengths are not bounded by the index's bytes.
                func tableSize() throws(ByteReader.Malformed) -> (count: Int, length: Int) {
                    let count = try reader.unsigned()
                    let length = try reader.unsigned()
                    guard length <= UInt64(Int.max / 4), count <= length else { throw ByteReader.Malformed(offset: reader.offset) }
                    return (Int(count), Int(length))
                }
                let (tableCount, tableLength) = try tableSize()
                let (sideCount, sideLength) = try tableSize()
                let filtersLength = try reader.unsigned()
                guard filtersLength <= UInt64(Int.max / 4) else { throw ByteReader.Malformed(offset: reader.offset) }
                let filters = header.indexEnd..<header.indexEnd + Int(filtersLength)
                let table = filters.upperBound + tableSumLength..<filters.upperBound + tableSumLength + tableLength
                let sideTable = table.upperBound + tableSumLength..<table.upperBound + tableSumLength + sideLength
                let bodies = sideTable.upperBound + tableSumLength
                let pathsLength = try reader.unsigned()
                let count = try reader.count()
                guard pathsLength <= UInt64(Entry.limit) else { throw ByteReader.Malformed(offset: reader.offset) }
                // Grown as the paths are read, not made as long as the start says: a damaged
                // or made-up length then asks for no more than the entries read make.
                var paths: [UInt8] = []
                paths.reserveCapacity(min(Int(pathsLength), 8 * header.indexEnd))
                // No path is longer than the system's limit.
                var names = SharedStart.Reader(longest: Int(PATH_MAX))
                var bodyStart = 0
                var entries: [Entry] = []
                entries.reserveCapacity(count)
                for _ in 0..<count {
                    let shared = try reader.unsigned()
                    guard let path = names.next(shared: shared, rest: try reader.view(count: try reader.count())),
                        paths.count + path.count <= Int(pathsLength)
                    else { throw ByteReader.Malformed(offset: reader.offset) }
                    let pathStart = paths.count
                    paths.append(contentsOf: path)
                    let pathLength = path.count
                    let length = try reader.count()
                    let start = reader.offset
                    try reader.skip(length)
                    let base = try reader.unsigned()
                    let sideBase = try reader.unsigned()
                    let bodyLength = Int(truncatingIfNeeded: try reader.unsigned())
                    let bodySum = try reader.fixed64()
                    guard base <= UInt64(tableCount), base <= Entry.limit, sideBase <= UInt64(sideCount), sideBase <= Entry.limit,
                        bodyLength >= 0, bodyLength <= Entry.limit,
                        reader.offset <= Entry.limit, bodyStart <= Int.max - bodyLength - bodies
                    else {
                        throw Damage.truncated(offset: reader.offset)
                    }
                    let body = bodies + bodyStart..<bodies + bodyStart + bodyLength
                    bodyStart += bodyLength
                    entries.append(
                        Entry(
                            path: pathStart..<pathStart + pathLength, index: start..<start + length, body: body, bodySum: bodySum,
                            bases: Bases(table: Int(base), side: Int(sideBase))))
                }
                guard paths.count == Int(pathsLength) else { throw ByteReader.Malformed(offset: reader.offset) }
                return Index(
                    root: root, dialect: dialect, writtenAt: writtenAt, base: base, compacted: compacted, table: table,
                    tableCount: tableCount, sideTable: sideTable, sideCount: sideCount, filters: filters, entries: entries,
                    paths: paths)
            } catch let malformed as ByteReader.Malformed {
                throw Damage.truncated(offset: malformed.offset)
            }
        }
    }
}
