import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The fast outline scan must find the same list items, parents and tasks as cmark, on every
/// note we have: the fixtures, the corpora of real vaults beside the repository, and (when
/// `VAULT_AGREEMENT_VAULT` names one) any other folder, such as a generated benchmark vault.
@Suite("Task scanning agrees with cmark")
struct OutlineAgreementTests {
    static let shared: String = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared").path

    /// Every note file under `root`.
    static func notes(under root: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return (walker.allObjects as? [String] ?? []).filter {
            NoteFiles.isNoteName(($0 as NSString).lastPathComponent)
        }
        .sorted().map { root + "/" + $0 }
    }

    /// The notes that disagree, with what each side found, and how many list items and
    /// tasks cmark found in all.
    static func disagreements(in files: [String]) throws -> (differences: [String], items: Int, tasks: Int) {
        var differences: [String] = []
        var items = 0
        var tasks = 0
        for file in files {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            let cmark = CMarkOutline(cmark: bytes)
            let fast = CMarkOutline(fast: bytes)
            items += cmark.items.count
            tasks += cmark.tasks.count
            if cmark.items != fast.items {
                let missing = cmark.items.filter { !fast.items.contains($0) }
                let extra = fast.items.filter { !cmark.items.contains($0) }
                differences.append("\(file): items missing \(missing), extra \(extra)")
            }
            if cmark.tasks != fast.tasks {
                let missing = cmark.tasks.filter { !fast.tasks.contains($0) }
                let extra = fast.tasks.filter { !cmark.tasks.contains($0) }
                differences.append("\(file): tasks missing \(missing), extra \(extra)")
            }
        }
        return (differences, items, tasks)
    }

    @Test("on every fixture note")
    func fixtures() throws {
        let (differences, items, tasks) = try Self.disagreements(in: Self.notes(under: Fixtures.root))
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        // The demo vault's 91 live and 6 retired tasks, the conflict copies' and the remapped vault's.
        #expect(tasks > 100 && items > tasks)
    }

    @Test("on every note of the corpora of real vaults")
    func corpora() throws {
        guard let files = Corpora.notes() else { return }
        let (differences, items, tasks) = try Self.disagreements(in: files)
        Corpora.expectAgreement(differences, in: "corpora", of: files.count, counted: "\(items) list items, \(tasks) tasks")
        #expect(tasks > 1000)
    }

    @Test("on the vault named by VAULT_AGREEMENT_VAULT, when set")
    func namedVault() throws {
        guard let (root, files) = Corpora.namedVault() else { return }
        let (differences, items, tasks) = try Self.disagreements(in: files)
        Corpora.expectAgreement(differences, in: root, of: files.count, counted: "\(items) list items, \(tasks) tasks")
    }
}
