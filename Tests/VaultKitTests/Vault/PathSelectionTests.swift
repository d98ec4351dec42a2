import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A query of some folders reads those folders' notes only, and lists what a read of every
/// note, filtered after, lists.
@Suite("Reading only the notes a query can list")
struct PathSelectionTests {
    /// Notes with tasks and tags in pages, journals, the archive, the trash and a folder inside
    /// the trash; one journal not UTF-8.
    static func makeVault() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for (index, place) in ["pages", "pages/Projects", "journals", "archive", "trash", "trash/old", "inbox"].enumerated() {
            for number in 0..<4 {
                try folder.write(
                    "\(place)/Note \(index)-\(number).md",
                    "# Note \(index)-\(number)\n\n- [ ] task \(number) #tag\(number % 2)\n- [x] done \(number)\n")
            }
        }
        try folder.write("journals/Latin1.md", bytes: Array("- [ ] caf".utf8) + [0xE9] + Array("\n".utf8))
        return folder
    }

    static let queries: [NoteQuery] = [
        NoteQuery(), NoteQuery(folders: ["journals"]), NoteQuery(folders: ["pages"]), NoteQuery(folders: ["trash"]),
        NoteQuery(folders: ["trash/old"]), NoteQuery(folders: ["inbox", "pages/Projects/"]), NoteQuery(includeTrash: true),
        NoteQuery(folders: ["pages"], tags: ["tag1"]), NoteQuery(folders: ["nowhere"]),
    ]

    /// The vault, a file system that records what it is asked, and runs with a cache kept
    /// beside the vault (the caller removes it).
    private func cachedRuns() throws -> (folder: TemporaryFolder, files: FaultyFileSystem, runs: CachedRuns) {
        let folder = try Self.makeVault()
        CachedRuns.nextTick()
        let files = FaultyFileSystem()
        var runs = CachedRuns(root: folder.path, cacheFolder: folder.path + "-cache")
        runs.fileSystem = files
        return (folder, files, runs)
    }

    private func listed(_ vault: Vault, _ query: NoteQuery) throws -> [String] {
        var paths: [String] = []
        let selects = query.selection(layout: vault.layout)
        var sink = ClosureSink<Note> { note in
            if selects(note) { paths.append(note.path) }
            return true
        }
        _ = try vault.scan(detail: .tags, selecting: query.pathSelection(layout: vault.layout), into: &sink)
        return paths
    }

    @Test("a scan that selects by path lists what every note read and filtered lists")
    func selectedAsFiltered() throws {
        let folder = try Self.makeVault()
        let vault = try Vault(root: folder.path)
        let all = try vault.scan(detail: .tags).notes
        for query in Self.queries {
            #expect(try listed(vault, query) == query.apply(to: all, layout: vault.layout).map(\.path), "\(query)")
        }
    }

    @Test("a folder inside the trash lists its notes, as the trash itself does")
    func folderInsideTrash() throws {
        let folder = try Self.makeVault()
        let vault = try Vault(root: folder.path)
        #expect(try listed(vault, NoteQuery(folders: ["trash/old"])) == (0..<4).map { "trash/old/Note 5-\($0).md" })
        #expect(try listed(vault, NoteQuery(folders: ["trash"])).count == 8)
    }

    @Test("the notes a query leaves out by path are never read, for notes and for tasks")
    func leftOutAreNotRead() throws {
        let (folder, _, runs) = try cachedRuns()
        defer { try? FileManager.default.removeItem(atPath: folder.path + "-cache") }
        _ = try runs.run { try $0.tasks().tasks.count }
        let journals = try runs.run { try listed($0, NoteQuery(folders: ["journals"])) }
        #expect(journals.value.count == 5)
        #expect(journals.hits + journals.misses == 5)
        var query = TaskQuery(today: CalendarDay(year: 2026, month: 1, day: 15)!)
        query.states = TaskQuery.allStates
        query.folders = ["pages/Projects"]
        let tasks = try runs.run { vault -> [String] in
            var found: [String] = []
            var sink = ClosureSink<VaultTask> { task in
                found.append("\(task.path):\(task.line)")
                return true
            }
            _ = try vault.tasks(matching: query, into: &sink)
            return found
        }
        #expect(tasks.hits + tasks.misses == 4)
        let expected = try runs.uncached { vault in
            try vault.tasks().tasks.filter { $0.path.hasPrefix("pages/Projects/") }.map { "\($0.path):\($0.line)" }
        }
        #expect(tasks.value == expected)
        #expect(expected.count == 8)
    }

    @Test("the notes a query leaves out by path are not looked at for the cache either")
    func leftOutAreNotStatted() throws {
        let (folder, files, runs) = try cachedRuns()
        defer { try? FileManager.default.removeItem(atPath: folder.path + "-cache") }
        _ = try runs.run { try listed($0, NoteQuery()) }
        let before = files.statusPaths.count
        let journals = try runs.run { try listed($0, NoteQuery(folders: ["journals"])) }
        let notes = files.statusPaths[before...].filter { $0.hasSuffix(".md") }
        #expect(journals.value.count == 5 && journals.hits == 5)
        #expect(notes.count == 5)
        #expect(notes.allSatisfy { $0.hasPrefix(folder.path + "/journals/") })
    }

    @Test("a folder query lists only the folders on the way to it, and the cache keeps the records of the rest")
    func folderQueryWalksItsFolders() throws {
        let (folder, files, made) = try cachedRuns()
        var runs = made
        // The cache file written whole each time, which is where records of notes not walked go.
        runs.writesDeltas = false
        defer { try? FileManager.default.removeItem(atPath: folder.path + "-cache") }
        _ = try runs.run { try listed($0, NoteQuery(includeTrash: true)) }
        // A folder that cannot be listed says so, if it is listed at all.
        files.fail(.entries, with: EACCES, at: folder.path + "/inbox")
        // A note read afresh has the cache written again, which must keep the others' records.
        try folder.write("pages/Projects/Note 1-0.md", "# Note 1-0\n\nchanged\n")
        CachedRuns.nextTick()
        let projects = try runs.run { vault -> (paths: [String], warnings: [VaultWarning]) in
            var paths: [String] = []
            var sink = ClosureSink<Note> { note in
                paths.append(note.path)
                return true
            }
            let query = NoteQuery(folders: ["Pages/projects"])
            let scan = try vault.scan(detail: .summary, selecting: query.pathSelection(layout: vault.layout), into: &sink)
            return (paths, scan.warnings)
        }
        #expect(projects.value.paths == (0..<4).map { "pages/Projects/Note 1-\($0).md" })
        #expect(projects.value.warnings.isEmpty)
        #expect(projects.hits == 3 && projects.misses == 1)
        let everything = try runs.run { vault -> [VaultWarning] in
            var sink = ClosureSink<Note> { _ in true }
            return try vault.scan(detail: .summary, into: &sink).warnings
        }
        #expect(everything.value.contains { $0.path == "inbox" })
        // Every record outlived the run that walked one folder: the whole walk reads none afresh.
        #expect(everything.hits == 25 && everything.misses == 0)
    }

    @Test("a folder is walked when it leads to a folder asked for, whatever follows its slash")
    func foldersOnTheWay() {
        let paths = NoteQuery(folders: ["Pages/Projects", "a/\u{301}b"]).pathSelection(layout: .standard)
        #expect(paths.mayHold(folder: "pages"))
        #expect(paths.mayHold(folder: "pages/projects"))
        #expect(paths.mayHold(folder: "pages/Projects/Old"))
        #expect(paths.mayHold(folder: "a"))
        #expect(paths.mayHold(folder: "a/\u{301}b"))
        #expect(!paths.mayHold(folder: "journals"))
        #expect(!paths.mayHold(folder: "pages/Areas"))
        #expect(!paths.mayHold(folder: "pag"))
        #expect(NoteQuery().pathSelection(layout: .standard).mayHold(folder: "trash"))
    }
}
