import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Record bodies read in the order they are stored come from stretches of the file read
/// ahead, not from a read apiece, and are checked as every body is.
@Suite("Bodies read ahead")
struct CacheReadAheadTests {
    let folder = TemporaryFolder()
    static let count = 400

    func writeVault() throws {
        for number in 0..<Self.count {
            let name = String(format: "N%03d", number)
            try folder.write("vault/pages/\(name).md", "# \(name)\n\n#tag\(number % 9) links [[N\(String(format: "%03d", (number + 1) % Self.count))]]\n")
        }
    }

    /// Every note's headings, which a record keeps in its body.
    func headings(_ vault: Vault) throws -> [[String]] { try vault.scan(detail: .full).notes.map { $0.headings.map(\.text) } }

    /// The vault written and its cache filled by one run; the headings read without the cache.
    func warmedUp() throws -> (CachedRuns, [[String]]) {
        try writeVault()
        let runs = folder.cachedRuns
        let expected = try runs.uncached(headings)
        _ = try runs.run(headings)
        CachedRuns.nextTick()
        return (runs, expected)
    }

    /// A warm run's scan through a file system that counts the reads of parts of open files.
    func countedRun(_ runs: CachedRuns) throws -> (headings: [[String]], reads: Int, cache: FactsCache) {
        let counting = FaultyFileSystem()
        var runs = runs
        runs.fileSystem = counting
        let (vault, cache) = try runs.opened()
        let found = try headings(vault)
        return (found, counting.calls.filter { $0 == .readAt }.count, cache)
    }

    @Test("a warm scan of every note's headings reads the bodies a stretch at a time, and finds what a scan without the cache finds")
    func readsAhead() throws {
        let (runs, expected) = try warmedUp()
        let warm = try countedRun(runs)
        #expect(warm.headings == expected)
        #expect(warm.cache.statistics.misses == 0)
        // The header, the index, the table, and a few stretches; one read a body was 400 more.
        #expect(warm.reads < 20, "\(warm.reads) reads")
    }

    @Test("a body damaged in a stretch read ahead is found damaged, said once, and its note read afresh")
    func damageInAStretch() throws {
        let (runs, expected) = try warmedUp()
        let path = runs.cacheFolder + "/facts"
        let file = try #require(try CacheFile.open(path, fileSystem: LocalFileSystem()))
        let body = file.contents.entries[Self.count / 2].body
        var bytes = try folder.read("cache/facts")
        bytes[body.lowerBound + body.count / 2] ^= 0x5A
        try folder.write("cache/facts", bytes: bytes)
        let warm = try countedRun(runs)
        #expect(warm.headings == expected)
        #expect(warm.cache.statistics.misses == 1)
        #expect(warm.cache.takeNotices().count == 1)
    }
}
