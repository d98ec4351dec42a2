import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// On a temporary copy of Logseq's own documentation graph: links, tasks and renames as
/// Logseq reads them.
@Suite("Logseq's documentation graph")
struct LogseqCorpusTests {
    private static func corpus() -> String? {
        let path = Corpora.root + "/logseq-docs"
        guard FileManager.default.fileExists(atPath: path) else {
            print("the corpus \(path) is absent; skipped")
            return nil
        }
        return path
    }

    private static func edges(_ root: String) throws -> [LinkEdge] {
        let vault = try Vault(root: root)
        let scan = try vault.scan(detail: .summary)
        return LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan)).edges
    }

    /// Every edge as `source:line text -> target`, moved paths at their new places; the
    /// text only where `withText` (a rewritten link's text changes).
    private static func graph(_ edges: [LinkEdge], moves: [FileMove] = [], withText: Bool = true) -> [String] {
        let table = Dictionary(uniqueKeysWithValues: moves.map { ($0.from, $0.to) })
        return edges.map { edge in
            let target = edge.resolution.path.map { table[$0] ?? $0 } ?? "(none)"
            return "\(table[edge.source] ?? edge.source):\(edge.link.line) \(withText || edge.resolution.path == nil ? edge.text : "") -> \(target)"
        }.sorted()
    }

    /// The bytes of every note of a graph, by path.
    private static func contents(_ root: String) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for folder in ["pages", "journals"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder) {
                result[folder + "/" + name] = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + folder + "/" + name)))
            }
        }
        return result
    }

    @Test("check reports as dangling only the missing files; links to pages without a file are counted apart")
    func check() throws {
        guard let corpus = Self.corpus() else { return }
        let folder = TemporaryFolder()
        let root = try folder.copy(vault: corpus, as: "logseq")
        let vault = try Vault(root: root)
        #expect(vault.logseq?.fileNameFormat == .tripleLowbar)
        let check = VaultCheck(vault: vault, scan: try vault.scan(detail: .summary))
        print("logseq-docs: \(check.dangling.count) dangling, \(check.pagesWithoutFile.count) links to pages without a file")
        // The copy left out assets/: what dangles is markdown links to files, none a page.
        #expect(check.dangling.allSatisfy { $0.form == .markdown })
        #expect(check.dangling.count < 160)
        #expect(check.dangling.filter { !$0.target.contains("assets/") }.count <= 2)
        #expect(check.pagesWithoutFile.count > 1000)
        // Names Logseq resolves: a journal title, a namespaced page, a %3F file name, an alias.
        let resolved = Set(try Self.edges(root).filter { $0.resolution.path != nil }.map(\.resolution.path!))
        for path in ["pages/Whiteboard___Object.md", "pages/New to Logseq%3F.md", "pages/term___page.md", "pages/Features.md"] {
            #expect(resolved.contains(path), "\(path)")
        }
    }

    @Test("every Logseq task is listed: 38 blocks starting with a task word (WAIT and IN-PROGRESS too), and one org headline")
    func tasks() throws {
        guard let corpus = Self.corpus() else { return }
        let tasks = try Vault(root: corpus).tasks().tasks
        #expect(tasks.count == 39)
        #expect(tasks.filter { $0.path.hasSuffix(".org") }.map { "\($0.path):\($0.line) \($0.marker) \($0.text)" } == [
            "pages/Changelog_2020.org:232 DONE Example",
        ])
        #expect(Set(tasks.map(\.marker)) == ["TODO", "NOW", "LATER", "DONE", "CANCELED", "CANCELLED", "WAIT", "IN-PROGRESS"])
        // The documentation's own examples of the two words Logseq also knows.
        #expect(tasks.filter { ["WAIT", "IN-PROGRESS"].contains($0.marker) }.map { "\($0.path) \($0.marker) \($0.text)" } == [
            "pages/Tasks.md IN-PROGRESS the fun thing", "pages/Tasks.md WAIT the slow thing",
        ])
        #expect(tasks.filter { $0.state == .inProgress }.count == 6)
    }

    @Test("the 20 org pages are notes, their links resolve, and renaming one and back gives every byte back")
    func orgPages() throws {
        guard let corpus = Self.corpus() else { return }
        let folder = TemporaryFolder()
        let root = try folder.copy(vault: corpus, as: "logseq")
        let vault = try Vault(root: root)
        let org = try vault.scan(detail: .summary).notes.filter { $0.path.hasSuffix(".org") }
        #expect(org.count == 20)
        #expect(org.filter { $0.kind == .journal }.count == 16)
        #expect(org.first { $0.path == "pages/Changelog_2020.org" }?.title == "Changelog 2020")
        let original = try Self.contents(root)
        let before = try Self.edges(root)
        let fromOrg = before.filter { $0.source.hasSuffix(".org") }
        print("logseq-docs org pages: \(fromOrg.count) links, \(fromOrg.filter { $0.resolution.path != nil }.count) resolved")
        // Each journal of 2020 links to the changelog by its #+TITLE:.
        let changelog = before.filter { $0.resolution.path == "pages/Changelog_2020.org" && $0.source != "pages/Changelog.md" }
        #expect(changelog.count >= 9)
        let plan = try RenamePlanner(vault: vault).planRename("Changelog 2020", to: "Changes of 2020")
        #expect(plan.moves.map(\.to) == ["pages/Changes of 2020.org"])
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "test")
        let after = try Self.edges(root)
        #expect(Self.graph(after, withText: false) == Self.graph(before, moves: plan.moves, withText: false))
        // Back by its page name: the file takes the name, as Logseq names a new file.
        let back = try RenamePlanner(vault: try Vault(root: root)).planRename("Changes of 2020", to: "Changelog 2020")
        _ = try ChangeExecutor(vault: try Vault(root: root)).apply(back, summary: "test")
        var expected = original
        expected["pages/Changelog 2020.org"] = expected.removeValue(forKey: "pages/Changelog_2020.org")
        #expect(try Self.contents(root) == expected)
    }

    @Test("renaming the most-linked page and a tag page breaks no link, and renaming back gives every byte back")
    func rename() throws {
        guard let corpus = Self.corpus() else { return }
        let folder = TemporaryFolder()
        let root = try folder.copy(vault: corpus, as: "logseq")
        let original = try Self.contents(root)
        let before = try Self.edges(root)
        var counts: [String: Int] = [:]
        for edge in before { if let path = edge.resolution.path, edge.source != path { counts[path, default: 0] += 1 } }
        let note = try #require(counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key)
        #expect(counts[note]! >= 70)
        for (page, title) in [(note, "Renamed most linked"), ("pages/docs.md", "Documentation work")] {
            let vault = try Vault(root: root)
            let plan = try RenamePlanner(vault: vault).planRename(page, to: title)
            _ = try ChangeExecutor(vault: vault).apply(plan, summary: "test")
            let after = try Self.edges(root)
            #expect(Self.graph(after, withText: false) == Self.graph(before, moves: plan.moves, withText: false))
            let name = try Vault(root: root).logseqPages(try Vault(root: root).scan(detail: .paths).notes)!.name(of: page)
            #expect(after.filter { $0.resolution.path == plan.moves[0].to }.count == before.filter { $0.resolution.path == page }.count, "\(name)")
            let back = try RenamePlanner(vault: try Vault(root: root)).planRename(title, to: NoteFiles.stem(page.lastPathComponent))
            _ = try ChangeExecutor(vault: try Vault(root: root)).apply(back, summary: "test")
            #expect(try Self.contents(root) == original)
        }
    }
}
