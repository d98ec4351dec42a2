import Foundation
import Testing
@testable import VaultKit
@testable import VaultSystem

/// The records a run read afresh, held in a scratch file of the cache folder until the
/// cache file is written, so that a first run over a large vault does not hold them all.
@Suite("Records read afresh")
struct FreshRecordsTests {
    let folder = TemporaryFolder()

    /// A record's index entry and body, each telling its note and version apart.
    static func record(_ number: Int, version: Int = 0) -> (index: [UInt8], body: [UInt8]) {
        let index = Array("index of \(number), version \(version)".utf8)
        let body = Array(String(repeating: "body of \(number), version \(version); ", count: 1 + number % 40).utf8)
        return (index, body)
    }

    /// Stores records 0..<count, then record 0 again as version 1; checks each reads back.
    func storeAndReadBack(_ records: FreshRecords, count: Int) {
        for number in 0..<count {
            let (index, body) = Self.record(number)
            records.store("note \(number).md", index: index, body: body, sum: UInt64(number))
        }
        let (index, body) = Self.record(0, version: 1)
        records.store("note 0.md", index: index, body: body, sum: 99)
        #expect(records.paths.count == count)
        for number in 0..<count {
            let version = number == 0 ? 1 : 0
            guard let slot = records.slot(for: "note \(number).md") else {
                Issue.record("no record of note \(number)")
                continue
            }
            let expected = Self.record(number, version: version)
            #expect(slot.sum == (number == 0 ? 99 : UInt64(number)))
            #expect(records.index(of: slot) == expected.index)
            #expect(records.body(of: slot) == expected.body)
            let whole = records.record(of: slot)
            #expect(whole?.index == expected.index && whole?.body == expected.body)
        }
    }

    @Test("records read back whole from the scratch file, past what it holds in memory, a note's latest in place of the one before, and nothing is left in the folder")
    func scratchFileRoundTrip() throws {
        let cache = folder.path + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let records = FreshRecords { cache }
        // About 3 MB: most of it written out, the last part still pending in memory.
        storeAndReadBack(records, count: 5_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).isEmpty)
    }

    @Test("without a folder to hold them, records are kept in memory and read back the same")
    func memoryRoundTrip() {
        storeAndReadBack(FreshRecords { nil }, count: 500)
    }

    @Test("a record the scratch file cannot take (a full disk) is dropped: its note has no record, not the one before")
    func fullScratchDropsRecord() throws {
        let cache = folder.path + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let records = FreshRecords(folder: { cache }, capacity: 200)
        records.store("a.md", index: [1, 2, 3], body: Array(repeating: 7, count: 90), sum: 1)
        records.store("b.md", index: [4, 5, 6], body: Array(repeating: 8, count: 90), sum: 2)
        records.store("a.md", index: [9], body: Array(repeating: 9, count: 150), sum: 3)
        #expect(records.slot(for: "a.md") == nil)
        let b = try #require(records.slot(for: "b.md"))
        #expect(records.index(of: b) == [4, 5, 6] && records.body(of: b) == Array(repeating: 8, count: 90))
        records.store("c.md", index: [1], body: [2], sum: 4)
        #expect(records.slot(for: "c.md") == nil)
    }

    @Test("a note read afresh is found again in the same run from the scratch file, and the next run finds every note in the file written")
    func sameRunHits() throws {
        try folder.writeLinkedNotes()
        let (vault, cache) = try folder.cachedRuns.opened()
        let first = try CachedRuns.digest(vault)
        let misses = cache.statistics.misses
        #expect(misses > 0)
        #expect(try CachedRuns.digest(vault) == first)
        #expect(cache.statistics.misses == misses)
        try cache.finish()
        let again = try folder.cachedRuns.run(CachedRuns.digest)
        #expect(again.value == first && again.misses == 0)
        #expect(first == (try folder.cachedRuns.uncached(CachedRuns.digest)))
    }

    @Test("a scratch file a kill caught before it was unlinked is removed by the next save once a minute old, a younger one left to its run")
    func leftoverScratchRemoved() throws {
        try folder.writeLinkedNotes()
        let cache = folder.path + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let old = cache + "/" + ScratchFile.namePrefix + "Ab12Cd", young = cache + "/" + ScratchFile.namePrefix + "Ef34Gh"
        for path in [old, young] { #expect(FileManager.default.createFile(atPath: path, contents: Data("records".utf8))) }
        CachedRuns.setModified(old, seconds: Int(Date().timeIntervalSince1970) - 120)
        _ = try folder.cachedRuns.run(CachedRuns.digest)
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: young))
    }

    @Test("clearing the cache removes what a save killed a moment ago left, a temporary file and a scratch file")
    func clearRemovesYoungLeftovers() throws {
        try folder.writeLinkedNotes()
        _ = try folder.cachedRuns.run(CachedRuns.digest)
        let cache = folder.path + "/cache"
        let temporary = cache + "/" + SafeWriter.temporaryName(for: "facts", kind: .newFile)
        let scratch = cache + "/" + ScratchFile.namePrefix + "Ij56Kl"
        for path in [temporary, scratch] { #expect(FileManager.default.createFile(atPath: path, contents: Data("part".utf8))) }
        let (_, opened) = try folder.cachedRuns.opened()
        try opened.clear()
        #expect(!FileManager.default.fileExists(atPath: temporary))
        #expect(!FileManager.default.fileExists(atPath: scratch))
        #expect(try folder.cachedRuns.run(CachedRuns.digest).value == (try folder.cachedRuns.uncached(CachedRuns.digest)))
    }
}
