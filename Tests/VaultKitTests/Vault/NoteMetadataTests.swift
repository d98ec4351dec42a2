import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Note metadata")
struct NoteMetadataTests {
    private func note(_ text: String, path: String = "pages/Sample.md") -> Note {
        NoteReader.note(
            path: path, kind: VaultLayout.standard.kind(of: path),
            status: FileStatus(kind: .file, size: Int64(text.utf8.count), modifiedNanoseconds: 0), bytes: Array(text.utf8))
    }

    @Test("the title comes from frontmatter, then the leading # heading, then the file name")
    func titleOrder() {
        #expect(note("---\ntitle: From YAML\n---\n# Heading\n").title == "From YAML")
        #expect(note("# Heading\n\ntext\n").title == "Heading")
        #expect(note("---\ntags: x\n---\n\n# After frontmatter\n").title == "After frontmatter")
        #expect(note("text only\n").title == "Sample")
        #expect(note("## Second level\n").title == "Sample")
    }

    @Test("a heading further down names a section, not the note")
    func laterHeadingIsNotTitle() {
        #expect(note("Intro paragraph.\n\n# Section\n").title == "Sample")
        #expect(note("- # In a list item\n").title == "Sample")
        #expect(note("```\n# in code\n```\n").title == "Sample")
    }

    @Test("Logseq page properties give title, aliases and tags")
    func logseqProperties() {
        let page = note("title:: Community/Sprint\nalias:: Sprint, [[The Sprint]]\ntags:: [[events]], #docs\n\n- text\n")
        #expect(page.title == "Community/Sprint")
        #expect(page.aliases == ["Sprint", "The Sprint"])
        #expect(page.tags == ["events", "docs"])
    }

    @Test("aliases come from a list or a comma-separated string")
    func aliases() {
        #expect(note("---\naliases: [A, B]\n---\n").aliases == ["A", "B"])
        #expect(note("---\naliases:\n  - A\n  - \"B c\"\n---\n").aliases == ["A", "B c"])
        #expect(note("---\nalias: One, Two\n---\n").aliases == ["One", "Two"])
    }

    @Test("frontmatter tags and inline tags are merged, each once, # dropped")
    func tagsMerged() {
        let tagged = note("---\ntags: [project, '#swift']\n---\n# T\n\nText #Project and #new/idea here.\n")
        #expect(tagged.tags == ["project", "swift", "new/idea"])
    }

    @Test("a heading marker is not a tag")
    func headingMarker() {
        #expect(note("# Title\n## Sub\n#real\n").tags == ["real"])
    }

    @Test("a URL fragment or a link's heading is not a tag")
    func urlFragment() {
        #expect(note("See https://example.com/page#section and [[Note#Heading]] and [x](#anchor).\n").tags.isEmpty)
    }

    @Test("a pure number is not a tag, a number with letters is")
    func pureNumber() {
        #expect(note("Issue #123 and #2026-goals and #y1984.\n").tags == ["2026-goals", "y1984"])
    }

    @Test("tags in inline code, fenced code, indented code and comments do not count")
    func codeAndComments() {
        let text = """
            Real #one and `#inline` code.

            ```
            #fenced
            ```

            ~~~
            #tilde
            ~~~

                #indented

            <!-- #hidden -->
            %% #obsidian-comment %%
            Done #two
            """
        #expect(note(text).tags == ["one", "two"])
    }

    @Test("tags take unicode letters, digits and _ - /")
    func unicodeTags() {
        #expect(note("#café #日本 #a_b-c/d, #Κιότο.\n").tags == ["café", "日本", "a_b-c/d", "Κιότο"])
    }

    @Test("tags compare case-insensitively and keep the first spelling")
    func caseInsensitive() {
        #expect(note("#Idea then #idea then #IDEA\n").tags == ["Idea"])
    }

    @Test("a journal's date comes from either name form")
    func journalDate() {
        #expect(note("x", path: "journals/2026-11-30.md").journalDate == "2026-11-30")
        #expect(note("x", path: "journals/2026_11_16.md").journalDate == "2026-11-16")
        #expect(note("x", path: "journals/Notes.md").journalDate == nil)
        #expect(note("x", path: "journals/2026-13-01.md").journalDate == nil)
        #expect(note("x", path: "pages/2026-11-30.md").journalDate == nil)
        for stem in ["2026-11_30", "2026-1-300", "2026-11-3x", "2026-00-10", "2026-11-32", "202é-11-30", "2026-11-30 ", "26-11-30"] {
            #expect(NoteReader.journalDate(fromStem: stem) == nil, "\(stem)")
        }
        #expect(NoteReader.journalDate(fromStem: "1999_01_31") == "1999-01-31")
    }

    @Test("a note that is not UTF-8 keeps its file name as title and is flagged")
    func notUTF8() {
        let bad = NoteReader.note(
            path: "pages/Latin1.md", kind: .page, status: FileStatus(kind: .file, size: 4, modifiedNanoseconds: 0),
            bytes: [0x23, 0x20, 0xE9, 0x0A])
        #expect(!bad.isUTF8)
        #expect(bad.title == "Latin1")
    }

    @Test("values outside the YAML subset are listed as kept verbatim")
    func verbatimKeys() {
        #expect(note("---\ncover:\n  src: x\ntitle: T\n---\n").verbatimKeys == ["cover"])
    }
}
