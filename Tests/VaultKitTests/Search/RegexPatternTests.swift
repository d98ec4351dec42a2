import Foundation
import Testing
@testable import VaultKit
@testable import VaultSystem

@Suite("Regular expressions on PCRE2")
struct RegexPatternTests {
    /// The matches of `pattern` in `text`, as "line: [ranges]" strings.
    private func found(_ pattern: String, in text: String, context: Int = 0) throws -> [LineMatch] {
        try found(pattern, in: Array(text.utf8), context: context).matches
    }

    private func found(_ pattern: String, in bytes: [UInt8], context: Int = 0) throws -> (matches: [LineMatch], lossy: Bool) {
        let regex = try RegexPattern(pattern)
        let (matches, lossy) = try bytes.withUnsafeBufferPointer { buffer throws(RegexMatchError) in
            try regex.search(buffer, path: "pages/Note.md", context: context, with: RegexMatchData())
        }
        return (matches, lossy)
    }

    private func lines(_ matches: [LineMatch]) -> [Int] { matches.map(\.line) }

    @Test("smart case: a pattern of lower-case letters ignores case, one upper-case letter makes it match case")
    func smartCase() throws {
        let text = "Budget\nbudget\nBUDGET\n"
        #expect(lines(try found("budget", in: text)) == [1, 2, 3])
        #expect(lines(try found("Budget", in: text)) == [1])
        // An escape such as \S or \W is no upper-case letter.
        #expect(lines(try found("b\\S+t", in: text)) == [1, 2, 3])
        // Letters beyond ASCII fold too.
        #expect(lines(try found("ÉTÉ", in: "été\nÉTÉ\n")) == [2])
        #expect(lines(try found("été", in: "été\nÉTÉ\n")) == [1, 2])
    }

    @Test("text written decomposed is found by a composed pattern, and composed text by a decomposed one")
    func decomposedText() throws {
        let decomposed = "plain line\nbre\u{301}sil here\nBre\u{301}sil \u{304B}\u{3099}\n"
        #expect(lines(try found("brésil", in: decomposed)) == [2, 3])
        // The line found only in its composed form is shown composed, its match in it.
        let shown = try found("brésil", in: decomposed)[0]
        #expect(Array(shown.text.utf8) == Array("brésil here".utf8) && shown.ranges == [0..<7])
        #expect(lines(try found("\u{304C}", in: decomposed)) == [3])
        #expect(lines(try found("\u{AC00}", in: "\u{1100}\u{1161}\n\u{AC00}\n")) == [1, 2])
        #expect(lines(try found("br\\wsil", in: decomposed)) == [2, 3])
        // A pattern pasted decomposed finds composed text, and decomposed text too.
        #expect(lines(try found("bre\u{301}sil", in: "brésil\nbre\u{301}sil\n")) == [1, 2])
        // A pattern for the marks themselves finds them where they are written.
        let marks = try found("e\\x{301}", in: decomposed)
        #expect(lines(marks) == [2, 3] && Array(marks[0].text.utf8) == Array("bre\u{301}sil here".utf8))
        #expect(lines(try found("\\p{M}", in: "brésil\nbre\u{301}sil\n")) == [2])
    }

    @Test("byte ranges become scalar offsets in one pass, in any order, past the end clamped, on a line of 100,000 matches")
    func scalarOffsets() throws {
        let text = "aé😀b é"
        // a=0 é=1..3 😀=3..7 b=7 space=8 é=9..11, in scalars 0 1 2 3 4 5.
        #expect(ScalarOffsets.spans(of: [9..<11, 0..<1, 1..<7, 7..<8, 11..<40], in: text) == [[5, 6], [0, 1], [1, 3], [3, 4], [6, 6]])
        #expect(ScalarOffsets.spans(of: [], in: text).isEmpty)
        let long = String(repeating: "wörd ", count: 100_000)
        let matches = try found("wörd", in: long).first
        let spans = ScalarOffsets.spans(of: try #require(matches).ranges, in: long)
        #expect(spans.count == 100_000 && spans.last == [499_995, 499_999])
        let json = String(decoding: try JSONEncoder().encode(try #require(matches)), as: UTF8.self)
        #expect(json.contains("[499995,499999]"))
    }

    @Test("^ and $ hold at each line, a carriage return before the newline included")
    func anchorsPerLine() throws {
        let text = "bud one\r\ntwo bud\r\nbud\n"
        #expect(lines(try found("^bud", in: text)) == [1, 3])
        #expect(lines(try found("bud$", in: text)) == [2, 3])
        #expect(try found("^bud$", in: text).map(\.text) == ["bud"])
    }

    @Test("a match never runs into the next line, even where the pattern could take a newline")
    func oneLine() throws {
        let text = "first\nsecond\nfirst second\n"
        #expect(lines(try found("first\\s+second", in: text)) == [3])
        #expect(lines(try found("t[^x]*s", in: text)) == [3])
        #expect(try found("t[^x]*s", in: text).first?.ranges == [4..<7])
        #expect(try found("\\n", in: text).isEmpty)
    }

    @Test("a lookaround or \\A sees one line, as when each line is matched alone")
    func lookaround() throws {
        let text = "alpha\nbeta\n"
        #expect(lines(try found("a(?!\\s)", in: text)) == [1, 2])
        #expect(lines(try found("\\Abeta", in: text)) == [2])
        #expect(lines(try found("alpha\\z", in: text)) == [1])
        #expect(lines(try found("(?<=a\\n)b", in: text)).isEmpty)
        // A possessive or atomic repeat would keep a newline it took on the whole note.
        #expect(lines(try found("^(\\w+\\s)++beta$", in: "x alpha beta\n")) == [1])
        #expect(lines(try found("^(?>\\w+\\s)+beta$", in: "x alpha beta\n")) == [1])
        #expect(lines(try found("a\\s*+$", in: "alpha\nbeta\n")) == [1, 2])
    }

    @Test("every match of a line is highlighted, and empty matches are not")
    func multipleMatches() throws {
        let line = try #require(try found("b.dget", in: "budget bodget x budget\n").first)
        #expect(line.ranges == [0..<6, 7..<13, 16..<22])
        // A pattern that may match nothing matches every line, as in grep, and highlights only text.
        let empty = try found("x*", in: "axxb\nplain\n")
        #expect(lines(empty) == [1, 2])
        #expect(empty.map(\.ranges) == [[1..<3], []])
    }

    @Test("ranges are in UTF-8 bytes, on characters of several bytes")
    func multibyte() throws {
        let match = try #require(try found("ß+e", in: "Gartenstraße 5 ßße\n").first)
        #expect(match.ranges == [10..<13, 16..<21])
        // A match after an empty one steps a whole character on, never into one.
        let empty = try #require(try found("z*", in: "éz\n").first)
        #expect(empty.ranges == [2..<3])
        #expect(lines(try found("\\bcafé\\b", in: "un café noir\ncaféine\n")) == [1])
    }

    @Test("an invalid pattern gives PCRE2's reason and the character where it stops making sense")
    func invalidPattern() {
        for (pattern, offset, reason) in [("fo(o", 4, "missing closing parenthesis"), ("été[", 4, "missing terminating ]"),
                                          ("a{2,1}", 5, "numbers out of order")] {
            do {
                _ = try RegexPattern(pattern)
                Issue.record("\(pattern) compiled")
            } catch {
                guard case .invalidRegex(let given, let why, let at) = error else { Issue.record("\(error)"); continue }
                #expect(given == pattern)
                #expect(why.hasPrefix(reason), "\(why)")
                #expect(at == offset, "\(pattern)")
            }
        }
    }

    @Test("a pattern that backtracks without end stops with an error naming the note, soon")
    func catastrophic() throws {
        let text = String(repeating: "a", count: 40) + "!\n"
        let start = Date()
        do {
            _ = try found("(a+)+$", in: Array(text.utf8))
            Issue.record("no error")
        } catch let error as RegexMatchError {
            #expect(error.path == "pages/Note.md")
            #expect(RegexMatchError.costly(error.code))
            #expect(error.description.contains("pages/Note.md"))
            #expect(error.exitCode == 1)
        }
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test("a note that is not UTF-8 is matched as its repaired text, and said to be")
    func notUTF8() throws {
        let bytes = Array("caf".utf8) + [0xE9] + Array(" budget\nplain\n".utf8)
        let (matches, lossy) = try found("caf. budget", in: bytes)
        #expect(lossy)
        #expect(matches.map(\.text) == ["caf\u{FFFD} budget"])
        #expect(matches.first?.ranges == [0..<13])
        #expect(try found("plain", in: Array("plain\n".utf8)).lossy == false)
    }

    @Test("a byte-order mark is not text: ^ sees the first character, ranges leave it out")
    func byteOrderMark() throws {
        let matches = try found("^budget", in: ByteOrderMark.bytes + Array("budget first\nbudget\n".utf8)).matches
        #expect(lines(matches) == [1, 2])
        #expect(matches.first?.text == "budget first")
        #expect(matches.first?.ranges == [0..<6])
    }

    @Test("context lines come from around each matching line")
    func context() throws {
        let match = try #require(try found("two", in: "one\ntwo\nthree\n", context: 1).first)
        #expect(match.before.map(\.text) == ["one"])
        #expect(match.after.map(\.text) == ["three"])
    }

    @Test("a note of one 20 MB line is searched, its matches found to the end")
    func longLine() throws {
        let chunk = "lorem ipsum dolor sit amet "
        let count = 20_000_000 / chunk.utf8.count
        let text = String(repeating: chunk, count: count) + "the end\n"
        #expect(lines(try found("amet the end$", in: text)) == [1])
        let words = try #require(try found("\\bamet\\b", in: text).first)
        #expect(words.ranges.count == count)
        // A group repeated millions of times needs more stack than the JIT's: an error, no crash.
        do {
            #expect(lines(try found("^(\\w+\\s)+end$", in: text)) == [1])
        } catch let error as RegexMatchError {
            #expect(error.path == "pages/Note.md")
        }
    }
}
