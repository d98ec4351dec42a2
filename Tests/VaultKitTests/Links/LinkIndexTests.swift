import TestSupport
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The resolution rules, checked on the demo vault's link table in `Fixtures/README.md`.
@Suite("Resolving links")
struct LinkIndexTests {
    let vault: Vault
    let scan: VaultScan
    let graph: LinkGraph

    init() throws {
        vault = try Vault(root: Fixtures.path("demo"))
        scan = try vault.scan(detail: .summary)
        graph = LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan))
    }

    private func resolved(_ source: String, _ text: String) -> [String?] {
        graph.edges.filter { $0.source == source && $0.text == text }.map(\.resolution.path)
    }

    static let table: [(source: String, text: String, target: String?)] = [
        ("Home.md", "[[Roadmap]]", "pages/Projects/Roadmap.md"),
        ("journals/2026-11-24.md", "[[Roadmap]]", "pages/Projects/Roadmap.md"),
        ("journals/2026-11-20.md", "[[Ideas]]", "pages/Ideas.md"),
        ("pages/Projects/Roadmap.md", "[[Ideas]]", "pages/Ideas.md"),
        ("pages/Templates/Weekly Review Template.md", "[[Ideas]]", "pages/Ideas.md"),
        ("inbox/Call notes.md", "[[Ideas]]", "inbox/Ideas.md"),
        ("Home.md", "[[inbox/Ideas|the inbox]]", "inbox/Ideas.md"),
        ("journals/2026-11-25.md", "[[inbox/Ideas]]", "inbox/Ideas.md"),
        ("inbox/Ideas.md", "[[pages/Ideas|the real ideas page]]", "pages/Ideas.md"),
        ("pages/Projects/Vault CLI.md", "[[pages/Reading/Thinking in Systems\\|Meadows]]", "pages/Reading/Thinking in Systems.md"),
        ("journals/2026-11-17.md", "[[quick/example.org|link]]", "quick/example.org.md"),
        ("journals/2026-11-25.md", "[[Home.md|home page]]", "Home.md"),
        ("journals/2026-11-30.md", "[[Reading List.md]]", "pages/Reading List.md"),
        ("journals/2026-11-23.md", "[[reading list]]", "pages/Reading List.md"),
        ("journals/2026-11-23.md", "[[Cafe\u{301} Ole\u{301}]]", "pages/Café Olé.md"),
        ("Home.md", "[[京都旅行]]", "pages/京都旅行.md"),
        ("Home.md", "[[Budget (50% draft)|budget]]", "pages/Budget (50% draft).md"),
        ("pages/Errands.md", "[budget](Budget%20%2850%25%20draft%29.md)", "pages/Budget (50% draft).md"),
        ("pages/Reading List.md", "[her page](People/Ana%20Pereira.md)", "pages/People/Ana Pereira.md"),
        ("pages/Reading/Piranesi.md", "[Thinking in Systems](Thinking%20in%20Systems.md)", "pages/Reading/Thinking in Systems.md"),
        ("pages/Ideas.md", "[errands](Errands.md)", "pages/Errands.md"),
        ("pages/Ideas.md", "[reading list](<Reading List.md>)", "pages/Reading List.md"),
        ("journals/2026-11-24.md", "[shopping list](../pages/Errands.md#groceries)", "pages/Errands.md"),
        ("pages/Meetings/Sync design review.md", "[[Vault CLI]]", "pages/Projects/Vault CLI.md"),
        ("pages/Meetings/Sync design review.md", "[[Vault CLI#^rename-rule]]", "pages/Projects/Vault CLI.md"),
        ("pages/Windows Note.md", "[[Vault CLI#Goals]]", "pages/Projects/Vault CLI.md"),
        ("journals/2026-11-27.md", "![[Weekly Review Template]]", "pages/Templates/Weekly Review Template.md"),
        ("pages/Projects/Vault CLI.md", "![[diagram.png]]", "assets/diagram.png"),
        ("pages/Reading List.md", "[[Books of 2025]]", "archive/pages/Reading/Books of 2025.md"),
        ("pages/People/Tom Becker.md", "[[Call notes]]", "inbox/Call notes.md"),
        ("journals/2026-11-18.md", "[[Gym Plan]]", nil),
        ("journals/2026-11-27.md", "[[Tax return 2026]]", nil),
        ("pages/京都旅行.md", "[[Kyoto hotels]]", nil),
        ("pages/Ideas.md", "[[Evicted Idea]]", "pages/Evicted Idea.md"),
    ]

    @Test("each link of the fixture table resolves as the table says", arguments: table.indices)
    func fixtureTable(index: Int) {
        let row = Self.table[index]
        let found = resolved(row.source, row.text)
        #expect(!found.isEmpty, "\(row.text) not found in \(row.source)")
        #expect(found.allSatisfy { $0 == row.target }, "\(row.text) in \(row.source)")
    }

    @Test("the dangling targets are exactly the four the fixture promises")
    func danglingSet() {
        let dangling = graph.edges.filter { $0.resolution.path == nil }.map(\.link.target).sorted()
        #expect(dangling == ["Gym Plan", "Kyoto hotels", "Tax return 2026", "Tax return 2026"])
    }

    @Test("trash and conflict copies are never read for links")
    func trashAndCopiesUnread() {
        #expect(!graph.edges.contains { $0.source.hasPrefix("trash/") || $0.source.contains("conflict") })
    }

    @Test("ties go to the same folder, then the shortest path, then pages")
    func tieBreaks() {
        let index = LinkIndex(
            notes: ["pages/a/X.md", "inbox/X.md", "pages/X.md", "zz/X.md", "trash/Y.md"], assets: [], layout: .standard)
        #expect(index.resolveWikilink("X", from: "inbox/n.md") == Resolution(path: "inbox/X.md", candidates: 4))
        #expect(index.resolveWikilink("X", from: "other/n.md").path == "zz/X.md")
        #expect(index.resolveWikilink("Y", from: "n.md") == .dangling)
        let even = LinkIndex(notes: ["inbox/X.md", "pages/X.md"], assets: [], layout: .standard)
        #expect(even.resolveWikilink("X", from: "n.md").path == "pages/X.md")
    }

    @Test("a name or path written with its extension finds the note indexed by its stem, and only with that extension")
    func extensionsFindStems() {
        let index = LinkIndex(
            notes: ["a/N.md", "b/N.markdown", "c/N.md.md", "d/Case.md", "d/case.md"], assets: ["a/N", "e/N.org"], layout: .standard)
        #expect(index.resolveMarkdown("N.md", from: "a/x.md") == Resolution(path: "a/N.md", candidates: 1))
        #expect(index.resolveMarkdown("N.markdown", from: "b/x.md").path == "b/N.markdown")
        #expect(index.resolveMarkdown("N.markdown", from: "a/x.md").path == "b/N.markdown")
        #expect(index.resolveMarkdown("N", from: "a/x.md").path == "a/N.md")
        #expect(index.resolveWikilink("N.md", from: "z.md") == Resolution(path: "a/N.md", candidates: 2))
        #expect(index.resolveWikilink("N.md.md", from: "z.md").path == "c/N.md.md")
        #expect(index.resolveWikilink("c/N.md", from: "z.md").path == "c/N.md.md")
        #expect(index.resolveWikilink("N.org", from: "z.md").path == "e/N.org")
        #expect(index.resolveWikilink("e/n.ORG", from: "z.md").path == "e/N.org")
        #expect(index.resolveWikilink("N.MARKDOWN", from: "z.md").path == "b/N.markdown")
        #expect(index.contains("A/n.MD") && index.contains("a/N") && !index.contains("a/N.markdown"))
        #expect(index.file(at: "d/case.md") == 4 && index.file(at: "d/Case.md") == 3 && index.file(at: "d/CASE.md") == nil)
    }

    @Test("markdown links resolve relative first, then from the vault root, and never out of it")
    func markdownRelative() {
        let index = LinkIndex(notes: ["a/N.md", "N.md", "b/c/M.md"], assets: [], layout: .standard)
        #expect(index.resolveMarkdown("N.md", from: "a/x.md").path == "a/N.md")
        #expect(index.resolveMarkdown("N.md", from: "b/x.md").path == "N.md")
        #expect(index.resolveMarkdown("../c/M.md", from: "b/d/x.md").path == "b/c/M.md")
        #expect(index.resolveMarkdown("../../../N.md", from: "a/x.md") == .dangling)
        #expect(index.resolveMarkdown("/b/c/M", from: "a/x.md").path == "b/c/M.md")
    }

    @Test("a wikilink that starts with a slash is a path from the vault's top folder, as a markdown one is")
    func rootedWikilink() {
        let index = LinkIndex(notes: ["Bar.md", "sub/Bar.md", "sub/T.md", "deep/Only.md"], assets: [], layout: .standard)
        #expect(index.resolveWikilink("/Bar", from: "sub/T.md") == Resolution(path: "Bar.md", candidates: 1))
        #expect(index.resolveWikilink("Bar", from: "sub/T.md").path == "sub/Bar.md")
        #expect(index.resolveWikilink("/sub/Bar", from: "T.md").path == "sub/Bar.md")
        // With no such file at the top, the name is looked for as any other path's end is.
        #expect(index.resolveWikilink("/Only", from: "T.md").path == "deep/Only.md")
    }

    @Test("a partial path matches the end of a note's path")
    func suffixPath() {
        let index = LinkIndex(notes: ["pages/Projects/Roadmap.md", "archive/pages/Old/Roadmap.md"], assets: [], layout: .standard)
        #expect(index.resolveWikilink("Projects/Roadmap", from: "n.md").path == "pages/Projects/Roadmap.md")
    }

    @Test("needles let only notes that may link to a file through")
    func needles() {
        let needles = LinkNeedles(paths: ["pages/Café Olé.md", "pages/My Note.md"])
        #expect(needles.mayMatch(Array("see [[CAFÉ OLÉ]]".utf8)))
        #expect(needles.mayMatch(Array("see [[my note]]".utf8)))
        #expect(needles.mayMatch(Array("see [x](My%20Note.md)".utf8)))
        #expect(needles.mayMatch(Array("see [[Cafe\u{301} Ole\u{301}]]".utf8)))
        #expect(!needles.mayMatch(Array("nothing here [[Other]]".utf8)))
        #expect(LinkNeedles(paths: ["pages/Éé.md"]).matchesEverything)
        // A double-quoted frontmatter value may spell any character as a YAML escape.
        for escaped in ["up: \"[[My No\\x74e]]\"", "up: \"[[\\u004Dy note]]\"", "up: \"[[My No\\U00000074e]]\""] {
            #expect(needles.mayMatch(Array(escaped.utf8)), "\(escaped)")
        }
        #expect(!needles.mayMatch(Array("up: \"[[My No\\x75e]] [[My No\\x7]] [[My No\\u00zz]]\"".utf8)))
    }
}

@Suite("Joining link paths")
struct LinkPathTests {
    @Test("plain paths join directly; dot parts and empty parts are resolved or refused")
    func join() {
        #expect(LinkIndex.join("a/b", "c.md") == "a/b/c.md")
        #expect(LinkIndex.join("", "c.md") == "c.md")
        #expect(LinkIndex.join("a/b", "../c.md") == "a/c.md")
        #expect(LinkIndex.join("a/b", "./c.md") == "a/b/c.md")
        #expect(LinkIndex.join("a", "x//y.md") == "a/x/y.md")
        #expect(LinkIndex.join("a", "../../y.md") == nil)
        #expect(LinkIndex.join("a", "...md") == "a/...md")
        #expect(LinkIndex.isPlainPath("a/b.md") && !LinkIndex.isPlainPath("a/../b") && !LinkIndex.isPlainPath("a/") && !LinkIndex.isPlainPath(".."))
    }

    @Test("a relative path joins as a walk over its parts says, for thousands of random paths")
    func joinWalksParts() {
        let parts = ["", ".", "..", "...", ".x", "a", "B c", "é", "東京", "e\u{301}", "x.md", "."]
        var generator = SeededGenerator(seed: 7)
        var wrong: [String] = []
        for _ in 0..<5_000 {
            let folder = (0..<Int.random(in: 0...3, using: &generator)).map { _ in ["a", "b", "京", "c d"].randomElement(using: &generator)! }
            let relative = (0..<Int.random(in: 1...5, using: &generator)).map { _ in parts.randomElement(using: &generator)! }
            // What the join must be: each part taken in turn from the folder's parts.
            var walked: [String]? = folder
            for part in relative where !part.isEmpty && part != "." {
                if part == ".." { walked = walked.flatMap { $0.isEmpty ? nil : Array($0.dropLast()) } } else { walked?.append(part) }
            }
            let joined = LinkIndex.join(folder.joined(separator: "/"), relative.joined(separator: "/"))
            if joined != walked?.joined(separator: "/") { wrong.append(folder.joined(separator: "/") + " + " + relative.joined(separator: "/")) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test("a path is split at every slash byte, as the file system splits it, even where a mark or a prepended sign holds to it")
    func joinSplitsAtEverySlash() {
        #expect(LinkIndex.join("a", "b/\u{301}x/../c.md") == "a/b/c.md")
        #expect(LinkIndex.join("a/b", "../\u{301}.md") == "a/\u{301}.md")
        // U+0600 is a prepended sign: as characters, it and the slash after it are one.
        #expect(LinkIndex.join("", "x\u{600}/../y.md") == "y.md")
        #expect(LinkIndex.isRelative("./\u{301}x.md") && LinkIndex.isRelative("../\u{93F}.md"))
    }
}
