import Testing
@testable import VaultKit
@testable import VaultSystem

@Suite("Literal lines rank first")
struct LiteralRankingTests {
    static func search(_ query: String, _ text: String) throws -> [LineMatch] {
        let folder = TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }
        try folder.write("Words.md", text)
        let vault = try Vault(root: folder.path)
        let search = try LineSearch(query, mode: .fuzzy)
        return search.run(vault: vault, notes: try vault.scan(detail: .paths).notes).matches
    }

    @Test("a line holding the query in any case and with any accents is literal; scattered letters are not")
    func marks() throws {
        let matches = try Self.search("cafe", "Café open\nCAFE sign\nc a f e\nthe cafeteria\n")
        let literal = Dictionary(uniqueKeysWithValues: matches.map { ($0.line, $0.literal) })
        #expect(literal == [1: true, 2: true, 3: false, 4: true])
    }

    @Test("a literal line ranks before a scattered one that scores higher")
    func ranks() throws {
        let matches = try Self.search("plan", "Pick Lunch And Nap\nan explanation of it\n")
        #expect(matches.map(\.line) == [2, 1])
        #expect(matches[1].score > matches[0].score)
    }

    @Test("with several terms, every term must stand as written; exclusions do not count")
    func terms() throws {
        let matches = try Self.search("lunch nap !zzz", "Pick Lunch And Nap\nlaunch a nap plan\n")
        #expect(matches.map(\.literal) == [true, false])
    }

    @Test("a screenful is the terminal's rows less two, 50 when not known, fewer with context lines")
    func screenful() {
        #expect(LineSearch.screenful(rows: nil, contextLines: 0) == 50)
        #expect(LineSearch.screenful(rows: 40, contextLines: 0) == 38)
        #expect(LineSearch.screenful(rows: 40, contextLines: 1) == 9)
        #expect(LineSearch.screenful(rows: 2, contextLines: 0) == 1)
    }
}
