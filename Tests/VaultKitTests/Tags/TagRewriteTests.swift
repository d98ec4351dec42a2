import Testing
@testable import VaultKit
@testable import VaultMarkdown

/// The bytes of one note with a tag renamed in every place the library reads tags.
@Suite("Renaming a tag in a note")
struct TagRewriteTests {
    private func renamed(_ text: String, _ old: String = "old", _ new: String = "new", dialect: NoteDialect = .markdown) throws -> String {
        let rename = try TagRename(old, to: new, pageNames: dialect.isLogseq)
        return String(decoding: TagRewrite(Array(text.utf8), rename, dialect: dialect).bytes, as: UTF8.self)
    }

    @Test("an inline tag is renamed in any case, and the new spelling is written as given")
    func inline() throws {
        #expect(try renamed("a #old b #OLD c\n", "Old", "NewName") == "a #NewName b #NewName c\n")
    }

    @Test("a nested tag keeps its child, and a tag that only starts like the old one is another tag")
    func nested() throws {
        #expect(try renamed("#old/child #old/a/b #older #old-x\n") == "#new/child #new/a/b #older #old-x\n")
        #expect(try renamed("#a/old #old\n") == "#a/old #new\n")
    }

    @Test("a nested tag can be renamed by its full name, leaving its parent as it is")
    func nestedByName() throws {
        #expect(try renamed("#old #old/child #old/child/x\n", "old/child", "kid") == "#old #kid #kid/x\n")
    }

    @Test("code, code spans, comments, links and URL fragments keep their #words")
    func codeUntouched() throws {
        let text = """
            `#old` and #old
            ```
            #old
            ```

                #old indented

            <!-- #old -->
            %% #old %%
            [see](https://example.com/#old) page#old

            """
        let expected = text.replacingOccurrences(of: "` and #old", with: "` and #new")
        #expect(try renamed(text) == expected)
    }

    @Test("a block list in frontmatter is renamed item by item, with or without # and quotes")
    func blockList() throws {
        let text = "---\ntitle: T\ntags:\n  - old\n  - \"#old/x\"\n  - 'Old'\n  - other\n---\nbody\n"
        #expect(try renamed(text, "old", "fresh") == "---\ntitle: T\ntags:\n  - fresh\n  - \"#fresh/x\"\n  - other\n---\nbody\n")
    }

    @Test("a quoted item or value followed by a comment is renamed, quotes and comment kept")
    func quotedBeforeComment() throws {
        #expect(try renamed("---\ntags:\n  - \"old\" # why\n---\n") == "---\ntags:\n  - \"new\" # why\n---\n")
        #expect(try renamed("---\ntags:\n  - \"#old\" # why\n---\n") == "---\ntags:\n  - \"#new\" # why\n---\n")
        #expect(try renamed("---\ntags:\n  - 'old' # it''s\n---\n") == "---\ntags:\n  - 'new' # it''s\n---\n")
        #expect(try renamed("---\ntags: \"x old\" # c\n---\n") == "---\ntags: \"x new\" # c\n---\n")
        #expect(try renamed("---\ntags:\n  - \"a \\\" b\" # c\n  - old\n---\n") == "---\ntags:\n  - \"a \\\" b\" # c\n  - new\n---\n")
    }

    @Test("a flow list keeps its quoting and separators")
    func flowList() throws {
        #expect(try renamed("---\ntags: [old, \"old/a\", 'b', \"#old\"]\n---\n") == "---\ntags: [new, \"new/a\", 'b']\n---\n")
    }

    @Test("a comma or space separated string is renamed in place")
    func string() throws {
        #expect(try renamed("---\ntags: a, old b #comment old\n---\n") == "---\ntags: a, new b #comment old\n---\n")
        #expect(try renamed("---\ntags: \"x old, y\"\n---\n") == "---\ntags: \"x new, y\"\n---\n")
        #expect(try renamed("---\ntag: old\n---\n") == "---\ntag: new\n---\n")
    }

    @Test("a merge keeps one of the new tag in frontmatter, and every inline one")
    func merge() throws {
        #expect(try renamed("---\ntags: [new, old]\n---\n#old #new\n") == "---\ntags: [new]\n---\n#new #new\n")
        #expect(try renamed("---\ntags: [old, New]\n---\n") == "---\ntags: [new]\n---\n")
        #expect(try renamed("---\ntags:\n  - new\n  - old\n  - z\n---\n") == "---\ntags:\n  - new\n  - z\n---\n")
        #expect(try renamed("---\ntags: new old z\n---\n") == "---\ntags: new z\n---\n")
    }

    @Test("a note with CRLF line endings and a byte order mark keeps both")
    func crlfAndBOM() throws {
        let text = "\u{FEFF}---\r\ntags:\r\n  - old\r\n  - new\r\n---\r\nline #old\r\n"
        #expect(try renamed(text) == "\u{FEFF}---\r\ntags:\r\n  - new\r\n---\r\nline #new\r\n")
    }

    @Test("a Logseq page's tags:: property is renamed in its own forms")
    func logseqProperty() throws {
        let text = "tags:: old, [[old/sub]], #Old, other\n\n- a block #old\n"
        #expect(try renamed(text, dialect: .logseq) == "tags:: new, [[new/sub]], other\n\n- a block #new\n")
        // Logseq's `#[[old]]` is the same tag, and keeps its brackets; `#[[two words]]` is one tag.
        let bracketed = "- #old and #[[old]] and #[[old/sub]] and #[[older]] and #[[two words]]\n"
        #expect(try renamed(bracketed, dialect: .logseq) == "- #new and #[[new]] and #[[new/sub]] and #[[older]] and #[[two words]]\n")
        let structure = NoteStructure(bytes: Array(bracketed.utf8), extent: .whole, dialect: .logseq)
        #expect(TagScanner.inlineTags(in: structure) == ["old", "old", "old/sub", "older", "two words"])
        // Elsewhere `#[[x]]` is no tag: it is a link after a `#`.
        #expect(TagScanner.inlineTags(in: NoteStructure(bytes: Array(bracketed.utf8))) == ["old"])
    }

    @Test("in a Logseq graph a tag of words is renamed, and a name of words takes brackets wherever a # needs them")
    func logseqWords() throws {
        let text = "tags:: two words, [[two words/sub]], #proj\n\n- #[[two words]] and #[[Two Words/sub]] and #[[two]] and [[two words]]\n"
        #expect(try renamed(text, "two words", "three words", dialect: .logseq)
            == "tags:: three words, [[three words/sub]], #proj\n\n- #[[three words]] and #[[three words/sub]] and #[[two]] and [[two words]]\n")
        #expect(try renamed(text, "[[two words]]", "proj", dialect: .logseq)
            == "tags:: proj, [[proj/sub]]\n\n- #[[proj]] and #[[proj/sub]] and #[[two]] and [[two words]]\n")
        #expect(try renamed("tags:: #proj, other\n\n- #proj and #proj/sub\n", "proj", "my project", dialect: .logseq)
            == "tags:: #[[my project]], other\n\n- #[[my project]] and #[[my project/sub]]\n")
        // In frontmatter a list takes the words as they are; a string of names split at spaces cannot.
        #expect(try renamed("---\ntags: [proj, x]\n---\n- #proj\n", "proj", "my project", dialect: .logseq)
            == "---\ntags: [my project, x]\n---\n- #[[my project]]\n")
        let spaced = TagRewrite(Array("---\ntags: proj x\n---\n- #proj\n".utf8), try TagRename("proj", to: "my project", pageNames: true), dialect: .logseq)
        #expect(String(decoding: spaced.bytes, as: UTF8.self) == "---\ntags: proj x\n---\n- #[[my project]]\n")
        #expect(spaced.leftAlone?.contains("split at spaces") == true)
        for bad in ["a [b]", " lead", "line\nbreak", "a]]b"] {
            #expect(throws: VaultError.self, "\(bad)") { try TagRename("old", to: bad, pageNames: true) }
        }
    }

    @Test("frontmatter written as JSON is left alone and said so")
    func jsonFrontmatter() throws {
        let rewrite = TagRewrite(Array("---\n{\"tags\": [\"old\"]}\n---\n#old\n".utf8), try TagRename("old", to: "new"))
        #expect(String(decoding: rewrite.bytes, as: UTF8.self) == "---\n{\"tags\": [\"old\"]}\n---\n#new\n")
        #expect(rewrite.leftAlone != nil)
    }

    @Test("each change says its line and place")
    func changes() throws {
        let rewrite = TagRewrite(Array("---\ntags: [old]\n---\n\nx #old/y\n".utf8), try TagRename("old", to: "new"))
        #expect(rewrite.changes == [
            TagChange(line: 2, place: "frontmatter", before: "old", after: "new"),
            TagChange(line: 5, place: "inline", before: "#old/y", after: "#new/y"),
        ])
    }

    @Test("a name the tag grammar does not read as one tag is refused; a leading # is dropped")
    func invalidNames() throws {
        for bad in ["", "#", "a b", "123", "x/", "a.b"] {
            #expect(throws: VaultError.self, "\(bad)") { try TagRename("old", to: bad) }
        }
        #expect(throws: VaultError.self) { try TagRename("old", to: "#old") }
        let rename = try TagRename("#old", to: "#new")
        #expect(rename.old == "old" && rename.new == "new")
        let error = #expect(throws: VaultError.self) { try TagRename("old", to: "a b") }
        #expect(error?.exitCode == 2)
        #expect(try TagRename("[[old]]", to: "#[[new]]").new == "new")
    }
}
