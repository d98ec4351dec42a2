import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Frontmatter")
struct FrontmatterTests {
    private func parse(_ text: String) -> Frontmatter? {
        Frontmatter.locate(in: Array(text.utf8))
    }

    @Test("scalars, quoted strings and lists are read")
    func subset() throws {
        let frontmatter = try #require(
            parse(
                """
                ---
                title: "A: quoted title"
                single: 'it''s'
                escaped: "Caf\\u00e9 \\"q\\" \\x41\\tb \\q"
                plain: hello world # a comment
                flow: [a, "b, c", 'd']
                block:
                  - one
                  - "two"
                empty:
                ---
                body
                """))
        #expect(frontmatter["title"] == .string("A: quoted title"))
        #expect(frontmatter["single"] == .string("it's"))
        // YAML's escapes in double quotes, one reader with the links in such values; one it
        // does not know is kept as written.
        #expect(frontmatter["escaped"] == .string("Café \"q\" A\tb \\q"))
        #expect(frontmatter["plain"] == .string("hello world"))
        #expect(frontmatter["flow"] == .list(["a", "b, c", "d"]))
        #expect(frontmatter["block"] == .list(["one", "two"]))
        #expect(frontmatter["empty"] == .null)
        #expect(frontmatter.issues.isEmpty)
        #expect(frontmatter.lines == 1...11)
    }

    @Test("a nested map is kept verbatim, not reported as an error")
    func nestedMapVerbatim() throws {
        let frontmatter = try #require(parse("---\ncover:\n  src: x.png\n  width: 3\ntags: a\n---\n"))
        #expect(frontmatter["cover"] == .verbatim("  src: x.png\n  width: 3"))
        #expect(frontmatter["tags"] == .string("a"))
        #expect(frontmatter.issues.isEmpty)
    }

    @Test("a block scalar is kept verbatim")
    func blockScalar() throws {
        let frontmatter = try #require(parse("---\nsummary: |\n  line one\n  line two\n---\n"))
        #expect(frontmatter["summary"] == .verbatim("|\n  line one\n  line two"))
    }

    @Test("a block closed by three dots is frontmatter")
    func dotsClose() throws {
        #expect(try #require(parse("---\ntitle: x\n...\nbody\n"))["title"] == .string("x"))
    }

    @Test("a block that never closes is not frontmatter")
    func unclosed() {
        #expect(parse("---\ntitle: x\nbody\n") == nil)
    }

    @Test("a thematic break later in the note is not frontmatter")
    func notAtStart() {
        #expect(parse("text\n---\ntitle: x\n---\n") == nil)
    }

    @Test("lines that cannot be read are reported with their line numbers")
    func issuesReported() throws {
        let frontmatter = try #require(parse("---\ntitle: ok\njust words\n  stray indent\nq: \"open\n---\n"))
        #expect(frontmatter["title"] == .string("ok"))
        #expect(frontmatter.issues.map(\.line) == [3, 4, 5])
        #expect(frontmatter.issues.map(\.message) == [
            "expected `key: value`", "indented line outside any key", "a quoted value that does not close",
        ])
    }

    @Test("a key given twice is reported")
    func duplicateKey() throws {
        let frontmatter = try #require(parse("---\ntags: a\ntags: b\n---\n"))
        #expect(frontmatter.issues.map(\.message) == ["key `tags` appears twice"])
    }

    @Test("CRLF line endings are read like LF")
    func crlf() throws {
        let frontmatter = try #require(parse("---\r\ntitle: Windows\r\ntags: [a, b]\r\n---\r\nbody\r\n"))
        #expect(frontmatter["title"] == .string("Windows"))
        #expect(frontmatter["tags"] == .list(["a", "b"]))
        #expect(frontmatter.byteRange == 0..<40)
    }

    @Test("a JSON object is read as frontmatter, as Obsidian does")
    func jsonFrontmatter() throws {
        let frontmatter = try #require(parse("---\n{\n  \"tags\": \"journal\",\n  \"publish\": false,\n  \"aliases\": [\"a\"]\n}\n---\n"))
        #expect(frontmatter["tags"] == .string("journal"))
        #expect(frontmatter["publish"] == .string("false"))
        #expect(frontmatter["aliases"] == .list(["a"]))
        #expect(frontmatter.issues.isEmpty)
    }

    @Test("strings split on commas, and tags on spaces too")
    func stringsSplit() throws {
        let frontmatter = try #require(parse("---\naliases: A, B\ntags: \"#x #y, z\"\n---\n"))
        #expect(frontmatter.strings(for: ["aliases"]) == ["A", "B"])
        #expect(frontmatter.strings(for: ["tags"], splitOnSpaces: true) == ["#x", "#y", "z"])
    }

    @Test("a block of 100,000 bad lines keeps the first hundred issues and counts the rest")
    func boundedIssues() throws {
        let frontmatter = try #require(parse("---\n" + String(repeating: "k: v\n", count: 100_001) + "---\n"))
        #expect(frontmatter.issues.count == Frontmatter.issueLimit + 1)
        #expect(frontmatter.issues.first == Frontmatter.Issue(line: 3, message: "key `k` appears twice"))
        #expect(frontmatter.issues.last == Frontmatter.Issue(line: 103, message: "and 99900 more lines that cannot be read"))
    }
}
