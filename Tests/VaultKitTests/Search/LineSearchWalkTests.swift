import Testing
@testable import VaultKit
@testable import VaultSystem

@Suite("Searching lines as the walk finds the notes")
struct LineSearchWalkTests {
    /// The matches of `search` over the notes `filter` selects, gathered first and searched after.
    static func gathered(_ search: LineSearch, _ vault: Vault, _ filter: NoteQuery, archive: Bool, limit: Int?) throws -> [LineMatch] {
        let notes = try LineSearch.notes(of: vault, filter: filter, includeArchive: archive)
        var sink = CollectingSink<LineMatch>()
        _ = search.run(vault: vault, notes: notes, limit: limit, into: &sink)
        return sink.elements
    }

    @Test("an exact or regex search read during the walk finds what a search of the gathered notes finds, in order", arguments: [
        ("budget", LineSearch.Mode.exact), ("Budget", .exact), ("cafe", .exact), ("bud[gq]et|plain", .regex), ("^#", .regex),
        ("plan", .fuzzy),
    ])
    func sameAsGathered(query: String, mode: LineSearch.Mode) throws {
        let (folder, vault) = try LineSearchTests.makeVault()
        defer { withExtendedLifetime(folder) {} }
        let search = try LineSearch(query, mode: mode)
        let filters = [
            NoteQuery(), NoteQuery(folders: ["pages"]), NoteQuery(tags: ["budget"]), NoteQuery(includeTrash: true),
            NoteQuery(folders: ["trash"]),
        ]
        for filter in filters {
            for archive in [true, false] {
                for limit in [nil, 1, 3] {
                    var sink = CollectingSink<LineMatch>()
                    let summary = try search.run(vault: vault, filter: filter, includeArchive: archive, limit: limit, into: &sink)
                    let expected = try Self.gathered(search, vault, filter, archive: archive, limit: limit)
                    let places = sink.elements.map { "\($0.path):\($0.line):\($0.text)" }
                    #expect(places == expected.map { "\($0.path):\($0.line):\($0.text)" }, "\(filter) archive \(archive) limit \(String(describing: limit))")
                    #expect(summary.matches == sink.elements.count)
                }
            }
        }
    }

    @Test("a sink that stops ends the search read during the walk, and a note not UTF-8 is still said")
    func stopsAndWarns() throws {
        let (folder, vault) = try LineSearchTests.makeVault()
        defer { withExtendedLifetime(folder) {} }
        let search = try LineSearch("budget", mode: .exact)
        var taken: [LineMatch] = []
        var sink = ClosureSink<LineMatch> { match in
            taken.append(match)
            return false
        }
        let summary = try search.run(vault: vault, filter: NoteQuery(), includeArchive: true, into: &sink)
        #expect(taken.count == 1)
        #expect(summary.matches == 1)
        var all = CollectingSink<LineMatch>()
        let full = try search.run(vault: vault, filter: NoteQuery(), includeArchive: true, into: &all)
        #expect(full.warnings.contains { $0.path == "pages/Latin1.md" })
        #expect(full.notesSearched == 5)
    }
}
