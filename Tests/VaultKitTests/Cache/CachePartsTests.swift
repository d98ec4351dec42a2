import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// What a reading keeps of a note: a first run pays for what its command asks, a changed note
/// is read once for everything, and two commands never take turns reading the same note.
@Suite("What the cache keeps of a note")
struct CachePartsTests {
    let folder = TemporaryFolder()
    var runs: CachedRuns { CachedRuns(root: folder.path + "/vault", cacheFolder: folder.path + "/cache") }

    init() throws {
        try folder.write("vault/pages/Alpha.md", "# Alpha\n\n[[Beta]] #one\n- [ ] first task\n")
        try folder.write("vault/pages/Beta.md", "# Beta\n\n- [x] done\n")
        CachedRuns.nextTick()
    }

    /// What `vault check` reads: a summary of every note, then each note's links.
    static func check(_ vault: Vault) throws -> Int {
        VaultCheck(vault: vault, scan: try vault.scan(detail: .summary)).dangling.count
    }

    func holding(_ name: String) throws -> FactsCache.Holding {
        let (_, cache) = try runs.opened()
        let status = try #require(try LocalFileSystem().status(folder.path + "/vault/pages/\(name).md"))
        return cache.holding("pages/\(name).md", status: status)
    }

    func parts(_ holding: FactsCache.Holding) -> NoteFacts.Parts? {
        if case .valid(let parts) = holding { return parts }
        return nil
    }

    @Test("a first check on an empty cache keeps each note's header and links, and reads no task")
    func firstCheckKeepsLinks() throws {
        let first = try runs.run(Self.check)
        #expect(first.misses == 4)  // a summary and the links of each of the two notes
        #expect(try parts(holding("Alpha")) == [.header, .links])
        // The links are served; the tasks were never read, so they are not.
        #expect(try runs.run(Self.check).misses == 0)
        let (_, cache) = try runs.opened()
        let status = try #require(try LocalFileSystem().status(folder.path + "/vault/pages/Alpha.md"))
        #expect(cache.record(for: "pages/Alpha.md", status: status, wanted: .tasks, taskLines: true) == nil)
    }

    @Test("a note kept with its links is read for everything when its tasks are asked, and then serves every command")
    func upgradeToWhole() throws {
        _ = try runs.run(Self.check)
        let tasks = try runs.run { try $0.tasks().tasks.map(\.text) }
        #expect(tasks.misses == 2)
        #expect(tasks.value == (try runs.uncached { try $0.tasks().tasks.map(\.text) }))
        #expect(try parts(holding("Alpha")) == .all)
        // Neither command reads a note again, in either order.
        let again = try runs.run { vault in (try Self.check(vault), try vault.tasks().tasks.count, try vault.scan(detail: .full).notes.count) }
        #expect(again.misses == 0)
    }

    @Test("a large note not valid UTF-8 keeps its whole record when a summary reads its prefix, and a second check reads nothing")
    func largeInvalidNoteKeepsItsRecord() throws {
        // Valid UTF-8 in the summary's prefix, not after it: a summary reads the prefix alone.
        let text = Array("# Big\n\n[[Alpha]]\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: NoteReader.summaryPrefix) + [0xFF, 0x0A]
        try Data(text).write(to: URL(fileURLWithPath: folder.path + "/vault/pages/Big.md"))
        CachedRuns.nextTick()
        _ = try runs.run { vault in (try Self.check(vault), try vault.tasks().tasks.count) }
        #expect(try parts(holding("Big")) == .all)
        let again = try runs.run(Self.check)
        #expect(again.value == (try runs.uncached(Self.check)))
        #expect(try parts(holding("Big")) == .all)
        #expect(try runs.run(Self.check).misses == 0)
    }

    @Test("a note that changed is read once for everything, however many commands follow")
    func changedNoteReadWhole() throws {
        _ = try runs.run { vault in (try Self.check(vault), try vault.tasks().tasks.count) }
        try folder.write("vault/pages/Beta.md", "# Beta again\n\n- [ ] new task [[Alpha]]\n")
        CachedRuns.nextTick()
        #expect(try holding("Beta") == .stale)
        let run = try runs.run { vault in (try Self.check(vault), try vault.tasks().tasks.count) }
        #expect(run.misses == 1)
        #expect(try parts(holding("Beta")) == .all)
        #expect(run.value.1 == 2)
    }

    @Test("a new note has no record, and every command answers as without the cache")
    func newNote() throws {
        _ = try runs.run(Self.check)
        try folder.write("vault/pages/Gamma.md", "# Gamma\n\n[[Nowhere]]\n- [/] doing\n")
        CachedRuns.nextTick()
        #expect(try holding("Gamma") == .nothing)
        let digest = try runs.run(CachedRuns.digest)
        #expect(digest.value == (try runs.uncached(CachedRuns.digest)))
        #expect(try runs.run(CachedRuns.digest).misses == 0)
    }

    @Test("a rebuild keeps every fact of every note: no command after it reads a note")
    func rebuildKeepsEverything() throws {
        _ = try runs.run { try $0.rebuildCache() }
        #expect(try parts(holding("Alpha")) == .all)
        let after = try runs.run { vault in (try Self.check(vault), try vault.tasks().tasks.count, try CachedRuns.digest(vault)) }
        #expect(after.misses == 0)
        #expect(after.value.2 == (try runs.uncached(CachedRuns.digest)))
    }

    @Test("completing the cache after a walk reads whole the notes kept in part, once, and no command after it reads a note")
    func completeAfterWalk() throws {
        _ = try runs.run(Self.check)
        #expect(try parts(holding("Alpha")) == [.header, .links])
        let completed = try runs.run { vault in try vault.completeCache(for: vault.scan(detail: .summary).notes) }
        #expect(completed.value == 2)
        #expect(try parts(holding("Alpha")) == .all && parts(holding("Beta")) == .all)
        // Saved by the completion itself: a second finds every record whole and reads nothing.
        #expect(try runs.run { vault in try vault.completeCache(for: vault.scan(detail: .summary).notes) }.value == 0)
        let after = try runs.run { vault in (try Self.check(vault), try vault.tasks().tasks.count, try CachedRuns.digest(vault)) }
        #expect(after.misses == 0)
        #expect(after.value.2 == (try runs.uncached(CachedRuns.digest)))
    }

    @Test("completing the cache after a walk reads only the note the walk kept in part, and one that vanished since is passed over")
    func completeReadsOnlyWhatIsPartial() throws {
        _ = try runs.run { vault in try vault.completeCache(for: vault.scan(detail: .summary).notes) }
        // A new note: the walk keeps its header alone.
        try folder.write("vault/pages/Gamma.md", "# Gamma\n\n- [ ] new task [[Alpha]]\n")
        CachedRuns.nextTick()
        let (vault, _) = try runs.opened()
        let notes = try vault.scan(detail: .summary).notes
        try FileManager.default.removeItem(atPath: folder.path + "/vault/pages/Alpha.md")
        #expect(try vault.completeCache(for: notes) == 1)
        #expect(try parts(holding("Gamma")) == .all)
        #expect(try runs.run(CachedRuns.digest).value == (try runs.uncached(CachedRuns.digest)))
    }

    @Test("completing a cache whose folder cannot be made reads no note: its records would only pile up in memory")
    func completeNeedsAFolder() throws {
        try folder.write("blocker", "a file where the cache folder would go\n")
        let blocked = CachedRuns(root: folder.path + "/vault", cacheFolder: folder.path + "/blocker/cache")
        let (vault, cache) = try blocked.opened()
        let notes = try vault.scan(detail: .summary).notes
        let misses = cache.statistics.misses
        #expect(try vault.completeCache(for: notes) == 0)
        #expect(cache.statistics.misses == misses)
        // A folder that can be made is completed.
        #expect(try runs.run { vault in try vault.completeCache(for: vault.scan(detail: .summary).notes) }.value == 2)
    }

    @Test("records that cannot be saved are let go past their limit, and the notes are read again, answering as before")
    func unsavedRecordsLetGo() throws {
        try folder.write("blocker", "a file where the cache folder would go\n")
        let blocked = CachedRuns(root: folder.path + "/vault", cacheFolder: folder.path + "/blocker/cache")
        for (limit, kept) in [(Int.max, true), (0, false)] {
            let (vault, cache) = try blocked.opened()
            cache.unsavedLimit = limit
            let first = try CachedRuns.digest(vault)
            #expect(throws: SystemError.self) { try cache.finish() }
            let misses = cache.statistics.misses
            #expect(try CachedRuns.digest(vault) == first)
            #expect((cache.statistics.misses == misses) == kept)
        }
    }
}
