import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The table of values the cache's records share: records read back exactly whichever run's
/// table their values went into, and a value a note repeats costs its bytes once.
@Suite("The cache's table of shared values")
struct CacheTableTests {
    /// Notes that try the encoding's corners: other scripts, empty fields, positions past what
    /// short integers hold, and one target linked many times.
    static let notes: [String] = [
        "",
        "---\ntags: [Ångström, 北京, \"\"]\naliases: [\"\"]\n---\n# Ünïcödé 北京 عربي\n\n- [ ] \n- [x] 読書 ✅ 2025-07-02\n",
        "# T\n\n[[]] [[|]] [[#]] [[a|]] [[a#]] ![[b#^x|y]] [x]() #",
        String(repeating: "filler text, ", count: 400_000) + "\n\n- [ ] far away [[Far]] 📅 2031-01-02 #late\n[[Far#Heading|alias]]\n",
        (0..<1_000).map { "- [ ] task \($0) [[Same target]] #same\n" }.joined(),
        "- [ ]  two  spaces  inside \n  - [/] nested ⏫\n    - [-] deeper 🔼 🛫 2025-06-21\n1. [ ] numbered\n* [>] starred !high\n",
    ]

    static func record(_ text: String) -> NoteRecord {
        let bytes = Array(text.utf8)
        return NoteRecord(
            status: FileStatus(kind: .file, size: Int64(bytes.count), modifiedNanoseconds: 1_700_000_000_123_456_789, changedNanoseconds: 1_700_000_000_999_999_999, device: 5, inode: 1 << 40),
            bytes: bytes, racy: false, dialect: .markdown)
    }

    @Test("varied facts read back exactly when two runs' values went into one table, one after the other")
    func twoRunsTables() throws {
        // The first run's records, then the second's in a table of their own, which the file
        // appends to the first: the second's references count from where its values begin.
        let first = ByteTableBuilder(), second = ByteTableBuilder()
        let halves = [Array(Self.notes.prefix(3)), Array(Self.notes.dropFirst(3))]
        let encoded = zip(halves, [first, second]).map { notes, table in
            notes.map { (record: Self.record($0), bytes: NoteRecordCodingTests.encoded(Self.record($0), table: table)) }
        }
        let (firstBytes, firstCount) = first.entries, (secondBytes, secondCount) = second.entries
        let joined = firstBytes + secondBytes
        let starts = try joined.withUnsafeBufferPointer { try ByteTable.starts(of: $0, in: 0..<joined.count, count: firstCount + secondCount) }
        for (half, base) in zip(encoded, [0, firstCount]) {
            for (record, bytes) in half {
                let decoded = try joined.withUnsafeBufferPointer { joined in
                    try starts.withUnsafeBufferPointer { starts in
                        try Self.decode(bytes, table: ByteTable(bytes: joined, starts: starts, first: base))
                    }
                }
                #expect(decoded.facts == record.facts)
                #expect(decoded.taskLines == record.taskLines)
                #expect(decoded.status == record.status)
            }
        }
    }

    static func decode(_ bytes: (index: [UInt8], body: [UInt8]), table: ByteTable) throws -> NoteRecord {
        try bytes.index.withUnsafeBufferPointer { index in
            try bytes.body.withUnsafeBufferPointer { body in
                var reader = ByteReader(index)
                var bodyReader = ByteReader(body, table: table)
                return try withUnsafeMutablePointer(to: &bodyReader) { pointer in
                    try NoteRecord(index: &reader, body: pointer, wanted: .all, taskLines: true, stem: { "note" })
                }
            }
        }
    }

    @Test("each value gets one number, the same each time it comes again, across the table's growths, and reads back as it was")
    func numbersStable() throws {
        // The empty value, lengths that take one, two and three bytes to write, values that
        // differ in their last byte only, and enough of them for the slots to grow many times.
        var values: [[UInt8]] = [[], Array(repeating: 0x61, count: 127), Array(repeating: 0x61, count: 128), Array(repeating: 0x62, count: 20_000)]
        values += (0..<30_000).map { Array("value \($0 % 10_000) of \($0 / 10_000)".utf8) }
        values += (0..<256).map { Array("same prefix, last byte ".utf8) + [UInt8($0)] }
        let table = ByteTableBuilder()
        let numbers = values.map { table.number(of: $0) }
        #expect(Set(numbers).count == values.count)
        #expect(numbers == Array(0..<UInt64(values.count)))
        // Asked again, in another order, each value is found, never added.
        for position in values.indices.reversed() { #expect(table.number(of: values[position]) == numbers[position]) }
        // And so after the lookups were let go while the table was written out.
        table.dropLookups()
        for position in values.indices.reversed() { #expect(table.number(of: values[position]) == numbers[position]) }
        #expect(table.number(of: Array("a value not seen before".utf8)) == UInt64(values.count))
        // Read back by number as the run's own records read them, every eighth start kept.
        table.withTable { view in
            #expect(view.count == values.count + 1)
            for (position, value) in values.enumerated() {
                guard let range = try? view.range(of: UInt64(position), at: 0) else {
                    Issue.record("entry \(position) does not read back")
                    continue
                }
                #expect(Array(view.bytes[range]) == value)
            }
            #expect((try? view.range(of: UInt64(values.count + 1), at: 0)) == nil)
        }
        let (bytes, count) = table.entries
        #expect(count == values.count + 1)
        // In pieces of a MiB; a length counted before later values came copies only its prefix.
        var pieces: [[UInt8]] = []
        table.copyEntries(length: bytes.count) { pieces.append($0) }
        #expect(pieces.count == (bytes.count + (1 << 20) - 1) >> 20 && pieces.dropLast().allSatisfy { $0.count == 1 << 20 })
        _ = table.number(of: Array("added after the length was counted".utf8))
        var prefix: [UInt8] = []
        table.copyEntries(length: bytes.count - 5) { prefix += $0 }
        #expect(prefix == Array(bytes.dropLast(5)))
        let starts = try bytes.withUnsafeBufferPointer { try ByteTable.starts(of: $0, in: 0..<bytes.count, count: count) }
        try bytes.withUnsafeBufferPointer { bytes in
            try starts.withUnsafeBufferPointer { starts in
                let view = ByteTable(bytes: bytes, starts: starts)
                for (position, value) in values.enumerated() {
                    let range = try view.range(of: UInt64(position), at: 0)
                    #expect(Array(bytes[range]) == value)
                }
            }
        }
    }

    @Test("a note with a thousand links to one target and a thousand tags alike keeps the target and the tag once")
    func repeatedTargetOnce() {
        let target = "A rather long target name that a thousand links share"
        let text = (0..<1_000).map { _ in "see [[\(target)]] #a-rather-long-shared-tag\n" }.joined()
        let table = ByteTableBuilder()
        let (index, body) = NoteRecordCodingTests.encoded(Self.record(text), table: table)
        let (entries, _) = table.entries
        let copies = 1_000 * (target.utf8.count + "a-rather-long-shared-tag".utf8.count)
        // A few bytes a link (where it is, on which line, which shape it has) and one copy.
        #expect(index.count + body.count + entries.count < copies / 5)
        #expect(entries.count < 4 * target.utf8.count)
    }

    @Test("records read back after one note of a cached vault changes, its new values after the stored ones")
    func appendedRun() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/vault"
        try folder.write("vault/pages/Alpha.md", "# Alpha\n\n[[Beta]] #one\n- [ ] first task [[Beta]]\n")
        try folder.write("vault/pages/Beta.md", "# Beta\n\n- [x] done 北京 ✅ 2025-07-02 #two\n")
        func run() throws -> FactsCache {
            var vault = try Vault(root: root)
            let cache = FactsCache(location: CacheLocation(folder: folder.path + "/cache", rootRealPath: root), racyWindow: 0)
            vault.cache = cache
            _ = try vault.scan(detail: .full)
            // A first reading keeps only what it was asked for: the tasks make the records whole.
            _ = try vault.tasks()
            try cache.finish()
            return cache
        }
        _ = try run()
        CachedRuns.nextTick()
        try folder.write("vault/pages/Alpha.md", "# Alpha again\n\n[[Gamma]] #three\n- [ ] second task [[Gamma|g]]\n")
        _ = try run()
        let cache = FactsCache(location: CacheLocation(folder: folder.path + "/cache", rootRealPath: root), racyWindow: 0)
        for name in ["Alpha", "Beta"] {
            let path = root + "/pages/\(name).md"
            let status = try #require(try LocalFileSystem().status(path))
            let record = try #require(cache.record(for: "pages/\(name).md", status: status, wanted: .all, taskLines: true))
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(record.facts == NoteFacts(bytes: bytes, parts: .all, dialect: .markdown))
        }
    }
}

/// The table is read by a run's first body: a listing never reads it, and a file whose
/// table is damaged is never copied into the next.
@Suite("The cache's table read only for bodies")
struct CacheTableReadTests {
    let folder = TemporaryFolder()
    var runs: CachedRuns { folder.cachedRuns }
    var cacheFile: String { folder.path + "/cache/facts" }

    /// Fills the cache, then flips the first byte of its table.
    func warmWithDamagedTable() throws {
        try folder.writeLinkedNotes()
        _ = try runs.run(CachedRuns.digest)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
        let header = try CacheFileFormat.header(bytes)
        let table = try CacheFileFormat.index(bytes, header: header).table
        #expect(!table.isEmpty && table.upperBound < bytes.count - CacheFileFormat.tableSumLength)
        bytes[table.lowerBound] ^= 0x40
        #expect(FileManager.default.createFile(atPath: cacheFile, contents: Data(bytes)))
    }

    @Test("a listing is served from the index alone: with the table damaged it still hits every note, and says nothing")
    func listingSkipsTable() throws {
        try warmWithDamagedTable()
        let (vault, cache) = try runs.opened()
        let titles = try vault.scan(detail: .tags).notes.map { "\($0.path) \($0.title) \($0.tags)" }
        #expect(titles == (try runs.uncached { try $0.scan(detail: .tags).notes.map { "\($0.path) \($0.title) \($0.tags)" } }))
        #expect(cache.statistics.misses == 0)
        #expect(cache.takeNotices().isEmpty)
    }

    @Test("a damaged table costs the bodies a read, is said once, and the next file is sound")
    func damagedTableMended() throws {
        try warmWithDamagedTable()
        let fresh = try runs.uncached(CachedRuns.digest)
        let (vault, cache) = try runs.opened()
        #expect(try CachedRuns.digest(vault) == fresh)
        #expect(cache.takeNotices().count == 1)
        try cache.finish()
        let after = try runs.run(CachedRuns.digest)
        #expect(after.value == fresh && after.misses == 0)
    }

    @Test("a run that saves over a file with a damaged table keeps none of its records, and the next file is sound")
    func damagedTableNotCopied() throws {
        try warmWithDamagedTable()
        CachedRuns.nextTick()
        try folder.write("vault/pages/Beta.md", "# Beta changed\n\n[[Gamma]] #beta\n")
        // Only the changed note is read afresh: the save copies the stored records, finds
        // their table damaged, and writes this run's record alone (written whole: a delta
        // would not copy the table).
        let (vault, cache) = try runs.opened()
        cache.writesDeltas = false
        _ = try vault.scan(detail: .summary)
        #expect(cache.statistics.misses == 1)
        try cache.finish()
        #expect(cache.takeNotices().count == 1)
        let fresh = try runs.uncached(CachedRuns.digest)
        let (next, nextCache) = try runs.opened()
        #expect(try CachedRuns.digest(next) == fresh)
        #expect(nextCache.takeNotices().isEmpty)
        #expect(nextCache.statistics.hits >= 1)
    }

    @Test("a run that finds a body damaged writes the main file whole, not a delta beside it, and the next run finds no damage")
    func damageFoundSkipsTheDelta() throws {
        try warmWithDamagedTable()
        CachedRuns.nextTick()
        try folder.write("vault/pages/Beta.md", "# Beta changed\n\n[[Gamma]] #beta\n")
        let fresh = try runs.uncached(CachedRuns.digest)
        let (vault, cache) = try runs.opened()
        #expect(try CachedRuns.digest(vault) == fresh)
        #expect(cache.takeNotices().count == 1)
        try cache.finish()
        #expect(!FileManager.default.fileExists(atPath: cache.location.deltaFile))
        let (next, nextCache) = try runs.opened()
        #expect(try CachedRuns.digest(next) == fresh)
        #expect(nextCache.takeNotices().isEmpty)
        #expect(nextCache.statistics.misses == 0)
    }
}
