import Testing
@testable import VaultKit

@Suite("Unified diffs")
struct UnifiedDiffTests {
    /// Twenty numbered lines, one a line.
    static let lines = (1...20).map { "line \($0)\n" }.joined()

    @Test("one prepended line is exactly one hunk, with three lines of context after it")
    func prependedLine() {
        let diff = String(decoding: UnifiedDiff.hunks(from: Array(Self.lines.utf8), to: Array(("new\n" + Self.lines).utf8)), as: UTF8.self)
        #expect(diff == "@@ -1,3 +1,4 @@\n+new\n line 1\n line 2\n line 3\n")
        #expect(diff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") }.count == 1)
    }

    @Test("changes further apart than twice the context are separate hunks; closer ones share one")
    func grouping() {
        var far = Self.lines.components(separatedBy: "\n")
        far[1] = "two"
        far[17] = "eighteen"
        let farDiff = String(decoding: UnifiedDiff.hunks(from: Array(Self.lines.utf8), to: Array(far.joined(separator: "\n").utf8)), as: UTF8.self)
        #expect(farDiff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") } == ["@@ -1,5 +1,5 @@", "@@ -15,6 +15,6 @@"])
        var near = Self.lines.components(separatedBy: "\n")
        near[1] = "two"
        near[7] = "eight"
        let nearDiff = String(decoding: UnifiedDiff.hunks(from: Array(Self.lines.utf8), to: Array(near.joined(separator: "\n").utf8)), as: UTF8.self)
        #expect(nearDiff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") } == ["@@ -1,11 +1,11 @@"])
    }

    @Test("a last line without a newline is marked, and a CRLF line keeps its carriage return")
    func lineEndings() {
        let diff = String(decoding: UnifiedDiff.hunks(from: Array("a\r\nb".utf8), to: Array("a\r\nc".utf8)), as: UTF8.self)
        #expect(diff == "@@ -1,2 +1,2 @@\n a\r\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
    }

    @Test("equal texts have no hunks, and a new file is all additions from /dev/null")
    func emptyAndNew() {
        #expect(UnifiedDiff.hunks(from: Array(Self.lines.utf8), to: Array(Self.lines.utf8)).isEmpty)
        let created = Change.create("pages/New.md", bytes: Array("# New\n".utf8)).diff
        #expect(
            String(decoding: created, as: UTF8.self)
                == "diff --git a/pages/New.md b/pages/New.md\nnew file mode 100644\n--- /dev/null\n+++ b/pages/New.md\n@@ -0,0 +1 @@\n+# New\n")
    }

    @Test("many scattered changes in a long text still make a diff that turns one into the other")
    func scattered() {
        let old = (0..<5000).map { "row \($0)\n" }
        var new = old
        for index in stride(from: 0, to: 5000, by: 7) { new[index] = "changed \(index)\n" }
        let edits = LineDifference.edits(from: DiffLines(Array(old.joined().utf8)), to: DiffLines(Array(new.joined().utf8)))
        // Applying the edits from the end gives the new text.
        var result = old
        for edit in edits.reversed() { result.replaceSubrange(edit.old, with: new[edit.new]) }
        #expect(result == new)
    }
}
