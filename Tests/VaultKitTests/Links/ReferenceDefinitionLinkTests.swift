import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Link reference definitions (`[label]: target "title"`, which Foam writes under every
/// note) are links: found, resolved, checked and rewritten in their own form; and inline
/// code inside a link's text or heading does not hide the link.
@Suite("Reference definitions and code inside links")
struct ReferenceDefinitionLinkTests {
    private func links(_ text: String) -> [Link] {
        LinkScanner.links(in: NoteStructure(bytes: Array(text.utf8)))
    }

    private func written(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return links(text).map { bytes.utf8String($0.range) }
    }

    private func vault(_ files: [String: String]) throws -> (TemporaryFolder, Vault) { try TemporaryFolder.vault(files) }

    private func text(_ folder: TemporaryFolder, _ path: String) throws -> String { try folder.text(path) }

    private func apply(_ plan: RenamePlan, _ vault: Vault) throws {
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "test")
    }

    @Test("a definition is a link with its label, target, fragment and angle brackets")
    func definitionForms() throws {
        let text = """
            See [[a]] and [text][B] and [c][] and [d e].

            [a]: a.md "A title"
            [B]: <sub/My b.md> 'B'
            [c]: My%20c.md#part (C)
            [D  E]: ../up/d.md
            [web]: https://example.com "not a vault link"
            [self]: #top

            """
        let found = links(text).filter { $0.form == .reference }
        #expect(found.count == 5)
        #expect(found.map(\.target) == ["a.md", "sub/My b.md", "My c.md", "../up/d.md", ""])
        #expect(found.map(\.alias) == ["a", "B", "c", "D  E", "self"])
        #expect(found.map(\.fragment) == [nil, nil, "#part", nil, "#top"])
        #expect(found.map(\.angleBrackets) == [false, true, false, false, false])
        #expect(found.map(\.line) == [3, 4, 5, 6, 8])
        let bytes = Array(text.utf8)
        #expect(found.map { bytes.utf8String($0.targetRange) } == ["a.md", "sub/My b.md", "My%20c.md", "../up/d.md", ""])
        #expect(found.last?.isSelfLink == true)
    }

    @Test("a use leads where its definition does, labels matched without case and with white space collapsed")
    func uses() {
        let text = """
            [text][ Some   Label ] and [some label][] and [SOME LABEL] and ![shot][img] and [web] and [nothing]
            [some label](https://example.com) and [[some label]] and `[some label]`

            [Some Label]: First.md "first"
            [some  label]: Second.md
            [web]: https://example.com
            [img]: <images/a b.png>

            """
        let bytes = Array(text.utf8)
        let uses = links(text).filter { $0.form == .referenceUse }
        #expect(uses.map { bytes.utf8String($0.range) } == ["[text][ Some   Label ]", "[some label][]", "[SOME LABEL]", "![shot][img]"])
        #expect(uses.map(\.target) == ["First.md", "First.md", "First.md", "images/a b.png"])
        #expect(uses.map(\.isEmbed) == [false, false, false, true])
        #expect(uses.map(\.line) == [1, 1, 1, 1])
        let boxes = "- [x] done [x]\n> 1. [ ] open\n\n[x]: x.md\n"
        #expect(written(boxes) == ["[x]", "[x]: x.md"])
        #expect(LinkScanner.normalizedLabel(" Stra\u{DF}e \t x ") == LinkScanner.normalizedLabel("STRASSE X"))
    }

    @Test("a definition's title holds no link, and a title on the next line belongs to it once")
    func titles() {
        let text = "[a]: a.md\n  \"A [x](x.md) title\"\n[b]: b.md '[[not a link]]'\n"
        #expect(written(text) == ["[a]: a.md\n  \"A [x](x.md) title\"", "[b]: b.md '[[not a link]]'"])
    }

    @Test("a definition with no target, an unclosed title, inside code, or a footnote is no link")
    func badDefinitions() {
        let text = """
            [none]:

            [open]: open.md "unbalanced title

            ```
            [fenced]: fenced.md
            ```

                [indented]: indented.md

            <!--
            [commented]: commented.md
            -->

            text
            [late]: late.md

            [^1]: notes.md

            [good]: good.md

            """
        #expect(written(text) == ["[good]: good.md"])
    }

    @Test("inline code inside a link's text or heading does not hide it; code outside a link still hides links")
    func codeInsideLinks() {
        let text = """
            [[Functions#hasTag|`hasTag`]] and [[#`move`|move]] and ![a `show tree` b](../images/x.png)
            [`a]b`](One.md) [`[x`](Two.md) [c `]` d](Three.md#`h`) [[Four#`x`\\|`y`]]
            `[[hidden]]` and `[t](hidden.md)` and [a `b](crossed.md) c`

            """
        #expect(links(text).map(\.target) == ["Functions", "", "../images/x.png", "One.md", "Two.md", "Three.md", "Four"])
        #expect(links(text).map(\.fragment) == ["#hasTag", "#`move`", nil, nil, nil, "#`h`", "#`x`"])
    }

    @Test("a `]` in code inside a link's text closes nothing, also on a line long enough for lookup tables")
    func codeOnLongLines() {
        let line = String(repeating: "[a ", count: 3000) + String(repeating: " [`a]b`](x.md)", count: 200) + "\n"
        #expect(links(line).count == 200)
        #expect(links(line).allSatisfy { $0.target == "x.md" })
    }

    @Test("a definition after another may be indented, as a paragraph's later lines may, in a quote and a list too (as cmark reads them)")
    func indentedDefinitionAfterAnother() throws {
        let text = "[s]: a.md\n  [t]: b.md\n    [u]: c.md\n\n> [v]: d.md\n>   [w]: e.md\n\n- [x]: f.md\n     [y]: g.md\n\npara\n  [z]: h.md\n"
        let bytes = Array(text.utf8)
        #expect(links(text).map { bytes.utf8String($0.targetRange) } == ["a.md", "b.md", "c.md", "d.md", "e.md", "f.md", "g.md"])
        // A lazy line of a quote keeps its white space in cmark: indented, it begins none.
        let lazy = "> [a]: a.md\n  [b]: b.md\n\n> [c]: c.md\n[d]: d.md\n"
        let lazyBytes = Array(lazy.utf8)
        #expect(links(lazy).map { lazyBytes.utf8String($0.targetRange) } == ["a.md", "c.md", "d.md"])
    }

    @Test("a definition in a quote, or with its destination on the next line, is a link at its place")
    func definitionPlaces() throws {
        let text = "> [q]: quoted.md \"Q\"\n\n[n]:\n  next.md\n  'N'\n"
        let bytes = Array(text.utf8)
        let found = links(text)
        #expect(found.map { bytes.utf8String($0.targetRange) } == ["quoted.md", "next.md"])
        #expect(found.map(\.line) == [1, 3])
    }

    @Test("a backslash escape in a destination is the character it escapes; a rename escapes the new name the same way, and back")
    func escapedDestinations() throws {
        let source = """
            [x][a] [y][b] [z][c] [w](foo\\(bar\\).md) [v](foo\\(bar.md) [u](not\\q.md)

            [a]: foo\\(bar\\).md "T"
            [b]: <foo\\(bar\\).md>
            [c]: foo%28bar%29.md

            """
        #expect(links(source).map(\.target) == [
            "foo(bar).md", "foo(bar).md", "foo(bar).md", "foo(bar).md", "foo(bar.md", "not\\q.md", "foo(bar).md", "foo(bar).md",
            "foo(bar).md",
        ])
        let (folder, vault) = try vault(["pages/foo(bar).md": "body\n", "pages/foo(bar.md": "open\n", "pages/Ref.md": source,
            "pages/Only.md": "[o](foo\\(bar\\).md)\n",  // named only escaped: the quick filter still finds it
        ])
        try apply(try RenamePlanner(vault: vault).planRename("pages/foo(bar).md", to: "baz (1)"), vault)
        #expect(try text(folder, "pages/Ref.md") == """
            [x][a] [y][b] [z][c] [w](baz%20\\(1\\).md) [v](foo\\(bar.md) [u](not\\q.md)

            [a]: baz%20\\(1\\).md "T"
            [b]: <baz \\(1\\).md>
            [c]: baz%20%281%29.md

            """)
        #expect(try text(folder, "pages/Only.md") == "[o](baz%20\\(1\\).md)\n")
        let scan = try vault.scan(detail: .summary)
        #expect(VaultCheck(vault: vault, scan: scan).dangling.map(\.text) == ["[u](not\\q.md)"])
        try apply(try RenamePlanner(vault: vault).planRename("pages/baz (1).md", to: "foo(bar)"), vault)
        #expect(try text(folder, "pages/Ref.md") == source)
        #expect(try text(folder, "pages/Only.md") == "[o](foo\\(bar\\).md)\n")
    }

    @Test("an escaped parenthesis in a destination neither opens nor closes one, also on a line long enough for lookup tables")
    func escapedParenthesesOnLongLines() {
        let line = String(repeating: "[a ", count: 3000) + String(repeating: " [v](f\\(x.md) [w](g\\).md)", count: 200) + "\n"
        #expect(links(line).count == 400)
        #expect(links(line).map(\.target) == Array(repeating: ["f(x.md", "g).md"], count: 200).flatMap { $0 })
    }

    @Test("a wikilink resolves by its own name, never through a definition of the same label, as in Foam")
    func wikilinksIgnoreDefinitions() throws {
        // Foam writes definitions from its wikilinks for other tools and reads the wikilinks
        // alone (foam-docs, link-reference-definitions.md): a definition that says otherwise
        // leads its own way.
        let (folder, vault) = try vault([
            "notes/data-science.md": "# Data Science\n", "notes/other.md": "# Other\n",
            "notes/ML.md": "[[data-science]] and [[Statistics]] and [data-science] and [Statistics]\n\n[data-science]: other.md\n[Statistics]: other.md 'Statistics'\n",
        ])
        defer { withExtendedLifetime(folder) {} }
        let scan = try vault.scan(detail: .summary)
        let graph = LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan))
        #expect(graph.edges.filter { $0.source == "notes/ML.md" }.map { "\($0.text) -> \($0.resolution.path ?? "nothing")" } == [
            "[[data-science]] -> notes/data-science.md", "[[Statistics]] -> nothing", "[data-science] -> notes/other.md",
            "[Statistics] -> notes/other.md", "[data-science]: other.md -> notes/other.md", "[Statistics]: other.md 'Statistics' -> notes/other.md",
        ])
    }

    @Test("a rename rewrites each definition once, in its own form, title and angle brackets kept")
    func renameRewritesDefinitions() throws {
        let (folder, vault) = try vault([
            "pages/Target.md": "# Target\n",
            "pages/Source.md": """
                # Source

                [[Target]] and [the target][target] and [target][] and [Target] and [[Target#`code`|`shown`]].
                [`a]b`](Target.md#part)

                [target]: Target.md "Target's title"
                [angle]: <Target.md> 'T'
                [up]: ../pages/Target.md#part (T)

                """,
        ])
        try apply(try RenamePlanner(vault: vault).planRename("pages/Target.md", to: "New Name"), vault)
        #expect(try text(folder, "pages/Source.md") == """
            # Source

            [[New Name]] and [the target][target] and [target][] and [Target] and [[New Name#`code`|`shown`]].
            [`a]b`](New%20Name.md#part)

            [target]: New%20Name.md "Target's title"
            [angle]: <New Name.md> 'T'
            [up]: ../pages/New%20Name.md#part (T)

            """)
        let scan = try vault.scan(detail: .summary)
        #expect(VaultCheck(vault: vault, scan: scan).dangling.isEmpty)
        let graph = LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan))
        #expect(graph.backlinks(to: "pages/New Name.md").filter { $0.link.form == .reference }.count == 3)
        // The uses were not rewritten, and lead to the renamed note through their definition.
        #expect(graph.backlinks(to: "pages/New Name.md").filter { $0.link.form == .referenceUse }.map(\.text) == [
            "[the target][target]", "[target][]", "[Target]",
        ])
    }

    @Test("a Foam definition that spells a rewritten wikilink takes its new spelling; one a use names keeps its label")
    func foamLabels() throws {
        let (folder, vault) = try vault([
            "user/templates.md": "# Note Templates\n",
            "user/a.md": "[[templates]] and [[templates#Metadata]]\n\n[templates]: templates.md \"Note Templates\"\n[templates#Metadata]: templates.md#Metadata \"Note Templates\"\n",
            "user/b.md": "[[templates]] and [the templates][templates]\n\n[templates]: templates.md 'T'\n",
        ])
        try apply(try RenamePlanner(vault: vault).planRename("user/templates.md", to: "Note Templates"), vault)
        #expect(try text(folder, "user/a.md") == "[[Note Templates]] and [[Note Templates#Metadata]]\n\n[Note Templates]: Note%20Templates.md \"Note Templates\"\n[Note Templates#Metadata]: Note%20Templates.md#Metadata \"Note Templates\"\n")
        #expect(try text(folder, "user/b.md") == "[[Note Templates]] and [the templates][templates]\n\n[templates]: Note%20Templates.md 'T'\n")
    }

    @Test("a folder move rewrites definitions in the moved notes and in the notes that point into it")
    func moveRewritesDefinitions() throws {
        let (folder, vault) = try vault([
            "user/features/templates.md": "# Note Templates\n\n[daily]: daily-notes.md 'Daily Notes'\n",
            "user/features/daily-notes.md": "# Daily\n\n[templates]: templates.md 'Note Templates'\n",
            "user/index.md": "[[templates]]\n\n[templates]: features/templates.md 'Note Templates'\n",
        ])
        try apply(try RenamePlanner(vault: vault).planMove("user/features", to: "guide/features"), vault)
        #expect(try text(folder, "user/index.md") == "[[templates]]\n\n[templates]: ../guide/features/templates.md 'Note Templates'\n")
        #expect(try text(folder, "guide/features/templates.md") == "# Note Templates\n\n[daily]: daily-notes.md 'Daily Notes'\n")
        #expect(VaultCheck(vault: vault, scan: try vault.scan(detail: .summary)).dangling.isEmpty)
    }

    @Test("check reports a dangling definition")
    func danglingDefinition() throws {
        let (folder, vault) = try vault(["pages/A.md": "[text][gone]\n\n[gone]: gone.md \"Gone\"\n[here]: A.md\n"])
        defer { withExtendedLifetime(folder) {} }
        let check = VaultCheck(vault: vault, scan: try vault.scan(detail: .summary))
        // Reported once, by its definition, not again by its use.
        #expect(check.dangling.map(\.text) == ["[gone]: gone.md \"Gone\""])
        #expect(check.dangling.map(\.form) == [.reference])
    }

    @Test("check names the lines meant as definitions that are read as text, and why")
    func brokenDefinitions() throws {
        let (folder, vault) = try vault([
            "pages/A.md": """
                [none]:

                [open]: A.md "unbalanced

                A paragraph
                [late]: A.md

                [after]: A.md "T" and more

                [Update]: we changed the plan.

                ```
                [code]: A.md "unbalanced
                ```

                [good]: A.md

                """,
        ])
        defer { withExtendedLifetime(folder) {} }
        let check = VaultCheck(vault: vault, scan: try vault.scan(detail: .summary))
        #expect(check.brokenDefinitions.map(\.description) == [
            "pages/A.md: line 1: [none]: is no link reference definition: it has no target",
            "pages/A.md: line 3: [open]: A.md \"unbalanced is no link reference definition: its title's quote is not closed",
            "pages/A.md: line 6: [late]: A.md is no link reference definition: it continues the paragraph above it; a blank line must come before it",
            "pages/A.md: line 8: [after]: A.md \"T\" and more is no link reference definition: text follows its target or title",
        ])
        #expect(!check.isClean)
    }

    @Test("check reads a block quote's and a list item's content for broken definitions, after their marks")
    func brokenDefinitionsInContainers() throws {
        let (folder, vault) = try vault([
            "pages/A.md": """
                > [quoted]: <A.md
                >
                > > [deep]: A.md "open

                - [item]: A.md 'open
                - [fine]: A.md
                1. [both]: A.md "T" and more

                   [cont]: A.md (open

                > A quoted paragraph
                > [late]: A.md

                - [ ] a task: [x]: A.md
                > [good]: A.md "T"
                - [also]: <A.md>

                """,
        ])
        defer { withExtendedLifetime(folder) {} }
        let check = VaultCheck(vault: vault, scan: try vault.scan(detail: .summary))
        #expect(check.brokenDefinitions.map(\.description) == [
            "pages/A.md: line 1: [quoted]: <A.md is no link reference definition: its target's < is not closed",
            "pages/A.md: line 3: [deep]: A.md \"open is no link reference definition: its title's quote is not closed",
            "pages/A.md: line 5: [item]: A.md 'open is no link reference definition: its title's quote is not closed",
            "pages/A.md: line 7: [both]: A.md \"T\" and more is no link reference definition: text follows its target or title",
            "pages/A.md: line 9: [cont]: A.md (open is no link reference definition: its title's parenthesis is not closed",
            "pages/A.md: line 12: [late]: A.md is no link reference definition: it continues the paragraph above it; a blank line must come before it",
        ])
    }

    @Test("definitions change neither the tasks nor the text a note holds")
    func tasksUnaffected() {
        let text = "- [ ] one [[a]]\n\n[a]: a.md \"A\"\n- [ ] two\n"
        let facts = NoteFacts(bytes: Array(text.utf8))
        #expect(facts.tasks.count == 2)
        #expect(facts.links.map(\.form) == [.wikilink, .reference])
    }
}
