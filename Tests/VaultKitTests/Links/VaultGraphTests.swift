import Testing
@testable import VaultKit

/// The link graph as data: notes, resolved edges with their kind, dangling targets.
@Suite("The exported link graph")
struct VaultGraphTests {
    private func graph(_ files: [String: String]) throws -> VaultGraph {
        let (folder, vault) = try TemporaryFolder.vault(files)
        return try withExtendedLifetime(folder) { VaultGraph(vault: vault, scan: try vault.scan(detail: .summary)) }
    }

    @Test("every note, every resolved link with its kind, every dangling one, sorted; the trash is left out")
    func nodesAndEdges() throws {
        let graph = try graph([
            "pages/B.md": "# Bee\n[[A]] ![[A]] [a](A.md) [[Nowhere]] [[#Self]] #tag\n",
            "pages/A.md": "---\nup: \"[[B]]\"\n---\n![pic](pic.png)\n",
            "pages/pic.png": "",
            "trash/T.md": "[[A]]\n",
        ])
        #expect(graph.notes == [.init(path: "pages/A.md", title: "A"), .init(path: "pages/B.md", title: "Bee")])
        #expect(graph.edges == [
            .init(source: "pages/A.md", target: "pages/B.md", kind: .frontmatter, embed: false, line: 2),
            .init(source: "pages/A.md", target: "pages/pic.png", kind: .markdown, embed: true, line: 4),
            .init(source: "pages/B.md", target: "pages/A.md", kind: .markdown, embed: false, line: 2),
            .init(source: "pages/B.md", target: "pages/A.md", kind: .wikilink, embed: false, line: 2),
            .init(source: "pages/B.md", target: "pages/A.md", kind: .wikilink, embed: true, line: 2),
        ])
        #expect(graph.dangling == [.init(source: "pages/B.md", target: "Nowhere", text: "[[Nowhere]]", kind: .wikilink, line: 2)])
    }

    @Test("DOT output quotes and escapes every id and label")
    func dotEscapes() throws {
        let dot = try graph(["pages/Say \"hi\".md": "[[back\\slash]]\n", "pages/back\\slash.md": "[[Gone \"x\"]]\n"]).dot
        #expect(dot.hasPrefix("digraph vault {\n") && dot.hasSuffix("}\n"))
        #expect(dot.contains("  \"pages/Say \\\"hi\\\".md\" [label=\"Say \\\"hi\\\"\"];\n"))
        #expect(dot.contains("  \"pages/Say \\\"hi\\\".md\" -> \"pages/back\\\\slash.md\" [class=\"wikilink\"];\n"))
        #expect(dot.contains("\"/dangling/Gone \\\"x\\\"\" [label=\"Gone \\\"x\\\"\", shape=ellipse, style=dashed, color=red];\n"))
    }

    @Test("DOT quotes by bytes: a quote or backslash a combining mark follows is escaped, and LF, CR and NUL each have an escape of their own")
    func dotQuotesBytes() {
        #expect(VaultGraph.quoted("a\"\u{301}b") == "\"a\\\"\u{301}b\"")
        #expect(VaultGraph.quoted("\\\u{301}") == "\"\\\\\u{301}\"")
        #expect(VaultGraph.quoted("one\r\ntwo\rthree\nfour") == "\"one\\r\\ntwo\\rthree\\nfour\"")
        // Two names that differ only there stay two ids.
        #expect(VaultGraph.quoted("x\ry") != VaultGraph.quoted("x\ny"))
        #expect(VaultGraph.quoted("a\u{0}b") == "\"a\\0b\"")
        #expect(VaultGraph.quoted("a\\0b") == "\"a\\\\0b\"")
    }

    @Test("a graph from a warm cache, every note answered by its record, is the graph without the cache")
    func warmGraphIsUncached() throws {
        let folder = TemporaryFolder()
        let files = [
            "pages/A.md": "# A\n[[B]] ![[B]] [b](B.md) [[Nowhere]] [[#Self]] [r][lbl] [[Twin]]\n\n[lbl]: Gone.md\n",
            "pages/B.md": "---\nup: \"[[A]]\"\n---\n![pic](pic.png) [[A#Head]] [[Nowhere]] [[Nowhere]]\n",
            "pages/x/Twin.md": "", "pages/y/Twin.md": "[[A]]\n",
            "pages/pic.png": "", "trash/T.md": "[[A]]\n",
        ]
        for (path, text) in files { try folder.write("vault/" + path, text) }
        try folder.write("vault/pages/Bytes.md", bytes: Array("[[A]] ".utf8) + [0xFF] + Array("\n".utf8))
        let runs = folder.cachedRuns
        let graph = { (vault: Vault) throws -> VaultGraph in VaultGraph(vault: vault, scan: try vault.scan(detail: .summary)) }
        let expected = try runs.uncached(graph)
        #expect(expected.edgeCount == 8)
        #expect(expected.dangling.map(\.text) == ["[[Nowhere]]", "[lbl]: Gone.md", "[[Nowhere]]", "[[Nowhere]]"])
        #expect(expected.skipped.map(\.path) == ["pages/Bytes.md"])
        _ = try runs.run(graph)
        CachedRuns.nextTick()
        let warm = try runs.run(graph)
        #expect(warm.misses == 0)
        #expect(warm.value.notes == expected.notes)
        #expect(warm.value.edges == expected.edges)
        #expect(warm.value.dangling == expected.dangling)
        #expect(warm.value.skipped == expected.skipped)
        #expect(warm.value.dot == expected.dot)
        // A name added: the check resolves every link again and lets go of the cache before
        // the edges are read, which then read the records again by each note's status.
        CachedRuns.nextTick()
        try folder.write("vault/pages/Nowhere.md", "[[A]]\n")
        let renamed = try runs.uncached(graph)
        #expect(renamed.edgeCount == 12)
        #expect(renamed.dangling.map(\.text) == ["[lbl]: Gone.md"])
        CachedRuns.nextTick()
        let after = try runs.run(graph)
        #expect(after.value.edges == renamed.edges)
        #expect(after.value.dangling == renamed.dangling)
        #expect(after.value.dot == renamed.dot)
    }
}
