import Testing
@testable import VaultKit

/// The paths a walk found, as a save asks of them: by their bytes, in one pass or one at a time.
@Suite("The paths a walk found")
struct WalkedPathsTests {
    /// Paths in the order of their bytes: a space and a slash sort before letters, and two
    /// spellings of one name (composed, decomposed) are two files.
    static let walked = ["a b/c.md", "a/b.md", "a/b/c.md", "caf\u{E9}.md", "cafe\u{301}.md", "z.md"].sorted(by: CacheFileFormat.precedes)

    @Test("a path is found only as its bytes were walked, composed and decomposed names apart")
    func byBytes() {
        let paths = WalkedPaths(ordered: Self.walked)
        for path in Self.walked { #expect(paths.contains(path)) }
        #expect(!paths.contains("a.md") && !paths.contains("a/b") && !paths.contains("") && !paths.contains("zz.md"))
        let onlyComposed = WalkedPaths(ordered: ["caf\u{E9}.md"])
        #expect(onlyComposed.contains("caf\u{E9}.md") && !onlyComposed.contains("cafe\u{301}.md"))
        #expect(!WalkedPaths(ordered: []).contains("a.md"))
    }

    @Test("paths asked in their order with a cursor are answered as one at a time, gone ones between")
    func cursor() {
        let paths = WalkedPaths(ordered: Self.walked)
        let asked = (Self.walked + ["a.md", "b.md", "a b/c", "zz.md", "0.md"]).sorted(by: CacheFileFormat.precedes)
        var cursor = 0
        let answers = asked.map { paths.contains($0, after: &cursor) }
        #expect(answers == asked.map { paths.contains($0) })
        #expect(answers.filter { $0 }.count == Self.walked.count)
    }
}
