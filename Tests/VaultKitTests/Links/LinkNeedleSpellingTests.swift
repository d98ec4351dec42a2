import Testing
import TestSupport
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A link the resolver reads as naming a note is found by `backlinks`, with the cache and
/// without, and rewritten by a rename, however it is spelled: the needles that pass over
/// notes never pass over one of these.
@Suite("Links in rare spellings")
struct LinkNeedleSpellingTests {
    /// Each case: the note's name, and a linking note's text.
    static let cases: [(name: String, text: String)] = [
        ("keyboard", "see [[\u{212A}eyboard]]\n"),
        ("My\u{A0}Note", "---\nrel: \"[[My\\_Note]]\"\n---\nbody\n"),
        ("Name", "see [x](N\\%61me.md)\n"),
        ("q%4\u{E5}", "see [[Q%4a\u{30A}]]\n"),
        ("Cobalt exam", "---\nup: \"[[Cobalt\\ exam]]\"\n---\n"),
        ("Growth 10%ab", "see [[Growth 10%ab]]\n"),
        ("What;now", "see [[What\u{37E}now]]\n"),
    ]

    @Test("backlinks find the link with the cache and without, and a rename rewrites it", arguments: cases.indices)
    func foundAndRewritten(_ number: Int) throws {
        let (name, text) = Self.cases[number]
        let folder = TemporaryFolder()
        try folder.write("vault/pages/\(name).md", "# t\n")
        try folder.write("vault/pages/L.md", text)
        try folder.write("vault/pages/Other.md", "[[Elsewhere]] and [x](Else%20where.md)\n")
        let runs = folder.cachedRuns
        func backlinks(_ vault: Vault) throws -> [String] {
            let scan = try vault.scan()
            let note = try #require(scan.notes.first { $0.path == "pages/\(name).md" })
            return vault.backlinkReports(to: note, scan: scan).reports.map(\.source)
        }
        let resolved = try runs.uncached { vault in
            let scan = try vault.scan()
            let note = try #require(scan.notes.first { $0.path == "pages/L.md" })
            return try vault.linkReports(from: note, scan: scan).reports.compactMap(\.resolved)
        }
        #expect(resolved == ["pages/\(name).md"], "the link resolves: \(text)")
        #expect(try runs.uncached(backlinks) == ["pages/L.md"])
        _ = try runs.run { vault in try vault.rebuildCache() }
        CachedRuns.nextTick()
        #expect(try runs.run(backlinks).value == ["pages/L.md"])
        _ = try runs.run { vault in
            try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("pages/\(name).md", to: "Goal"), summary: "test")
        }
        let after = String(decoding: try folder.read("vault/pages/L.md"), as: UTF8.self)
        #expect(after.contains("Goal"), "\(after)")
    }
}
