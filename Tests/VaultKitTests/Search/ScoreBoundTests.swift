import TestSupport
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Fuzzy score bound")
struct ScoreBoundTests {
    /// Pieces texts and queries are made of: letters of the patterns in both cases, word
    /// boundaries of every kind, letters that fold, a combining mark, digits.
    private static let pieces = [
        "p", "r", "o", "j", "l", "a", "n", "P", "R", "A", "N", " ", "-", "/", ".", "_", "é", "É", "ü",
        "e\u{301}", "1", "2", "x", "pl", "proj", "plan", "Plan", "oj", "an", "\t", "ñ", "İ",
    ]

    private static func text(_ count: Int, _ generator: inout SeededGenerator) -> String {
        (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    @Test("the bound is never below the score, and is nil exactly when the pattern does not match")
    func boundCoversEveryScore() {
        var generator = SeededGenerator(seed: 42)
        var matcher = FuzzyMatcher()
        var matched = 0
        for _ in 0..<20_000 {
            let text = FuzzyText(Self.text(Int.random(in: 0...40, using: &generator), &generator))
            let query = FuzzyQuery(Self.text(Int.random(in: 1...5, using: &generator), &generator).replacingSpaces())
            for term in query.groups.joined() where term.algorithm == .fuzzy && !term.inverse {
                let score = matcher.match(.fuzzy, term.pattern, in: text, caseSensitive: term.caseSensitive)?.score
                let bound = matcher.bound(term.pattern, in: text, caseSensitive: term.caseSensitive)
                #expect((bound == nil) == (score == nil), "\(term.text) in \(text.chars)")
                if let score, let bound {
                    matched += 1
                    #expect(bound >= score, "\(term.text) in \(text.chars): bound \(bound), score \(score)")
                }
            }
        }
        #expect(matched > 2_000, "too few texts matched to test the bound")
    }

    @Test("a whole query's bound covers its score, with exact, inverse and alternative terms")
    func queryBoundCoversScore() {
        var generator = SeededGenerator(seed: 7)
        var matcher = FuzzyMatcher()
        let queries = ["proj plan", "'plan proj", "pl !x", "^pro an$", "oj | xx plan", "PLan", "prj 'an | ñ", "é1 nn"]
        for _ in 0..<5_000 {
            let text = FuzzyText(Self.text(Int.random(in: 0...50, using: &generator), &generator))
            for query in queries.map({ FuzzyQuery($0) }) {
                let score = query.match(text, with: &matcher)?.score
                let bound = query.bound(text, with: &matcher)
                #expect((bound == nil) == (score == nil))
                if let score, let bound { #expect(bound >= score) }
            }
        }
    }

    @Test("a fuzzy search with a limit skips scoring hopeless lines and still gives the first matches of the whole ranking")
    func limitedSearchKeepsTheRanking() throws {
        let folder = TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }
        var generator = SeededGenerator(seed: 3)
        for index in 0..<400 {
            let lines = (0..<12).map { _ in Self.text(Int.random(in: 0...30, using: &generator), &generator) }
            try folder.write("pages/n\(index).md", lines.joined(separator: "\n") + "\n")
        }
        let vault = try Vault(root: folder.path)
        let notes = try vault.scan(detail: .paths).notes
        for query in ["projplan", "plan", "pr an", "'plan | oj"] {
            var search = try LineSearch(query, mode: .fuzzy)
            let whole = search.run(vault: vault, notes: notes).matches
            #expect(whole.count > 200, "\(query) matches too few lines")
            // Lines scored best bound first after the reading (the default), and scored as
            // they come against the worst match kept (past `boundOrderLimit`).
            for boundOrderLimit in [LineSearch.boundOrderLimit, 0] {
                search.boundOrderLimit = boundOrderLimit
                for (limit, budget) in [(1, LineSearch.rankingBudget), (10, LineSearch.rankingBudget), (50, 3_000), (120, 20_000)] {
                    var sink = CollectingSink<LineMatch>()
                    let summary = search.run(vault: vault, notes: notes, limit: limit, rankingBudget: budget, into: &sink)
                    #expect(sink.elements == Array(whole.prefix(limit)), "\(query), limit \(limit), budget \(budget), \(boundOrderLimit)")
                    #expect(summary.found == whole.count, "the lines left unscored are counted")
                }
            }
        }
    }
}

extension String {
    /// Spaces as term separators, but never two in a row (a query of empty terms).
    fileprivate func replacingSpaces() -> String {
        split(separator: " ").joined(separator: " ")
    }
}
