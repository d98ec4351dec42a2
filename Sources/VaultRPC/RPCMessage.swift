import VaultSystem

/// One JSON-RPC 2.0 message, in either direction.
public enum RPCMessage: Sendable {
    case request(id: RPCID, method: String, params: JSONValue?)
    case notification(method: String, params: JSONValue?)
    case response(id: RPCID, result: JSONValue)
    case failure(id: RPCID?, error: RPCError)

    /// Reads a message, refusing JSON that is not JSON-RPC 2.0 with `invalidRequest`.
    public init(json: JSONValue) throws(RPCError) {
        guard case .object = json else { throw .invalidRequest("a message must be a JSON object") }
        guard json["jsonrpc"] == .string("2.0") else { throw .invalidRequest("a message must say \"jsonrpc\": \"2.0\"") }
        // `"params": null` is read as no params, as clients that send it mean.
        let params = json["params"] == .null ? nil : json["params"]
        if let params, !Self.isStructured(params) {
            throw .invalidRequest("params must be an object or an array")
        }
        if let methodValue = json["method"] {
            guard let method = methodValue.stringValue else { throw .invalidRequest("method must be a string") }
            guard let idValue = json["id"] else {
                self = .notification(method: method, params: params)
                return
            }
            guard let id = RPCID(json: idValue) else { throw .invalidRequest("id must be an integer or a string") }
            self = .request(id: id, method: method, params: params)
            return
        }
        let id = json["id"].flatMap(RPCID.init(json:))
        if let error = json["error"] {
            self = .failure(id: id, error: try RPCError(json: error))
        } else if let result = json["result"], let id {
            self = .response(id: id, result: result)
        } else {
            throw .invalidRequest("a message needs a method, a result or an error")
        }
    }

    /// The message as it is sent.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("jsonrpc", .string("2.0"))]
        switch self {
        case .request(let id, let method, let params):
            members.append(("id", id.json))
            members.append(("method", .string(method)))
            if let params { members.append(("params", params)) }
        case .notification(let method, let params):
            members.append(("method", .string(method)))
            if let params { members.append(("params", params)) }
        case .response(let id, let result):
            members.append(("id", id.json))
            members.append(("result", result))
        case .failure(let id, let error):
            members.append(("id", id?.json ?? .null))
            members.append(("error", error.json))
        }
        return .object(members)
    }

    private static func isStructured(_ value: JSONValue) -> Bool {
        switch value {
        case .object, .array: return true
        default: return false
        }
    }
}

/// What a frame held: a message, or why it was not one (so the server can answer and go on).
public enum RPCIncoming: Sendable {
    case message(RPCMessage)
    /// A frame that is no message, with the id of the request it tried to be when that
    /// could be read (the answer must carry it, or the client waits for ever).
    case malformed(RPCError, id: RPCID?)
    /// The descriptor given to `RPCChannel.wake(on:)` became readable between messages.
    case woken
}
