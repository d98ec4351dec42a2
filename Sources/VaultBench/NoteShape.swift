/// Notes of the shapes that make a careless markdown scanner slow or greedy (issue 13): one
/// huge line, many links on a line, deep nesting, long runs of markup, constructs that never
/// close. `vault-bench shapes` times `vault` on each, at a few sizes.
///
/// Each links to `Target` where it can, so `backlinks` and `rename` have work to do.
struct NoteShape: Sendable {
    let name: String
    let summary: String
    private let make: @Sendable (Int) -> [UInt8]

    /// The note, about `size` bytes.
    func bytes(size: Int) -> [UInt8] { make(size) }

    static let all: [NoteShape] = [
        NoteShape(name: "prose", summary: "ordinary lines: words, links, tags, tasks, headings") { size in
            repeated(
                "## Section\n\nSome words about [[Target]] and a [link](Target.md) #tag, then more words.\n"
                    + "- [ ] a task due:2026-12-01\n  - [x] a subtask\n> a quote with `code`\n\n", size)
        },
        NoteShape(name: "one-line", summary: "one line of words, no line break") { repeated("word after word ", $0, newline: false) },
        NoteShape(name: "wikilinks", summary: "one line of [[Target]]") { repeated("[[Target]] ", $0) },
        NoteShape(name: "dangling", summary: "one line of links that resolve to nothing") { repeated("[[Nowhere]] ", $0) },
        NoteShape(name: "md-links", summary: "one line of [t](Target.md) markdown links") { repeated("[t](Target.md) ", $0) },
        NoteShape(name: "nested-tasks", summary: "tasks nested as deep as the size allows") { size in
            var result: [UInt8] = []
            var depth = 0
            while result.count < size {
                result += [UInt8](repeating: 0x20, count: 2 * depth) + Array("- [ ] t [[Target]]\n".utf8)
                depth += 1
            }
            return result
        },
        NoteShape(name: "markers-line", summary: "one line of list markers: - - - … - [ ] x") { size in
            repeated("- ", size, newline: false) + Array("[ ] x\n".utf8)
        },
        NoteShape(name: "deep-lazy", summary: "5,000 open items, then short lazy lines") { deep("- ", then: "a\n", $0) },
        NoteShape(name: "deep-blank", summary: "5,000 open items, then blank lines") { deep("- ", then: "\n", $0) },
        NoteShape(name: "deep-quotes", summary: "5,000 nested quotes, then short lazy lines") { deep(">", then: "a\n", $0) },
        NoteShape(name: "quote-lines", summary: "lines of 50 quote marks and a link") {
            repeated(String(repeating: ">", count: 50) + " [[Target]] #tag\n", $0, newline: false)
        },
        NoteShape(name: "brackets", summary: "one line of [") { repeated("[", $0) },
        NoteShape(name: "nested-brackets", summary: "[ [ [ … x … ] ] ] on one line") { size in
            Array((String(repeating: "[ ", count: size / 4) + "x" + String(repeating: " ]", count: size / 4) + "\n").utf8)
        },
        NoteShape(name: "unclosed-links", summary: "one line of [a](b, never closed") { repeated("[a](b", $0) },
        NoteShape(name: "unclosed-angle", summary: "one line of [a](<b, never closed") { repeated("[a](<b", $0) },
        NoteShape(name: "unclosed-title", summary: "one line of [a](b \"t, never closed") { repeated("[a](b \"t", $0) },
        NoteShape(name: "backticks", summary: "backtick runs of growing length, none closed") { size in
            var result: [UInt8] = []
            var length = 1
            while result.count < size {
                result += [UInt8](repeating: UInt8(ascii: "`"), count: length) + [UInt8(ascii: "a")]
                length += 1
            }
            return result + [0x0A]
        },
        NoteShape(name: "emphasis", summary: "one line of *a **a _a __a") { repeated("*a **a _a __a ", $0) },
        NoteShape(name: "angles", summary: "one line of <a") { repeated("<a ", $0) },
        NoteShape(name: "image-brackets", summary: "one line of ![[]() (slow for cmark)") { repeated("![[]()", $0) },
        NoteShape(name: "wide-table", summary: "a table a quarter of the size wide") { size in
            repeated("|a", size / 3) + repeated("|-", size / 3) + repeated("|b", size / 3)
        },
        NoteShape(name: "table-rows", summary: "a two-column table of short rows") { repeated("|x|y|\n", $0, header: "|a|b|\n|-|-|\n") },
        NoteShape(name: "open-frontmatter", summary: "--- and key lines, never closed") { repeated("key: [[Target]]\n", $0, header: "---\n") },
        NoteShape(name: "frontmatter", summary: "a closed frontmatter block of the whole size") { size in
            repeated("key\(size % 7): \"[[Target]]\"\n", size, header: "---\n") + Array("---\nbody\n".utf8)
        },
        NoteShape(name: "tags", summary: "one line of #tag") { repeated("#tag ", $0) },
        NoteShape(name: "comments", summary: "comments beside tasks and links") { repeated("<!-- c --> [[Target]]\n- [ ] t\n", $0, newline: false) },
        NoteShape(name: "huge-heading", summary: "one heading line of ![[]()") { repeated("![[]()", $0, header: "# ") },
        NoteShape(name: "short-lines", summary: "lines of one letter") { repeated("a\n", $0, newline: false) },
        NoteShape(name: "emails", summary: "one line of a@ (slow for cmark's autolinks)") { repeated("a@", $0) },
    ]

    /// `unit` repeated to about `size` bytes after `header`, then a line break.
    private static func repeated(_ unit: String, _ size: Int, header: String = "", newline: Bool = true) -> [UInt8] {
        let bytes = Array(unit.utf8)
        var result = Array(header.utf8)
        result.reserveCapacity(size + bytes.count + 1)
        while result.count < size { result += bytes }
        if newline { result.append(0x0A) }
        return result
    }

    /// A first line that opens 5,000 containers (and a task in the last), then `unit` to
    /// `size` bytes.
    private static func deep(_ opener: String, then unit: String, _ size: Int) -> [UInt8] {
        repeated(unit, size, header: String(repeating: opener, count: 5000) + " - [ ] deep [[Target]]\n", newline: false)
    }

    init(name: String, summary: String, make: @escaping @Sendable (Int) -> [UInt8]) {
        self.name = name
        self.summary = summary
        self.make = make
    }
}
