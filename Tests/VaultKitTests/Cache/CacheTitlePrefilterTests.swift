import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A ranking of titles passes over, from their records alone, the notes none of whose texts
/// (title, aliases, path) can match, and still finds every note it finds without the cache.
@Suite("Notes a ranking of titles passes over, told from records")
struct CacheTitlePrefilterTests {
    let folder = TemporaryFolder()

    func writeVault() throws {
        try folder.write("vault/pages/Plain.md", "Nothing about stripes here.\n")
        try folder.write("vault/pages/Other name.md", "# Zebra crossing\n")
        try folder.write("vault/pages/Aliased.md", "---\naliases: [Zebra stripes]\n---\nBody\n")
        try folder.write("vault/pages/Titled.md", "---\ntitle: A zebra's day\n---\nBody\n")
        try folder.write("vault/zebra/Inside.md", "In a folder named for it.\n")
        try folder.write("vault/pages/Caf\u{E9} z\u{E8}bre.md", "Accents fold to ASCII.\n")
        try folder.write("vault/pages/Z\u{E9}BRA.md", "---\ntitle: Z\u{E9}bra in capitals\n---\n")
        try folder.write("vault/pages/Loose.md", "---\njust words, no colon\n---\n# Loose\n")
        try folder.write("vault/pages/Bytes.md", bytes: Array("# Zebra ".utf8) + [0xFF] + Array("\n".utf8))
    }

    func find(_ query: String) -> (Vault) throws -> [String] {
        { vault in try NoteFinder(query).find(in: vault).map { "\($0.note.path)\t\($0.note.title)\t\($0.field)" } }
    }

    @Test("a ranking on a warm cache finds what it finds without one, by title, alias, path, accents and case", arguments: [
        "zebra", "Zebra", "zbr", "zebre", "bytes", "'zebra", "^zeb", "stripes", "loose", "plain", "cafe", "qqq", "zebra !crossing", "zebra | loose",
    ])
    func warmMatchesUncached(query: String) throws {
        try writeVault()
        let runs = folder.cachedRuns
        let expected = try runs.uncached(find(query))
        _ = try runs.run(find(query))
        CachedRuns.nextTick()
        let warm = try runs.run(find(query))
        #expect(warm.misses == 0)
        #expect(warm.value == expected)
        if query == "zebre" { #expect(expected.contains { $0.hasPrefix("pages/Caf\u{E9} z\u{E8}bre.md") }) }
        if query == "zebra" {
            #expect(
                Set(expected.map { $0.split(separator: "\t")[0] }) == [
                    "pages/Other name.md", "pages/Aliased.md", "pages/Titled.md", "zebra/Inside.md", "pages/Z\u{E9}BRA.md",
                ])
        }
    }

    @Test("a record tells which notes none of whose texts may match, and says nothing of a stale or odd one")
    func recordsTell() throws {
        try writeVault()
        let runs = folder.cachedRuns
        _ = try runs.run(find("zebra"))
        CachedRuns.nextTick()
        let (vault, cache) = try runs.opened()
        let prefilter = BytePrefilter(FuzzyQuery("zebra"))
        func admits(_ path: String) throws -> Bool? {
            let status = try #require(try LocalFileSystem().status(vault.absolutePath(path)))
            return cache.mayAdmit(path, status: status, wanted: .header, summary: true) { prefilter.mayMatch($0) }
        }
        #expect(try admits("pages/Plain.md") == false)
        #expect(try admits("pages/Other name.md") == true)
        #expect(try admits("pages/Aliased.md") == true)
        #expect(try admits("pages/Titled.md") == true)
        // Its header has something to say (a line without a colon): it is made, and says it.
        #expect(try admits("pages/Loose.md") == true)
        // Not UTF-8: its note is made from its file name, as without the cache.
        #expect(try admits("pages/Bytes.md") == nil)
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 0)
        // Edited to match, its status changed: the record no longer answers.
        try folder.write("vault/pages/Plain.md", "# Zebra at last\n")
        #expect(try admits("pages/Plain.md") == nil)
        #expect(try runs.run(find("zebra")).value.contains { $0.hasPrefix("pages/Plain.md\tZebra at last") })
    }

    /// The paths of the notes a summary scan that admits no text makes, in order.
    func made(_ vault: Vault) throws -> [String] {
        var paths: [String] = []
        _ = try vault.scan(detail: .summary, admitting: { _ in false }, state: {}, making: { _, note in note.path }) { path in
            paths.append(path)
            return true
        }
        return paths
    }

    @Test("a scan that admits no text makes only the notes whose records cannot tell, and every note without a cache")
    func passesOverWhatRecordsTell() throws {
        try writeVault()
        let runs = folder.cachedRuns
        _ = try runs.run(find("zebra"))
        CachedRuns.nextTick()
        let warm = try runs.run(made)
        // Not UTF-8 (titled by its name), and a header with something to say.
        #expect(warm.value == ["pages/Bytes.md", "pages/Loose.md"])
        #expect(warm.misses == 0)
        #expect(try runs.uncached(made).count == 9)
    }

    @Test("a Logseq graph's notes are all made: their titles are page names their texts do not hold")
    func logseqGraphMakesEveryNote() throws {
        try writeVault()
        try folder.write("vault/logseq/config.edn", "{}\n")
        let runs = folder.cachedRuns
        let all = try runs.uncached(made)
        _ = try runs.run(made)
        CachedRuns.nextTick()
        #expect(try runs.run(made).value == all)
        #expect(all.count == 9)
    }
}
