import VaultMarkdown
import VaultSystem

/// A search query that cannot run, explained for the person who typed it.
public enum SearchQueryError: Error, Equatable, Sendable {
    /// No term at all.
    case empty
    /// Only `!term`s: every line would match.
    case onlyExclusions(query: String)
    /// A regular expression that does not parse; `offset` is the character (counted as
    /// displayed) where it fails, when known.
    case invalidRegex(pattern: String, reason: String, offset: Int?)
}

extension SearchQueryError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .empty:
            return "the query is empty; give a word to look for"
        case .onlyExclusions(let query):
            return "\"\(query)\" only excludes (!term), so it would match every line; add a term to look for"
        case .invalidRegex(let pattern, let reason, let offset):
            var text = "invalid regular expression: \(reason)"
            if let offset {
                text += "\n  \(pattern)\n  " + String(repeating: " ", count: offset) + "^"
            }
            return text
        }
    }
}
