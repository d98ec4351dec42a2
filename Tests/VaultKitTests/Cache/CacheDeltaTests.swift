import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A run that read a few notes afresh writes them into a delta file beside the main cache
/// file, which stays as it was; a delta past its limit is merged into a new main file.
@Suite("The cache's delta file")
struct CacheDeltaTests {
    let folder = TemporaryFolder()
    var runs: CachedRuns { folder.cachedRuns }
    var mainFile: String { folder.path + "/cache/facts" }
    var deltaFile: String { folder.path + "/cache/facts.delta" }

    init() throws {
        try folder.writeLinkedNotes(["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"])
        CachedRuns.nextTick()
    }

    /// The main file's inode, size and modification time: what a rewrite changes.
    func identity(_ path: String) throws -> [Int64] {
        let status = try #require(try LocalFileSystem().status(path))
        return [Int64(bitPattern: status.inode), status.size, status.modifiedNanoseconds]
    }

    func change(_ name: String, _ text: String) throws {
        try folder.write("vault/pages/\(name).md", text)
        CachedRuns.nextTick()
    }

    /// A delta written for one changed note, then the main file written whole by a run that
    /// read another; the delta's bytes as they were.
    func deltaThenWhole() throws -> Data {
        _ = try runs.run(CachedRuns.digest)
        try change("Beta", "# Beta again\n\n[[Gamma]]\n")
        _ = try runs.run(CachedRuns.digest)
        let delta = try Data(contentsOf: URL(fileURLWithPath: deltaFile))
        var whole = runs
        whole.writesDeltas = false
        try change("Gamma", "# Gamma again\n")
        #expect(try whole.run(CachedRuns.digest).misses == 1)
        return delta
    }

    /// A run of `runs` reads no note afresh and answers as no cache does.
    func expectServed(by runs: CachedRuns, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try runs.run(CachedRuns.digest)
        #expect(run.misses == 0, sourceLocation: sourceLocation)
        #expect(run.value == (try self.runs.uncached(CachedRuns.digest)), sourceLocation: sourceLocation)
    }

    @Test("a run that read one note afresh writes a delta, leaves the main file as it was, and the next run reads nothing")
    func oneChangeWritesADelta() throws {
        _ = try runs.run(CachedRuns.digest)
        let main = try identity(mainFile)
        #expect(!FileManager.default.fileExists(atPath: deltaFile))
        try change("Beta", "# Beta again\n\n[[Gamma]] #new\n- [/] doing\n")
        let changed = try runs.run(CachedRuns.digest)
        #expect(changed.misses == 1)
        #expect(try identity(mainFile) == main)
        #expect(FileManager.default.fileExists(atPath: deltaFile))
        try expectServed(by: runs)
        // A second change keeps the first's record in the next delta.
        try change("Gamma", "# Gamma again\n\n[[Nowhere]]\n")
        #expect(try runs.run(CachedRuns.digest).misses == 1)
        #expect(try identity(mainFile) == main)
        try expectServed(by: runs)
        let (_, cache) = try runs.opened()
        #expect(cache.count == 6)
    }

    @Test("a delta past its limit is merged into a new main file, and the delta is removed")
    func largeDeltaIsMerged() throws {
        var small = runs
        small.deltaFloor = 0
        _ = try small.run(CachedRuns.digest)
        let main = try identity(mainFile)
        // Larger than a sixteenth of the main file: written whole.
        try change("Beta", "# Beta again\n\n" + (1...40).map { "- [ ] task \($0) [[Note \($0)]] #t\($0)\n" }.joined())
        #expect(try small.run(CachedRuns.digest).misses == 1)
        #expect(try identity(mainFile) != main)
        #expect(!FileManager.default.fileExists(atPath: deltaFile))
        try expectServed(by: small)
    }

    @Test("the records of a delta are carried into the main file when it is written whole")
    func deltaCarriedIntoMain() throws {
        _ = try deltaThenWhole()
        #expect(!FileManager.default.fileExists(atPath: deltaFile))
        try expectServed(by: runs)
    }

    @Test("a delta that extends another main file, or is damaged, is not used: its notes are read again and the answers are right")
    func foreignOrDamagedDelta() throws {
        // Another main file, then the old delta put back beside it.
        let oldDelta = try deltaThenWhole()
        #expect(FileManager.default.createFile(atPath: deltaFile, contents: oldDelta))
        let (_, cache) = try runs.opened()
        #expect(cache.count == 6)
        #expect(cache.delta == nil)
        let foreign = try runs.run(CachedRuns.digest)
        #expect(foreign.misses == 0)
        #expect(foreign.value == (try runs.uncached(CachedRuns.digest)))
        // A damaged delta: its index's last byte changed.
        try change("Delta", "# Delta again\n\n[[Alpha]]\n")
        _ = try runs.run(CachedRuns.digest)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: deltaFile)))
        let header = try CacheFileFormat.header(bytes)
        bytes[header.indexEnd - 1] ^= 0x01
        #expect(FileManager.default.createFile(atPath: deltaFile, contents: Data(bytes)))
        let damaged = try runs.run(CachedRuns.digest)
        #expect(damaged.misses >= 1)
        #expect(damaged.value == (try runs.uncached(CachedRuns.digest)))
        #expect(try runs.run(CachedRuns.digest).misses == 0)
    }

    @Test("two runs that save deltas one after the other keep both runs' records")
    func twoRunsKeepBoth() throws {
        _ = try runs.run(CachedRuns.digest)
        try change("Beta", "# Beta again\n")
        try change("Gamma", "# Gamma again\n")
        // Each run reads one of the two notes, and both save after both read.
        let (first, firstCache) = try runs.opened()
        let (second, secondCache) = try runs.opened()
        for (vault, name) in [(first, "Beta"), (second, "Gamma")] {
            let reader = CachedReader(fileSystem: vault.fileSystem, cache: vault.cache, dialect: vault.dialect)
            _ = try reader.read(path: "pages/\(name).md", absolute: vault.root + "/pages/\(name).md", wanted: .all)
        }
        #expect(firstCache.statistics.misses == 1 && secondCache.statistics.misses == 1)
        try firstCache.finish()
        try secondCache.finish()
        try expectServed(by: runs)
    }

    @Test("a run that writes the main file whole carries the delta another run wrote after it opened the cache")
    func laterDeltaCarried() throws {
        _ = try runs.run(CachedRuns.digest)
        try change("Beta", "# Beta again\n")
        try change("Gamma", "# Gamma again\n")
        var whole = runs
        whole.writesDeltas = false
        let (first, firstCache) = try whole.opened()
        #expect(firstCache.count == 6)  // its files opened before the other run saves
        let (second, _) = try runs.opened()
        for (vault, name) in [(second, "Beta"), (first, "Gamma")] {
            let reader = CachedReader(fileSystem: vault.fileSystem, cache: vault.cache, dialect: vault.dialect)
            _ = try reader.read(path: "pages/\(name).md", absolute: vault.root + "/pages/\(name).md", wanted: .all)
            try vault.cache?.finish()
        }
        #expect(!FileManager.default.fileExists(atPath: deltaFile))
        try expectServed(by: runs)
    }

    @Test("two notes whose names differ only in Unicode normalization each keep a record of their own", arguments: [true, false])
    func normalizationTwins(deltas: Bool) throws {
        var twins = runs
        twins.writesDeltas = deltas
        _ = try twins.run(CachedRuns.digest)
        // Café composed and decomposed: two files on Linux, one string to Swift's `==`.
        try folder.write("vault/pages/Caf\u{E9}.md", "# Composed\n\n[[Alpha]]\n- [ ] one\n")
        try folder.write("vault/pages/Cafe\u{301}.md", "# Decomposed\n\n[[Beta]]\n- [x] two\n")
        CachedRuns.nextTick()
        #expect(try twins.run(CachedRuns.digest).misses >= 2)
        try expectServed(by: twins)
        try expectServed(by: twins)
    }

    @Test("a delta that cannot be written (a folder in its place) leaves the main file written whole, without an error")
    func unwritableDeltaWritesTheMain() throws {
        _ = try runs.run(CachedRuns.digest)
        let main = try identity(mainFile)
        try FileManager.default.createDirectory(atPath: deltaFile + "/inside", withIntermediateDirectories: true)
        try change("Beta", "# Beta again\n\n[[Gamma]]\n")
        let (vault, cache) = try runs.opened()
        _ = try CachedRuns.digest(vault)
        try cache.finish()
        #expect(cache.takeNotices().isEmpty)
        #expect(try identity(mainFile) != main)
        try expectServed(by: runs)
        // The folder is not counted in the cache's size; the check memo is.
        #expect(try runs.opened().1.status().bytes == (try identity(mainFile))[1] + (try identity(folder.path + "/cache/check"))[1])
    }

    @Test("clearing the cache while another run clears it too succeeds: a file already gone is what was asked")
    func clearTwice() throws {
        _ = try runs.run(CachedRuns.digest)
        try change("Beta", "# Beta again\n")
        _ = try runs.run(CachedRuns.digest)
        let faulty = FaultyFileSystem()
        faulty.fail(.remove, with: ENOENT, at: deltaFile)
        var racing = runs
        racing.fileSystem = faulty
        let (_, cache) = try racing.opened()
        try cache.clear()
        #expect(!FileManager.default.fileExists(atPath: mainFile))
    }

    @Test("a damaged delta is named as the damaged file, not the main file")
    func damagedDeltaNamed() throws {
        _ = try runs.run(CachedRuns.digest)
        try change("Beta", "# Beta again\n\n[[Gamma]] #new\n")
        _ = try runs.run(CachedRuns.digest)
        // The last byte of the delta: a body's, whose checksum then fails.
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: deltaFile)))
        bytes[bytes.count - 1] ^= 0x01
        #expect(FileManager.default.createFile(atPath: deltaFile, contents: Data(bytes)))
        let (vault, cache) = try runs.opened()
        #expect(try CachedRuns.digest(vault) == (try runs.uncached(CachedRuns.digest)))
        #expect(cache.takeNotices() == ["the cache \(deltaFile) was damaged (its checksum does not match); it is rebuilt"])
        try cache.finish()
        try expectServed(by: runs)
    }

    @Test("after each of many seeded random changes, with deltas merged often, the cache answers as no cache does", arguments: [1, 2, 3])
    func randomChanges(seed: UInt64) throws {
        var small = runs
        // A few records fill a delta: most saves cross the limit one way or the other.
        small.deltaFloor = 1_500
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let names = (0..<10).map { "N\($0)" }
        for round in 0..<40 {
            let name = names[next(names.count)]
            let path = folder.path + "/vault/pages/\(name).md"
            switch next(4) {
            case 0: try? FileManager.default.removeItem(atPath: path)
            case 1:
                let target = folder.path + "/vault/pages/\(names[next(names.count)]).md"
                if FileManager.default.fileExists(atPath: path), target != path {
                    try? FileManager.default.removeItem(atPath: target)
                    try FileManager.default.moveItem(atPath: path, toPath: target)
                }
            default:
                let links = (0..<next(6)).map { _ in "[[\(names[next(names.count)])]] #t\(next(5))" }.joined(separator: " ")
                let tasks = (0..<next(4)).map { "- [\(["x", " ", "/"][next(3)])] task \($0) of round \(round)" }.joined(separator: "\n")
                try folder.write("vault/pages/\(name).md", "# \(name) \(round)\n\n\(links)\n\(tasks)\n")
            }
            CachedRuns.nextTick()
            var run = small
            run.writesDeltas = next(5) != 0
            let cached = try run.run(CachedRuns.digest)
            #expect(cached.value == (try runs.uncached(CachedRuns.digest)), "round \(round)")
        }
        let last = try small.run(CachedRuns.digest)
        #expect(last.misses == 0)
    }
}
