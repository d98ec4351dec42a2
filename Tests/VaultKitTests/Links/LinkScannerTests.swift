import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Finding links")
struct LinkScannerTests {
    private func links(_ text: String) -> [Link] {
        LinkScanner.links(in: MarkdownDocument(bytes: Array(text.utf8)))
    }

    private func written(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return links(text).map { bytes.utf8String($0.range) }
    }

    @Test("every wikilink form is found with its parts")
    func wikilinkForms() {
        let found = links("[[Note]] [[folder/Note]] [[Note.md]] [[Note|shown]] [[Note#Heading]] [[Note#^block-id]] [[Note#H|a]] ![[Note]]")
        #expect(found.map(\.target) == ["Note", "folder/Note", "Note.md", "Note", "Note", "Note", "Note", "Note"])
        #expect(found.map(\.fragment) == [nil, nil, nil, nil, "#Heading", "#^block-id", "#H", nil])
        #expect(found.map(\.alias) == [nil, nil, nil, "shown", nil, nil, "a", nil])
        #expect(found.map(\.isEmbed) == [false, false, false, false, false, false, false, true])
        #expect(found.allSatisfy { $0.form == .wikilink })
    }

    @Test("a link's byte range and target range are exact, embed mark included")
    func ranges() throws {
        let text = "ab ![[Ca fé#H|x]] z"
        let bytes = Array(text.utf8)
        let link = try #require(links(text).first)
        #expect(bytes.utf8String(link.range) == "![[Ca fé#H|x]]")
        #expect(bytes.utf8String(link.targetRange) == "Ca fé")
    }

    @Test("an escaped pipe inside a table separates the alias and is remembered")
    func escapedPipe() throws {
        let link = try #require(links("| a | [[Note\\|shown]] |\n|---|---|\n").first)
        #expect(link.target == "Note")
        #expect(link.alias == "shown")
        #expect(link.escapedPipe)
    }

    @Test("markdown links: relative, percent-encoded, in angle brackets, with heading and title")
    func markdownForms() {
        let found = links("[a](Note.md) [b](../pages/Note.md#heading) [c](My%20Note.md) [d](<My Note.md>) [e](x.md \"title\") ![i](img.png)")
        #expect(found.map(\.target) == ["Note.md", "../pages/Note.md", "My Note.md", "My Note.md", "x.md", "img.png"])
        #expect(found.map(\.rawTarget) == ["Note.md", "../pages/Note.md", "My%20Note.md", "My Note.md", "x.md", "img.png"])
        #expect(found.map(\.fragment) == [nil, "#heading", nil, nil, nil, nil])
        #expect(found.map(\.angleBrackets) == [false, false, false, true, false, false])
        #expect(found.last?.isEmbed == true)
    }

    @Test("a title in single quotes may hold a parenthesis, and a quote inside a path opens no title")
    func singleQuotedTitles() {
        #expect(written("[a](x.md 't)') [b](it's.md) and [c](don't.md) [d](y.md\t'(') [e](z.md 'a') x') end") == [
            "[a](x.md 't)')", "[b](it's.md)", "[c](don't.md)", "[d](y.md\t'(')", "[e](z.md 'a')",
        ])
        #expect(links("[a](x.md 't)') [b](it's.md)").map(\.target) == ["x.md", "it's.md"])
        // Long lines are read through lookup tables, which must give the same links.
        let long = String(repeating: "[b](it's.md) [a](x.md 't)') ", count: 400)
        #expect(links(long).map(\.target) == Array(repeating: ["it's.md", "x.md"], count: 400).flatMap { $0 })
    }

    @Test("a space not encoded in a markdown link's target makes it no link, as CommonMark reads it")
    func spaceInTarget() {
        #expect(written("See [the doc](My Note.md). [t](My.md  \"x\" ) [u](My.md 'y') [v](My.md \"open)").map { $0 } == [
            "[t](My.md  \"x\" )", "[u](My.md 'y')",
        ])
        #expect(written("[a](My.md \"x\" trailing)").isEmpty)
        // A title in parentheses, as CommonMark allows.
        #expect(written("[p](My.md (a title)) and [q](My.md (open) x)") == ["[p](My.md (a title))"])
    }

    @Test("URLs, mail links and empty links are not vault links")
    func notVaultLinks() {
        #expect(written("[w](https://example.com/a.md) [m](mailto:a@b.c) [e]() [[]] [x] [[ ]]").isEmpty)
    }

    @Test("a link to a heading of the same note is a self link")
    func selfLinks() {
        #expect(links("[[#Heading]] [t](#part)").map(\.isSelfLink) == [true, true])
    }

    @Test("a quoted wikilink in frontmatter is a link, an unquoted list is not")
    func frontmatter() {
        let found = links("---\nrelated: \"[[Vault CLI]]\"\nmore: ['[[A]]', \"[[B|b]]\"]\nraw: [[C]]\n---\nbody\n")
        #expect(found.map(\.target) == ["Vault CLI", "A", "B"])
        #expect(found.map(\.form) == [.frontmatter, .frontmatter, .frontmatter])
        #expect(found.map(\.line) == [2, 3, 3])
    }

    @Test("an image in a link's text is a link as well as the link; a link in a link's text is the only one, as in cmark")
    func linksInLinkText() {
        let found = links("[![logo](logo.png)](Home.md) [see [x](T1.md) end](Other.md) [a ![i](i.png) b](O2.md) [z](T2.md)\n")
        #expect(found.map(\.target) == ["Home.md", "logo.png", "T1.md", "O2.md", "i.png", "T2.md"])
        #expect(found.map(\.isEmbed) == [false, true, false, false, true, false])
    }

    @Test("a quoted wikilink in frontmatter is read through the quotes' escapes, as YAML reads its value")
    func frontmatterEscapes() {
        let found = links("---\nup: '[[Bob''s notes|Bob''s]]'\ndq: \"[[Back\\\\slash \\\"q\\\"]]\"\nbad: '[[Ann's]]'\n---\n")
        #expect(found.map(\.target) == ["Bob's notes", "Back\\slash \"q\"", "Ann's"])
        #expect(found.map(\.alias) == ["Bob's", nil, nil])
        #expect(found.map(\.rawTarget) == ["Bob''s notes", "Back\\\\slash \\\"q\\\"", "Ann's"])
        let escaped = links("---\na: \"[[Caf\\u00e9]]\"\nb: \"[[Caf\\xE9]]\"\nc: \"[[Smile \\U0001F600]]\"\nd: \"[[Odd \\q \\u12 \\x+1 \\UFFFFFFFF]]\"\n---\n")
        #expect(escaped.map(\.target) == ["Café", "Café", "Smile \u{1F600}", "Odd \\q \\u12 \\x+1 \\UFFFFFFFF"])
    }

    @Test("links in code, inline code, comments and escapes are not links")
    func exclusions() {
        let text = """
            real [[One]]
            `[[inline]]` and ``[x](y.md)``
            <!-- [[html]] -->
            \\[\\[escaped]] and \\[[half]]

            ```
            [[fenced]]
            ```

                [[indented]]

            %%
            [[comment block]]
            %%
            inline %% [[Two]] %% counts, as in Obsidian
            """
        #expect(written(text) == ["[[One]]", "[[Two]]"])
    }

    @Test("wikilinks do not span lines")
    func oneLine() {
        #expect(written("[[Not\nclosed]] [[Fine]]").map { $0 } == ["[[Fine]]"])
    }

    @Test("NFD text in a link is normalised to NFC")
    func nfd() {
        #expect(links("[[Cafe\u{301} Ole\u{301}]]").first?.target == "Café Olé")
    }
}
