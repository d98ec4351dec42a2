import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Capturing")
struct CaptureTests {
    let folder = TemporaryFolder()

    private func vault() throws -> Vault {
        try Vault(root: try folder.copy(fixture: "demo"))
    }

    @Test("text from standard input keeps its bytes, CRLF included, and gains a final line break in its own ending")
    func bytesKept() throws {
        let vault = try vault()
        let bytes = Array("first line\r\nsecond line".utf8)
        let result = try Capture(vault: vault).capture(bytes)
        #expect(result.path == "quick/first line.md")
        #expect(try folder.read("demo/" + result.path) == bytes + Array("\r\n".utf8))
        let ended = Array("ends\nwith a break\n".utf8)
        #expect(try folder.read("demo/" + Capture(vault: vault).capture(ended).path) == ended)
    }

    @Test("the title comes from --title, a link's host, the first line, or the time")
    func titles() throws {
        let vault = try vault()
        let capture = Capture(vault: vault)
        #expect(try capture.capture(Array("https://www.swift.org/blog/".utf8)).path == "quick/swift.org.md")
        #expect(try capture.capture(Array("# Heading line\nbody".utf8)).title == "Heading line")
        #expect(try capture.capture(Array(String(repeating: "long ", count: 30).utf8)).title.count <= 60)
        let titled = try capture.capture(Array("body".utf8), title: "Named")
        #expect(try folder.read("demo/" + titled.path) == Array("# Named\n\nbody\n".utf8))
        let now = Date(timeIntervalSince1970: 1_796_040_000)
        #expect(Capture.fallbackTitle(now, zone: .utc) == "Quick Note 2026-11-30 1200")
        #expect(Capture.fallbackTitle(now, zone: .offset(seconds: 14 * 3600)) == "Quick Note 2026-12-01 0200")
    }

    @Test(
        "a capture's name passes over one taken in another case, Unicode form or by a placeholder, among names of other letters",
        arguments: [
            ("Meeting Notes.md", "meeting notes", "quick/meeting notes 2.md"),
            (".Meeting notes.md.icloud", "meeting notes", "quick/meeting notes 2.md"),
            ("Cafe\u{301} plan.md", "Café plan", "quick/Café plan 2.md"),
            ("café plan.md", "Cafe\u{301} plan", "quick/Cafe\u{301} plan 2.md"),
            ("Zeta meeting notes.md", "meeting notes", "quick/meeting notes.md"),
        ])
    func takenInAnotherSpelling(existing: String, text: String, expected: String) throws {
        let vault = try vault()
        for other in ["Agenda.md", "zebra.md", ".hidden", "Älter.md", "notes.md"] { try folder.write("demo/quick/" + other, "x\n") }
        try folder.write("demo/quick/" + existing, "taken\n")
        #expect(try Capture(vault: vault).capture(Array(text.utf8)).path == expected)
    }

    @Test(
        "a folder's name is made a string only when it could collide with the stem",
        arguments: [
            ("Zeta.md", "meeting", false), ("meeting.md", "Meeting", true), ("Meeting.md", "meeting", true),
            (".Meeting.md.icloud", "meeting", true), (".zeta.md.icloud", "meeting", false), ("émile.md", "meeting", true),
            ("zeta.md", "Émile", true), (".hidden", ".hidden", true), ("", "meeting", false), ("m", "", false),
        ])
    func mayCollide(name: String, stem: String, expected: Bool) {
        var name = name
        #expect(name.withUTF8 { Naming.mayCollide($0, withStem: stem) } == expected)
    }

    @Test("a link already captured is not captured twice; new tags are added to it")
    func duplicateLink() throws {
        let vault = try vault()
        let result = try Capture(vault: vault).capture(Array("https://example.org/talks/local-first-sync\n".utf8), tags: ["sync"])
        #expect(result.alreadyCaptured && result.path == "quick/example.org.md" && result.addedTags == ["sync"])
        #expect(String(decoding: try folder.read("demo/quick/example.org.md"), as: UTF8.self).hasPrefix("---\ntags: [sync]\n---\n"))
        let again = try Capture(vault: vault).capture(Array("https://example.org/talks/local-first-sync".utf8), tags: ["sync"])
        #expect(again.addedTags.isEmpty)
        let forced = try Capture(vault: vault).capture(Array("https://example.org/talks/local-first-sync".utf8), force: true)
        #expect(forced.path == "quick/example.org talks local-first-sync.md")
        let again2 = try Capture(vault: vault).capture(Array("https://example.org/talks/local-first-sync".utf8), force: true)
        #expect(again2.path == "quick/example.org talks local-first-sync 2.md")
    }

    @Test("a link that only begins or ends a link already captured is captured anew")
    func longerLinkCaptured() throws {
        let vault = try vault()
        let capture = Capture(vault: vault)
        let first = try capture.capture(Array("https://example.org/talks/local-first-sync".utf8))
        #expect(first.alreadyCaptured)
        for url in ["https://example.org/talks", "https://example.org/", "https://example.org/talks/local-first"] {
            let result = try capture.capture(Array(url.utf8))
            #expect(!result.alreadyCaptured, "\(url)")
            #expect(String(decoding: try folder.read("demo/" + result.path), as: UTF8.self).contains(url))
        }
        let link = "https://a.org/p?page=1"
        #expect(Capture.holdsLink(Array("see \(link).\n".utf8), link))
        #expect(Capture.holdsLink(Array("[x](\(link)) and <\(link)>".utf8), link))
        #expect(Capture.holdsLink(Array(link.utf8), link))
        #expect(!Capture.holdsLink(Array("\(link)2".utf8), link))
        #expect(!Capture.holdsLink(Array("\(link).html".utf8), link))
        #expect(!Capture.holdsLink(Array("x\(link)".utf8), link))
        #expect(Capture.holdsLink(Array("\(link)2 then \(link), again".utf8), link))
    }

    @Test("a second link from one host is named after the part of the link that tells its pages apart")
    func linkTitles() throws {
        let vault = try vault()
        let capture = Capture(vault: vault)
        #expect(try capture.capture(Array("https://www.swift.org/".utf8)).path == "quick/swift.org.md")
        #expect(try capture.capture(Array("https://swift.org/documentation/".utf8)).path == "quick/swift.org documentation.md")
        #expect(try capture.capture(Array("https://swift.org/blog/swift-6.html".utf8)).path == "quick/swift.org blog swift-6.md")
        // A link with nothing after the host has no page to be named after.
        #expect(try capture.capture(Array("https://swift.org".utf8), force: true).path == "quick/swift.org 2.md")
        #expect(Capture.pageWords("https://a.org/?q=sync%20engines") == "q sync engines")
        #expect(Capture.pageWords("https://a.org/caf%C3%A9/menu") == "café menu")
        #expect(Capture.pageWords("https://a.org/#intro") == "intro")
        #expect(Capture.pageWords("https://a.org/") == nil)
    }

    @Test("empty text is an error, not an empty note")
    func empty() throws {
        let vault = try vault()
        #expect(throws: VaultError.emptyText(what: "capture")) { try Capture(vault: vault).capture(Array(" \n\t".utf8)) }
        #expect(try folder.names(in: "demo/quick").count == 4)
    }

    @Test("two captures racing for one name both land, under distinct names")
    func racingCaptures() throws {
        let vault = try vault()
        let paths = ParallelMap.map(8, minimumPerWorker: 1) { index in
            try? Capture(vault: vault).capture(Array("same thought \(index)".utf8), title: "Same minute").path
        }.compactMap { $0 }
        #expect(paths.count == 8)
        #expect(Set(paths).count == 8)
        #expect(try folder.names(in: "demo/quick").filter { $0.hasPrefix("Same minute") }.count == 8)
    }
}

@Suite("Writing notes")
struct AuthoringTests {
    let folder = TemporaryFolder()

    @Test("a new page starts with its title heading and takes the T 2 name when T is taken")
    func newPage() throws {
        let vault = try Vault(root: try folder.copy(fixture: "demo"))
        let authoring = NoteAuthoring(vault: vault)
        #expect(try authoring.create(title: "Errands").path == "pages/Errands 2.md")
        #expect(try folder.read("demo/pages/Errands 2.md") == Array("# Errands\n\n".utf8))
        #expect(try authoring.create(title: "A: b/c", folder: "pages/People").path == "pages/People/A- b-c.md")
        #expect(throws: VaultError.self) { try authoring.create(title: "???") }
        #expect(throws: VaultError.self) { try authoring.create(title: "x", folder: "../outside") }
        #expect(throws: VaultError.self) { try authoring.create(title: "x", folder: "trash") }
    }

    @Test("append and prepend keep CRLF and the BOM, and go after the frontmatter and title")
    func appendPrepend() throws {
        let vault = try Vault(root: try folder.copy(fixture: "demo"))
        let authoring = NoteAuthoring(vault: vault)
        _ = try authoring.add("- [ ] new", to: "pages/Windows Note.md")
        let windows = String(decoding: try folder.read("demo/pages/Windows Note.md"), as: UTF8.self)
        #expect(windows.hasSuffix("#windows/setup\r\n- [ ] new\r\n"))
        #expect(!windows.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        _ = try authoring.add("First!", to: "pages/Errands.md", atStart: true)
        let errands = String(decoding: try folder.read("demo/pages/Errands.md"), as: UTF8.self)
        #expect(errands.hasPrefix("---\ntags: errands, home\n---\n# Errands\n\nFirst!\n## Groceries\n"))
        #expect(NoteText.prepending("x", to: Array("no final newline".utf8)) == Array("x\nno final newline".utf8))
        #expect(NoteText.appending("x", to: Array("no final newline".utf8)) == Array("no final newline\nx".utf8))
        #expect(NoteText.appending("x\r\n", to: Array("a\r\nno final newline".utf8)) == Array("a\r\nno final newline\r\nx".utf8))
        #expect(NoteText.appending("x\n", to: Array("ends\n".utf8)) == Array("ends\nx\n".utf8))
        #expect(NoteText.prepending("x", to: [0xEF, 0xBB, 0xBF] + Array("# T\n\nbody\n".utf8)) == [0xEF, 0xBB, 0xBF] + Array("# T\n\nx\nbody\n".utf8))
    }

    @Test("appended text after a list item, a quote or a table stands apart unless it carries the block on", arguments: [
        ("- one\n- two\n", "a paragraph", "- one\n- two\n\na paragraph\n"),
        ("- one\n- two", "a paragraph", "- one\n- two\n\na paragraph"),
        ("- one\n- two\n", "- three", "- one\n- two\n- three\n"),
        ("- one\n- two\n", "2. three", "- one\n- two\n2. three\n"),
        ("- one\n- two\n", "  more of two", "- one\n- two\n  more of two\n"),
        ("1. one\n   still one\n", "next", "1. one\n   still one\n\nnext\n"),
        ("- [ ] task\r\n", "note", "- [ ] task\r\n\r\nnote\r\n"),
        ("> quoted\nlazy\n", "after", "> quoted\nlazy\n\nafter\n"),
        ("> quoted\n", "> more", "> quoted\n> more\n"),
        ("| a | b |\n| - | - |\n| 1 | 2 |\n", "after", "| a | b |\n| - | - |\n| 1 | 2 |\n\nafter\n"),
        ("| a | b |\n| - | - |\n", "| 1 | 2 |", "| a | b |\n| - | - |\n| 1 | 2 |\n"),
        ("- item\n\n", "after", "- item\n\nafter\n"),
        ("para\n", "next line", "para\nnext line\n"),
        ("```\n- in code\n", "x", "```\n- in code\nx\n"),
        ("", "x", "x\n"),
        ("> [!todo] Errands\n> - [ ] a\n", "> - [ ] b", "> [!todo] Errands\n> - [ ] a\n> - [ ] b\n"),
        ("> [!todo] Errands\n> - [ ] a\n", "plain", "> [!todo] Errands\n> - [ ] a\n\nplain\n"),
        ("- a\n", "> quoted", "- a\n> quoted\n"),
        ("> q\n# H\ntext\n", "more", "> q\n# H\ntext\nmore\n"),
        ("> q\n***\ntext\n", "more", "> q\n***\ntext\nmore\n"),
        ("> q\n", "    > x", "> q\n    > x\n"),
        ("some text\n| not a table\n", "more", "some text\n| not a table\nmore\n"),
        ("| not a table\n", "more", "| not a table\nmore\n"),
        ("a | b\n--- | ---\n1 | 2\n", "text", "a | b\n--- | ---\n1 | 2\n\ntext\n"),
        ("| a |\n| - |\n", "3 | x", "| a |\n| - |\n3 | x\n"),
        ("| a |\n| - |\n# H\n", "x", "| a |\n| - |\n# H\nx\n"),
        ("text\n|---|\n", "x", "text\n|---|\n\nx\n"),
        ("a \\| b\n--- | ---\n", "x", "a \\| b\n--- | ---\nx\n"),
        ("- a\n\n  lazy? no, indented\n", "x", "- a\n\n  lazy? no, indented\n\nx\n"),
        ("> [!note]\n> - item\n", "> more text", "> [!note]\n> - item\n>\n> more text\n"),
        ("> [!note]\r\n> - item\r\n", "> more text", "> [!note]\r\n> - item\r\n>\r\n> more text\r\n"),
        ("> - item\n", ">   still the item", "> - item\n>   still the item\n"),
        ("> - item\n", "> 2. next", "> - item\n> 2. next\n"),
        ("> > - deep\n", "> > text", "> > - deep\n> >\n> > text\n"),
        ("- item\n", "> quoted", "- item\n> quoted\n"),
    ])
    func appendAfterBlocks(note: String, text: String, expected: String) {
        #expect(String(decoding: NoteText.appending(text, to: Array(note.utf8)), as: UTF8.self) == expected)
    }

    @Test("prepended text that leaves a block open stands apart from the paragraph after it", arguments: [
        ("Works with me.\n", "- [ ] call Tom", "- [ ] call Tom\n\nWorks with me.\n"),
        ("# Tom\n\nWorks with me.\n", "- [ ] call Tom", "# Tom\n\n- [ ] call Tom\n\nWorks with me.\n"),
        ("---\ntags: [x]\n---\nFirst line\n", "> a quote", "---\ntags: [x]\n---\n> a quote\n\nFirst line\n"),
        ("- [ ] older\n", "- [ ] newer", "- [ ] newer\n- [ ] older\n"),
        ("\nafter a blank\n", "- item", "- item\n\nafter a blank\n"),
        ("Paragraph.\n", "plain words", "plain words\nParagraph.\n"),
        ("| a |\n| - |\n", "- item", "- item\n\n| a |\n| - |\n"),
        ("Text\r\n", "- item", "- item\r\n\r\nText\r\n"),
        ("", "- item", "- item\n"),
    ])
    func prependBeforeBlocks(note: String, text: String, expected: String) {
        #expect(String(decoding: NoteText.prepending(text, to: Array(note.utf8)), as: UTF8.self) == expected)
    }

    @Test("text added to a Logseq page becomes a block unless it is written as one", arguments: [
        ("a thought", "- a thought"), ("a\nb", "- a\n  b"), ("a\n\nb\n", "- a\n\n  b\n"), ("a\r\nb\r\n", "- a\r\n  b\r\n"),
        ("- x", "- x"), ("* x", "* x"), ("+ x", "+ x"), ("-", "-"), ("-x", "- -x"), ("  indented", "  indented"),
        ("\n\nhello", "- hello"), ("TODO call", "- TODO call"), ("#tag", "- #tag"), ("1. first", "- 1. first"),
    ])
    func logseqBlocks(text: String, expected: String) {
        #expect(NoteText.logseqBlock(text) == expected)
    }

    @Test("in a Logseq graph an append to a page or a journal, and a capture to one, is a block; an org page and a Markdown vault take text as it is")
    func logseqAppends() throws {
        let root = try folder.copy(fixture: "logseq")
        let vault = try Vault(root: root)
        _ = try NoteAuthoring(vault: vault).add("plain words", to: "journals/2026_11_29.md")
        #expect(try folder.text("logseq/journals/2026_11_29.md").hasSuffix("- NOW read ![photo](../assets/bed.png)\n- plain words\n"))
        _ = try Capture(vault: vault).captureToJournal(Array("from a capture".utf8), day: try #require(CalendarDay(year: 2026, month: 12, day: 3)))
        #expect(try folder.text("logseq/journals/2026_12_03.md").hasSuffix("- from a capture\n"))
        #expect(vault.blockForm(of: "words", in: "pages/notes.org") == "words")
        // A prepended block goes after the page's properties, which must stay its first block.
        try folder.write("logseq/pages/props.md", "title:: Props\nalias:: P\n\n- body\n")
        _ = try NoteAuthoring(vault: vault).add("first thing", to: "pages/props.md", atStart: true)
        #expect(try folder.text("logseq/pages/props.md") == "title:: Props\nalias:: P\n\n- first thing\n- body\n")
        #expect(NoteText.prepending("x", to: Array("key:: value\nbody\n".utf8)) == Array("x\nkey:: value\nbody\n".utf8))
        let markdown = try Vault(root: try folder.copy(fixture: "demo"))
        #expect(markdown.blockForm(of: "words", in: "pages/Errands.md") == "words")
    }

    @Test("tags are added to frontmatter in each shape it comes in, or refused where kept verbatim")
    func addingTags() {
        func add(_ text: String) -> String? { NoteText.addingTags(["b", "c"], to: Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) } }
        #expect(add("body\n") == "---\ntags: [b, c]\n---\nbody\n")
        #expect(add("---\ntitle: x\n---\nbody\n") == "---\ntitle: x\ntags: [b, c]\n---\nbody\n")
        #expect(add("---\ntags: [a, b]\n---\n") == "---\ntags: [a, b, c]\n---\n")
        #expect(add("---\ntags:\n  - a\n  - B\nnext: 1\n---\n") == "---\ntags: [a, B, c]\nnext: 1\n---\n")
        #expect(add("---\ntags: a\n---\r\n") == "---\ntags: [a, b, c]\n---\r\n")
        #expect(add("---\ntags: |\n  a\n---\n") == nil)
    }

    @Test("a note changed between read and write is not overwritten")
    func changedUnderUs() throws {
        let vault = try Vault(root: try folder.copy(fixture: "demo"))
        let path = vault.absolutePath("pages/Errands.md")
        let writer = SafeWriter()
        let (bytes, snapshot) = try writer.read(path)
        try folder.write("demo/pages/Errands.md", "edited elsewhere\n")
        #expect(throws: FileError.fileChanged(path: path)) {
            try writer.replace(path, with: NoteText.appending("x", to: bytes), expecting: snapshot)
        }
    }
}

@Suite("Archive, trash and restore")
struct LifecycleTests {
    let folder = TemporaryFolder()

    @Test("archive then unarchive, and trash then restore, leave the vault byte-identical with its sidecars")
    func roundTrips() throws {
        let root = try folder.copy(fixture: "demo")
        // Settled first: a note with a conflict copy is not trashed without it.
        try FileManager.default.removeItem(atPath: root + "/pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md")
        let before = try RenameMatrixTests.snapshot(root)
        let lifecycle = NoteLifecycle(vault: try Vault(root: root), skipUnavailable: true)
        for (there, back, path) in [(NoteLifecycle.Action.archive, NoteLifecycle.Action.unarchive, "pages/Reading List.md"), (.trash, .restore, "pages/Reading List.md")] {
            let outcome = try lifecycle.apply(try lifecycle.plan(there, path), action: there)
            let moved = outcome.plan.moves[0].to
            #expect(FileManager.default.fileExists(atPath: root + "/.zennotes/comments/" + moved + ".comments.json"))
            _ = try lifecycle.apply(try lifecycle.plan(back, moved), action: back)
            #expect(try RenameMatrixTests.snapshot(root) == before, "\(there) and \(back)")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/trash/pages/Reading List.md"))
    }

    @Test("trashing counts the links that dangle; restoring heals them")
    func danglingAndHealed() throws {
        let lifecycle = NoteLifecycle(vault: try Vault(root: try folder.copy(fixture: "demo")), skipUnavailable: true)
        let trashed = try lifecycle.apply(try lifecycle.plan(.trash, "pages/Errands.md"), action: .trash)
        #expect(trashed.links == 4)
        let restored = try lifecycle.apply(try lifecycle.plan(.restore, "trash/pages/Errands.md"), action: .restore)
        #expect(restored.links == 4)
    }

    @Test("a name taken at the destination gets the T 2 rule and says so")
    func collision() throws {
        let root = try folder.copy(fixture: "demo")
        try folder.write("demo/trash/pages/Errands.md", "an older errands list\n")
        let outcome = try NoteLifecycle(vault: try Vault(root: root), skipUnavailable: true).plan(.trash, "pages/Errands.md")
        #expect(outcome.renamed && outcome.plan.moves[0].to == "trash/pages/Errands 2.md")
    }

    @Test("only the trash is emptied, and only notes unchanged since they were listed")
    func emptying() throws {
        let root = try folder.copy(fixture: "demo")
        let bin = TrashBin(vault: try Vault(root: root))
        let items = try bin.contents().items
        #expect(items.map(\.path) == ["trash/pages/Gym Plan.md"])
        #expect(try bin.contents(olderThan: 1e9).items.isEmpty)
        try folder.write("demo/trash/pages/Gym Plan.md", "changed after listing, longer than before\n")
        #expect(throws: FileError.fileChanged(path: "trash/pages/Gym Plan.md")) { try bin.empty(items) }
        #expect(try bin.empty(try bin.contents().items) == 1)
        #expect(try folder.names(in: "demo/trash").isEmpty)
    }

    @Test("archiving an archived note, or restoring one not in the trash, is refused")
    func wrongPlace() throws {
        let lifecycle = NoteLifecycle(vault: try Vault(root: try folder.copy(fixture: "demo")), skipUnavailable: true)
        #expect(throws: VaultError.self) { try lifecycle.plan(.archive, "archive/pages/Reading/Books of 2025.md") }
        #expect(throws: VaultError.self) { try lifecycle.plan(.restore, "pages/Errands.md") }
        #expect(throws: VaultError.self) { try lifecycle.plan(.unarchive, "pages/Errands.md") }
    }
}
