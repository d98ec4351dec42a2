import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// On temporary copies of real vaults: Foam's reference definitions follow a rename and a
/// folder move, and Obsidian links with inline code in their text follow a rename.
@Suite("Definitions and code inside links on the corpora")
struct DefinitionCorpusTests {
    /// The corpus folder of that name, nil (after saying so) when the corpora are absent.
    private static func corpus(_ name: String) -> String? {
        let path = Corpora.root + "/" + name
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

    /// The dangling links as `source: text`, with moved sources at their new paths.
    private static func dangling(_ edges: [LinkEdge], moves: [FileMove] = []) -> [String] {
        let table = Dictionary(uniqueKeysWithValues: moves.map { ($0.from, $0.to) })
        return edges.filter { $0.resolution.path == nil }.map { "\(table[$0.source] ?? $0.source): \($0.text)" }.sorted()
    }

    /// Each resolved edge of the form as `source:line -> target`, moved paths at their new places.
    private static func resolved(_ edges: [LinkEdge], where keep: (LinkEdge) -> Bool, moves: [FileMove] = []) -> [String] {
        let table = Dictionary(uniqueKeysWithValues: moves.map { ($0.from, $0.to) })
        return edges.filter { keep($0) && $0.resolution.path != nil }.map { edge in
            "\(table[edge.source] ?? edge.source):\(edge.link.line) -> \(table[edge.resolution.path!] ?? edge.resolution.path!)"
        }.sorted()
    }

    private static func apply(_ plan: RenamePlan, in root: String) throws {
        _ = try ChangeExecutor(vault: try Vault(root: root)).apply(plan, summary: "test")
    }

    @Test("in foam-docs, renaming the note most definitions point at and moving its folder leaves every definition right")
    func foamDefinitions() throws {
        guard let corpus = Self.corpus("foam-docs") else { return }
        let folder = TemporaryFolder()
        let root = try folder.copy(vault: corpus, as: "foam")
        let before = try Self.edges(root)
        let isDefinition = { (edge: LinkEdge) in edge.link.form == .reference }
        var counts: [String: Int] = [:]
        for edge in before where isDefinition(edge) {
            if let path = edge.resolution.path { counts[path, default: 0] += 1 }
        }
        let note = try #require(counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key)
        #expect(counts[note]! >= 5)
        #expect(before.filter(isDefinition).count >= 150)

        let rename = try RenamePlanner(vault: try Vault(root: root)).planRename(note, to: "Renamed by definitions")
        try Self.apply(rename, in: root)
        let renamed = try Self.edges(root)
        #expect(Self.dangling(renamed) == Self.dangling(before, moves: rename.moves))
        #expect(Self.resolved(renamed, where: isDefinition) == Self.resolved(before, where: isDefinition, moves: rename.moves))
        let oldName = NoteFiles.stem(note.lastPathComponent)
        #expect(renamed.filter { isDefinition($0) && $0.link.target.hasSuffix("/\(oldName).md") }.isEmpty)
        // Foam's labels follow the wikilinks they spell: none is left naming the old note.
        #expect(renamed.filter { isDefinition($0) && $0.link.alias == oldName }.isEmpty)

        let noteFolder = LinkIndex.folder(of: rename.moves[0].to)
        let move = try RenamePlanner(vault: try Vault(root: root)).planMove(noteFolder, to: "moved/" + noteFolder.lastPathComponent)
        try Self.apply(move, in: root)
        let moved = try Self.edges(root)
        #expect(Self.dangling(moved) == Self.dangling(renamed, moves: move.moves))
        #expect(Self.resolved(moved, where: isDefinition) == Self.resolved(renamed, where: isDefinition, moves: move.moves))
    }

    @Test("in obsidian-tasks-docs, renaming Tasks Api rewrites the links with code in their text and breaks nothing")
    func tasksApiRename() throws {
        guard let corpus = Self.corpus("obsidian-tasks-docs") else { return }
        let folder = TemporaryFolder()
        let root = try folder.copy(vault: corpus, as: "tasks")
        let note = "Advanced/Tasks Api.md"
        let before = try Self.edges(root)
        let withCode = { (edge: LinkEdge) in edge.text.contains("`") }
        let coded = before.filter { withCode($0) && $0.resolution.path == note }
        #expect(coded.count >= 3)

        let rename = try RenamePlanner(vault: try Vault(root: root)).planRename(note, to: "Tasks Programming Api")
        try Self.apply(rename, in: root)
        let after = try Self.edges(root)
        #expect(Self.dangling(after) == Self.dangling(before, moves: rename.moves))
        let all = { (_: LinkEdge) in true }
        #expect(Self.resolved(after, where: all) == Self.resolved(before, where: all, moves: rename.moves))
        #expect(after.filter { withCode($0) && $0.resolution.path == "Advanced/Tasks Programming Api.md" }.count == coded.count)
        #expect(after.filter { $0.text.contains("[[Tasks Api") }.isEmpty)
    }
}
