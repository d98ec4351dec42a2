import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// What is made from a walk (its links, its tasks) takes the records the walk found valid
/// without a second `stat` of each note, and never a record an earlier walk found valid.
@Suite("Records found valid by the walk")
struct CacheWalkMarksTests {
    let folder = TemporaryFolder()

    /// The targets of the links of `path` in `graph`.
    func targets(_ graph: LinkGraph, of path: String) -> [String] {
        graph.edges.filter { $0.source == path }.map(\.link.target)
    }

    /// The vault of `notes` and its cache, opened through a file system that lists the
    /// statuses asked, after a first run listed its tasks.
    func afterTasks(_ notes: [String: String]) throws -> (Vault, FactsCache, FaultyFileSystem) {
        for (path, text) in notes { try folder.write("vault/" + path, text) }
        let fileSystem = FaultyFileSystem()
        var runs = folder.cachedRuns
        runs.fileSystem = fileSystem
        _ = try runs.run { vault in try vault.tasks() }
        CachedRuns.nextTick()
        let (vault, cache) = try runs.opened()
        return (vault, cache, fileSystem)
    }

    @Test("a warm check takes each note's status once, in its walk")
    func checkStatsEachNoteOnce() throws {
        try folder.writeLinkedNotes()
        let fileSystem = FaultyFileSystem()
        var runs = folder.cachedRuns
        runs.fileSystem = fileSystem
        _ = try runs.run { vault in VaultCheck(vault: vault, scan: try vault.scan()) }
        CachedRuns.nextTick()
        // Without the check memo, the link graph reads each record; with it, none.
        for (memo, expectedHits) in [(false, 8), (true, 4)] {
            if !memo { #expect(unlink(folder.path + "/cache/check") == 0) }
            let before = fileSystem.statusPaths.count
            let (check, hits, misses) = try runs.run { vault in VaultCheck(vault: vault, scan: try vault.scan()) }
            let asked = fileSystem.statusPaths[before...].filter { $0.hasSuffix(".md") }
            #expect(misses == 0 && hits == expectedHits, "memo: \(memo)")
            // Once by the walk; the link graph read each record on the walk's word.
            #expect(asked.count == 4)
            #expect(Set(asked).count == 4)
            #expect(check == (try runs.uncached { vault in VaultCheck(vault: vault, scan: try vault.scan()) }))
        }
    }

    @Test("a note changed between two walks of one session is read again for its links")
    func marksOfAnEarlierWalkAreNotTrusted() throws {
        try folder.write("vault/pages/Alpha.md", "# Alpha\n\n[[Beta]]\n")
        try folder.write("vault/pages/Beta.md", "# Beta\n")
        try folder.write("vault/pages/Gamma.md", "# Gamma\n")
        let runs = folder.cachedRuns
        _ = try runs.run { vault in LinkGraph.build(vault: vault, scan: try vault.scan(), index: vault.linkIndex(try vault.scan())) }
        CachedRuns.nextTick()
        // One session, as a server keeps it: a walk marks Alpha's record valid, then Alpha changes.
        let (vault, cache) = try runs.opened()
        let first = try vault.scan()
        #expect(targets(LinkGraph.build(vault: vault, scan: first, index: vault.linkIndex(first)), of: "pages/Alpha.md") == ["Beta"])
        try folder.write("vault/pages/Alpha.md", "# Alpha\n\n[[Gamma]] and [[Beta]]\n")
        let second = try vault.scan()
        let graph = LinkGraph.build(vault: vault, scan: second, index: vault.linkIndex(second))
        #expect(targets(graph, of: "pages/Alpha.md") == ["Gamma", "Beta"])
        try cache.finish()
    }

    @Test("tasks listed after a walk of paths take valid records on its word, and read a changed note again")
    func tasksAfterAWalkOfPaths() throws {
        let (vault, cache, fileSystem) = try afterTasks(["pages/Alpha.md": "# Alpha\n\n- [ ] one\n", "pages/Beta.md": "# Beta\n\n- [/] two\n"])
        let before = fileSystem.statusPaths.count
        #expect(try vault.tasks().tasks.map(\.text) == ["one", "two"])
        #expect(fileSystem.statusPaths[before...].filter { $0.hasSuffix(".md") }.count == 2)
        try folder.write("vault/pages/Beta.md", "# Beta\n\n- [/] two\n- [x] three\n")
        #expect(try vault.tasks().tasks.map(\.text) == ["one", "two", "three"])
        try cache.finish()
    }

    @Test("a search's walk of paths takes no note's status, with a cache or without")
    func searchWalkTakesNoStatus() throws {
        let (vault, cache, fileSystem) = try afterTasks(["pages/Alpha.md": "# Alpha\n\nbudget\n", "pages/Beta.md": "# Beta\n\n- [ ] budget\n"])
        let before = fileSystem.statusPaths.count
        let notes = try LineSearch.notes(of: vault, filter: NoteQuery(), includeArchive: true)
        #expect(notes.map(\.path) == ["pages/Alpha.md", "pages/Beta.md"])
        #expect(fileSystem.statusPaths[before...].filter { $0.hasSuffix(".md") }.isEmpty)
        // A tag filter needs the notes' facts, and so the cache checked by each note's status.
        var tagged = NoteQuery()
        tagged.tags = ["none"]
        #expect(try LineSearch.notes(of: vault, filter: tagged, includeArchive: true).isEmpty)
        #expect(Set(fileSystem.statusPaths[before...].filter { $0.hasSuffix(".md") }).count == 2)
        try cache.finish()
    }
}
