import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Fuzzy query syntax")
struct FuzzyQueryTests {
    private func matches(_ query: String, _ text: String, exact: Bool = false) -> Bool {
        var matcher = FuzzyMatcher()
        return FuzzyQuery(query, exact: exact).match(FuzzyText(text), with: &matcher) != nil
    }

    private func kinds(_ query: String, exact: Bool = false) -> [[String]] {
        FuzzyQuery(query, exact: exact).groups.map { group in
            group.map { term in (term.inverse ? "!" : "") + "\(term.algorithm):\(term.text)" }
        }
    }

    @Test("terms are read with fzf's operators")
    func operators() {
        #expect(kinds("plan") == [["fuzzy:plan"]])
        #expect(kinds("'plan ^proj draft$ ^whole$") == [["exact:plan"], ["prefix:proj"], ["suffix:draft"], ["equal:whole"]])
        #expect(kinds("!wip !^old !.bak$ !'fz") == [["!exact:wip"], ["!prefix:old"], ["!suffix:.bak"], ["!fuzzy:fz"]])
        #expect(kinds("a | b c") == [["fuzzy:a", "fuzzy:b"], ["fuzzy:c"]])
        #expect(kinds("two\\ words") == [["fuzzy:two words"]])
    }

    @Test("in exact mode a plain term is exact and 'term is fuzzy")
    func exactMode() {
        #expect(kinds("plan 'fz", exact: true) == [["exact:plan"], ["fuzzy:fz"]])
        #expect(matches("plan", "project plan", exact: true))
        #expect(!matches("pjpl", "project plan", exact: true))
        #expect(matches("'pjpl", "project plan", exact: true))
    }

    @Test("operators alone and empty terms are not terms")
    func emptyTerms() {
        #expect(FuzzyQuery("").isEmpty)
        #expect(FuzzyQuery("   ").isEmpty)
        #expect(FuzzyQuery("! ^ '").isEmpty)
        #expect(kinds("$") == [["fuzzy:$"]])
    }

    @Test("every term must match, in any order")
    func allTerms() {
        #expect(matches("plan proj", "project plan"))
        #expect(!matches("plan budget", "project plan"))
    }

    @Test("prefix, suffix and whole-text terms are anchored (white space at the ends aside)")
    func anchors() {
        #expect(matches("^proj", "  project plan"))
        #expect(!matches("^plan", "project plan"))
        #expect(matches("plan$", "project plan  "))
        #expect(!matches("proj$", "project plan"))
        #expect(matches("^project\\ plan$", "project plan"))
        #expect(!matches("^project$", "project plan"))
    }

    @Test("an exclusion rejects texts that hold the term")
    func exclusions() {
        #expect(matches("plan !draft", "project plan"))
        #expect(!matches("plan !draft", "project plan (draft)"))
        #expect(!matches("plan !^proj", "project plan"))
        #expect(FuzzyQuery("!draft").looksForSomething == false)
        #expect(FuzzyQuery("plan !draft").looksForSomething)
        #expect(FuzzyQuery("!draft | plan").looksForSomething == false)
    }

    @Test("a | b matches either term")
    func alternatives() {
        #expect(matches("budget | roadmap", "The roadmap for 2026"))
        #expect(matches("budget | roadmap", "Budget draft"))
        #expect(!matches("budget | roadmap", "Gift ideas"))
    }

    @Test("case is smart per term")
    func smartCasePerTerm() {
        #expect(matches("Vault cli", "Vault CLI"))
        #expect(!matches("vault CLI", "Vault cli"))
    }

    @Test("the score adds up the groups and positions cover every term")
    func scoreAndPositions() throws {
        var matcher = FuzzyMatcher()
        let text = FuzzyText("project plan")
        let both = try #require(FuzzyQuery("proj plan").match(text, with: &matcher))
        let one = try #require(FuzzyQuery("plan").match(text, with: &matcher))
        #expect(both.score > one.score)
        #expect(both.positions == [0, 1, 2, 3, 8, 9, 10, 11])
    }
}
