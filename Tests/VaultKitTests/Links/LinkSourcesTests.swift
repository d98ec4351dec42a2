import Testing
@testable import VaultKit

/// Who links where, as a long-running server keeps it: the same notes and counts as the
/// link graph's backlinks, and any page of them read from those notes alone.
@Suite("Link sources")
struct LinkSourcesTests {
    /// The demo fixture and every corpus.
    static var vaults: [String] { [Fixtures.path("demo")] + RenameSafetyTests.corpora }

    @Test("for every file, the notes and link counts kept are those of the graph's backlinks", arguments: vaults)
    func agreesWithTheGraph(root: String) throws {
        let vault = try Vault(root: root)
        let scan = try vault.scan(detail: .summary)
        let index = vault.linkIndex(scan)
        let sources = LinkSources(vault: vault, scan: scan, index: index)
        let graph = LinkGraph.build(vault: vault, scan: scan, index: index)
        var targets = Set(graph.edges.compactMap(\.resolution.path))
        targets.formUnion(scan.notes.map(\.path))
        var compared = 0
        for target in targets.sorted() {
            let backlinks = graph.backlinks(to: target)
            #expect(sources.linkCount(to: target) == backlinks.count, "\(target)")
            var seen: [String] = []
            for edge in backlinks where seen.last != edge.source { seen.append(edge.source) }
            let kept = sources.notes(linkingTo: target, in: scan, window: 0..<Int.max)
            #expect(kept.notes.map(\.path) == seen && kept.before == 0, "\(target)")
            compared += backlinks.count
        }
        #expect(compared > 0)
    }

    @Test("a window of links names the notes that hold them, and how many links come before the first")
    func windows() throws {
        let (folder, vault) = try TemporaryFolder.vault([
            "pages/A.md": "# A\n",
            "pages/B.md": "[[A]] [[A]] [[A]]\n",
            "pages/C.md": "[[A]]\n",
            "pages/D.md": "[[A]] [[A]] [[C]]\n",
        ])
        try withExtendedLifetime(folder) {
            let scan = try vault.scan(detail: .summary)
            let sources = LinkSources(vault: vault, scan: scan, index: vault.linkIndex(scan))
            #expect(sources.linkCount(to: "pages/A.md") == 6)
            func window(_ range: Range<Int>) -> [String] {
                let found = sources.notes(linkingTo: "pages/A.md", in: scan, window: range)
                return [String(found.before)] + found.notes.map { String($0.path.dropFirst(6).prefix(1)) }
            }
            #expect(window(0..<2) == ["0", "B"])
            #expect(window(2..<4) == ["0", "B", "C"])
            #expect(window(3..<4) == ["3", "C"])
            #expect(window(4..<6) == ["4", "D"])
            #expect(window(3..<100) == ["3", "C", "D"])
            #expect(window(6..<8) == ["0"])
            #expect(sources.notes(linkingTo: "pages/Nowhere.md", in: scan, window: 0..<5).notes.isEmpty)
        }
    }

    @Test("a note of thousands of distinct targets is counted in full, and files differing only in case are counted apart")
    func manyTargetsAndCase() throws {
        let many = (0..<3000).map { "[[T\($0)]] [[T\($0)]]" }.joined(separator: "\n")
        var files = ["pages/Many.md": many + "\n[[Case]] [[case.md]]\n", "pages/Case.md": "# Case\n", "pages/case.md": "# case\n"]
        for number in [0, 1499, 2999] { files["pages/T\(number).md"] = "# T\n" }
        let (folder, vault) = try TemporaryFolder.vault(files)
        try withExtendedLifetime(folder) {
            let scan = try vault.scan(detail: .summary)
            let index = vault.linkIndex(scan)
            let sources = LinkSources(vault: vault, scan: scan, index: index)
            for number in [0, 1499, 2999] { #expect(sources.linkCount(to: "pages/T\(number).md") == 2) }
            let graph = LinkGraph.build(vault: vault, scan: scan, index: index)
            for path in ["pages/Case.md", "pages/case.md"] {
                #expect(sources.linkCount(to: path) == graph.backlinks(to: path).count)
            }
            #expect(sources.linkCount(to: "pages/Case.md") + sources.linkCount(to: "pages/case.md") == 2)
        }
    }
}
