import Testing
@testable import VaultMarkdown

/// What the one scanner reads in a Logseq outline that plain markdown reads otherwise.
@Suite("Logseq outlines")
struct LogseqFactsTests {
    private static func facts(_ text: String, _ dialect: NoteDialect = .logseq) -> NoteFacts {
        NoteFacts(bytes: Array(text.utf8), dialect: dialect)
    }

    private static func links(_ text: String, _ dialect: NoteDialect = .logseq) -> [String] {
        facts(text, dialect).links.map { "\($0.form.rawValue) \($0.target) @\($0.line)" }
    }

    @Test("#tag, #[[two words]], [label]([[Page]]) and the names of tags:: and alias:: are links to pages")
    func pageForms() {
        let text = """
            tags:: Feature, [[Two Words]], #hash
            alias:: Other name
            
            - see #idea and #[[big plan]], [the docs]([[Getting started]]) and [[Namespace/Page]]
            - [many words]([[Page with spaces]])
            """
        #expect(Self.links(text) == [
            "property Feature @1", "wikilink Two Words @1", "tag hash @1", "property Other name @2", "tag idea @4",
            "tag big plan @4", "wikilink Getting started @4", "wikilink Namespace/Page @4", "wikilink Page with spaces @5",
        ])
    }

    @Test("a markdown note reads #tag as a tag, not a link, and ([[Page]]) as a destination")
    func markdownStaysMarkdown() {
        let text = "tags:: Feature\n\n- see #idea and [docs]([[Getting started]])\n"
        #expect(Self.links(text, .markdown).allSatisfy { $0.hasPrefix("markdown") })
        #expect(Self.facts(text, .markdown).tags.contains("idea"))
    }

    @Test("in a Logseq page a markdown path may hold spaces, and a title after it is the title's")
    func spacedPaths() {
        let text = "- ![a](../assets/one year_1.png) and [b](My Note.md \"t\") and [c](Plain.md)\n"
        #expect(Self.links(text) == ["markdown ../assets/one year_1.png @1", "markdown My Note.md @1", "markdown Plain.md @1"])
        #expect(Self.links(text, .markdown) == ["markdown Plain.md @1"])
    }

    @Test("a spaced path may hold balanced parentheses, read the same on a short line and on one past the walks' budget")
    func spacedPathsWithParentheses() {
        let text = "- ![c](../assets/file (1).png) and [d](one year (2) draft.md) and [e](b (t))\n"
        #expect(Self.links(text) == ["markdown ../assets/file (1).png @1", "markdown one year (2) draft.md @1", "markdown b @1"])
        #expect(Self.links(text, .markdown) == ["markdown b @1"])
        // Every `[x](y` before the link walks the rest of the line: lookup tables take over.
        let long = String(repeating: "[x](y ", count: 300) + "![c](../assets/file (1).png)\n"
        #expect(Self.links(long) == ["markdown ../assets/file (1).png @1"])
        #expect(Self.links("- [u](open (paren.md)\n").isEmpty)
        // A quoted title ends the path, whatever parentheses it holds.
        let titled = "- [a](x y.png \"t)\") [b](x y.png \"a (b\") see [c](z w.png \"(\") )\n"
        #expect(Self.links(titled) == ["markdown x y.png @1", "markdown x y.png @1", "markdown z w.png @1"])
        #expect(Self.facts(titled).links.last.map { titled.utf8.count - 1 - $0.range.upperBound } == 2)
    }

    @Test("a ((uuid)) block reference is no link to a file, alone or as a destination")
    func blockReferences() {
        let text = "- see ((63bc6201-53b1-47a4-834f-83934b69ad49)) and [this]( ((63bc6201-53b1-47a4-834f-83934b69ad49)))\n"
        #expect(Self.links(text).isEmpty)
    }

    @Test("in a Logseq outline an indented bullet is never indented code")
    func indentedBullets() {
        let text = "- parent\n\n\t\t\t- deep child [[Deep]] #tagged\n\t\t\t\t\t- deeper TODO not a task\n\n        plain text [[Plain]]\n"
        #expect(Self.links(text) == ["wikilink Deep @3", "tag tagged @3", "wikilink Plain @6"])
        #expect(Self.links(text, .markdown) == [])
        let fenced = "- code\n\t- ```edn\n\t  {:a [[NotALink]]}\n\t  ```\n\t- after [[After]]\n"
        #expect(Self.links(fenced) == ["wikilink After @5"])
    }

    @Test("#+BEGIN_SRC, _EXAMPLE and _QUERY blocks are code; #+BEGIN_NOTE holds text")
    func orgBlocks() {
        let text = """
            - #+BEGIN_SRC clojure
              (page "[[NotALink]]") #nottag
              - TODO not a task
              #+END_SRC
            - #+begin_query
              {:query [[Nor]]}
              #+end_query
            - #+BEGIN_NOTE
              a [[Real]] link
              #+END_NOTE
            - after [[After]]
            """
        #expect(Self.links(text) == ["wikilink Real @9", "wikilink After @11"])
        #expect(Self.facts(text).tasks.isEmpty)
        #expect(Self.links(text, .markdown).count == 4)
    }

    @Test("a block starting with a Logseq word is a task in that state", arguments: [
        ("TODO", TaskState.open), ("LATER", .open), ("WAITING", .open), ("WAIT", .open), ("DOING", .inProgress),
        ("NOW", .inProgress), ("IN-PROGRESS", .inProgress), ("DONE", .done), ("CANCELED", .cancelled), ("CANCELLED", .cancelled),
    ])
    func taskWords(word: String, state: TaskState) throws {
        let text = "- \(word) call the bank #money\n"
        let task = try #require(Self.facts(text).tasks.first)
        #expect(task.state == state)
        #expect(task.description == "call the bank #money")
        #expect(Array(Array(text.utf8)[task.marker]) == Array(word.utf8))
        #expect(Self.facts(text, .markdown).tasks.isEmpty)
    }

    @Test("a word that only starts like a marker, or a marker inside code, is no task")
    func notTasks() {
        let text = "- TODOS are many\n- todo lower case\n- ```\n  - TODO in code\n  ```\n- `TODO` in a span\n- NOW\n"
        let tasks = Self.facts(text).tasks
        #expect(tasks.map(\.line) == [7])
    }

    @Test("a Logseq task's [#A] priority and its SCHEDULED: and DEADLINE: lines are read")
    func fields() throws {
        let text = """
            - LATER [#A] file taxes
              SCHEDULED: <2021-02-02 Tue>
              DEADLINE: <2021-04-15 Thu>
            	- TODO [#C] a child
            - DONE plain
            SCHEDULED: <2021-01-01 Fri>
            """
        let tasks = Self.facts(text).tasks
        #expect(tasks.map(\.priority) == [.high, .low, nil])
        #expect(tasks[0].scheduled == CalendarDay(year: 2021, month: 2, day: 2))
        #expect(tasks[0].due == CalendarDay(year: 2021, month: 4, day: 15))
        #expect(tasks[1].scheduled == nil && tasks[1].due == nil)
        #expect(tasks[2].scheduled == CalendarDay(year: 2021, month: 1, day: 1))
    }

    @Test("nested Logseq tasks and checkbox tasks keep their parents")
    func nesting() {
        let text = "- TODO parent\n\t- DONE child\n\t\t- [ ] box under it\n"
        #expect(Self.facts(text).tasks.map(\.parent) == [-1, 0, 1])
    }
}
