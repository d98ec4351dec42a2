import Foundation
import Testing
@testable import VaultKit
@testable import VaultSystem

/// A server lets go of the cache's index between requests: what it answers after must be
/// what it answered before, and nothing read afresh may be lost.
@Suite("Releasing the cache between requests")
struct CacheReleaseTests {
    let folder = TemporaryFolder()

    func run() throws -> (Vault, FactsCache) { try folder.cachedRuns.opened() }

    /// Writes the linked notes and a cache of them, as a first run leaves it.
    func saveCache() throws {
        try folder.writeLinkedNotes()
        let (first, firstCache) = try run()
        _ = try first.scan(detail: .summary)
        try firstCache.finish()
    }

    @Test("a released cache opens its file again at the next lookup and answers from it")
    func reopensAtNextLookup() throws {
        try saveCache()
        let (vault, cache) = try run()
        let before = try vault.scan(detail: .summary).notes.map(\.title)
        #expect(cache.statistics.hits == 4)
        cache.release()
        let after = try vault.scan(detail: .summary).notes.map(\.title)
        #expect(after == before)
        #expect(cache.statistics.hits == 8 && cache.statistics.misses == 0)
        #expect(cache.count == 4)
    }

    @Test("releasing keeps what this run read afresh, and the next save keeps every record")
    func keepsFreshRecords() throws {
        try saveCache()
        try folder.writeLinkedNotes(["Epsilon"])
        let (vault, cache) = try run()
        _ = try vault.scan(detail: .summary)
        #expect(cache.statistics.hits == 4 && cache.statistics.misses == 1)
        cache.release()
        try cache.finish()
        cache.release()
        let (next, nextCache) = try run()
        _ = try next.scan(detail: .summary)
        #expect(nextCache.statistics.hits == 5 && nextCache.statistics.misses == 0)
    }

    @Test("walk after walk without a save, the cache holds one walk's paths, and the next save keeps every note")
    func walksDoNotPileUp() throws {
        try saveCache()
        let (vault, cache) = try run()
        for _ in 0..<5 {
            _ = try vault.scan(detail: .summary)
            cache.release()
        }
        #expect(cache.lock.withLock { cache.walked?.count } == 4)
        try folder.writeLinkedNotes(["Epsilon"])
        _ = try vault.scan(detail: .summary)
        #expect(cache.lock.withLock { cache.walked?.count } == 5)
        try cache.finish()
        let (next, nextCache) = try run()
        _ = try next.scan(detail: .summary)
        #expect(nextCache.statistics.hits == 5 && nextCache.statistics.misses == 0)
    }

    @Test("a first check writes every note's links to the cache before it asks of them, and lets go of the cache before it reads their lines")
    func firstCheckSavesFirst() throws {
        try folder.writeLinkedNotes()
        try folder.write("vault/pages/Dangling.md", "# Dangling\n\n[[Nowhere]] and [[Alpha]]\n")
        let (vault, cache) = try run()
        let check = VaultCheck(vault: vault, scan: try vault.scan(detail: .summary))
        // Written by the check itself, not by a save at the end of the run.
        #expect(cache.lock.withLock { cache.file == nil && cache.fresh.isEmpty })
        #expect(check.dangling.map(\.context) == ["[[Nowhere]] and [[Alpha]]"] && check.dangling.map(\.text) == ["[[Nowhere]]"])
        let (next, nextCache) = try run()
        let again = VaultCheck(vault: next, scan: try next.scan(detail: .summary))
        #expect(again == check)
        #expect(nextCache.statistics.misses == 0)
    }

    @Test("a rename lets go of the cache before it reads the notes it rewrites, and plans what it plans without one")
    func renameReleasesBeforePlanning() throws {
        try saveCache()
        try folder.write("vault/pages/Epsilon.md", "# Epsilon\n\nsee [[Alpha|the first]]\n")
        let (vault, cache) = try run()
        let plan = try RenamePlanner(vault: vault).planRename("pages/Alpha.md", to: "First")
        #expect(cache.lock.withLock { cache.file == nil && cache.fresh.isEmpty })
        var plain = vault
        plain.cache = nil
        let uncached = try RenamePlanner(vault: plain).planRename("pages/Alpha.md", to: "First")
        #expect(plan.edits.map(\.path) == uncached.edits.map(\.path))
        #expect(plan.edits.map(\.changes) == uncached.edits.map(\.changes))
        #expect(plan.edits.map(\.path).sorted() == ["pages/Beta.md", "pages/Delta.md", "pages/Epsilon.md", "pages/First.md", "pages/Gamma.md"])
    }

    @Test("lookups from many threads at once after a release all hit")
    func reopensOnceForManyThreads() throws {
        try folder.writeLinkedNotes((1...64).map { "Note \($0)" })
        let (first, firstCache) = try run()
        _ = try first.scan(detail: .summary)
        try firstCache.finish()
        let (vault, cache) = try run()
        for _ in 0..<5 {
            cache.release()
            _ = try vault.scan(detail: .summary)
        }
        #expect(cache.statistics.hits == 5 * 64 && cache.statistics.misses == 0)
    }
}
