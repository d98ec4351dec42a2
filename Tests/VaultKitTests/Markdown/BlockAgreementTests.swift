import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The document's own block scan must find the headings, code blocks and HTML blocks that
/// cmark finds parsing the whole note, on every note we have: the fixtures, the corpora of
/// real vaults beside the repository, and the vault `VAULT_AGREEMENT_VAULT` names, if any.
@Suite("Blocks agree with cmark")
struct BlockAgreementTests {
    /// The notes that disagree, with what each side found, and how many headings and code
    /// blocks cmark found in all.
    static func disagreements(in files: [String]) throws -> (differences: [String], headings: Int, code: Int) {
        var differences: [String] = []
        var headings = 0
        var code = 0
        for file in files {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            let cmark = CMarkBlocks(bytes)
            let document = MarkdownDocument(bytes: bytes)
            headings += cmark.headings.count
            code += cmark.codeBlocks.count
            if document.headings != cmark.headings {
                differences.append("\(file): headings \(document.headings) but cmark \(cmark.headings)")
            }
            if document.codeBlocks != cmark.codeBlocks {
                differences.append("\(file): code \(document.codeBlocks) but cmark \(cmark.codeBlocks)")
            }
            if !Self.sameHTMLBlocks(document.htmlBlocks, cmark.htmlBlocks, bytes) {
                differences.append("\(file): HTML \(document.htmlBlocks) but cmark \(cmark.htmlBlocks)")
            }
            if document.listItems != cmark.listItems {
                differences.append("\(file): list items differ")
            }
        }
        return (differences, headings, code)
    }

    /// cmark ends an HTML block one line early when a line's end condition (`-->`, `?>`,
    /// `>`, `]]>`, `</pre>`…: each holds a `>`) closes it; the rest must be equal.
    static func sameHTMLBlocks(_ ours: [ClosedRange<Int>], _ cmark: [ClosedRange<Int>], _ bytes: [UInt8]) -> Bool {
        let map = SourceMap(bytes)
        return ours.count == cmark.count
            && zip(ours, cmark).allSatisfy { ours, cmark in
                ours == cmark
                    || (ours.lowerBound == cmark.lowerBound && ours.upperBound == cmark.upperBound + 1
                        && bytes[map.range(ofLine: ours.upperBound, in: bytes)].contains(UInt8(ascii: ">")))
            }
    }

    @Test("on every fixture note")
    func fixtures() throws {
        let (differences, headings, code) = try Self.disagreements(in: OutlineAgreementTests.notes(under: Fixtures.root))
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(headings > 50 && code > 0)
    }

    @Test("on every note of the corpora of real vaults")
    func corpora() throws {
        guard let files = Corpora.notes() else { return }
        let (differences, headings, code) = try Self.disagreements(in: files)
        Corpora.expectAgreement(differences, in: "corpora", of: files.count, counted: "\(headings) headings, \(code) code blocks")
        #expect(headings > 1000)
    }

    @Test("on the vault named by VAULT_AGREEMENT_VAULT, when set")
    func namedVault() throws {
        guard let (root, files) = Corpora.namedVault() else { return }
        let (differences, headings, code) = try Self.disagreements(in: files)
        Corpora.expectAgreement(differences, in: root, of: files.count, counted: "\(headings) headings, \(code) code blocks")
    }
}
