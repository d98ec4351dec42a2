import Foundation
import Testing
@testable import VaultKit
@testable import VaultSystem

/// Runs that save the cache at the same moment: each merges into what the other wrote.
@Suite("Runs saving the cache at once")
struct CacheSaverTests {
    let folder = TemporaryFolder()

    func run() throws -> (Vault, FactsCache) { try folder.cachedRuns.opened() }

    @Test("two runs opened on one cache keep the records each read when both save, not only the last one's")
    func savesMergeIntoEachOther() throws {
        try folder.writeLinkedNotes()
        let (first, firstCache) = try run()
        let (second, secondCache) = try run()
        _ = try first.note(named: "pages/Alpha.md")
        _ = try first.note(named: "pages/Beta.md")
        _ = try second.note(named: "pages/Gamma.md")
        _ = try second.note(named: "pages/Delta.md")
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
