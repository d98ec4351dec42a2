import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The promise of rename: the link graph afterwards is the graph before modulo the move,
/// and a crash at any step leaves every link resolvable and is finished by the next run.
@Suite("Rename keeps the link graph")
struct RenameSafetyTests {
    struct SimulatedCrash: Error {}

    /// Every edge as `source -> target`, dangling ones as `source -> ?text`, sorted.
    static func graph(_ root: String) throws -> [String] {
        let vault = try Vault(root: root)
        let scan = try vault.scan(detail: .summary)
        return LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan)).edges.map { edge in
            "\(edge.source) -> " + (edge.resolution.path ?? "?" + edge.link.target)
        }.sorted()
    }

    /// The graph before, with moved paths replaced by their new paths.
    static func mapped(_ graph: [String], _ moves: [FileMove]) -> [String] {
        let table = Dictionary(uniqueKeysWithValues: moves.map { ($0.from, $0.to) })
        return graph.map { line in
            let parts = line.components(separatedBy: " -> ")
            return (table[parts[0]] ?? parts[0]) + " -> " + (table[parts[1]] ?? parts[1])
        }.sorted()
    }

    /// The note with the most links into it, and a folder worth moving.
    static func mostLinked(_ root: String) throws -> (note: String, folder: String?) {
        let vault = try Vault(root: root)
        let scan = try vault.scan(detail: .summary)
        let graph = LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan))
        var counts: [String: Int] = [:]
        for edge in graph.edges where !edge.link.isSelfLink {
            if let path = edge.resolution.path, NoteFiles.isNoteName(path) { counts[path, default: 0] += 1 }
        }
        let note = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
        let systemFolders = VaultLayout.systemKinds.compactMap { vault.layout.folder(for: $0) }
        let folder = LinkIndex.folder(of: note)
        return (note, folder.isEmpty || systemFolders.contains(folder) ? nil : folder)
    }

    static var corpora: [String] {
        let root = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/corpora").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.filter { !$0.hasSuffix(".md") }.sorted().map { root + "/" + $0 }
    }

    private func checkGraph(source: String) throws {
        let folder = TemporaryFolder()
        let root = try folder.copy(vault: source, as: "vault")
        let before = try Self.graph(root)
        let (note, noteFolder) = try Self.mostLinked(root)
        let vault = try Vault(root: root)
        let stem = NoteFiles.stem(String(note.split(separator: "/").last!))
        let plan = try RenamePlanner(vault: vault, skipUnavailable: true).planRename(note, to: stem + " renamed")
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "test")
        #expect(try Self.graph(root) == Self.mapped(before, plan.moves), "rename of \(note) in \(source)")
        if let noteFolder {
            let again = try Self.graph(root)
            let vault = try Vault(root: root)
            let move = try RenamePlanner(vault: vault, skipUnavailable: true).planMove(noteFolder, to: noteFolder + " moved")
            _ = try ChangeExecutor(vault: vault).apply(move, summary: "test")
            #expect(try Self.graph(root) == Self.mapped(again, move.moves), "move of \(noteFolder) in \(source)")
        }
    }

    @Test("renaming the most-linked note keeps the demo vault's graph")
    func demoGraph() throws {
        try checkGraph(source: Fixtures.path("demo"))
    }

    @Test("renaming the most-linked note and moving its folder keeps each corpus's graph", arguments: corpora)
    func corpusGraph(path: String) throws {
        try checkGraph(source: path)
    }

    @Test("a crash before any step leaves every link resolvable, and the next run finishes the rename")
    func crashAtEveryStep() throws {
        let probe = TemporaryFolder()
        let probeRoot = try probe.copy(fixture: "demo")
        var steps: [String] = []
        let vault = try Vault(root: probeRoot)
        let plan = try RenamePlanner(vault: vault, skipUnavailable: true).planRename("pages/Projects/Vault CLI.md", to: "Vault Tool")
        _ = try ChangeExecutor(vault: vault) { steps.append($0) }.apply(plan, summary: "probe")
        let expected = try Self.graph(probeRoot)
        #expect(steps.count > 10)

        for crashAt in 0..<steps.count {
            let folder = TemporaryFolder()
            let root = try folder.copy(fixture: "demo")
            let before = try Self.graph(root)
            let vault = try Vault(root: root)
            let plan = try RenamePlanner(vault: vault, skipUnavailable: true).planRename("pages/Projects/Vault CLI.md", to: "Vault Tool")
            var count = 0
            #expect(throws: SimulatedCrash.self) {
                _ = try ChangeExecutor(vault: vault) { _ in
                    if count == crashAt { throw SimulatedCrash() }
                    count += 1
                }.apply(plan, summary: "crash")
            }
            // Right after the crash: no link dangles that did not dangle before.
            let dangling = { (graph: [String]) in graph.filter { $0.contains(" -> ?") } }
            #expect(dangling(try Self.graph(root)) == dangling(before), "after a crash at step \(crashAt) (\(steps[crashAt]))")
            let reports = try ChangeExecutor(vault: try Vault(root: root)).recover()
            #expect(reports.count == (crashAt == 0 ? 0 : 1), "step \(crashAt)")
            #expect(try Self.graph(root) == (crashAt == 0 ? before : expected), "finished after a crash at step \(crashAt)")
            let leftovers = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }
                .filter { SafeWriter.isTemporaryName(String($0.split(separator: "/").last!)) || $0.hasSuffix(".json") && $0.contains("journal/") }
            #expect(leftovers.isEmpty, "step \(crashAt): \(leftovers)")
            #expect(try Vault(root: root).scan(detail: .summary).notes.count == 40)
        }
    }
}

@Suite("Rename refuses bad input")
struct RenameRefusalTests {
    /// Held by the test value so the copy lives as long as the test.
    let folder = TemporaryFolder()

    private func demo() throws -> (TemporaryFolder, Vault, [String: Data]) {
        let root = try folder.copy(fixture: "demo")
        return (folder, try Vault(root: root), try RenameMatrixTests.snapshot(root))
    }

    private func reason(_ work: () throws -> Void) -> String {
        do {
            try work()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test(
        "each bad rename or move is refused with a clear reason and nothing changes",
        arguments: [
            ("rename", "Errands", "Ideas", "pages/Ideas.md already exists; nothing was overwritten"),
            ("rename", "Errands", "   ", "\"   \" cannot name a note: it has no characters a file name can hold"),
            ("rename", "Errands", "???", "pages/---.md"),
            ("rename", "No such note", "X", "no note named \"No such note\""),
            ("rename", "Evicted Idea", "X", "pages/Evicted Idea.md is not downloaded from the sync service yet"),
            ("move", "Errands", "../outside/", "cannot move to ../outside/: it is outside the vault"),
            ("move", "Errands", "/etc/", "cannot move to /etc/: it is outside the vault"),
            ("move", "Errands", "trash/", "cannot move to trash/Errands.md: notes go to the trash with `vault trash`, which can restore them"),
            ("move", "Errands", "pages/.hidden/", "cannot move to pages/.hidden/: a name starting with . is hidden from every note app"),
            ("move", "Errands", "inbox/Ideas.md", "inbox/Ideas.md already exists; nothing was overwritten"),
            ("move", "Errands", "pages/a\u{0}b", "cannot move to pages/a\u{0}b: a path cannot hold a NUL byte"),
            ("move", "Errands", "pages/" + String(repeating: "x", count: 256) + ".md", "a name has at most 255 bytes"),
            ("move", "pages", "notes", "pages is a system folder; move the notes in it instead"),
        ])
    func refusals(kind: String, name: String, destination: String, expected: String) throws {
        let (_, vault, before) = try demo()
        let planner = RenamePlanner(vault: vault, skipUnavailable: true)
        let message = reason {
            let plan = kind == "rename" ? try planner.planRename(name, to: destination) : try planner.planMove(name, to: destination)
            // `???` is a legal title: it becomes `---`, which shows the name it would get.
            if expected.hasSuffix(".md"), plan.moves.first?.to == expected { throw FileError.fileExists(path: expected) }
        }
        #expect(message.contains(expected), "\(message)")
        #expect(try RenameMatrixTests.snapshot(vault.root) == before)
    }

    @Test(
        "a new note's folder outside the vault, hidden or in the trash is refused in the words of making a note, and nothing is written",
        arguments: [
            ("../outside", "cannot make a note in ../outside: it is outside the vault"),
            ("/etc", "cannot make a note in /etc: it is outside the vault"),
            ("pages/.hidden", "cannot make a note in pages/.hidden: a name starting with . is hidden from every note app"),
            ("trash/pages", "cannot make a note in trash/pages: new notes do not go to the trash"),
        ])
    func newNoteFolderRefusals(folder: String, expected: String) throws {
        let (_, vault, before) = try demo()
        let message = reason { _ = try NoteAuthoring(vault: vault).create(title: "Fresh", folder: folder) }
        #expect(message == expected)
        #expect(try RenameMatrixTests.snapshot(vault.root) == before)
    }

    @Test("a linking note changed between plan and apply stops the rename before anything is written")
    func changedBetweenPlanAndApply() throws {
        let (folder, vault, _) = try demo()
        let plan = try RenamePlanner(vault: vault, skipUnavailable: true).planRename("pages/Projects/Vault CLI.md", to: "Vault Tool")
        try folder.write("demo/Home.md", "edited in another app [[Vault CLI]]\n")
        let before = try RenameMatrixTests.snapshot(vault.root)
        #expect(throws: FileError.fileChanged(path: "Home.md")) { _ = try ChangeExecutor(vault: vault).apply(plan, summary: "x") }
        #expect(try RenameMatrixTests.snapshot(vault.root) == before)
        #expect(FileError.fileChanged(path: "Home.md").exitCode == 3)
    }

    @Test("a note that is not UTF-8 is reported and never rewritten")
    func notUTF8() throws {
        let (folder, vault, _) = try demo()
        try folder.write("demo/pages/Latin1.md", bytes: Array("[[Vault CLI]] caf".utf8) + [0xE9, 0x0A])
        let plan = try RenamePlanner(vault: vault, skipUnavailable: true).planRename("pages/Projects/Vault CLI.md", to: "Vault Tool")
        #expect(plan.skipped.contains { $0.path == "pages/Latin1.md" && $0.message.contains("not UTF-8") })
        #expect(!plan.edits.contains { $0.source == "pages/Latin1.md" })
    }

    @Test("a file whose bytes would not change is not written")
    func untouchedFilesKeepTheirInode() throws {
        let (_, vault, _) = try demo()
        let errands = vault.absolutePath("pages/Errands.md")
        let before = try LocalFileSystem().status(errands)
        let plan = try RenamePlanner(vault: vault, skipUnavailable: true).planRename("pages/Projects/Vault CLI.md", to: "Vault Tool")
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "x")
        #expect(try LocalFileSystem().status(errands) == before)
        #expect(plan.edits.count == 12, "the trashed Gym Plan's link included")
    }
}
