import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A check on a warm cache knows the links it would not report by their shapes, and decodes
/// only the others; a link whose finding depends on the note it is in is asked in each note.
@Suite("Check by link shapes")
struct CacheCheckShapesTests {
    let folder = TemporaryFolder()

    /// The same links written in notes of two folders: relative ones find a file from one
    /// folder and not from the other, by-name ones alike from both.
    func writeVault() throws {
        let links = "[[Target]] [[Missing]] [[Twin]] [[./Target]] [[./pages/Target]] [[../pages/Target]] [rel](Target.md) [up](../pages/Target.md)\n"
        try folder.write("vault/pages/Target.md", "# Target\n")
        try folder.write("vault/pages/Twin.md", "# Twin\n")
        try folder.write("vault/inbox/Twin.md", "# Twin\n")
        try folder.write("vault/pages/Here.md", "# Here\n\n" + links + "\n[bad]:\n")
        try folder.write("vault/inbox/There.md", links)
        try folder.write("vault/journals/Plain.md", "Only [[Target]] and [[Target]] again.\n")
    }

    func check(_ vault: Vault) throws -> VaultCheck { VaultCheck(vault: vault, scan: try vault.scan()) }

    /// A run on the cache a check of the vault left: its vault, cache, walk and link index.
    func warmRun() throws -> (Vault, FactsCache, VaultScan, LinkIndex) {
        try writeVault()
        let runs = folder.cachedRuns
        _ = try runs.run(check)
        CachedRuns.nextTick()
        let (vault, cache) = try runs.opened()
        let scan = try vault.scan()
        return (vault, cache, scan, vault.linkIndex(scan))
    }

    @Test("a warm check reports what a check without the cache reports, links relative to their note asked in each")
    func warmCheckMatchesUncached() throws {
        try writeVault()
        let runs = folder.cachedRuns
        let expected = try runs.uncached(check)
        // `./Target` finds the target from pages/ only, `./pages/Target` from the vault's root
        // alone; by name, Missing nowhere and Twin twice, from both.
        #expect(Set(expected.dangling.map { "\($0.source) \($0.target)" }) == [
            "pages/Here.md Missing", "inbox/There.md Missing", "inbox/There.md ./Target", "pages/Here.md ./pages/Target",
            "inbox/There.md ./pages/Target",
        ])
        #expect(expected.ambiguous.map(\.source) == ["inbox/There.md", "pages/Here.md"])
        _ = try runs.run(check)
        CachedRuns.nextTick()
        let warm = try runs.run(check)
        #expect(warm.misses == 0)
        #expect(warm.value == expected)
    }

    @Test("only the links a question may keep are decoded, where they are, with the record's broken definitions")
    func onlyWantedLinksDecoded() throws {
        let (vault, cache, _, index) = try warmRun()
        let status = try #require(try vault.fileSystem.status(vault.absolutePath("pages/Here.md")))
        let record = try #require(cache.record(for: "pages/Here.md", status: status, wanted: .links, taskLines: false))
        var asked: [String] = []
        let found = try #require(cache.links(of: "pages/Here.md", answers: LinkTargetAnswers(), whereShape: { link in
            asked.append(link.target)
            return link.target.hasPrefix("M") || link.target.hasPrefix("T")
        }))
        #expect(asked.count == record.facts.links.count)
        #expect(found.links == record.facts.links.filter { $0.target.hasPrefix("M") || $0.target.hasPrefix("T") })
        #expect(found.broken == record.brokenDefinitions)
        #expect(!found.broken.isEmpty)
        #expect(found.status == record.status)
        // By name or from the root, a link finds alike everywhere; relative to its note, not.
        let alike = record.facts.links.map { index.findsAlikeEverywhere($0) }
        #expect(alike == [true, true, true, false, false, false, false, false])
        try cache.finish()
    }

    @Test("a note left to be read for its lines holds only its kept links, and is read afresh when saved since its record")
    func unreadNoteReadAfreshWhenSaved() throws {
        let (vault, _, scan, index) = try warmRun()
        let note = try #require(scan.notes.first { $0.path == "pages/Here.md" })
        let dangles: @Sendable (LinkEdge) -> Bool = { $0.resolution.path == nil }
        let question = LinkGraph.Question(needles: nil, keep: dangles, keepsAlike: true, findsBrokenDefinitions: true)
        guard case .unread(let unread) = LinkGraph.recorded(note, vault: vault, index: index, question) else {
            Issue.record("the note's record was not left to be read")
            return
        }
        // Missing, and `./pages/Target`, which finds nothing from pages/.
        guard case .links(let kept) = unread.kept else {
            Issue.record("the record's kept links are held")
            return
        }
        #expect(kept.map(\.target) == ["Missing", "./pages/Target"])
        #expect(unread.broken.count == 1)
        let read = try #require(LinkGraph.finish(note, unread, vault: vault, index: index, question))
        #expect(read.edges.map(\.text) == ["[[Missing]]", "[[./pages/Target]]"])
        #expect(read.edges.map(\.context) == [String](repeating: read.edges[0].context, count: 2))
        // With its links let go (as a check leaves it while the cache is held), its file gives them again.
        let dropped = unread.dropped()
        guard case .starts(let starts) = dropped.kept else {
            Issue.record("the dropped note holds its links")
            return
        }
        #expect(starts == kept.map(\.range.lowerBound))
        let reread = try #require(LinkGraph.finish(note, dropped, vault: vault, index: index, question))
        #expect(reread.edges == read.edges && reread.broken == read.broken)
        // Saved between its record's read and its lines': its own links are found, none of the record's.
        try folder.write("vault/pages/Here.md", "# Here\n\nNow [[Gone]] only, and [[Target]].\n")
        let afresh = try #require(LinkGraph.finish(note, unread, vault: vault, index: index, question))
        #expect(afresh.edges.map(\.text) == ["[[Gone]]"])
        #expect(afresh.broken.isEmpty)
        #expect(try #require(LinkGraph.finish(note, dropped, vault: vault, index: index, question)).edges.map(\.text) == ["[[Gone]]"])
    }
}
