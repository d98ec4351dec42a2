import Foundation
import Testing
@testable import VaultKit
import VaultMarkdown

@Suite("The names a link index files paths under")
struct LinkIndexNamesTests {
    @Test("the last part of a path is what Foundation's lastPathComponent says", arguments: [
        "pages/Idea.md", "Idea.md", "a/b/", "a//b//", "/", "//", "", "/top", "pages/京都旅行.md", "Café Olé", "a/ b ", "x/.hidden",
    ])
    func lastComponent(path: String) {
        #expect(LinkIndex.lastComponent(path) == (path as NSString).lastPathComponent)
    }

    @Test("a note's stem drops only a note extension, in any case", arguments: [
        ("Idea.md", "Idea"), ("Idea.MD", "Idea"), ("a.Markdown", "a"), ("faq.org", "faq"), ("a.b.md", "a.b"),
        ("notes.txt", "notes.txt"), ("plain", "plain"), (".md", ""), ("Café.md", "Café"), ("x.mdx", "x.mdx"),
        ("v1.2", "v1.2"), ("京都.md", "京都"), ("a.markdownx", "a.markdownx"),
    ])
    func stem(name: String, stem: String) {
        #expect(NoteFiles.stem(name) == stem)
    }

    @Test("a note's links resolve from its origin by its folder, worked out once for all of them")
    func originResolvesByFolder() throws {
        let index = LinkIndex(
            notes: ["Pages/Deep/One.md", "Pages/Deep/Two.md", "pages/Two.md", "Other/Two.md", "Top.md"], assets: ["Pages/Deep/pic.png"],
            layout: VaultLayout.standard)
        let links = NoteFacts(
            bytes: Array("[[Two]] [a](Two.md) [b](../Deep/Two.md) [[./Two]] ![](pic.png) [[../Top]] [c](/Top.md)".utf8), parts: .links
        ).links
        #expect(links.count == 7)
        let deep = LinkIndex.Origin("Pages/Deep/One.md")
        #expect(links.map { index.resolve($0, from: deep).path } == [
            "Pages/Deep/Two.md", "Pages/Deep/Two.md", "Pages/Deep/Two.md", "Pages/Deep/Two.md", "Pages/Deep/pic.png", nil, "Top.md",
        ])
        let other = LinkIndex.Origin("Other/Note.md")
        #expect(links.map { index.resolve($0, from: other).path } == [
            "Other/Two.md", "Other/Two.md", nil, "Other/Two.md", "Pages/Deep/pic.png", "Top.md", "Top.md",
        ])
    }
}
