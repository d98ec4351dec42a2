import VaultSystem

/// The id a JSON-RPC request carries and its response repeats: a number or a string.
public enum RPCID: Hashable, Sendable {
    case number(Int)
    case string(String)
    /// A number that is no integer a machine word holds (`13.0`, `1e3`, twenty digits):
    /// JSON-RPC allows it, if it advises against fractions, and it is given back as written.
    case otherNumber(String)

    /// Reads an id; JSON-RPC allows numbers and strings (null only in some error responses).
    init?(json: JSONValue) {
        switch json {
        case .string(let text): self = .string(text)
        case .number(let text): self = Int(text).map(RPCID.number) ?? .otherNumber(text)
        default: return nil
        }
    }

    /// The id as it is sent.
    public var json: JSONValue {
        switch self {
        case .number(let value): return .number(String(value))
        case .string(let text): return .string(text)
        case .otherNumber(let text): return .number(text)
        }
    }
}
