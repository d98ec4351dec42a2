import VaultSystem

/// The id a JSON-RPC request carries and its response repeats: a number or a string.
public enum RPCID: Hashable, Sendable {
    case number(Int)
    case string(String)

    /// Reads an id; JSON-RPC allows integers and strings (null only in some error responses).
    init?(json: JSONValue) {
        switch json {
        case .string(let text): self = .string(text)
        case .number(let text):
            guard let value = Int(text) else { return nil }
            self = .number(value)
        default: return nil
        }
    }

    /// The id as it is sent.
    public var json: JSONValue {
        switch self {
        case .number(let value): return .number(String(value))
        case .string(let text): return .string(text)
        }
    }
}
