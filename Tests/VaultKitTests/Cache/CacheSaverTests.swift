import Foundation
import Testing
@testable import VaultKit
@testable import VaultSystem

/// Runs that save the cache at the same moment: each merges into what the other wrote.
@Suite("Runs saving the cache at once")
struct CacheSaverTests {
    let folder = TemporaryFolder()

    func run() throws -> (Vault, FactsCache) { try folder.cachedRuns.opened() }

    /// Reads one note through the cache, as a walk reads it.
    func read(_ path: String, _ vault: Vault) throws {
        _ = try CachedReader(fileSystem: vault.fileSystem, cache: vault.cache, dialect: vault.dialect).read(
            path: path, absolute: vault.absolutePath(path), wanted: NoteReader.parts(for: .summary), summary: true)
    }

    @Test("two runs opened on one cache keep the records each read when both save, not only the last one's")
    func savesMergeIntoEachOther() throws {
        try folder.writeLinkedNotes()
        let (first, firstCache) = try run()
        let (second, secondCache) = try run()
        try read("pages/Alpha.md", first)
        try read("pages/Beta.md", first)
        try read("pages/Gamma.md", second)
        try read("pages/Delta.md", second)
        try firstCache.finish()
        try secondCache.finish()
        let (third, thirdCache) = try run()
        let scan = try third.scan(detail: .summary)
        #expect(scan.notes.map(\.title) == ["Alpha", "Beta", "Delta", "Gamma"])
        #expect(thirdCache.statistics.hits == 4 && thirdCache.statistics.misses == 0)
    }

    @Test("a save whose turn does not come (another run holds it) still writes, and the answers stay right")
    func saveDoesNotWaitForever() throws {
        try folder.writeLinkedNotes()
        let holder = try VaultLock(metadataFolder: folder.path + "/cache")
        defer { holder.release() }
        let (vault, cache) = try run()
        _ = try vault.scan(detail: .summary)
        let started = Date()
        try cache.finish()
        #expect(Date().timeIntervalSince(started) < 30)
        let (again, againCache) = try run()
        #expect(try again.scan(detail: .summary).notes.count == 4)
        #expect(againCache.statistics.hits == 4)
    }
}

/// Commands that read no note through the cache never read its file.
@Suite("A cache opened only when needed")
struct CacheOpenedWhenNeededTests {
    let folder = TemporaryFolder()

    @Test("a note read by its path opens no cache file, damaged or sound, and leaves it as it was")
    func noteByPathLeavesCacheAlone() throws {
        try folder.writeLinkedNotes()
        _ = try folder.cachedRuns.run(CachedRuns.digest)
        let file = folder.path + "/cache/facts"
        for damaged in [false, true] {
            if damaged { #expect(FileManager.default.createFile(atPath: file, contents: Data("not a cache".utf8))) }
            let before = try FileManager.default.attributesOfItem(atPath: file)
            let (vault, cache) = try folder.cachedRuns.opened()
            let note = try vault.note(named: "pages/Alpha.md")
            #expect(note.title == "Alpha")
            try cache.finish()
            #expect(cache.statistics.hits == 0 && cache.statistics.misses == 0)
            #expect(cache.takeNotices().isEmpty, "damaged: \(damaged)")
            let after = try FileManager.default.attributesOfItem(atPath: file)
            #expect(after[.modificationDate] as? Date == before[.modificationDate] as? Date)
            #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int)
        }
        // The first walk reads the damaged file, says so once, and mends it.
        let (vault, cache) = try folder.cachedRuns.opened()
        _ = try CachedRuns.digest(vault)
        #expect(cache.takeNotices().count == 1)
    }
}
