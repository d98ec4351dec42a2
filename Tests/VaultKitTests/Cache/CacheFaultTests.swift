import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A cache file damaged, of another version or vault, or a cache folder that cannot be
/// written: each run still answers from the files, and the cache mends itself.
@Suite("Cache faults")
struct CacheFaultTests {
    let folder = TemporaryFolder()
    var root: String { folder.path + "/vault" }
    var cacheFolder: String { folder.path + "/cache" }
    var runs: CachedRuns { CachedRuns(root: root, cacheFolder: cacheFolder) }
    var cacheFile: String { cacheFolder + "/facts" }

    func warm() throws -> String {
        try folder.write("vault/pages/Alpha.md", "# Alpha\n\nSee [[Beta]] #one\n\n- [ ] a task\n")
        try folder.write("vault/pages/Beta.md", "# Beta\n\n[[Alpha]] [[Nowhere]]\n")
        let fresh = try runs.uncached(CachedRuns.digest)
        #expect(try runs.run(CachedRuns.digest).value == fresh)
        #expect(try runs.run(CachedRuns.digest).misses == 0)
        return fresh
    }

    /// The cache file's bytes, changed by `damage`.
    func damage(_ change: (inout [UInt8]) -> Void) throws {
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
        change(&bytes)
        _ = FileManager.default.createFile(atPath: cacheFile, contents: Data(bytes))
    }

    /// The next run answers as the files do, says the cache was damaged when `warned`, and
    /// the run after it is served from a sound cache again.
    func expectMended(_ fresh: String, warned: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var vault = try Vault(root: root)
        let cache = FactsCache(location: CacheLocation(folder: cacheFolder, rootRealPath: root), racyWindow: 0)
        vault.cache = cache
        let answer = try CachedRuns.digest(vault)
        // Said when the cache is opened, or when the damaged part is first needed.
        let notices = cache.takeNotices()
        try cache.finish()
        #expect(answer == fresh, sourceLocation: sourceLocation)
        #expect(notices.isEmpty == !warned, "\(notices)", sourceLocation: sourceLocation)
        #expect(notices.count <= 1, "\(notices)", sourceLocation: sourceLocation)
        let after = try runs.run(CachedRuns.digest)
        #expect(after.value == fresh && after.misses == 0, sourceLocation: sourceLocation)
    }

    @Test("a truncated cache file is rebuilt, with one warning")
    func truncated() throws {
        let fresh = try warm()
        try damage { $0.removeLast($0.count / 3) }
        try expectMended(fresh, warned: true)
    }

    @Test("a cache file of random bytes is rebuilt, with one warning")
    func randomBytes() throws {
        let fresh = try warm()
        var generator = SystemRandomNumberGenerator()
        try damage { bytes in bytes = (0..<bytes.count).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        try expectMended(fresh, warned: true)
    }

    @Test("one flipped byte in a record is caught by the checksum")
    func flippedByte() throws {
        let fresh = try warm()
        try damage { $0[$0.count - 20] ^= 0x01 }
        try expectMended(fresh, warned: true)
    }

    @Test("any bit flipped in the fixed header, the index's end among them, gives right answers, never a crash")
    func flippedHeader() throws {
        let fresh = try warm()
        let sound = Array(try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
        for offset in 0..<CacheFileFormat.headerLength {
            for bit in [0x01, 0x10, 0x40, 0x80] as [UInt8] {
                try damage { bytes in
                    bytes = sound
                    bytes[offset] ^= bit
                }
                var vault = try Vault(root: root)
                let cache = FactsCache(location: CacheLocation(folder: cacheFolder, rootRealPath: root), racyWindow: 0)
                vault.cache = cache
                #expect(try CachedRuns.digest(vault) == fresh, "byte \(offset), bit \(bit)")
                _ = cache.takeNotices()
                try cache.finish()
            }
        }
        #expect(try runs.run(CachedRuns.digest).value == fresh)
    }

    @Test("a cache file of another version is rebuilt without a word")
    func otherVersion() throws {
        let fresh = try warm()
        try damage { $0[8] &+= 1 }
        try expectMended(fresh, warned: false)
    }

    @Test("a cache file of another vault folder is not used")
    func otherVault() throws {
        let fresh = try warm()
        // Written by a run that took the folder for one elsewhere.
        var vault = try Vault(root: root)
        vault.cache = FactsCache(location: CacheLocation(folder: cacheFolder, rootRealPath: "/elsewhere"), racyWindow: 0)
        // Said when the file is first read, by the first lookup.
        #expect(vault.cache!.takeNotices().isEmpty)
        _ = try vault.scan(detail: .full)
        #expect(vault.cache!.takeNotices().count == 1)
        try vault.cache!.finish()
        try expectMended(fresh, warned: true)
    }

    @Test("a read-only cache folder costs speed, never a right answer")
    func readOnlyFolder() throws {
        let fresh = try warm()
        try folder.write("vault/pages/Gamma.md", "# Gamma\n[[Alpha]]\n")
        // As a read-only mount refuses, whoever runs the test (root ignores permission bits).
        let fileSystem = FaultyFileSystem()
        fileSystem.fail(.create, with: EROFS)
        var vault = try Vault(root: root, fileSystem: fileSystem)
        vault.cache = FactsCache(location: CacheLocation(folder: cacheFolder, rootRealPath: root), fileSystem: fileSystem, racyWindow: 0)
        let answer = try CachedRuns.digest(vault)
        #expect(throws: (any Error).self) { try vault.cache!.finish() }
        #expect(answer == (try runs.uncached(CachedRuns.digest)))
        #expect(answer != fresh && answer.contains("note pages/Gamma.md"))
    }

    @Test("a rebuild into a read-only cache folder says why, and one that can write reads every note whole")
    func rebuildReadOnly() throws {
        _ = try warm()
        let fileSystem = FaultyFileSystem()
        fileSystem.fail(.create, with: EROFS)
        var vault = try Vault(root: root, fileSystem: fileSystem)
        vault.cache = FactsCache(location: CacheLocation(folder: cacheFolder, rootRealPath: root), fileSystem: fileSystem, racyWindow: 0)
        #expect(throws: (any Error).self) { _ = try vault.rebuildCache() }
        let (writable, cache) = try runs.opened()
        #expect(try writable.rebuildCache() == 2)
        let (after, afterCache) = try runs.opened()
        #expect(try CachedRuns.digest(after) == (try runs.uncached(CachedRuns.digest)))
        #expect(afterCache.statistics.misses == 0 && cache.statistics.misses == 2)
    }

    @Test("a full disk while the cache is written leaves the old cache file whole and no temporary file")
    func fullDisk() throws {
        _ = try warm()
        try folder.write("vault/pages/Gamma.md", "# Gamma\n[[Alpha]]\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: cacheFile))
        let fileSystem = FaultyFileSystem()
        fileSystem.fail(.write, with: ENOSPC)
        var runs = self.runs
        runs.fileSystem = fileSystem
        #expect(throws: (any Error).self) { _ = try runs.run(CachedRuns.digest) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: cacheFile)) == before)
        #expect(try folder.names(in: "cache").filter { $0.hasSuffix(".tmp") }.isEmpty)
        // The answers of that run came from the files.
        runs.fileSystem = LocalFileSystem()
        #expect(try runs.run(CachedRuns.digest).value == (try self.runs.uncached(CachedRuns.digest)))
    }

    @Test("a run whose cache file another run replaces meanwhile reads its bodies from the file it opened")
    func replacedWhileOpen() throws {
        _ = try warm()
        let early = FactsCache(location: CacheLocation(folder: cacheFolder, rootRealPath: root), racyWindow: 0)
        // Another run sees a change and writes a new cache file in place of the one opened.
        try folder.write("vault/pages/Beta.md", "# Beta\n\n[[Alpha]] and more\n")
        #expect(try runs.run(CachedRuns.digest).misses == 1)
        let status = try #require(try LocalFileSystem().status(root + "/pages/Alpha.md"))
        let record = early.record(for: "pages/Alpha.md", status: status, wanted: .links, taskLines: false)
        #expect(record?.facts.links.map(\.target) == ["Beta"])
        #expect(early.takeNotices().isEmpty)
        #expect(early.statistics.hits == 1)
    }

    @Test("a body damaged in the middle of the file costs its own note's read, and the file is mended")
    func damagedMiddleBody() throws {
        let fresh = try warm()
        // Two bytes into the table that follows the index and the filters.
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
        let table = try CacheFileFormat.index(bytes, header: try CacheFileFormat.header(bytes)).table
        try damage { $0[table.lowerBound + 2] ^= 0x40 }
        try expectMended(fresh, warned: true)
    }
}
