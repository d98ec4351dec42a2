import Foundation
import Testing
@testable import VaultKit
@testable import VaultSystem

/// The walk reads notes on several threads at once; what they find must arrive whole.
@Suite("Reading notes in parallel")
struct ParallelScanTests {
    @Test("every note of a vault too big for one worker is read once and whole, scan after scan")
    func manyNotes() throws {
        let folder = TemporaryFolder()
        let paths = (0..<400).map { "pages/Folder \($0 % 7)/Note \($0).md" }
        for (index, path) in paths.enumerated() { try folder.write(path, "# Note \(index)\n\nsee [[Note \((index + 1) % 400)]]\n") }
        let vault = try Vault(root: folder.path)
        for _ in 0..<40 {
            let scan = try vault.scan(detail: .summary)
            #expect(scan.notes.map(\.path) == paths.sorted())
            #expect(scan.notes.allSatisfy { $0.title == NoteFiles.stem($0.fileName) })
        }
    }
}
