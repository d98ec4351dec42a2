import VaultSystem

/// What a tool call answers: text for a model to read, the same as a JSON value for a
/// program (`structuredContent`), or an error the tool met (`isError`), which is a result,
/// not a protocol error, so that the model sees the message.
public struct ToolResult: Sendable {
    public var text: String
    public var structured: JSONValue?
    public var isError: Bool

    public init(text: String, structured: JSONValue? = nil, isError: Bool = false) {
        self.text = text
        self.structured = structured
        self.isError = isError
    }

    /// A result whose structured content is `value` encoded as `vault --json` encodes it.
    public init(text: String, encoding value: some Encodable) throws {
        self.init(text: text, structured: try JSONValueEncoder().encode(value))
    }

    /// A tool error with the message (and hint) the command line would print.
    public static func failure(_ message: String, hint: String? = nil) -> ToolResult {
        ToolResult(text: hint.map { message + "\nhint: " + $0 } ?? message, isError: true)
    }

    /// The result as `tools/call` returns it; structured content only where the negotiated
    /// version has it.
    func json(structuredOutput: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [("content", .array([.object([("type", .string("text")), ("text", .string(text))])]))]
        if structuredOutput, let structured, !isError { members.append(("structuredContent", structured)) }
        members.append(("isError", .bool(isError)))
        return .object(members)
    }
}
