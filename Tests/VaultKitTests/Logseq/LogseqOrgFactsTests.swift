import Testing
@testable import VaultMarkdown

/// What the one scanner reads in a Logseq page written in org: headlines are its blocks,
/// `#+BEGIN_…` blocks and `=…=`/`~…~` spans are code, `[[page][label]]` leads to a page.
@Suite("Logseq org pages")
struct LogseqOrgFactsTests {
    private static func facts(_ text: String, _ dialect: NoteDialect = .org) -> NoteFacts {
        NoteFacts(bytes: Array(text.utf8), dialect: dialect)
    }

    private static func links(_ text: String, _ dialect: NoteDialect = .org) -> [String] {
        facts(text, dialect).links.map { "\($0.form.rawValue) \($0.target)\($0.alias.map { " |" + $0 } ?? "") @\($0.line)" }
    }

    @Test("a .org file of a Logseq graph is read as org, every other note as the graph's, and no note of a markdown vault")
    func dialectOfFile() {
        #expect(NoteDialect.logseq.forFile("pages/faq.org") == .org)
        #expect(NoteDialect.logseq.forFile("journals/2020_05_21.ORG") == .org)
        #expect(NoteDialect.logseq.forFile("pages/faq.md") == .logseq)
        #expect(NoteDialect.logseq.forFile("pages/faq.org.md") == .logseq)
        #expect(NoteDialect.markdown.forFile("pages/faq.org") == .markdown)
    }

    @Test("[[page]] and [[page][label]] lead to pages, [[file:…][label]] to a file; URLs, ids, headings and blocks are no vault links")
    func linkForms() {
        let text = """
            * see [[Getting started]] and [[term/alias][Page alias]]
            ** [[https://logseq.com][Logseq]], [[https://example.com]], [[id:60ab7486-1318][x]] and [[mailto:a@b.c][mail]]
            ** [[*A heading]], [[((60ab6f5b-eb43-422b-9e89-0969670af709))][a block]] and [[#custom][here]]
            ** the picture [[file:../assets/bed.png][the bed]], a single [bracket](Note.md) and [[a|b]]
            """
        #expect(Self.links(text) == [
            "wikilink Getting started @1", "wikilink term/alias |Page alias @1", "markdown ../assets/bed.png |the bed @4",
            "wikilink a|b @4",
        ])
    }

    @Test("#tag and #[[two words]] are links to pages, as in a markdown page of the graph")
    func tags() {
        let text = "* sow the #garden beds, see #[[sowing month]]\n** not a tag: page#part, #123\n"
        #expect(Self.links(text) == ["tag garden @1", "tag sowing month @1"])
    }

    @Test("#+BEGIN_SRC and #+BEGIN_EXAMPLE blocks are code, in any case; #+BEGIN_QUOTE holds text")
    func codeBlocks() {
        let text = """
            * before [[Before]]
            #+BEGIN_SRC clojure
            (def x "[[Inside]] #inside")
            ** TODO not a task
            #+END_SRC
              #+begin_example
              [[Example]]
              #+end_example
            #+BEGIN_QUOTE
            [[Quoted]]
            #+END_QUOTE
            * after [[After]]
            """
        #expect(Self.links(text) == ["wikilink Before @1", "wikilink Quoted @10", "wikilink After @12"])
        #expect(Self.facts(text).tasks.isEmpty)
        #expect(NoteStructure(bytes: Array(text.utf8), dialect: .org).codeBlocks.map(\.lines) == [2...5, 6...8])
    }

    @Test("=verbatim=, ~code~ and backtick spans hide links and tags; an = inside a word opens no span")
    func codeSpans() {
        let text = "* ~[[Hidden]]~ and =#hidden= and `[[Ticked]]`, a=b [[Shown]] c=d and (~[[Also hidden]]~).\n"
        #expect(Self.links(text) == ["wikilink Shown @1"])
        #expect(Self.links("* an ~open [[Shown]] span\n") == ["wikilink Shown @1"])
    }

    @Test("a # comment line holds no links; a *bold* line is text, not a headline")
    func commentsAndBold() {
        let text = "* one\n# a comment [[Hidden]]\n#not a comment but a tag\n*bold* [[Shown]]\n"
        #expect(Self.links(text) == ["tag not @3", "wikilink Shown @4"])
        #expect(NoteStructure(bytes: Array(text.utf8), dialect: .org).listItemLines.map(\.line) == [1])
    }

    @Test("a headline starting with a Logseq word is a task in that state, nested under the headline with fewer stars")
    func tasks() throws {
        let text = """
            * TODO buy seeds #garden
            ** DOING sort them
            continued text of the block
            *** LATER label the jars
            ** DONE count them
            * NOW water
            * WAITING the order
            * CANCELED the old plan
            * TODOS is no word, nor todo
            """
        let tasks = Self.facts(text).tasks
        #expect(tasks.map { "\($0.state.rawValue) \($0.line) \($0.parent) \($0.description)" } == [
            "open 1 -1 buy seeds #garden", "in-progress 2 0 sort them", "open 4 1 label the jars", "done 5 0 count them",
            "in-progress 6 -1 water", "open 7 -1 the order", "cancelled 8 -1 the old plan",
        ])
        try #require(tasks.count == 7)
        let bytes = Array(text.utf8)
        #expect(bytes.utf8String(tasks[1].marker) == "DOING")
        #expect(tasks[1].lastLine == 4)
        #expect(tasks[0].tags == ["garden"])
        // The same text as a markdown page of the graph: `*` alone is a bullet, `**` no marker.
        #expect(Self.facts(text, .logseq).tasks.map(\.line) == [1, 6, 7, 8])
        #expect(TaskSyntax.mayHoldTask(Array("** TODO deep\n".utf8), dialect: .org))
        #expect(!TaskSyntax.mayHoldTask(Array("** TODO deep\n".utf8), dialect: .logseq))
    }

    @Test("#+TITLE: and #+alias: name the page; alias names are links to it, as alias:: ones are")
    func header() {
        let text = "#+TITLE: Changelog 2020\n#+alias: Changes, [[Old changes]]\n\n* first block [[Page]]\n"
        let facts = Self.facts(text)
        #expect(facts.title == "Changelog 2020")
        #expect(facts.aliases == ["Changes", "Old changes"])
        #expect(Self.links(text) == ["property Changes @2", "wikilink Old changes @2", "wikilink Page @4"])
        #expect(Self.facts("#+BEGIN_SRC\n[[x]]\n#+END_SRC\n").title == nil)
    }
}
