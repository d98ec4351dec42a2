import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("One structure decides what is text")
struct NoteStructureTests {
    static func facts(_ text: String) -> NoteFacts { NoteFacts(bytes: Array(text.utf8)) }

    @Test("inside an HTML block nothing is a link, a tag or a task, until the blank line that ends it")
    func htmlBlock() {
        let facts = Self.facts("<div>\n[[Hidden]] #hidden\n- [ ] hidden\n</div>\n\n[[Shown]] #shown\n- [ ] shown\n")
        #expect(facts.links.map(\.target) == ["Shown"])
        #expect(facts.tags == ["shown"])
        #expect(facts.tasks.map(\.line) == [7])
    }

    @Test("an inline HTML tag in a paragraph hides nothing")
    func inlineHTML() {
        let facts = Self.facts("Text <span>[[Shown]] #shown</span>\n- [ ] task\n")
        #expect(facts.links.map(\.target) == ["Shown"] && facts.tags == ["shown"] && facts.tasks.count == 1)
    }

    @Test("a byte order mark is not part of the first line: a tag that starts the note counts")
    func byteOrderMark() {
        let facts = NoteFacts(bytes: ByteOrderMark.bytes + Array("#first and [[Link]]\n".utf8))
        #expect(facts.tags == ["first"] && facts.links.map(\.range) == [14..<22])
    }

    @Test("link reference definitions are found at a paragraph's start, and hold no code span")
    func referenceDefinitions() {
        let text = "[one]: One.md \"Title\"\n[two]: <Two Note.md>\n`code` after\n\ntext [three]: no.md\n"
        let structure = NoteStructure(bytes: Array(text.utf8))
        let bytes = structure.bytes
        #expect(structure.referenceDefinitions.map { bytes.utf8String($0.label) } == ["one", "two"])
        #expect(structure.referenceDefinitions.map { bytes.utf8String($0.destination) } == ["One.md", "Two Note.md"])
        #expect(structure.referenceDefinitions.map { $0.title.map { bytes.utf8String($0) } } == ["Title", nil])
        #expect(structure.codeSpans.map { bytes.utf8String($0) } == ["`code`"])
    }

    @Test("a code span never runs into the next paragraph, list item or table row")
    func codeSpanBounds() {
        let structure = NoteStructure(bytes: Array("a `open\n- item` #tag\n".utf8))
        #expect(structure.codeSpans.isEmpty)
        #expect(NoteFacts(bytes: structure.bytes).tags == ["tag"])
    }

    @Test("a task's fields inside a code span that goes on to the next line do not count")
    func taskFieldsInCode() {
        let facts = Self.facts("- [ ] pay ` due:2026-12-01\n  still code`\n")
        #expect(facts.tasks.count == 1 && facts.tasks.first?.due == nil)
    }

    @Test("block ids end a line of text, never inside code")
    func blockIDs() {
        let facts = Self.facts("Para ^p-1\n\n- item ^i2\n\n```\nx ^code\n```\n\n`y ^span`\nword^not\n")
        #expect(facts.blockIDs.map(\.id) == ["p-1", "i2"])
        #expect(facts.blockIDs.map(\.line) == [1, 3])
    }

    @Test("the title heading is the header's first block, whatever follows it")
    func titleHeading() {
        #expect(Self.facts("---\ntitle:\n---\n\n# Named\ntext\n").title == "Named")
        #expect(Self.facts("text\n\n# Section\n").title == nil)
        #expect(Self.facts("title:: From properties\n\n# Heading\n").title == "From properties")
    }
}

@Suite("Any bytes have a structure")
struct NoteStructureRobustnessTests {
    @Test("notes made of the pieces that open and close constructs never stop the scan")
    func constructs() {
        let pieces = [
            "[a]:", " ", "<", ">", "\"t\"", "'", "(", ")", "`", "``", "\n", "\n\n", "\r\n", "- ", "1. ", "> ", "<div>",
            "%%", "<!--", "-->", "[[", "]]", "[", "]", "#t", "^b", "    ", "\t", "\\", "x", "---", "```", "|", "!", ":",
        ].map { Array($0.utf8) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<4000 {
            var bytes: [UInt8] = []
            for _ in 0..<24 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes += pieces[Int(state >> 33) % pieces.count]
            }
            let facts = NoteFacts(bytes: bytes)
            let structure = NoteStructure(bytes: bytes)
            #expect(structure.codeSpans.allSatisfy { $0.upperBound <= bytes.count })
            #expect(structure.referenceDefinitions.allSatisfy { $0.range.upperBound <= bytes.count })
            #expect(facts.links.allSatisfy { $0.range.upperBound <= bytes.count })
        }
    }
}
