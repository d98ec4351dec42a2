import VaultSystem

/// The JSON Schema of a tool's input: its arguments, each with a type and a description,
/// and which of them are required. Arguments are read against it (`ToolArguments`), so a
/// tool's schema and what it accepts are declared once.
public struct ToolSchema: Sendable {
    /// One argument.
    public struct Property: Sendable {
        public var name: String
        public var kind: Kind
        public var description: String
        public var isRequired: Bool
        /// The values a string argument may take, when it is one of a few.
        public var choices: [String]
    }

    /// An argument's JSON type.
    public enum Kind: String, Sendable {
        case string, integer, boolean
        /// A list of strings; a single string is taken as a list of one.
        case strings
    }

    public var properties: [Property]

    public init(_ properties: [Property] = []) {
        self.properties = properties
    }

    /// The schema as JSON.
    public var json: JSONValue {
        let members = properties.map { property -> (String, JSONValue) in
            var schema: [(String, JSONValue)]
            switch property.kind {
            case .strings:
                schema = [
                    ("anyOf", .array([Self.type("string"), .object([("type", .string("array")), ("items", Self.type("string"))])]))
                ]
            default:
                schema = [("type", .string(property.kind.rawValue))]
            }
            if !property.choices.isEmpty { schema.append(("enum", .array(property.choices.map { .string($0) }))) }
            schema.append(("description", .string(property.description)))
            return (property.name, .object(schema))
        }
        var schema: [(String, JSONValue)] = [("type", .string("object")), ("properties", .object(members))]
        let required = properties.filter(\.isRequired).map { JSONValue.string($0.name) }
        if !required.isEmpty { schema.append(("required", .array(required))) }
        schema.append(("additionalProperties", .bool(false)))
        return .object(schema)
    }

    /// An output schema: an object with these members (each a JSON type name), as loose as a
    /// client's check needs: the members listed are always there; others may be too.
    public static func output(_ members: [(String, String)], required: [String]? = nil) -> JSONValue {
        .object([
            ("type", .string("object")),
            ("properties", .object(members.map { ($0.0, type($0.1)) })),
            ("required", .array((required ?? members.map(\.0)).map { .string($0) })),
        ])
    }

    static func type(_ name: String) -> JSONValue { .object([("type", .string(name))]) }
}

extension ToolSchema.Property {
    /// A required argument.
    public static func required(_ name: String, _ kind: ToolSchema.Kind, _ description: String, choices: [String] = []) -> Self {
        Self(name: name, kind: kind, description: description, isRequired: true, choices: choices)
    }

    /// An optional argument.
    public static func optional(_ name: String, _ kind: ToolSchema.Kind, _ description: String, choices: [String] = []) -> Self {
        Self(name: name, kind: kind, description: description, isRequired: false, choices: choices)
    }
}
