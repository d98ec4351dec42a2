import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Results reach their sink while the vault is still being read, in the order a whole
/// listing would give them.
@Suite("Results streamed to a sink")
struct StreamingTests {
    /// A vault of `count` notes, `n000.md` on, each with one task and the word "budget".
    static func vault(notes count: Int, in folder: TemporaryFolder, fileSystem: any FileSystem) throws -> Vault {
        for index in 0..<count {
            let name = String(format: "n%03d.md", index)
            try Data("# Note \(index)\n\n- [ ] budget task \(index)\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/" + name))
        }
        return try Vault(root: folder.path, fileSystem: fileSystem)
    }

    /// A file system that holds back the read of the last note until `open` is called, and
    /// says whether it had to give up waiting (nothing reached the sink before the last read).
    final class Gate: @unchecked Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        let lock = NSLock()
        var gaveUp = false
        var opened = false

        func hold(_ path: String, last: String) {
            guard path.hasSuffix("/" + last) else { return }
            let waited = semaphore.wait(timeout: .now() + 5)
            lock.withLock { gaveUp = waited == .timedOut }
        }

        func open() {
            let first = lock.withLock { () -> Bool in
                defer { opened = true }
                return !opened
            }
            if first { semaphore.signal() }
        }
    }

    static func gated(_ count: Int) throws -> (Vault, Gate, TemporaryFolder) {
        let folder = TemporaryFolder()
        let fileSystem = FaultyFileSystem()
        let gate = Gate()
        let last = String(format: "n%03d.md", count - 1)
        fileSystem.onRead = { gate.hold($0, last: last) }
        return (try vault(notes: count, in: folder, fileSystem: fileSystem), gate, folder)
    }

    @Test("the first task reaches the sink before the last note is read, and all come in the order written")
    func tasksStream() throws {
        let (vault, gate, folder) = try Self.gated(300)
        var lines: [String] = []
        var sink = ClosureSink<VaultTask> { task in
            gate.open()
            lines.append(task.description)
            return true
        }
        _ = try vault.tasks(matching: TaskQuery(today: CalendarDay("2026-11-30")!), into: &sink)
        #expect(!gate.gaveUp, "no task reached the sink before the last note was read")
        #expect(lines == (0..<300).map { "budget task \($0)" })
        _ = folder
    }

    @Test("the first match of an exact search reaches the sink before the last note is read")
    func searchStream() throws {
        let (vault, gate, folder) = try Self.gated(300)
        let notes = try vault.scan(detail: .paths).notes
        var paths: [String] = []
        var sink = ClosureSink<LineMatch> { match in
            gate.open()
            paths.append(match.path)
            return true
        }
        let summary = try LineSearch("budget", mode: .exact).run(vault: vault, notes: notes, into: &sink)
        #expect(!gate.gaveUp, "no match reached the sink before the last note was read")
        #expect(paths == notes.map(\.path))
        #expect(summary.matches == 300)
        _ = folder
    }

    @Test("the first note of a scan reaches the sink before the last note is read, in path order")
    func scanStream() throws {
        let (vault, gate, folder) = try Self.gated(300)
        var paths: [String] = []
        var sink = ClosureSink<Note> { note in
            gate.open()
            paths.append(note.path)
            return true
        }
        let scan = try vault.scan(detail: .summary, into: &sink)
        #expect(!gate.gaveUp, "no note reached the sink before the last note was read")
        #expect(paths == (0..<300).map { String(format: "n%03d.md", $0) })
        #expect(scan.notes.isEmpty)
        _ = folder
    }

    @Test("a fuzzy search ranked in small windows gives exactly the order of one ranking of every match")
    func rankedInWindows() throws {
        let vault = try Vault(root: Fixtures.path("demo"))
        let notes = try vault.scan(detail: .paths).notes
        for (query, context) in [("plan", 0), ("vault", 0), ("e", 0), ("budget", 2), ("soup", 0)] {
            var search = try LineSearch(query, mode: .fuzzy)
            search.context = context
            let whole = search.run(vault: vault, notes: notes).matches
            #expect(whole.count > 3, "\(query) matches too few lines to need windows")
            // A scratch file for every match left out, for some of them (then the disk is
            // "full"), and none: the notes are read again.
            for capacity in [Int.max, 700, 0] {
                search.scratchCapacity = capacity
                for budget in [1, 600, 5_000] {
                    for limit in [nil, 1, 5, whole.count + 3] as [Int?] {
                        var sink = CollectingSink<LineMatch>()
                        let summary = search.run(vault: vault, notes: notes, limit: limit, rankingBudget: budget, into: &sink)
                        let expected = Array(whole.prefix(limit ?? .max))
                        #expect(sink.elements == expected,
                                "\(query), budget \(budget), limit \(String(describing: limit)), scratch \(capacity)")
                        #expect(summary.matches == expected.count)
                        #expect(summary.found == whole.count, "the lines past the limit are counted")
                    }
                }
            }
        }
    }

    @Test("a sink that says stop gets nothing more")
    func stop() throws {
        let folder = TemporaryFolder()
        let vault = try Self.vault(notes: 50, in: folder, fileSystem: LocalFileSystem())
        var received = 0
        var sink = ClosureSink<VaultTask> { _ in
            received += 1
            return received < 3
        }
        _ = try vault.tasks(matching: TaskQuery(today: CalendarDay("2026-11-30")!), into: &sink)
        #expect(received == 3)
    }
}
