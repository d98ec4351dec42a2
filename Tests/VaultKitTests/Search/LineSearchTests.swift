import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Searching lines")
struct LineSearchTests {
    /// A small vault with the traps a line search meets.
    static func makeVault() throws -> (TemporaryFolder, Vault) {
        let folder = TemporaryFolder()
        try folder.write(
            "pages/Plan.md",
            "---\ntitle: Project plan\ntags: [budget]\n---\n# Project plan\n\nThe budget is due.\n"
                + "```swift\nlet budget = 12\n```\nBudget BUDGET budget\n")
        try folder.write("pages/Café.md", "# Café Olé\n\nCoffee at the Cafe\u{301} on Monday.\nZürich trip résumé\n")
        try folder.write("pages/Windows.md", bytes: Array("\u{FEFF}budget first\r\nsecond line\r\nthird budget\r\n".utf8))
        try folder.write("pages/Latin1.md", bytes: Array("caf".utf8) + [0xE9] + Array(" budget here\nplain\n".utf8))
        try folder.write("archive/Old.md", "old budget\n")
        try folder.write("trash/Gone.md", "gone budget\n")
        return (folder, try Vault(root: folder.path))
    }

    private func run(
        _ query: String, _ mode: LineSearch.Mode = .fuzzy, context: Int = 0, limit: Int? = nil, trash: Bool = false
    ) throws -> SearchReport {
        let (folder, vault) = try Self.makeVault()
        defer { withExtendedLifetime(folder) {} }
        var search = try LineSearch(query, mode: mode)
        search.context = context
        let notes = LineSearch.searchable(try vault.scan(detail: .paths).notes, includeTrash: trash, includeArchive: true)
        return search.run(vault: vault, notes: notes, limit: limit)
    }

    private func places(_ report: SearchReport) -> [String] {
        report.matches.map { "\($0.path):\($0.line)" }
    }

    @Test("exact search finds every line holding every term, with true line numbers, frontmatter and code included")
    func exactLines() throws {
        let report = try run("budget", .exact)
        #expect(places(report) == [
            "archive/Old.md:1", "pages/Latin1.md:1", "pages/Plan.md:3", "pages/Plan.md:7", "pages/Plan.md:9",
            "pages/Plan.md:11", "pages/Windows.md:1", "pages/Windows.md:3",
        ])
        let all = try #require(report.matches.first { $0.path == "pages/Plan.md" && $0.line == 11 })
        #expect(all.ranges == [0..<6, 7..<13, 14..<20])
    }

    @Test("smart case: an upper-case letter makes a term match case")
    func smartCase() throws {
        #expect(places(try run("Budget", .exact)) == ["pages/Plan.md:11"])
        #expect(places(try run("BUDGET", .exact)) == ["pages/Plan.md:11"])
    }

    @Test("accents fold in the text and in the query, composed or decomposed")
    func accents() throws {
        // A Latin-1 é is not UTF-8: it stays a byte of its own and does not fold.
        #expect(places(try run("cafe", .exact)) == ["pages/Café.md:1", "pages/Café.md:3"])
        #expect(places(try run("zurich resume", .exact)) == ["pages/Café.md:4"])
        let decomposed = try #require(try run("cafe monday", .exact).matches.first)
        #expect(decomposed.text == "Coffee at the Cafe\u{301} on Monday.")
        #expect(decomposed.ranges.first == 14..<20)
    }

    @Test("the line ending and a byte-order mark are not part of the text")
    func lineEndings() throws {
        let report = try run("budget", .exact)
        let windows = report.matches.filter { $0.path == "pages/Windows.md" }
        #expect(windows.map(\.text) == ["budget first", "third budget"])
        #expect(windows.first?.ranges == [0..<6])
    }

    @Test("a note that is not UTF-8 is searched as bytes and reported")
    func invalidUTF8() throws {
        let report = try run("budget", .exact)
        let latin = try #require(report.matches.first { $0.path == "pages/Latin1.md" })
        #expect(latin.text == "caf\u{FFFD} budget here")
        #expect(latin.ranges == [7..<13])
        #expect(report.warnings.map(\.path) == ["pages/Latin1.md"])
    }

    @Test("fuzzy search ranks the best line first")
    func fuzzyRanking() throws {
        let report = try run("projplan")
        #expect(report.matches.first.map { "\($0.path):\($0.line)" } == "pages/Plan.md:5")
        #expect(report.matches.allSatisfy { $0.score > 0 })
        #expect(report.matches.map(\.score) == report.matches.map(\.score).sorted(by: >))
    }

    @Test("regular expressions match per line, ^ and $ at each line, with smart case")
    func regex() throws {
        #expect(places(try run("^bud", .regex)) == ["pages/Plan.md:11", "pages/Windows.md:1"])
        #expect(places(try run("budget$", .regex)) == ["archive/Old.md:1", "pages/Plan.md:11", "pages/Windows.md:3"])
        #expect(places(try run("B[A-Z]+", .regex)) == ["pages/Plan.md:11"])
        // A match never runs from one line into the next.
        #expect(places(try run("first\\s+second", .regex)).isEmpty)
        let ranges = try #require(try run("b.dget", .regex).matches.first { $0.line == 11 }).ranges
        #expect(ranges == [0..<6, 7..<13, 14..<20])
    }

    @Test("an invalid regular expression says where it breaks")
    func invalidRegex() {
        #expect(throws: SearchQueryError.self) { try LineSearch("fo(o", mode: .regex) }
        do {
            _ = try LineSearch("fo(o", mode: .regex)
        } catch {
            guard case .invalidRegex(_, _, let offset) = error else { Issue.record("wrong error \(error)"); return }
            #expect(offset == 4)
            #expect(error.description.hasSuffix("fo(o\n      ^"))
        }
    }

    @Test("an empty query or one of only exclusions is refused")
    func refusedQueries() {
        #expect(throws: SearchQueryError.empty) { try LineSearch("  ", mode: .fuzzy) }
        #expect(throws: SearchQueryError.empty) { try LineSearch("", mode: .regex) }
        #expect(throws: SearchQueryError.onlyExclusions(query: "!draft")) { try LineSearch("!draft", mode: .exact) }
    }

    @Test("the trash is searched only when asked; the archive unless asked not to")
    func folders() throws {
        #expect(!places(try run("budget", .exact)).contains("trash/Gone.md:1"))
        #expect(places(try run("budget", .exact, trash: true)).contains("trash/Gone.md:1"))
        let status = FileStatus(kind: .file, size: 0, modifiedNanoseconds: 0)
        let notes = [NoteReader.skeleton(path: "archive/x.md", kind: .archive, status: status, availability: .available)]
        #expect(LineSearch.searchable(notes, includeTrash: false, includeArchive: false).isEmpty)
    }

    @Test("context lines come from around the match")
    func contextLines() throws {
        let match = try #require(try run("due", .exact, context: 1).matches.first)
        #expect(match.line == 7)
        #expect(match.before == [ContextLine(line: 6, text: "")])
        #expect(match.after == [ContextLine(line: 8, text: "```swift")])
        let first = try #require(try run("budget first", .exact, context: 2).matches.first)
        #expect(first.before.isEmpty)
        #expect(first.after.map(\.text) == ["second line", "third budget"])
    }

    @Test("a note that cannot be read is reported and the search goes on")
    func unreadable() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/A.md", "budget\n")
        try folder.write("pages/B.md", "budget\n")
        let files = FaultyFileSystem()
        let vault = try Vault(root: folder.path, fileSystem: files)
        let notes = try vault.scan(detail: .paths).notes
        files.fail(.readFile, with: EIO)
        let report = try LineSearch("budget", mode: .exact).run(vault: vault, notes: notes)
        #expect(report.matches.isEmpty)
        #expect(report.warnings.map(\.path) == ["pages/A.md", "pages/B.md"])
        #expect(report.warnings.allSatisfy { $0.message.hasPrefix("not searched: ") })
    }

    @Test("the limit keeps the first matches")
    func limit() throws {
        #expect(places(try run("budget", .exact, limit: 2)) == ["archive/Old.md:1", "pages/Latin1.md:1"])
    }
}
