import VaultSystem

/// A JSON-RPC error object: a code the client can act on and a message for the person.
public struct RPCError: Error, Sendable, Equatable {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// The text of a frame was not JSON.
    public static func parseError(_ message: String) -> RPCError { RPCError(code: -32700, message: message) }
    /// The JSON was not a JSON-RPC 2.0 message.
    public static func invalidRequest(_ message: String) -> RPCError { RPCError(code: -32600, message: message) }
    /// No method of that name is served.
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: -32601, message: "no method \(method)")
    }
    /// The method exists but its parameters are missing or of the wrong type.
    public static func invalidParams(_ message: String) -> RPCError { RPCError(code: -32602, message: message) }
    /// The server failed while answering.
    public static func internalError(_ message: String) -> RPCError { RPCError(code: -32603, message: message) }

    /// The error object as it is sent.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("code", .number(String(code))), ("message", .string(message))]
        if let data { members.append(("data", data)) }
        return .object(members)
    }

    init(json: JSONValue) throws(RPCError) {
        guard case .number(let text)? = json["code"], let code = Int(text) else {
            throw .invalidRequest("an error without an integer code")
        }
        self.init(code: code, message: json["message"]?.stringValue ?? "", data: json["data"])
    }
}
