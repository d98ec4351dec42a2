import VaultRPC
import VaultSystem

/// A tool call's arguments, read against the tool's schema: a missing required argument, a
/// wrongly typed one or one the tool does not take is an invalid-params protocol error that
/// names it, before the tool runs.
public struct ToolArguments: Sendable {
    private let values: [String: JSONValue]
    private let schema: ToolSchema

    /// Checks `json` (the `arguments` of `tools/call`, absent for none) against `schema`.
    public init(_ json: JSONValue?, schema: ToolSchema, tool: String) throws(RPCError) {
        self.schema = schema
        var values: [String: JSONValue] = [:]
        switch json {
        case nil, .null?: break
        case .object(let members)?:
            for (key, value) in members { values[key] = value }
        default:
            throw .invalidParams("the arguments of \(tool) must be an object")
        }
        for key in values.keys.sorted() where !schema.properties.contains(where: { $0.name == key }) {
            let known = schema.properties.map(\.name).joined(separator: ", ")
            throw .invalidParams("\(tool) takes no argument \"\(key)\"" + (known.isEmpty ? "" : " (it takes \(known))"))
        }
        for property in schema.properties {
            guard let value = values[property.name], value != .null else {
                if property.isRequired { throw .invalidParams("\(tool) needs the argument \"\(property.name)\" (\(Self.describe(property.kind)))") }
                values[property.name] = nil
                continue
            }
            guard Self.fits(value, property.kind) else {
                throw .invalidParams("the argument \"\(property.name)\" of \(tool) must be \(Self.describe(property.kind)), not \(Self.describe(value))")
            }
            if !property.choices.isEmpty, case .string(let text) = value, !property.choices.contains(text) {
                throw .invalidParams(
                    "the argument \"\(property.name)\" of \(tool) must be one of \(property.choices.joined(separator: ", ")), not \"\(text)\"")
            }
        }
        self.values = values
    }

    /// A string argument; nil when absent.
    public func string(_ name: String) -> String? {
        values[name]?.stringValue
    }

    /// A required string argument (the schema made sure it is there).
    public func required(_ name: String) -> String {
        values[name]?.stringValue ?? ""
    }

    /// A list of strings (a single string is a list of one); empty when absent.
    public func strings(_ name: String) -> [String] {
        switch values[name] {
        case .string(let text)?: return [text]
        case .array(let items)?: return items.compactMap(\.stringValue)
        default: return []
        }
    }

    /// A boolean argument, `otherwise` when absent.
    public func bool(_ name: String, otherwise: Bool = false) -> Bool {
        if case .bool(let value)? = values[name] { return value }
        return otherwise
    }

    /// An integer argument, `otherwise` when absent; `range` bounds it, or it is an error.
    public func int(_ name: String, otherwise: Int? = nil, in range: ClosedRange<Int> = 0...Int.max) throws(RPCError) -> Int? {
        guard case .number(let text)? = values[name], let value = Self.integer(text) else { return otherwise }
        guard range.contains(value) else {
            let bounds = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "between \(range.lowerBound) and \(range.upperBound)"
            throw .invalidParams("the argument \"\(name)\" must be \(bounds), not \(value)")
        }
        return value
    }

    private static func integer(_ text: String) -> Int? {
        if let value = Int(text) { return value }
        // 5.0 is the integer 5 in JSON Schema; 5.5 is not.
        guard let double = Double(text), double == double.rounded(), abs(double) < 1e15 else { return nil }
        return Int(double)
    }

    private static func fits(_ value: JSONValue, _ kind: ToolSchema.Kind) -> Bool {
        switch (kind, value) {
        case (.string, .string), (.boolean, .bool): return true
        case (.integer, .number(let text)): return integer(text) != nil
        case (.strings, .string): return true
        case (.strings, .array(let items)): return items.allSatisfy { $0.stringValue != nil }
        default: return false
        }
    }

    private static func describe(_ kind: ToolSchema.Kind) -> String {
        switch kind {
        case .string: return "a string"
        case .integer: return "an integer"
        case .boolean: return "true or false"
        case .strings: return "a string or a list of strings"
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
