import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Every scanner's work grows in proportion to the note, whatever its shape (issue 13).
///
/// These are not timings: each shape is big enough that a scan whose cost grows with the
/// square of the input (or of the nesting, or of a line) takes minutes to hours, while the
/// linear scan takes well under a second in a release build and a few in a debug build. The
/// limit sits far from both. `make stress-shapes` measures time and memory in earnest.
@Suite("Linear in the input")
struct LinearInputTests {
    /// Runs `work`, expecting it to end within `seconds`.
    private func finishes<T>(within seconds: Double, _ shape: String, _ work: () throws -> T) rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try work()
        let elapsed = clock.now - start
        #expect(elapsed < .seconds(seconds), "\(shape) took \(elapsed)")
        return result
    }

    @Test(
        "a line of unclosed or nested link syntax is scanned in one pass",
        arguments: ["[", "[a ", "[a](b", "[a](<b", "[a](b \"t", "[a](b(c", "![[]()", "[[a ", "[[a]"])
    func linkSyntaxRuns(unit: String) {
        let bytes = NoteShapes.line(unit, size: 1 << 19)
        let links = finishes(within: 20, unit) { LinkScanner.links(in: MarkdownDocument(bytes: bytes)) }
        #expect(links.isEmpty)
    }

    @Test("brackets nested a hundred thousand deep are matched once each")
    func nestedBrackets() throws {
        let depth = 100_000
        let unclosed = Array((String(repeating: "[ ", count: depth) + "x" + String(repeating: " ]", count: depth) + "\n").utf8)
        let none = finishes(within: 20, "nested brackets") { LinkScanner.links(in: MarkdownDocument(bytes: unclosed)) }
        #expect(none.isEmpty)
        // With a destination after each, the innermost is the link, as in cmark; those around
        // it are text.
        let bytes = Array(("[a [b [c](x.md)](y.md)](z.md) [t](b.md)\n").utf8)
        let links = LinkScanner.links(in: MarkdownDocument(bytes: bytes))
        #expect(links.map { bytes.utf8String($0.range) } == ["[c](x.md)", "[t](b.md)"])
        let deep = Array((String(repeating: "[", count: depth) + "x" + String(repeating: "](a.md)", count: depth) + "\n").utf8)
        let innermost = finishes(within: 20, "nested links") { LinkScanner.links(in: MarkdownDocument(bytes: deep)) }
        #expect(innermost.map { deep.utf8String($0.range) } == ["[x](a.md)"])
    }

    @Test("a line of thirty thousand markdown links finds every one")
    func manyMarkdownLinks() {
        let bytes = NoteShapes.line("[t](Target%20%28draft%29.md) ", size: 1 << 20)
        let links = finishes(within: 20, "markdown links") { LinkScanner.links(in: MarkdownDocument(bytes: bytes)) }
        #expect(links.count == (bytes.count - 1) / 29)
        #expect(links.allSatisfy { $0.target == "Target (draft).md" })
    }

    @Test("backtick runs that never close are looked for once per paragraph")
    func backtickRuns() {
        let bytes = NoteShapes.backtickRuns(size: 8 << 20)
        let document = finishes(within: 20, "backtick runs") { MarkdownDocument(bytes: bytes) }
        #expect(document.inlineCodeSpans.isEmpty)
        let tasks = finishes(within: 20, "backtick runs, tasks") {
            TaskScanner.tasks(in: Array("<!-- x -->\n- [ ] t\n".utf8) + bytes + Array("- [ ] u\n".utf8), origin: .init(path: "a.md", kind: .page))
        }
        #expect(tasks.count == 2)
        let task = finishes(within: 20, "backtick runs in a task") {
            TaskScanner.tasks(in: Array("- [ ] ".utf8) + bytes, origin: .init(path: "a.md", kind: .page))
        }
        #expect(task.count == 1)
    }

    @Test("3,000 levels of nested tasks are read with their tree and rollups")
    func nestedTasks() throws {
        let levels = 3000
        let bytes = (0..<levels).flatMap { Array((String(repeating: "  ", count: $0) + "- [ ] t\n").utf8) }
        let tasks = finishes(within: 20, "nested tasks") { TaskScanner.tasks(in: bytes, origin: .init(path: "a.md", kind: .page)) }
        #expect(tasks.count == levels)
        #expect(tasks.last?.depth == levels - 1)
        #expect(tasks.first?.rollup == TaskRollup(done: 0, total: levels - 1))
        let depths = finishes(within: 20, "nested tasks, tree") { TaskTree.displayDepths(tasks, all: tasks) }
        #expect(depths == Array(0..<levels))
        let document = finishes(within: 20, "nested tasks, document") { MarkdownDocument(bytes: bytes) }
        #expect(document.codeBlocks.isEmpty)
    }

    @Test(
        "lines below 20,000 open containers cost what they hold",
        arguments: [("- ", "a\n"), ("- ", "\n"), ("- ", "  \n"), ("> ", "a\n"), (">", "a\n"), ("> - ", "a\n")])
    func deepContainers(opener: String, unit: String) throws {
        let bytes = NoteShapes.deepThen(opener, depth: 20_000, then: unit, size: 1 << 20)
        let tasks = finishes(within: 20, "\(opener) then \(unit.debugDescription)") {
            TaskScanner.tasks(in: bytes, origin: .init(path: "a.md", kind: .page))
        }
        #expect(tasks.count == 1)
        if unit == "a\n" { #expect(try #require(tasks.first).lastLine == SourceMap(bytes).lineCount) }
        let document = finishes(within: 20, "\(opener) then \(unit.debugDescription), document") { MarkdownDocument(bytes: bytes) }
        #expect(document.codeBlocks.isEmpty)
    }

    @Test("a million list markers on one line open as many lists, once each")
    func markersOnOneLine() throws {
        // Not a thematic break (`- - -`): the line ends in a task.
        let bytes = Array((String(repeating: "- ", count: 1 << 20) + "[ ] t\n").utf8)
        let tasks = finishes(within: 20, "markers") { TaskScanner.tasks(in: bytes, origin: .init(path: "a.md", kind: .page)) }
        #expect(tasks.count == 1)
        #expect(try #require(tasks.first).depth == 0)
        let document = finishes(within: 20, "markers, document") { MarkdownDocument(bytes: bytes) }
        #expect(document.codeBlocks.isEmpty)
    }

    @Test("markup that is slow for cmark's inline parser is not handed to it whole", arguments: ["![[]()", "a@", "|a"])
    func cmarkShapes(unit: String) {
        let table = unit == "|a" ? NoteShapes.line("|-", size: 1 << 19) + NoteShapes.line("|b", size: 1 << 19) : []
        let bytes = NoteShapes.line(unit, size: 1 << 19) + table
        _ = finishes(within: 20, unit) { MarkdownDocument(bytes: bytes) }
        let heading = Array("# ".utf8) + bytes
        let document = finishes(within: 20, "a heading of \(unit)") { MarkdownDocument(bytes: heading) }
        #expect(document.headings.count == 1)
    }

    @Test("a heading's text is read from its first bytes only, so a huge heading costs its size")
    func hugeHeading() throws {
        let bytes = Array("# Plain start ".utf8) + NoteShapes.line("word ", size: 1 << 20)
        let document = finishes(within: 20, "huge heading") { MarkdownDocument(bytes: bytes) }
        let text = try #require(document.headings.first?.text)
        #expect(text.hasPrefix("Plain start word word"))
        #expect(text.utf8.count <= HeadingSource.byteBudget)
    }

    @Test("many comments beside many tasks are matched in one pass")
    func commentsAndTasks() {
        var bytes: [UInt8] = []
        for _ in 0..<100_000 { bytes += Array("<!-- c -->\n- [ ] t\n".utf8) }
        let tasks = finishes(within: 20, "comments") { TaskScanner.tasks(in: bytes, origin: .init(path: "a.md", kind: .page)) }
        #expect(tasks.count == 100_000)
    }

    @Test("a tree view of a chain of 50,000 subtasks counts each task's ancestors once")
    func deepTreeView() {
        var tasks: [VaultTask] = []
        for line in 1...50_000 {
            var task = VaultTask.placeholder
            task.path = "a.md"
            task.line = line
            task.parentLine = line > 1 ? line - 1 : nil
            tasks.append(task)
        }
        let shown = tasks.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let depths = finishes(within: 20, "tree view") { TaskTree.displayDepths(shown, all: tasks) }
        #expect(depths == Array(0..<25_000))
    }

    @Test("a line of 10,000 links keeps one copy of the line, and shows each link within its context limit")
    func linkContexts() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Target.md", "# Target\n")
        try folder.write("pages/Many.md", String(decoding: NoteShapes.line("[[Target]] and [[Nowhere]] ", size: 270_000), as: UTF8.self))
        let vault = try Vault(root: folder.path)
        let check = finishes(within: 20, "link contexts") { VaultCheck(vault: vault, scan: try! vault.scan(detail: .summary)) }
        #expect(check.dangling.count == 10_000)
        #expect(check.dangling.allSatisfy { $0.context.utf8.count <= 2 * LinkEdge.contextRadius + 20 && $0.context.contains("[[Nowhere]]") })
        #expect(check.dangling.first?.context.hasPrefix("[[Target]] and [[Nowhere]]") == true)
        #expect(check.dangling.last?.context.hasPrefix("…") == true)
    }

    @Test("renaming a note linked 400,000 times from one note rewrites it in one pass")
    func manyRewrites() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Target.md", "# Target\n")
        try folder.write("pages/Many.md", String(decoding: NoteShapes.line("[[Target]] ", size: 4_400_000), as: UTF8.self))
        let vault = try Vault(root: folder.path)
        let plan = try finishes(within: 90, "many rewrites") { try RenamePlanner(vault: vault).planRename("Target", to: "Renamed") }
        #expect(plan.linkCount == 400_000)
        let many = try #require(plan.edits.first { $0.path == "pages/Many.md" })
        let read = try vault.fileSystem.readFile(vault.absolutePath("pages/Many.md"))
        #expect(many.patch.applied(to: read) == NoteShapes.line("[[Renamed]] ", size: 4_800_000))
    }

    @Test("a note's title is read from a bounded start, whatever its first line holds")
    func titleOfHugeHeading() {
        let bytes = Array("# ".utf8) + NoteShapes.line("![[]()", size: 1 << 20)
        let note = finishes(within: 20, "title") {
            NoteReader.note(path: "a.md", kind: .page, status: FileStatus(kind: .file, size: 0, modifiedNanoseconds: 0), bytes: bytes, detail: .summary)
        }
        #expect(!note.title.isEmpty && note.title != "a")
    }

    @Test("frontmatter that never closes is looked at once and is not frontmatter")
    func unclosedFrontmatter() {
        let bytes = Array("---\n".utf8) + NoteShapes.nested(size: 1 << 20) { _ in "key: value [[Link]]\n" }
        let document = finishes(within: 20, "unclosed frontmatter") { MarkdownDocument(bytes: bytes) }
        #expect(document.frontmatter == nil)
        #expect(LinkScanner.links(in: document).count > 50_000)
    }
}
