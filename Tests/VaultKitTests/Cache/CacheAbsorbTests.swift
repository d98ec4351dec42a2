import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A run that read afresh most of what the stored file held writes a file of its own table
/// alone: the table, only ever appended to, does not grow by a copy of itself.
@Suite("Leaving the stored table behind")
struct CacheAbsorbTests {
    let folder = TemporaryFolder()
    /// Every save writes the main file whole: a few records would otherwise go to a delta.
    var runs: CachedRuns {
        var runs = folder.cachedRuns
        runs.writesDeltas = false
        return runs
    }
    var cacheFile: String { folder.path + "/cache/facts" }
    static let names = (1...8).map { "Note \($0)" }

    init() throws {
        for (number, name) in Self.names.enumerated() {
            try folder.write(
                "vault/pages/\(name).md",
                "# \(name)\n\n[[Note \(number % 8 + 1)]] [[Nowhere \(number)]] #shared #tag\(number)\n- [ ] a task of \(name) #shared\n")
        }
        CachedRuns.nextTick()
    }

    func tableCount() throws -> Int {
        try #require(try CacheFile.open(cacheFile, fileSystem: LocalFileSystem())).tableCount
    }

    func size() throws -> Int { Int(try #require(try LocalFileSystem().status(cacheFile)).size) }

    @Test("a first tasks after a first check writes a table no larger than one run reading everything writes")
    func checkThenTasks() throws {
        _ = try runs.run { VaultCheck(vault: $0, scan: try $0.scan(detail: .summary)).dangling.count }
        _ = try runs.run { try $0.tasks().tasks.count }
        let twoRuns = (size: try size(), entries: try tableCount())
        let after = try runs.run(CachedRuns.digest)
        #expect(after.misses == 0)
        #expect(after.value == (try runs.uncached(CachedRuns.digest)))
        // The same facts from one run that reads everything.
        try FileManager.default.removeItem(atPath: cacheFile)
        _ = try runs.run(CachedRuns.digest)
        #expect(twoRuns.entries == (try tableCount()))
        // The same values, numbered in another order: a few bytes either way.
        #expect(Double(twoRuns.size) <= Double(try size()) * 1.02)
    }

    @Test("the few stored records a run did not read again are kept, encoded against its table, and still served")
    func fewKeptAreKept() throws {
        _ = try runs.run(CachedRuns.digest)
        // Seven of eight notes change: the eighth's record is carried into the new table.
        for name in Self.names.dropLast() { try folder.write("vault/pages/\(name).md", "# \(name) again\n\n[[Note 8]] #other\n") }
        CachedRuns.nextTick()
        let changed = try runs.run(CachedRuns.digest)
        #expect(changed.misses == 7)
        let entries = try tableCount()
        let after = try runs.run(CachedRuns.digest)
        #expect(after.misses == 0)
        #expect(after.value == (try runs.uncached(CachedRuns.digest)))
        // The first run's values that no record names any more are gone: one run, reading
        // the vault as it is now, writes as many.
        try FileManager.default.removeItem(atPath: cacheFile)
        _ = try runs.run(CachedRuns.digest)
        #expect(entries == (try tableCount()))
    }

    @Test("a run that reads few notes afresh appends to the stored table and keeps every record")
    func fewFreshAppend() throws {
        _ = try runs.run(CachedRuns.digest)
        let before = try tableCount()
        try folder.write("vault/pages/Note 1.md", "# Note 1 changed\n\n[[Somewhere new]] #fresh\n")
        CachedRuns.nextTick()
        #expect(try runs.run(CachedRuns.digest).misses == 1)
        #expect(try tableCount() > before)
        let after = try runs.run(CachedRuns.digest)
        #expect(after.misses == 0)
        #expect(after.value == (try runs.uncached(CachedRuns.digest)))
    }

    @Test("a table grown past twice its compact length by values no record names is written again with its records' values alone")
    func compactsUnnamedValues() throws {
        // Each round replaces two notes' words: their old values stay in the table, unnamed.
        func rounds(_ floor: UInt64) throws -> Int {
            try? FileManager.default.removeItem(atPath: folder.path + "/cache")
            var compacting = runs
            compacting.compactionFloor = floor
            _ = try compacting.run(CachedRuns.digest)
            for round in 1...12 {
                for name in Self.names.prefix(2) {
                    let words = (0..<20).map { "w\(round)x\($0)\(name.last!)" }.joined(separator: " ")
                    try folder.write("vault/pages/\(name).md", "# \(name)\n\n- [ ] \(words)\n")
                }
                CachedRuns.nextTick()
                #expect(try compacting.run(CachedRuns.digest).misses == 2)
            }
            let after = try compacting.run(CachedRuns.digest)
            #expect(after.misses == 0)
            #expect(after.value == (try runs.uncached(CachedRuns.digest)))
            return try size()
        }
        let kept = try rounds(.max)
        let compacted = try rounds(0)
        try FileManager.default.removeItem(atPath: cacheFile)
        _ = try runs.run(CachedRuns.digest)
        let fresh = try size()
        // Without compaction the file holds every round's words; with it, at most twice the table.
        #expect(Double(kept) > Double(fresh) * 2)
        #expect(Double(compacted) <= Double(fresh) * 2)
    }
}
