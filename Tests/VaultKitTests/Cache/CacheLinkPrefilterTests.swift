import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A question about the links to one note passes over, from their records alone, the notes
/// none of whose links names it, and still finds every link to it in every form.
@Suite("Links to a note, told from records")
struct CacheLinkPrefilterTests {
    let folder = TemporaryFolder()

    func writeVault() throws {
        try folder.write("vault/pages/Target.md", "# Target\n")
        try folder.write("vault/pages/Other.md", "# Other\n")
        try folder.write("vault/pages/Wiki.md", "See [[Target]] and [[Other]].\n")
        try folder.write("vault/pages/Cased.md", "An alias: [[target|the goal]].\n")
        try folder.write("vault/pages/Markdown.md", "A [path](Target.md) and an [escaped one](Tar%67et.md).\n")
        try folder.write("vault/pages/Front.md", "---\nup: \"[[Target]]\"\n---\n# Front\n")
        try folder.write("vault/pages/Unrelated.md", "Only [[Other]] and [a file](Other.md).\n")
        try folder.write("vault/pages/Bytes.md", bytes: Array("Not UTF-8 ".utf8) + [0xFF] + Array(" but [[Target]]\n".utf8))
    }

    /// The vault and its cache, opened after a first `backlinks` left records that hold
    /// links and a walk found them valid; `extra` notes are written first.
    func warmCache(with extra: [String: String] = [:]) throws -> (Vault, FactsCache) {
        try writeVault()
        for (path, text) in extra { try folder.write("vault/" + path, text) }
        let runs = folder.cachedRuns
        _ = try runs.run(backlinks)
        CachedRuns.nextTick()
        let (vault, cache) = try runs.opened()
        _ = try vault.scan()
        return (vault, cache)
    }

    func backlinks(_ vault: Vault) throws -> ([LinkReport], [VaultWarning]) {
        let scan = try vault.scan()
        let note = try #require(scan.notes.first { $0.path == "pages/Target.md" })
        let found = vault.backlinkReports(to: note, scan: scan)
        return (found.reports, found.skipped)
    }

    @Test("backlinks on a warm cache are those without it, in every form, the note not valid UTF-8 said as such")
    func warmBacklinksMatchUncached() throws {
        try writeVault()
        let runs = folder.cachedRuns
        let expected = try runs.uncached(backlinks)
        #expect(Set(expected.0.map(\.source)) == ["pages/Wiki.md", "pages/Cased.md", "pages/Markdown.md", "pages/Front.md"])
        #expect(expected.1.map(\.path) == ["pages/Bytes.md"])
        _ = try runs.run(backlinks)
        CachedRuns.nextTick()
        let warm = try runs.run(backlinks)
        #expect(warm.misses == 0)
        #expect(warm.value.0 == expected.0)
        #expect(warm.value.1 == expected.1)
    }

    @Test("a link spelled with YAML escapes in a double-quoted frontmatter value is found with the cache and without, and renamed")
    func yamlEscapedLinks() throws {
        try folder.write("vault/pages/Target.md", "# Target\n")
        try folder.write("vault/pages/Yaml.md", "---\nup: \"[[Tar\\x67et]]\"\nrel: \"[[\\u0054arget|t]]\"\n---\nbody\n")
        let runs = folder.cachedRuns
        let expected = try runs.uncached(backlinks).0
        #expect(expected.map(\.line) == [2, 3])
        _ = try runs.run(backlinks)
        CachedRuns.nextTick()
        #expect(try runs.run(backlinks).value.0 == expected)
        _ = try runs.run { vault in
            try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("Target", to: "Goal"), summary: "test")
        }
        #expect(String(decoding: try folder.read("vault/pages/Yaml.md"), as: UTF8.self) == "---\nup: \"[[Goal]]\"\nrel: \"[[Goal|t]]\"\n---\nbody\n")
    }

    @Test("links are read from the side table alone: a warm backlinks or check never reads the table of other values, and a task list reads only that one")
    func linksReadAside() throws {
        try writeVault()
        try folder.write("vault/pages/Tasks.md", "# Tasks\n\n## Soon\n\n- [ ] call [[Target]] #errand\n- [/] write the report\n")
        let runs = folder.cachedRuns
        // Every record whole, as `vault cache rebuild` leaves them: headings and tasks too.
        _ = try runs.run { vault in try vault.rebuildCache() }
        CachedRuns.nextTick()
        // Each walks as the command does: a summary of every note, no headings.
        func backlinks(_ vault: Vault) throws -> Int {
            let scan = try vault.scan(detail: .summary)
            let note = try #require(scan.notes.first { $0.path == "pages/Target.md" })
            return vault.backlinkReports(to: note, scan: scan).reports.count
        }
        func check(_ vault: Vault) throws -> Int { VaultCheck(vault: vault, scan: try vault.scan(detail: .summary)).dangling.count }
        #expect(try runs.uncached(backlinks) == 6)
        for read in [backlinks, check] as [(Vault) throws -> Int] {
            let expected = try runs.uncached(read)
            let (vault, cache) = try runs.opened()
            let file = try #require(cache.files().file)
            #expect(try read(vault) == expected)
            #expect(!file.hasRead(side: false) && file.hasRead(side: true))
            #expect(cache.statistics.misses == 0)
        }
        let (vault, cache) = try runs.opened()
        let file = try #require(cache.files().file)
        #expect(vault.tasks(of: try vault.scan(detail: .summary).notes).tasks.count == 2)
        #expect(file.hasRead(side: false) && !file.hasRead(side: true))
        #expect(cache.statistics.misses == 0)
    }

    @Test("backlinks handed on as found come in the order of the array, and stop when asked to")
    func backlinksStream() throws {
        try writeVault()
        let vault = try Vault(root: folder.path + "/vault")
        let scan = try vault.scan(detail: .summary)
        let note = try #require(scan.notes.first { $0.path == "pages/Target.md" })
        let (all, skipped) = vault.backlinkReports(to: note, scan: scan)
        #expect(all.count == 5 && skipped.map(\.path) == ["pages/Bytes.md"])
        var streamed: [LinkReport] = []
        #expect(vault.backlinkReports(to: note, scan: scan) { streamed.append($0); return true }.map(\.path) == ["pages/Bytes.md"])
        #expect(streamed == all)
        var first: [LinkReport] = []
        _ = vault.backlinkReports(to: note, scan: scan) { first.append($0); return first.count < 2 }
        #expect(first == Array(all.prefix(2)))
    }

    @Test("a record whose links name none of the needles is told so without decoding a link")
    func recordsAnswerWithoutDecoding() throws {
        let (vault, cache) = try warmCache()
        let needles = LinkNeedles(paths: ["pages/Target.md"])
        func ask(_ path: String) -> Bool? { cache.links(of: path, mayMatch: { needles.mayMatch(targetBytes: $0) }) }
        #expect(ask("pages/Unrelated.md") == false)
        #expect(ask("pages/Other.md") == false)
        #expect(ask("pages/Wiki.md") == true)
        #expect(ask("pages/Markdown.md") == true)
        // Not valid UTF-8: read as usual, so that it is said.
        #expect(ask("pages/Bytes.md") == nil)
        // A note changed since the walk is asked of by its status.
        try folder.write("vault/pages/Unrelated.md", "Now [[Target]].\n")
        _ = try vault.scan()
        #expect(ask("pages/Unrelated.md") == nil)
        try cache.finish()
    }

    @Test("what a question said of a link's shape serves every record that shares it, with the same answers")
    func shapesAnsweredOnce() throws {
        let (_, cache) = try warmCache(with: ["pages/Again.md": "Only [[Other]] again, and [a file](Other.md).\n"])
        let needles = LinkNeedles(paths: ["pages/Target.md"])
        let answers = LinkTargetAnswers()
        var asked = 0
        func ask(_ path: String) -> Bool? {
            cache.links(of: path, answers: answers, mayMatch: { target in
                asked += 1
                return needles.mayMatch(targetBytes: target)
            })
        }
        #expect(ask("pages/Unrelated.md") == false)
        let first = asked
        #expect(first >= 2)
        // The same shapes, in another note: nothing is asked again.
        #expect(ask("pages/Again.md") == false)
        #expect(asked == first)
        let paths = ["pages/Wiki.md", "pages/Markdown.md", "pages/Front.md", "pages/Cased.md", "pages/Unrelated.md"]
        let remembered = paths.map(ask)
        #expect(remembered == paths.map { cache.links(of: $0, mayMatch: { needles.mayMatch(targetBytes: $0) }) })
        #expect(remembered == [true, true, true, true, false])
        try cache.finish()
    }

    @Test("a target many shapes share (each link with an alias of its own) is asked about once, with the same answers")
    func targetsAnsweredOnce() throws {
        let aliased = (1...6).map { "[[Other|alias \($0)]] [[Other#Part \($0)]]" }.joined(separator: " ")
        let (_, cache) = try warmCache(with: ["pages/Aliased.md": aliased + "\n", "pages/More.md": "[[Other|one more]] and [[Target|goal]]\n"])
        let needles = LinkNeedles(paths: ["pages/Target.md"])
        let answers = LinkTargetAnswers()
        var asked: [String] = []
        func links(_ path: String) -> [Link]? {
            cache.links(of: path, answers: answers, withTarget: { target in
                asked.append(String(decoding: target, as: UTF8.self))
                return needles.mayMatch(targetBytes: target)
            })?.links
        }
        #expect(links("pages/Aliased.md")?.isEmpty == true)
        // Twelve shapes, one target: asked once as written (a wikilink's target is as decoded).
        #expect(asked == ["Other"])
        #expect(links("pages/More.md")?.map(\.target) == ["Target"])
        #expect(asked == ["Other", "Target"])
        let fresh = LinkTargetAnswers()
        #expect(cache.links(of: "pages/More.md", answers: fresh, withTarget: { needles.mayMatch(targetBytes: $0) })?.links.map(\.target) == ["Target"])
        try cache.finish()
    }

    @Test("of a note that names the note asked about, only the links that may name it are decoded, as its record holds them")
    func onlyMatchingLinksDecoded() throws {
        let (vault, cache) = try warmCache(
            with: ["pages/Mixed.md": "[[Other]] then\n\n[[Target#Part|here]] and [x](Other.md) and [y](Tar%67et.md)\n"])
        let needles = LinkNeedles(paths: ["pages/Target.md"])
        let answers = LinkTargetAnswers()
        let status = try #require(try vault.fileSystem.status(vault.absolutePath("pages/Mixed.md")))
        let all = try #require(cache.record(for: "pages/Mixed.md", status: status, wanted: .links, taskLines: false)).facts.links
        #expect(all.count == 4)
        let found = try #require(cache.links(of: "pages/Mixed.md", answers: answers, withTarget: { needles.mayMatch(targetBytes: $0) }))
        #expect(found.links == all.filter { needles.mayMatch(target: $0.target) })
        #expect(found.links.map(\.target) == ["Target", "Target.md"])
        #expect(found.links.map(\.line) == [3, 3])
        #expect(try #require(cache.links(of: "pages/Unrelated.md", answers: answers, withTarget: { needles.mayMatch(targetBytes: $0) })).links.isEmpty)
        try cache.finish()
    }

    @Test("a rename on a warm cache plans what it plans without one: links by the old name, by a path, and to the new name")
    func renamePlansAsWithoutCache() throws {
        try writeVault()
        try folder.write("vault/pages/Early.md", "Links to [[Goal]] before there is one.\n")
        let runs = folder.cachedRuns
        func plan(_ vault: Vault) throws -> RenamePlan {
            try RenamePlanner(vault: vault, skipUnavailable: true).planRename("pages/Target.md", to: "Goal")
        }
        let expected = try runs.uncached(plan)
        // The note renamed too: its heading follows its new name.
        #expect(Set(expected.edits.map(\.source)) == ["pages/Target.md", "pages/Wiki.md", "pages/Cased.md", "pages/Markdown.md", "pages/Front.md"])
        #expect(expected.newlyResolving.map(\.source) == ["pages/Early.md"])
        _ = try runs.run(backlinks)
        CachedRuns.nextTick()
        let warm = try runs.run(plan)
        #expect(warm.misses == 0)
        #expect(warm.value.edits.map(\.source) == expected.edits.map(\.source))
        #expect(warm.value.edits.map(\.patch) == expected.edits.map(\.patch))
        #expect(warm.value.newlyResolving == expected.newlyResolving)
        #expect(warm.value.skipped == expected.skipped)
    }
}
