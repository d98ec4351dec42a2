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

    @Test("names that sort around the slash come in path order, with and without the cache, cold and warm")
    func namesAroundTheSlash() throws {
        let folder = TemporaryFolder()
        let names = [
            "a.md", "a-b.md", "a b.md", "a/x.md", "a b/y.md", "a0/z.md", "a.b/w.md", "a_/v.md", "A/u.md", "a/a/t.md",
            "a/a-b.md", "a/ab.md", "b.md", "\u{E9}t\u{E9}.md", "Zeta/\u{C9}t\u{E9}.md", "z/a.md", "z-/b.md", "z!/c.md",
        ]
        for (index, name) in names.enumerated() { try folder.write("pages/" + name, "# N\(index)\n") }
        let expected = names.map { "pages/" + $0 }.sorted { a, b in
            a < b || !(b < a) && a.utf8.lexicographicallyPrecedes(b.utf8)
        }
        var vault = try Vault(root: folder.path)
        #expect(try vault.scan(detail: .summary).notes.map(\.path) == expected)
        vault.cache = FactsCache(location: CacheLocation(folder: folder.path + "/../cache-walk", rootRealPath: vault.root, dialect: .markdown), racyWindow: 0)
        for _ in 0..<3 {
            #expect(try vault.scan(detail: .summary).notes.map(\.path) == expected)
            try vault.cache?.finish()
        }
        #expect(vault.cache!.statistics.hits > 0)
    }

    @Test("what is made of each note on the worker that read it comes with that note, in path order, until asked to stop")
    func madeOnWorkers() throws {
        let folder = TemporaryFolder()
        let paths = (0..<300).map { "pages/Folder \($0 % 5)/Note \($0).md" }
        for (index, path) in paths.enumerated() { try folder.write(path, "# Title \(index)\n") }
        let vault = try Vault(root: folder.path)
        var delivered: [String] = []
        _ = try vault.scan(detail: .summary, making: { note in note.title }) { note, made in
            #expect(made == note.title)
            delivered.append(note.path)
            return true
        }
        #expect(delivered == paths.sorted())
        var stopped = 0
        _ = try vault.scan(detail: .paths, making: { _ in 1 }) { _, _ in
            stopped += 1
            return stopped < 10
        }
        #expect(stopped == 10)
    }

    @Test("a Logseq graph's notes are named by their pages before anything is made of them")
    func logseqNamedBeforeMaking() throws {
        let (folder, vault) = try TemporaryFolder.vault([
            "logseq/config.edn": "{:file/name-format :triple-lowbar}\n", "pages/meeting_notes.md": "title:: Meeting Notes\n\n- every Monday\n",
            "pages/Projects___Vault.md": "- the vault\n",
        ])
        _ = folder
        var made: [String] = []
        _ = try vault.scan(detail: .summary, making: { note in note.title }) { note, title in
            #expect(note.title == title)
            made.append(title)
            return true
        }
        #expect(made == (try vault.scan(detail: .summary)).notes.map(\.title))
        #expect(made.contains("Meeting Notes") && made.contains("Projects/Vault"))
    }
}
