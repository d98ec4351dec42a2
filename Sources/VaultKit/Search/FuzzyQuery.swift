import VaultMarkdown
import VaultSystem

/// A query in fzf's extended syntax: space-separated terms that must all match.
///
/// | term | matches |
/// | --- | --- |
/// | `plan` | fuzzy: the letters in order |
/// | `'plan` | exact: the letters as one run (fuzzy in exact mode) |
/// | `^plan` | at the start |
/// | `plan$` | at the end |
/// | `^plan$` | the whole text |
/// | `!plan` | lines without `plan` (also `!^plan`, `!plan$`, `!'plan` for fuzzy) |
/// | `a \| b` | either term |
///
/// `\ ` is a space inside a term. Case is smart per term: a term with an upper-case letter
/// matches case; others ignore it. Diacritics always fold, in the term and in the text.
public struct FuzzyQuery: Sendable, Equatable {
    /// One term of the query.
    public struct Term: Sendable, Equatable {
        public var algorithm: FuzzyMatcher.Algorithm
        /// True for `!term`: the text must not match.
        public var inverse: Bool
        public var caseSensitive: Bool
        /// The term as typed, without its operators.
        public var text: String
        /// The characters to match: folded, and lower-cased unless case-sensitive.
        public var pattern: [UInt32]
    }

    /// Every group must match; a group matches when one of its terms does (`a | b`).
    public var groups: [[Term]]

    /// Parses `query`; in `exact` mode a plain term is exact and `'term` is fuzzy, as with
    /// `fzf --exact`.
    public init(_ query: String, exact: Bool = false) {
        groups = []
        var group: [Term] = []
        var afterBar = false
        var joinsGroup = false
        for token in Self.tokens(query) {
            if token == "|" && !group.isEmpty && !afterBar {
                afterBar = true
                joinsGroup = true
                continue
            }
            afterBar = false
            guard let term = Self.term(token, exact: exact) else { continue }
            if !group.isEmpty && !joinsGroup {
                groups.append(group)
                group = []
            }
            group.append(term)
            joinsGroup = false
        }
        if !group.isEmpty { groups.append(group) }
    }

    /// True when the query has no term at all.
    public var isEmpty: Bool { groups.isEmpty }

    /// True when some group can only match by finding something (a query of only `!term`s
    /// matches every text).
    public var looksForSomething: Bool {
        groups.contains { group in group.allSatisfy { !$0.inverse } }
    }

    /// How a text matched: the sum of the groups' scores and the matched characters.
    public struct Match: Equatable, Sendable {
        public var score: Int
        /// `FuzzyText` indices, ascending, each once.
        public var positions: [Int]
    }

    /// Matches the query against one text, as fzf does: each group scores with its first
    /// term that matches (an inverse term matches by not matching, and scores nothing).
    public func match(_ text: FuzzyText, with matcher: inout FuzzyMatcher, positions: Bool = true) -> Match? {
        var total = 0
        var matched: [Int] = []
        for group in groups {
            var groupMatched = false
            for term in group {
                let result = matcher.match(
                    term.algorithm, term.pattern, in: text, caseSensitive: term.caseSensitive,
                    positions: positions && !term.inverse)
                if let result {
                    if term.inverse { continue }
                    total += result.score
                    if positions { matched += result.positions }
                    groupMatched = true
                    break
                } else if term.inverse {
                    groupMatched = true
                }
            }
            if !groupMatched { return nil }
        }
        if positions && groups.count > 1 { matched = Array(Set(matched)).sorted() }
        return Match(score: total, positions: matched)
    }

    /// A score `match` cannot beat on `text`, cheaper to find than the score itself (see
    /// `FuzzyMatcher.bound`); nil exactly when `match` is nil.
    public func bound(_ text: FuzzyText, with matcher: inout FuzzyMatcher) -> Int? {
        var total = 0
        for group in groups {
            var groupMatched = false
            for term in group {
                let score =
                    term.algorithm == .fuzzy && !term.inverse
                    ? matcher.bound(term.pattern, in: text, caseSensitive: term.caseSensitive)
                    : matcher.match(term.algorithm, term.pattern, in: text, caseSensitive: term.caseSensitive, positions: false)?.score
                if let score {
                    if term.inverse { continue }
                    total += score
                    groupMatched = true
                    break
                } else if term.inverse {
                    groupMatched = true
                }
            }
            if !groupMatched { return nil }
        }
        return total
    }

    /// Splits on spaces; `\ ` is a space within a term.
    static func tokens(_ query: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var escaped = false
        for character in query {
            if escaped {
                if character != " " { current.append("\\") }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == " " || character == "\t" || character == "\n" {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// Reads one token's operators (fzf's order: `!`, then `$`, then `'` or `^`).
    static func term(_ token: String, exact: Bool) -> Term? {
        var text = Substring(token)
        var algorithm: FuzzyMatcher.Algorithm = exact ? .exact : .fuzzy
        var inverse = false
        let caseSensitive = token.contains { $0.isUppercase }
        if text.hasPrefix("!") {
            inverse = true
            algorithm = .exact
            text = text.dropFirst()
        }
        if text != "$" && text.hasSuffix("$") {
            algorithm = .suffix
            text = text.dropLast()
        }
        if text.count > 2 && text.hasPrefix("'") && text.hasSuffix("'") {
            algorithm = .exact
            text = text.dropFirst().dropLast()
        } else if text.hasPrefix("'") {
            algorithm = !exact && !inverse ? .exact : .fuzzy
            text = text.dropFirst()
        } else if text.hasPrefix("^") {
            algorithm = algorithm == .suffix ? .equal : .prefix
            text = text.dropFirst()
        }
        guard !text.isEmpty else { return nil }
        let folded = FuzzyText(String(text))
        guard folded.count > 0 else { return nil }
        return Term(
            algorithm: algorithm, inverse: inverse, caseSensitive: caseSensitive, text: String(text),
            pattern: caseSensitive ? folded.chars : folded.lower)
    }
}
