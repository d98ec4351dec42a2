import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A pass whose records mostly hold other facts than it asks (a first `tags` or `tasks`
/// after a first `check`) has the cache filled ahead of it, then reads records only; a pass
/// that finds few such records reads them itself.
@Suite("The cache filled ahead of a pass")
struct CacheFillTests {
    let folder = TemporaryFolder()
    /// Eight pages, a note in the archive and one in the trash: ten notes, a fill from four.
    var runs: CachedRuns {
        var runs = folder.cachedRuns
        runs.fillFloor = 4
        return runs
    }

    init() throws {
        for index in 0..<8 {
            let text = "# Note \(index)\n\n[[Note \((index + 1) % 8)]] #t\(index % 3)\n- [ ] task \(index)\n"
            try folder.write("vault/pages/Note \(index).md", text)
        }
        try folder.write("vault/archive/Old.md", "# Old\n\n[[Note 1]] #old\n- [ ] archived task\n")
        try folder.write("vault/trash/Gone.md", "# Gone\n\n- [ ] trashed task\n")
        CachedRuns.nextTick()
    }

    /// What `vault check` reads: a summary of every note, then each note's links.
    static func check(_ vault: Vault) throws -> Int {
        VaultCheck(vault: vault, scan: try vault.scan(detail: .summary)).dangling.count
    }

    /// Every tag with its count, as `vault tags` lists them.
    static func tags(_ vault: Vault) throws -> String {
        VaultSummary.tagCounts(try vault.scan(detail: .tags).notes).map { "\($0.tag) \($0.count)" }.joined(separator: "\n")
    }

    /// The open tasks `vault tasks` lists (the archive and the trash left out), streamed.
    static func openTasks(_ vault: Vault) throws -> [String] {
        var texts: [String] = []
        var sink = ClosureSink<VaultTask> { task in
            texts.append("\(task.reference) \(task.text)")
            return true
        }
        _ = try vault.tasks(matching: TaskQuery(today: try #require(CalendarDay(year: 2026, month: 1, day: 5))), into: &sink)
        return texts
    }

    func parts(_ path: String) throws -> NoteFacts.Parts? {
        let (_, cache) = try runs.opened()
        let status = try #require(try LocalFileSystem().status(folder.path + "/vault/" + path))
        if case .valid(let parts) = cache.holding(path, status: status) { return parts }
        return nil
    }

    @Test("a tags pass after a first check reads the notes into the cache first, then answers from records alone")
    func tagsAfterCheck() throws {
        _ = try runs.run(Self.check)
        #expect(try parts("pages/Note 0.md") == [.header, .links])
        let tags = try runs.run(Self.tags)
        #expect(tags.value == (try runs.uncached(Self.tags)))
        // Read ahead (a miss each), then every note of the pass answered by its record: read
        // by the pass itself, there would be no hit.
        #expect(tags.hits >= 9)
        #expect(try parts("pages/Note 0.md") == .all)
        #expect(try runs.run(Self.check).misses == 0)
    }

    @Test("a tasks pass after a first check fills the notes it leaves out too, and every command after reads nothing")
    func tasksAfterCheckFillsTheWalk() throws {
        _ = try runs.run(Self.check)
        let tasks = try runs.run(Self.openTasks)
        #expect(tasks.value == (try runs.uncached(Self.openTasks)))
        #expect(tasks.value.count == 8)
        #expect(tasks.hits >= 8)
        // The archive's note held links; the trash's, nothing: both were read with the rest.
        #expect(try parts("archive/Old.md") == .all)
        #expect(try parts("trash/Gone.md")?.contains(.tasks) == true)
        let after = try runs.run { vault in (try Self.check(vault), try Self.tags(vault), try vault.tasks().tasks.count) }
        #expect(after.misses == 0)
    }

    @Test("a pass that finds few records short of what it asks reads those itself")
    func fewShortRecordsAreLeftToThePass() throws {
        _ = try runs.run { try $0.rebuildCache() }
        try folder.write("vault/pages/Note 3.md", "# Note 3 again\n\n#t9\n")
        CachedRuns.nextTick()
        let tags = try runs.run(Self.tags)
        #expect(tags.value == (try runs.uncached(Self.tags)))
        // One note read by the pass; filled ahead, the pass would have found all ten records.
        #expect(tags.misses == 1 && tags.hits == 9)
    }

    @Test("below the floor, a pass after a first check reads its notes itself, as it always did")
    func belowTheFloor() throws {
        var runs = self.runs
        runs.fillFloor = 11
        _ = try runs.run(Self.check)
        let tags = try runs.run(Self.tags)
        #expect(tags.value == (try runs.uncached(Self.tags)))
        #expect(tags.hits == 0)
        #expect(try parts("pages/Note 0.md") == .all)
    }

    @Test("a backlinks question after a first tasks fills the link records first, and answers as without the cache")
    func backlinksAfterTasks() throws {
        _ = try runs.run { try $0.tasks().tasks.count }
        #expect(try parts("pages/Note 0.md") == [.header, .tasks])
        func backlinks(_ vault: Vault) throws -> [String] {
            let scan = try vault.scan(detail: .summary)
            let note = try #require(scan.notes.first { $0.path == "pages/Note 1.md" })
            return vault.backlinkReports(to: note, scan: scan).reports.map { "\($0.source):\($0.line) \($0.text)" }
        }
        let run = try runs.run(backlinks)
        #expect(run.value == (try runs.uncached(backlinks)))
        #expect(run.value.count == 2)
        // The trash, which the question passes over, was filled with the rest.
        #expect(try parts("pages/Note 0.md") == .all && parts("trash/Gone.md") == .all)
        #expect(try runs.run(backlinks).misses == 0)
    }
}
