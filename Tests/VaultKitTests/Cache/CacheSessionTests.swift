import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// One cache kept open for many requests, as `vault lsp` and `vault mcp` keep it: each save
/// writes only what is new, and the records written are read from the file afterwards.
@Suite("A cache kept open")
struct CacheSessionTests {
    let folder = TemporaryFolder()
    var root: String { folder.path + "/vault" }
    var cacheFile: String { folder.path + "/cache/facts" }

    func inode(_ path: String) throws -> UInt64 {
        try #require(try LocalFileSystem().status(path)).inode
    }

    @Test("a save with nothing read since the last one leaves the file as it is, and records stay served")
    func savesOnlyWhatIsNew() throws {
        try folder.write("vault/pages/Alpha.md", "# Alpha\n\n[[Beta]] #one\n")
        try folder.write("vault/pages/Beta.md", "# Beta\n")
        var vault = try Vault(root: root)
        let cache = FactsCache(location: CacheLocation(folder: folder.path + "/cache", rootRealPath: root), racyWindow: 0)
        vault.cache = cache
        _ = try vault.scan(detail: .full)
        try cache.finish()
        let written = try inode(cacheFile)
        #expect(cache.statistics.misses == 2)
        // The next request reads nothing afresh: nothing is written again.
        let again = try vault.scan(detail: .full)
        try cache.finish()
        #expect(try inode(cacheFile) == written)
        #expect(cache.statistics.misses == 2 && cache.statistics.hits == 2)
        #expect(again.notes.map(\.title) == ["Alpha", "Beta"])
        // A new note is read once, written into a delta beside the file, and served from it after.
        CachedRuns.nextTick()
        try folder.write("vault/pages/Gamma.md", "# Gamma\n")
        _ = try vault.scan(detail: .full)
        try cache.finish()
        #expect(try inode(cacheFile) == written)
        #expect(FileManager.default.fileExists(atPath: cache.location.deltaFile))
        #expect(cache.statistics.misses == 3)
        let last = try vault.scan(detail: .full)
        try cache.finish()
        #expect(cache.statistics.misses == 3)
        #expect(last.notes.map(\.title) == ["Alpha", "Beta", "Gamma"])
        #expect(cache.count == 3)
    }
}
