import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A report's link text is shown on one line, whatever line break it runs over.
@Suite("A report's text on one line")
struct LinkReportTextTests {
    func report(_ text: String) -> LinkReport {
        LinkReport(
            source: "a.md", line: 3, text: text, form: .wikilink, embed: false, target: "x", fragment: nil, resolved: nil, candidates: 0,
            context: text)
    }

    @Test("every line break, and the indent after it, is one space; text without one is kept as it is", arguments: [
        ("[[a\nb]]", "[[a b]]"), ("[[a\r\n  b]]", "[[a b]]"), ("[[a\rb]]", "[[a b]]"), ("[[a\u{0B}b]]", "[[a b]]"),
        ("[[a\u{0C}b]]", "[[a b]]"), ("[[a\u{85}\tb]]", "[[a b]]"), ("[[a\u{2028}b]]", "[[a b]]"), ("[[a\u{2029}b]]", "[[a b]]"),
        ("[[café — ü]]", "[[café — ü]]"), ("[[a\u{2027}b]]", "[[a\u{2027}b]]"), ("[[plain]]", "[[plain]]"), ("", ""),
    ])
    func oneLine(text: String, shown: String) {
        #expect(report(text).textOnOneLine == shown)
    }

    @Test("a text that may hold a line break, told from its bytes, is every text that holds one")
    func byteCheckMissesNone() {
        for scalar in (0...0x3000).compactMap(Unicode.Scalar.init) where Character(scalar).isNewline {
            #expect(LinkReport.mayHoldLineBreak("a" + String(scalar) + "b"), "U+\(String(scalar.value, radix: 16))")
        }
        #expect(!LinkReport.mayHoldLineBreak("[[Plan Ünïcode 東京]]"))
        // Dashes, curly quotes, an ellipsis, a no-break space: their bytes start as a line break's do.
        #expect(!LinkReport.mayHoldLineBreak("[[“Plan” — ‘a’ – b… c\u{A0}d \u{2027} \u{202A}]]"))
    }
}
