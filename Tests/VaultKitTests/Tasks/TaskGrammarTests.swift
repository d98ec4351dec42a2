import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Which lines are tasks (DESIGN.md 5), with cases drawn from Obsidian, the Tasks plugin,
/// ZenNotes and Logseq notes.
@Suite("The task grammar")
struct TaskGrammarTests {
    static func tasks(_ text: String, path: String = "pages/Note.md", kind: FolderKind = .page) -> [VaultTask] {
        TaskScanner.tasks(in: Array(text.utf8), origin: .init(path: path, kind: kind))
    }

    /// `line: marker` for each task.
    static func markers(_ text: String) -> [String] {
        tasks(text).map { "\($0.line):\($0.marker)" }
    }

    @Test(
        "each state character has its state, and any other character is kept as other",
        arguments: [
            (" ", TaskState.open), ("x", .done), ("X", .done), ("/", .inProgress), ("-", .cancelled), (">", .forwarded),
            ("?", .other), ("!", .other), ("D", .other), ("✓", .other), ("#", .other),
        ])
    func states(marker: String, state: TaskState) throws {
        let task = try #require(Self.tasks("- [\(marker)] something\n").first)
        #expect(task.state == state)
        #expect(task.marker == marker)
        #expect(task.text == "something")
    }

    @Test("every bullet and both ordered delimiters make tasks, at any number")
    func markersOfLists() {
        let text = "- [ ] a\n* [ ] b\n+ [ ] c\n1. [ ] d\n1) [ ] e\n909999. [ ] f\n"
        #expect(Self.tasks(text).map(\.listMarker) == ["-", "*", "+", "1.", "1)", "909999."])
    }

    @Test("tasks inside block quotes and callouts count, at any depth of quoting")
    func blockQuotes() {
        #expect(Self.markers("> - [ ] one\n") == ["1: "])
        #expect(Self.markers(">>> - [ ] deep\n") == ["1: "])
        #expect(Self.markers("> > > * [x] spaced\n") == ["1:x"])
        #expect(Self.markers("> [!todo] Callout\n> - [ ] inside\n> - [/] too\n") == ["2: ", "3:/"])
    }

    @Test("a callout line itself is a quote, not a task")
    func calloutIsNotATask() {
        #expect(Self.tasks("> [!note] Tom's point\n> more text\n").isEmpty)
    }

    @Test(
        "lines that only look like tasks are not tasks",
        arguments: [
            "- [ ]x no space after the box\n", "-[ ] no space after the marker\n", "- [] empty box\n",
            "- [  ] two spaces\n", "@ [ ] not a marker\n", "- this looks like a checkbox [f]\n",
            "[ ] no marker at all\n",
            "- `[ ] in code`\n", "Text: `- [ ] inline`.\n",
            "para\n2. [ ] an ordered list may not interrupt a paragraph at 2\n",
            "\u{200B}- [ ] after a zero-width space\n",
        ])
    func lookalikes(text: String) {
        #expect(Self.tasks(text).isEmpty, "\(text)")
    }

    @Test("an empty task at the end of a line is still a task")
    func emptyTask() throws {
        let task = try #require(Self.tasks("- [ ]\n").first)
        #expect(task.text == "" && task.state == .open)
    }

    @Test("fake tasks in fenced, tilde-fenced and indented code are not tasks")
    func code() {
        let text = """
            ```sh
            # - [ ] a shell comment
            - [ ] in a fence
            ```

            ~~~markdown
            - [ ] in a tilde fence
            ~~~

                - [ ] indented code

            - [ ] the only task
            """
        #expect(Self.markers(text + "\n") == ["12: "])
    }

    @Test("a fence inside a list item hides its lines, and the item after it is a task again")
    func fenceInItem() {
        let text = "- [ ] task\n  ```\n  - [ ] code\n  ```\n- [ ] after\n- ```\n  - [ ] code\n- [ ] closes the fence\n"
        #expect(Self.markers(text) == ["1: ", "5: ", "8: "])
    }

    @Test("tasks in HTML comments, Obsidian comments and HTML blocks are not tasks")
    func comments() {
        #expect(Self.markers("<!--\n- [ ] hidden\n-->\n- [ ] shown\n") == ["4: "])
        #expect(Self.markers("%%\n- [ ] hidden\n%%\n- [ ] shown\n") == ["4: "])
        #expect(Self.markers("text <!-- starts here\n- [ ] hidden\n-->\n\n- [ ] shown\n") == ["5: "])
        #expect(Self.markers("<div>\n- [ ] raw HTML\n</div>\n\n- [ ] shown\n") == ["5: "])
        #expect(Self.markers("- [ ] a task with a <!-- comment --> inside\n") == ["1: "])
        #expect(Self.markers("`<!--` in code opens nothing\n- [ ] shown\n") == ["2: "])
    }

    @Test("an unclosed comment hides every task after it")
    func unclosedComment() {
        #expect(Self.markers("- [ ] before\n%% never closed\n\n- [ ] after\n") == ["1: "])
    }

    @Test("frontmatter never holds tasks, and `tasks: false` opts the note out")
    func frontmatter() {
        #expect(Self.markers("---\nlist:\n  - [ ] not a task\n---\n- [ ] a task\n") == ["5: "])
        #expect(Self.tasks("---\ntasks: false\n---\n- [ ] opted out\n").isEmpty)
        #expect(Self.markers("---\ntasks: true\n---\n- [ ] kept\n") == ["4: "])
        #expect(Self.markers("\u{FEFF}---\ntitle: x\n---\n- [ ] after a BOM\n") == ["4: "])
    }

    @Test("CRLF lines and a missing final newline read the same as LF")
    func lineEndings() throws {
        let tasks = Self.tasks("- [ ] one\r\n  - [x] two\r\n- [/] three")
        #expect(tasks.map(\.text) == ["one", "two", "three"])
        #expect(tasks.map(\.marker) == [" ", "x", "/"])
        #expect(tasks[1].parentLine == 1)
    }

    @Test("a task's reference is PATH:LINE@HASH and survives a change of marker")
    func reference() throws {
        let open = try #require(Self.tasks("\n- [ ] Post office\n").first)
        let done = try #require(Self.tasks("\n- [x] Post office\n").first)
        let other = try #require(Self.tasks("\n- [ ] Post office tomorrow\n").first)
        #expect(open.reference.hasPrefix("pages/Note.md:2@"))
        #expect(open.hash.count == 6)
        #expect(open.hash == done.hash)
        #expect(open.hash != other.hash)
        #expect(
            try TaskReference(parsing: open.reference) == TaskReference(path: "pages/Note.md", line: 2, hash: open.hash)
        )
    }

    @Test("a reference keeps its hash when a done date is added, and parses with odd paths")
    func referenceAndDoneDate() throws {
        let before = try #require(Self.tasks("- [ ] Call 📅 2026-12-01 ^abc\n").first)
        let after = try #require(Self.tasks("- [x] Call 📅 2026-12-01 ✅ 2026-11-30 ^abc\n").first)
        #expect(before.hash == after.hash)
        let odd = try TaskReference(parsing: "pages/a:b@c.md:12@00ff0a")
        #expect(odd.path == "pages/a:b@c.md" && odd.line == 12 && odd.hash == "00ff0a")
        for bad in [
            "pages/x.md", "pages/x.md:12", "pages/x.md:0@abcdef", "pages/x.md:12@xyz", ":3@abcdef", "x.md:1@abcdefg",
        ] {
            #expect(throws: TaskError.self, "\(bad)") { try TaskReference(parsing: bad) }
        }
    }

    @Test("a note that is not UTF-8 is read, its tasks marked as not editable")
    func notUTF8() throws {
        var bytes = Array("- [ ] caf".utf8)
        bytes += [0xE9, 0x0A]
        let task = try #require(TaskScanner.tasks(in: bytes, origin: .init(path: "x.md", kind: .page)).first)
        #expect(task.inNonUTF8Note)
        #expect(task.text == "caf\u{FFFD}")
    }
}
