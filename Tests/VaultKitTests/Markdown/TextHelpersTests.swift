import TestSupport
import Testing
@testable import VaultMarkdown

@Suite("Trimming text")
struct TextHelpersTests {
    @Test("a string trims as the generic method trims its substring, spaces, tabs, breaks and marks mixed")
    func stringTrimsAsSubstring() {
        let pieces = [" ", "\t", "\r", "\n", "\r\n", "a", "B c", "é", "\u{301}", " \u{301}", "東", ""]
        var generator = SeededGenerator(seed: 11)
        var wrong: [String] = []
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            if !text.trimmed().utf8.elementsEqual(text[...].trimmed().utf8) { wrong.append(text) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).map { Array($0.utf8) })")
    }

    @Test("a trimmed string comes back as it is, and one with space at an end loses only that")
    func trimmedEnds() {
        #expect("Plan".trimmed() == "Plan")
        #expect("  Plan\t".trimmed() == "Plan")
        #expect(" \n ".trimmed() == "")
        #expect("".trimmed() == "")
        #expect(" a b ".trimmed() == "a b")
    }

    @Test("a Windows line break, one character to Swift, is trimmed and blank as its two bytes are")
    func windowsBreaks() {
        #expect("Plan\r\n".trimmed() == "Plan")
        #expect("\r\n  Plan \r\n\r\n"[...].trimmed() == "Plan")
        #expect("a\r\nb".trimmed() == "a\r\nb")
        #expect("\r\n \t\r\n".isBlank && "\r\n".trimmed() == "")
    }
}
