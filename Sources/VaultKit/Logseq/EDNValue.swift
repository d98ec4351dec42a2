/// A value of EDN, the data notation Logseq writes its settings in (`logseq/config.edn`):
/// only as much of it as reading those settings needs. Numbers and symbols are kept as
/// written; a tagged value (`#inst "…"`) keeps its tag.
public indirect enum EDNValue: Equatable, Sendable {
    case string(String)
    /// A keyword without its leading colon: `:file/name-format` is `file/name-format`.
    case keyword(String)
    case symbol(String)
    case number(String)
    case bool(Bool)
    case null
    case vector([EDNValue])
    case list([EDNValue])
    case set([EDNValue])
    /// The pairs of a map in the order written.
    case map([(key: EDNValue, value: EDNValue)])
    case tagged(tag: String, value: EDNValue)

    public static func == (lhs: EDNValue, rhs: EDNValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)), (.keyword(let a), .keyword(let b)), (.symbol(let a), .symbol(let b)),
            (.number(let a), .number(let b)):
            return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.vector(let a), .vector(let b)), (.list(let a), .list(let b)), (.set(let a), .set(let b)): return a == b
        case (.map(let a), .map(let b)): return a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
        case (.tagged(let a, let x), .tagged(let b, let y)): return a == b && x == y
        default: return false
        }
    }

    /// The value of a keyword key in a map (the last, if a map names it twice).
    public subscript(keyword: String) -> EDNValue? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.last { $0.key == .keyword(keyword) }?.value
    }
}
