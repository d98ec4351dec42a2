import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Reading notes to a level of detail")
struct ReadDetailTests {
    @Test("a summary gives the same titles and aliases as a full read, and the tag level the same tags")
    func levelsAgree() throws {
        let vault = try Vault(root: Fixtures.path("demo"))
        let full = try vault.scan(detail: .full).notes
        let summary = try vault.scan(detail: .summary).notes
        let tags = try vault.scan(detail: .tags).notes
        #expect(summary.map(\.path) == full.map(\.path))
        #expect(summary.map(\.title) == full.map(\.title))
        #expect(summary.map(\.aliases) == full.map(\.aliases))
        #expect(tags.map(\.tags) == full.map(\.tags))
        #expect(full.contains { !$0.headings.isEmpty })
    }

    @Test("a summary of a long note reads only its start, and a cut inside a character is still UTF-8")
    func longNote() throws {
        let folder = TemporaryFolder()
        let body = "# Long\n\n" + String(repeating: "é", count: NoteReader.summaryPrefix)
        try folder.write("pages/long.md", body)
        let contents = try LocalFileSystem().readPrefix(folder.path + "/pages/long.md", limit: NoteReader.summaryPrefix)
        #expect(contents.bytes.count == NoteReader.summaryPrefix && !contents.complete)
        let note = try #require(try Vault(root: folder.path).scan(detail: .summary).notes.first)
        #expect(note.title == "Long")
        #expect(note.isUTF8)
        #expect(note.size == Int64(body.utf8.count))
    }

    @Test("frontmatter longer than the summary's prefix is still read whole")
    func longFrontmatter() throws {
        let folder = TemporaryFolder()
        let filler = (0..<2000).map { "key\($0): some value here" }.joined(separator: "\n")
        try folder.write("pages/big.md", "---\n\(filler)\ntitle: Deep title\n---\n# Heading\n")
        let note = try #require(try Vault(root: folder.path).scan(detail: .summary).notes.first)
        #expect(note.title == "Deep title")
    }

    @Test("a summary names a note by the first block after its header even when the block begins or ends past the prefix")
    func firstBlockPastPrefix() throws {
        let folder = TemporaryFolder()
        let blank = String(repeating: "\n", count: NoteReader.summaryPrefix + 1000)
        let paragraph = (0..<2000).map { "line \($0) of a long opening paragraph" }.joined(separator: "\n")
        try folder.write("pages/late.md", blank + "# Late title\n\ntext\n")
        try folder.write("pages/setext.md", paragraph + "\n===\n\ntext\n" + blank)
        try folder.write("pages/early.md", "# Early\n" + paragraph)
        let vault = try Vault(root: folder.path)
        let summary = try vault.scan(detail: .summary).notes.map { [$0.path, $0.title] }
        #expect(summary == (try vault.scan(detail: .full).notes.map { [$0.path, $0.title] }))
        #expect(summary.map { $0[1] }.contains("Late title"))
        #expect(summary.map { $0[1] }.contains("Early"))
    }

    @Test("a prefix holds the header when its frontmatter closes and the first block after it ends in it")
    func prefixHoldsHeader() {
        func holds(_ text: String) -> Bool { NoteStructure.holdsHeader(Array(text.utf8)) }
        #expect(holds("# Title\nmore"))
        #expect(holds("   ### Deep\n"))
        #expect(holds("---\ntitle: T\n---\n\n# Title\n"))
        #expect(holds("A paragraph\nstill\n\nnext"))
        #expect(holds("\u{FEFF}# Title\n"))
        #expect(!holds("# Title cut"))
        #expect(!holds("\n\n\n"))
        #expect(!holds("---\ntitle: open"))
        #expect(!holds("A paragraph\nthat may still end in\n"))
        #expect(!holds("#tag paragraph\n"))
        #expect(!holds("    # indented code\n"))
        #expect(!holds("####### seven\n"))
    }

    @Test("the leading title is found with cmark's plain text, and only as the first block")
    func leadingTitle() {
        func title(_ text: String) -> String? { NoteStructure(bytes: Array(text.utf8), extent: .header).titleHeading()?.text }
        #expect(title("\n\n# One *two* `three`\n\ntext") == "One two three")
        #expect(title("Setext\n===\n") == "Setext")
        #expect(title("- Item\n===\n") == nil)
        #expect(title("    # indented code\n") == nil)
        #expect(title("Paragraph\n\n# Later\n") == nil)
        #expect(title("## Two\n") == nil)
        #expect(title("#tag only\n") == nil)
    }

    @Test("a note whose only # are heading markers or inside words needs no parse for tags")
    func tagPrefilter() {
        #expect(!NoteFacts.mayHoldInlineTag(Array("## Heading\nC# and page#x\n".utf8)))
        #expect(NoteFacts.mayHoldInlineTag(Array("text #tag\n".utf8)))
        #expect(NoteFacts.mayHoldInlineTag(Array("#tag at start\n".utf8)))
    }
}

@Suite("UTF-8 validation")
struct UTF8CheckTests {
    @Test("it agrees with the standard library on valid, invalid and cut text")
    func agreesWithStandardLibrary() {
        let samples: [[UInt8]] = [
            Array("plain ascii text that is longer than eight bytes".utf8), Array("café 日本 Κιότο 🙂 end".utf8),
            [0xC3], [0xE6, 0x97], [0xF0, 0x9F, 0x99], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0x80], [0xFF], Array("ok".utf8) + [0xE9] + Array(" latin-1".utf8), [],
        ]
        for bytes in samples {
            let ours = UTF8Check.validate(bytes)
            let standard = String(validating: bytes, as: UTF8.self) != nil
            #expect((ours == .valid) == standard, "\(bytes)")
        }
        #expect(UTF8Check.validate([0x61, 0xE6, 0x97]) == .truncated)
        #expect(UTF8Check.validate([0xC0, 0x80]) == .invalid)
    }
}
