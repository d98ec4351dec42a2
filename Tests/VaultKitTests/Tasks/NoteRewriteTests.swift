import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("A note's rewrite as lines")
struct NoteRewriteTests {
    /// The changes as the lines of both texts, split whole and compared one by one.
    private func reference(_ before: [UInt8], _ after: [UInt8], isNew: Bool) -> [NoteRewrite.LineChange] {
        let old = isNew ? [] : NoteRewrite.lines(before)
        let new = NoteRewrite.lines(after)
        return (0..<max(old.count, new.count)).compactMap { index in
            let was = index < old.count ? old[index] : nil
            let now = index < new.count ? new[index] : nil
            return was == now ? nil : NoteRewrite.LineChange(line: index + 1, before: was, after: now)
        }
    }

    @Test("changed lines are found line by line, endings, CRLF and empty texts included", arguments: [
        ("", "a"), ("a", ""), ("a\n", "a"), ("a\nb\n", "a\nc\n"), ("a\r\nb", "a\r\nb\r\n"), ("\n\n", "\n"), ("x", "x\n\ny"),
        ("one\ntwo\nthree", "one\n2\nthree\nfour\n"),
    ])
    func lines(before: String, after: String) {
        for isNew in [false, true] {
            let rewrite = NoteRewrite(
                path: "a.md", before: isNew ? [] : Array(before.utf8), after: Array(after.utf8), isNew: isNew, snapshot: .absent)
            #expect(rewrite.changes == reference(isNew ? [] : Array(before.utf8), Array(after.utf8), isNew: isNew))
        }
    }
}
