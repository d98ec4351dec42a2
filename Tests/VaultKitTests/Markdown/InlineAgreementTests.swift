import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The code spans `NoteStructure` finds must be the ones cmark finds parsing the whole note,
/// on every fixture and corpus note. Frontmatter and the comments the structure found are
/// blanked first (newlines kept): cmark knows no `%%` comment, and what a comment holds is
/// no code span to either.
@Suite("Code spans agree with cmark")
struct InlineAgreementTests {
    /// A span's content as cmark gives it: line endings as spaces, and one space stripped
    /// from each end when both ends have one and it is not all spaces.
    static func content(_ bytes: [UInt8], _ span: Range<Int>) -> String {
        var start = span.lowerBound
        while start < span.upperBound && bytes[start] == UInt8(ascii: "`") { start += 1 }
        var end = span.upperBound
        while end > start && bytes[end - 1] == UInt8(ascii: "`") { end -= 1 }
        var text: [UInt8] = []
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == 0x0D && index + 1 < end && bytes[index + 1] == 0x0A {
                index += 1
                continue
            }
            text.append(byte == 0x0A || byte == 0x0D ? 0x20 : byte)
            index += 1
        }
        if text.count >= 2 && text.first == 0x20 && text.last == 0x20 && text.contains(where: { $0 != 0x20 }) {
            text = Array(text.dropFirst().dropLast())
        }
        return String(decoding: text, as: UTF8.self)
    }

    static func disagreements(in files: [String]) throws -> (differences: [String], spans: Int) {
        var differences: [String] = []
        var spans = 0
        for file in files {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            let structure = NoteStructure(bytes: bytes)
            var blanked = bytes
            let hidden = (structure.frontmatter.map { [$0.byteRange] } ?? []) + structure.comments
            for range in hidden {
                for index in range where blanked[index] != 0x0A && blanked[index] != 0x0D { blanked[index] = 0x20 }
            }
            // In a table cell cmark-gfm reads `\|` as `|`, inside code too.
            let cmark = CMarkParser.parse(blanked).codeSpans.map { $0.replacingOccurrences(of: "\\|", with: "|") }
            let ours = structure.codeSpans.map { content(bytes, $0).replacingOccurrences(of: "\\|", with: "|") }
            spans += cmark.count
            if cmark != ours {
                let missing = cmark.filter { !ours.contains($0) }.prefix(3)
                let extra = ours.filter { !cmark.contains($0) }.prefix(3)
                differences.append("\(file): \(ours.count) spans, cmark \(cmark.count); missing \(missing), extra \(extra)")
            }
        }
        return (differences, spans)
    }

    @Test("on every fixture note")
    func fixtures() throws {
        let (differences, spans) = try Self.disagreements(in: OutlineAgreementTests.notes(under: Fixtures.root))
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(spans > 10)
    }

    @Test("on every note of the corpora of real vaults")
    func corpora() throws {
        guard let files = Corpora.notes() else { return }
        let (differences, spans) = try Self.disagreements(in: files)
        Corpora.expectAgreement(differences, in: "corpora", of: files.count, counted: "\(spans) code spans")
        #expect(spans > 1000)
    }

    @Test("on the vault named by VAULT_AGREEMENT_VAULT, when set")
    func namedVault() throws {
        guard let (root, files) = Corpora.namedVault() else { return }
        let (differences, spans) = try Self.disagreements(in: files)
        Corpora.expectAgreement(differences, in: root, of: files.count, counted: "\(spans) code spans")
    }
}
