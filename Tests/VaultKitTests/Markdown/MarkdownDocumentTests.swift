import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("The markdown document")
struct MarkdownDocumentTests {
    private func document(_ text: String) -> MarkdownDocument { MarkdownDocument(bytes: Array(text.utf8)) }

    private func text(_ document: MarkdownDocument, _ range: Range<Int>) -> String {
        String(decoding: document.bytes[range], as: UTF8.self)
    }

    @Test("headings carry level, plain text and their true line after frontmatter")
    func headings() {
        let doc = document("---\ntitle: x\n---\n# One *big* `code`\n\nSetext\n===\n\n## Two\n")
        #expect(doc.headings == [
            Heading(level: 1, text: "One big code", line: 4),
            Heading(level: 1, text: "Setext", line: 6),
            Heading(level: 2, text: "Two", line: 9),
        ])
    }

    @Test("fenced and indented code blocks report the lines they cover")
    func codeBlocks() {
        let doc = document("text\n\n```swift\nlet a = 1\n```\n\n    indented\n    more\n\n~~~\nx\n~~~\n")
        #expect(doc.codeBlocks.map(\.lines) == [3...5, 7...8, 10...12])
        #expect(doc.codeBlocks.map(\.isFenced) == [true, false, true])
        #expect(doc.codeBlocks[0].info == "swift")
        #expect(doc.isCodeLine(4) && !doc.isCodeLine(6))
    }

    @Test("an unclosed fence runs to the end of the note")
    func unclosedFence() {
        let doc = document("a\n\n```\ncode\nmore\n")
        #expect(doc.codeBlocks.map(\.lines) == [3...5])
    }

    @Test("inline code spans are found by backtick runs, across a line break")
    func inlineCode() {
        let doc = document("a `one` and ``two ` inside`` and `open\nclose` end\n\n`not closed\n\nnext` para\n")
        #expect(doc.inlineCodeSpans.map { text(doc, $0) } == ["`one`", "``two ` inside``", "`open\nclose`"])
    }

    @Test("an escaped backtick opens no span, as in cmark")
    func escapedBacktick() {
        let doc = document("\\`not code` but `code`\n")
        #expect(doc.inlineCodeSpans.map { text(doc, $0) } == ["` but `"])
    }

    @Test("HTML comments and Obsidian comment blocks are found, across lines")
    func comments() {
        let doc = document("a <!-- one\ntwo --> b %% inline %% c\n%%\nblock\n%%\n```\n<!-- in code -->\n```\n")
        #expect(doc.comments.map { text(doc, $0) } == ["<!-- one\ntwo -->", "%%\nblock\n%%"])
    }

    @Test("list items report their line and depth")
    func listItems() {
        let doc = document("- a\n  - b\n    1. c\n- d\n")
        #expect(doc.listItems == [ListItem(line: 1, depth: 1), ListItem(line: 2, depth: 2), ListItem(line: 3, depth: 3), ListItem(line: 4, depth: 1)])
    }

    @Test("HTML blocks report their lines")
    func htmlBlocks() {
        let doc = document("text\n\n<div>\nhello\n</div>\n\nafter\n")
        #expect(doc.htmlBlocks == [3...5])
    }

    @Test("a BOM is recognised and frontmatter after it is read")
    func byteOrderMark() {
        let doc = MarkdownDocument(bytes: [0xEF, 0xBB, 0xBF] + Array("---\ntitle: B\n---\n# H\n".utf8))
        #expect(doc.hasByteOrderMark)
        #expect(doc.frontmatter?["title"] == .string("B"))
        #expect(doc.headings.first?.line == 4)
    }

    @Test("frontmatter lines are skipped and are never mistaken for a heading")
    func frontmatterBlanked() {
        let doc = document("---\ntitle: x\n# not a heading: comment\n---\nbody\n")
        #expect(doc.headings.isEmpty)
        #expect(doc.isSkippedLine(3) && !doc.isSkippedLine(5))
    }
}

@Suite("The source map")
struct SourceMapTests {
    @Test("lines map to byte ranges without their line endings, CRLF included")
    func ranges() {
        let bytes = Array("one\r\ntwo\nthree".utf8)
        let map = SourceMap(bytes)
        #expect(map.lineCount == 3)
        #expect(map.range(ofLine: 1, in: bytes) == 0..<3)
        #expect(map.range(ofLine: 2, in: bytes) == 5..<8)
        #expect(map.range(ofLine: 3, in: bytes) == 9..<14)
        #expect(map.line(containing: 0) == 1 && map.line(containing: 5) == 2 && map.line(containing: 13) == 3)
    }

    @Test("a final newline does not start another line")
    func finalNewline() {
        #expect(SourceMap(Array("a\nb\n".utf8)).lineCount == 2)
        #expect(SourceMap([UInt8]()).lineCount == 1)
    }
}

@Suite("Code blocks closed by their container")
struct FenceEndTests {
    @Test("a fence left open by its list item ends before the next item, which is not code")
    func openFenceInList() {
        let doc = MarkdownDocument(bytes: Array("- ```\n  code\n- [ ] task #tag [[Link]]\n".utf8))
        #expect(doc.codeBlocks.map(\.lines) == [1...2])
        #expect(!doc.isSkippedLine(3))
        #expect(TagScanner.inlineTags(in: doc) == ["tag"])
    }

    @Test("a #word inside an inline HTML tag is HTML, not a tag; beside or between tags it is one")
    func tagsInHTML() {
        let text = """
            Some <mark style="background: #FFB8EBA6;">marked #inside</mark> text #real
            <span data-x='a #quoted' title=bare>x</span> <img src=x.png /> #self
            <My Target.md> #angle and a < b #lt and <b>not closed #nc
            <a href="x" #attr> is no HTML: an attribute's name starts with a letter
            """
        #expect(TagScanner.inlineTags(in: MarkdownDocument(bytes: Array(text.utf8))) == ["inside", "real", "self", "angle", "lt", "nc", "attr"])
    }

    @Test("a closed fence, in a list or a quote, keeps its closing line")
    func closedFences() {
        #expect(MarkdownDocument(bytes: Array("- a\n\n  ```\n  code\n  ```\n- b #t\n".utf8)).codeBlocks.map(\.lines) == [3...5])
        #expect(MarkdownDocument(bytes: Array("> ```\n> code\n> ```\n\nafter\n".utf8)).codeBlocks.map(\.lines) == [1...3])
        #expect(MarkdownDocument(bytes: Array("```\nunclosed\nto the end\n".utf8)).codeBlocks.map(\.lines) == [1...3])
    }
}

@Suite("Comments agree across scanners")
struct CommentAgreementTests {
    @Test("an inline %% pair hides nothing from tasks, tags or links; a %% block hides all three")
    func inlineAndBlock() throws {
        let text = "text %% start\n- [ ] visible #seen [[Seen]]\nend %%\n%%\n- [ ] hidden #gone [[Gone]]\n%%\n"
        let document = MarkdownDocument(bytes: Array(text.utf8))
        #expect(TagScanner.inlineTags(in: document) == ["seen"])
        #expect(LinkScanner.links(in: document).map(\.target) == ["Seen"])
        let folder = TemporaryFolder()
        try folder.write("pages/a.md", text)
        let tasks = try Vault(root: folder.path).tasks().tasks
        #expect(tasks.map(\.line) == [2])
    }
}
