import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// vault writes only links it reads back (issue 13): every link a change writes resolves to
/// the intended note when the note is scanned again, a title no link can reach does not
/// become a file name, percent escapes decode in full, and a title's line breaks and
/// control characters reach neither a file name nor a heading.
@Suite("Links that read back")
struct LinkReadBackTests {
    private func vault(_ files: [String: String]) throws -> (TemporaryFolder, Vault) { try TemporaryFolder.vault(files) }

    private func text(_ folder: TemporaryFolder, _ path: String) throws -> String { try folder.text(path) }

    private func rename(_ vault: Vault, _ name: String, to title: String) throws -> RenamePlan {
        let plan = try RenamePlanner(vault: vault).planRename(name, to: title)
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "test")
        return plan
    }

    /// Every link of the vault resolves, and the note at `path` is linked from `Ref.md`.
    private func expectResolved(_ vault: Vault, backlinkTo path: String, count: Int) throws {
        let scan = try vault.scan(detail: .summary)
        let check = VaultCheck(vault: vault, scan: scan)
        #expect(check.dangling.isEmpty, "\(check.dangling.map(\.text))")
        let graph = LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan), needles: LinkNeedles(paths: [path]))
        #expect(graph.backlinks(to: path).count == count)
    }

    static let files = ["pages/Old.md": "# Old\n\nbody\n", "pages/Ref.md": "[[Old]] and [o](Old.md) and [[Old|alias]]\n"]

    @Test("a title with # ^ [ ] names a file without them, and the heading keeps the title")
    func unlinkableCharacters() throws {
        let (folder, vault) = try vault(Self.files)
        let plan = try rename(vault, "Old", to: "C# tips [draft] ^1")
        #expect(plan.moves.map(\.to) == ["pages/C- tips -draft- -1.md"])
        #expect(try text(folder, "pages/C- tips -draft- -1.md") == "# C# tips [draft] ^1\n\nbody\n")
        #expect(try text(folder, "pages/Ref.md") == "[[C- tips -draft- -1]] and [o](C-%20tips%20-draft-%20-1.md) and [[C- tips -draft- -1|alias]]\n")
        try expectResolved(vault, backlinkTo: "pages/C- tips -draft- -1.md", count: 3)
    }

    @Test("a title with ]] or inline code in it gives links that read back")
    func bracketsAndBackticks() throws {
        let (folder, vault) = try vault(Self.files)
        _ = try rename(vault, "Old", to: "a]]b")
        #expect(try text(folder, "pages/Ref.md").hasPrefix("[[a--b]] and"))
        try expectResolved(vault, backlinkTo: "pages/a--b.md", count: 3)
        _ = try rename(vault, "pages/a--b.md", to: "The `vault` tool")
        #expect(try text(folder, "pages/Ref.md") == "[[The `vault` tool]] and [o](The%20%60vault%60%20tool.md) and [[The `vault` tool|alias]]\n")
        try expectResolved(vault, backlinkTo: "pages/The `vault` tool.md", count: 3)
    }

    @Test("a link that would not read back stops the change before anything is written")
    func refusedWhenNotReadBack() throws {
        let (folder, vault) = try vault(["pages/Old.md": "# Old\n", "pages/Ref.md": "[[Old]] and `code`\n"])
        #expect {
            try RenamePlanner(vault: vault).planRename("Old", to: "a`b")
        } throws: { error in
            guard case .linkNotReadBack(let note, let link, _) = error as? VaultError else { return false }
            return note == "pages/Ref.md" && link == "[[a`b]]"
        }
        #expect(try text(folder, "pages/Ref.md") == "[[Old]] and `code`\n")
        #expect(try folder.names(in: "pages") == ["Old.md", "Ref.md"])
    }

    @Test("markdown links with %28 and %29, as vault writes them, are found by backlinks and the next rename")
    func parenthesesRoundTrip() throws {
        // Only a markdown link names the note in Plain.md: no other spelling lets it through.
        var files = Self.files
        files["pages/Plain.md"] = "see [o](Old.md)\n"
        let (folder, vault) = try vault(files)
        _ = try rename(vault, "Old", to: "Draft (v2)")
        #expect(try text(folder, "pages/Ref.md") == "[[Draft (v2)]] and [o](Draft%20%28v2%29.md) and [[Draft (v2)|alias]]\n")
        #expect(try text(folder, "pages/Plain.md") == "see [o](Draft%20%28v2%29.md)\n")
        try expectResolved(vault, backlinkTo: "pages/Draft (v2).md", count: 4)
        _ = try rename(vault, "pages/Draft (v2).md", to: "Final")
        #expect(try text(folder, "pages/Ref.md") == "[[Final]] and [o](Final.md) and [[Final|alias]]\n")
        #expect(try text(folder, "pages/Plain.md") == "see [o](Final.md)\n")
    }

    @Test("any escape decodes, an invalid one stays as written")
    func percentEscapes() {
        let bytes = Array("[a](%4Dy%20Note.md) [b](100%25%20sure.md) [c](50%off%20deal.md) [d](caf%C3%A9.md) [e](bad%FF.md)\n".utf8)
        let targets = LinkScanner.links(in: MarkdownDocument(bytes: bytes)).map(\.target)
        #expect(targets == ["My Note.md", "100% sure.md", "50%off deal.md", "café.md", "bad%FF.md"])
        let needles = LinkNeedles(paths: ["pages/My Note (draft).md"])
        #expect(needles.mayMatch(Array("[x](%4Dy%20Note%20%28draft%29.md)".utf8)))
        #expect(!needles.mayMatch(Array("[x](My%20Note%20draft.md)".utf8)))
    }

    @Test("inline code inside a link's text does not hide it; code that crosses the link does")
    func codeInsideLinks() {
        let bytes = Array("[[Note#`code`|`x`]] [[The `vault` tool]] [`code` text](Other.md) [[a `b]] c` [[Last]]\n".utf8)
        let links = LinkScanner.links(in: MarkdownDocument(bytes: bytes))
        #expect(links.map(\.target) == ["Note", "The `vault` tool", "Other.md", "Last"])
        #expect(links.first?.alias == "`x`")
    }

    @Test("a code span that opens inside a wikilink holds its ]] and [[: the link ends after it, and a rename keeps the span")
    func codeWithBracketsInsideWikilinks() throws {
        // What opens first wins: the `[[`, then the span inside it, then the `]]` after it;
        // a lone backtick opens no span.
        let text = "[[Old|`a]]b` c]] [[Old#`x [[y`]] `[[Old|not]]` [[Old|`open]]\n"
        let bytes = Array(text.utf8)
        let links = LinkScanner.links(in: MarkdownDocument(bytes: bytes))
        #expect(links.map { bytes.utf8String($0.range) } == ["[[Old|`a]]b` c]]", "[[Old#`x [[y`]]", "[[Old|`open]]"])
        #expect(links.map(\.alias) == ["`a]]b` c", nil, "`open"])
        #expect(links.map(\.fragment) == [nil, "#`x [[y`", nil])
        let (folder, vault) = try vault(["pages/Old.md": "# Old\n\nbody\n", "pages/Ref.md": text])
        _ = try rename(vault, "Old", to: "New")
        #expect(try self.text(folder, "pages/Ref.md") == "[[New|`a]]b` c]] [[New#`x [[y`]] `[[Old|not]]` [[New|`open]]\n")
        _ = try rename(vault, "New", to: "Old")
        #expect(try self.text(folder, "pages/Ref.md") == text)
    }

    @Test("a line break or control character in a title reaches neither the file name nor the heading")
    func lineBreaksInTitles() throws {
        let (folder, vault) = try vault(Self.files)
        let plan = try rename(vault, "Old", to: "Line one\nLine\u{7} two")
        #expect(plan.moves.map(\.to) == ["pages/Line one Line- two.md"])
        #expect(try text(folder, "pages/Line one Line- two.md") == "# Line one Line two\n\nbody\n")
        let page = try NoteAuthoring(vault: vault).create(title: "First\r\nsecond\tthird")
        #expect(page.path == "pages/First second third.md")
        #expect(String(decoding: page.after, as: UTF8.self) == "# First second third\n\n")
        let capture = try Capture(vault: vault).capture(Array("text\n".utf8), title: "Idea #1\nmore")
        #expect(capture.path == "quick/Idea -1 more.md")
        #expect(try text(folder, capture.path) == "# Idea #1 more\n\ntext\n")
    }

    @Test("a title whose heading would read otherwise is escaped, and a second rename still finds it")
    func escapedHeading() throws {
        let (folder, vault) = try vault(Self.files)
        _ = try rename(vault, "Old", to: "a *b* #")
        #expect(try text(folder, "pages/a -b- -.md") == "# a \\*b\\* \\#\n\nbody\n")
        let note = try #require(try vault.scan(detail: .summary).notes.first { $0.path == "pages/a -b- -.md" })
        #expect(note.title == "a *b* #")
        _ = try rename(vault, "pages/a -b- -.md", to: "Plain")
        #expect(try text(folder, "pages/Plain.md") == "# Plain\n\nbody\n")
        let page = try NoteAuthoring(vault: vault).create(title: "[[x]] y")
        #expect(String(decoding: page.after, as: UTF8.self) == "# \\[\\[x\\]\\] y\n\n")
    }

    @Test("a move to a name no link can reach is refused")
    func unlinkableMove() throws {
        let (folder, vault) = try vault(["pages/Old.md": "# Old\n"])
        for destination in ["pages/C# tips.md", "pages/a[1].md", "pages/x^y.md"] {
            #expect {
                try RenamePlanner(vault: vault).planMove("pages/Old.md", to: destination)
            } throws: { error in
                guard case .invalidDestination(_, let reason) = error as? VaultError else { return false }
                return reason.contains("no link can reach")
            }
        }
        // A note that already has such a name may still move: its name does not change.
        try folder.write("pages/C# old.md", "# C# old\n")
        let plan = try RenamePlanner(vault: try Vault(root: folder.path)).planMove("pages/C# old.md", to: "inbox/")
        #expect(plan.moves.map(\.to) == ["inbox/C# old.md"])
    }
}
