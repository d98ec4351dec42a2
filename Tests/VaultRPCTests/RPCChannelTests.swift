import CSystem
import Foundation
import Testing
import VaultSystem

@testable import VaultRPC

#if canImport(Glibc)
import Glibc
#endif

/// A channel whose input is bytes written by the test and whose output the test reads back.
private final class Wire: @unchecked Sendable {
    let toServer: (read: Int32, write: Int32)
    let fromServer: (read: Int32, write: Int32)
    let channel: RPCChannel

    init(framing: RPCFraming, maxFrameBytes: Int = 1 << 20) {
        var a: [Int32] = [0, 0]
        var b: [Int32] = [0, 0]
        // Close-on-exec: another test's child must not hold these pipes open.
        precondition(vault_pipe_cloexec(&a) == 0 && vault_pipe_cloexec(&b) == 0)
        toServer = (a[0], a[1])
        fromServer = (b[0], b[1])
        channel = RPCChannel(input: a[0], output: b[1], framing: framing, maxFrameBytes: maxFrameBytes)
    }

    func feed(_ text: String) { feed(Array(text.utf8)) }

    func feed(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(toServer.write, $0.baseAddress! + written, bytes.count - written) }
            precondition(count > 0)
            written += count
        }
    }

    private var closedOutputReader = false

    func closeInput() { close(toServer.write) }

    /// The client going away: its end of the server's output closes.
    func closeClientEnd() {
        close(fromServer.read)
        closedOutputReader = true
    }

    func sent() -> String {
        close(fromServer.write)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fromServer.read, &chunk, chunk.count)
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    deinit {
        close(toServer.read)
        if !closedOutputReader { close(fromServer.read) }
    }
}

private func method(_ incoming: RPCIncoming?) -> String? {
    switch incoming {
    case .message(.request(_, let method, _)), .message(.notification(let method, _)): return method
    default: return nil
    }
}

private func malformedCode(_ incoming: RPCIncoming?) -> Int? {
    if case .malformed(let error, _) = incoming { return error.code }
    return nil
}

private func malformedID(_ incoming: RPCIncoming?) -> RPCID? {
    if case .malformed(_, let id) = incoming { return id }
    return nil
}

@Suite("JSON-RPC channel")
struct RPCChannelTests {
    @Test("line framing reads one message per line, skips blank lines and ends at the end of input")
    func linesFraming() {
        let wire = Wire(framing: .lines)
        wire.feed("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n\n  \n{\"jsonrpc\":\"2.0\",\"method\":\"note\"}")
        wire.closeInput()
        #expect(method(wire.channel.receive()) == "ping")
        #expect(method(wire.channel.receive()) == "note")
        #expect(wire.channel.receive() == nil)
    }

    @Test("Content-Length framing reads bodies split across reads and headers in any case")
    func contentLengthFraming() {
        let wire = Wire(framing: .contentLength)
        let body = "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"initialize\",\"params\":{\"text\":\"é\"}}"
        wire.feed("content-length: \(body.utf8.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n")
        wire.feed(body)
        wire.feed("Content-Length: 40\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}")
        wire.closeInput()
        let first = wire.channel.receive()
        guard case .message(.request(let id, "initialize", let params)) = first else {
            Issue.record("not a request: \(String(describing: first))")
            return
        }
        #expect(id == .string("a"))
        #expect(params?["text"] == .string("é"))
        #expect(method(wire.channel.receive()) == "initialized")
        #expect(wire.channel.receive() == nil)
    }

    @Test("a frame that is not JSON, not a message, or a batch is reported and the next one is read")
    func malformedFrames() {
        let wire = Wire(framing: .lines)
        wire.feed("{not json\n[1,2]\n{\"id\":1,\"method\":\"x\"}\n{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"x\"}\n")
        wire.feed("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n")
        wire.closeInput()
        #expect(malformedCode(wire.channel.receive()) == -32700)
        #expect(malformedCode(wire.channel.receive()) == -32600)
        #expect(malformedCode(wire.channel.receive()) == -32600)
        #expect(malformedCode(wire.channel.receive()) == -32600)
        #expect(method(wire.channel.receive()) == "ping")
    }

    @Test("a request that is not well formed but whose id reads is answered with its id, so the client stops waiting")
    func malformedRequestKeepsItsID() {
        let wire = Wire(framing: .lines)
        wire.feed("{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"x\",\"params\":\"oops\"}\n")
        wire.feed("{\"jsonrpc\":\"1.0\",\"id\":\"a\",\"method\":\"x\"}\n{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"x\"}\n")
        wire.feed("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"oops\",\"params\":1}\n")
        wire.closeInput()
        let first = wire.channel.receive()
        #expect(malformedCode(first) == -32600 && malformedID(first) == .number(99))
        #expect(malformedID(wire.channel.receive()) == .string("a"))
        #expect(malformedID(wire.channel.receive()) == nil)
        // A response is not answered: its id is the client's own question, not one to it.
        #expect(malformedID(wire.channel.receive()) == nil)
    }

    @Test("an id that is a number but no integer is given back as written")
    func otherNumberIDs() {
        let wire = Wire(framing: .lines)
        wire.feed("{\"jsonrpc\":\"2.0\",\"id\":13.0,\"method\":\"ping\"}\n{\"jsonrpc\":\"2.0\",\"id\":12345678901234567890,\"method\":\"x\",\"params\":1}\n")
        wire.closeInput()
        guard case .message(.request(let id, "ping", _)) = wire.channel.receive() else {
            Issue.record("not a request")
            return
        }
        #expect(id.json == .number("13.0"))
        #expect(malformedID(wire.channel.receive())?.json == .number("12345678901234567890"))
    }

    @Test("params written null are read as none, as the clients that send them mean")
    func nullParams() {
        let wire = Wire(framing: .lines)
        wire.feed("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\",\"params\":null}\n{\"jsonrpc\":\"2.0\",\"method\":\"exit\",\"params\":null}\n")
        wire.closeInput()
        #expect(method(wire.channel.receive()) == "shutdown")
        #expect(method(wire.channel.receive()) == "exit")
    }

    @Test("a header without a length, and a frame over the limit, are skipped without losing the next")
    func oversizedAndHeaderless() {
        let wire = Wire(framing: .contentLength, maxFrameBytes: 64)
        wire.feed("X-Nothing: 1\r\n\r\n")
        let big = String(repeating: "x", count: 200)
        wire.feed("Content-Length: 200\r\n\r\n\(big)")
        wire.feed("Content-Length: 36\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}   ")
        wire.closeInput()
        #expect(malformedCode(wire.channel.receive()) == -32700)
        #expect(malformedCode(wire.channel.receive()) == -32600)
        #expect(method(wire.channel.receive()) == "exit")
        #expect(wire.channel.receive() == nil)
    }

    @Test("a line over the limit is skipped through its newline")
    func longLine() {
        let wire = Wire(framing: .lines, maxFrameBytes: 1000)
        DispatchQueue.global().async {
            wire.feed(String(repeating: "y", count: 300_000) + "\n{\"jsonrpc\":\"2.0\",\"method\":\"after\"}\n")
            wire.closeInput()
        }
        #expect(malformedCode(wire.channel.receive()) == -32600)
        #expect(method(wire.channel.receive()) == "after")
        #expect(wire.channel.receive() == nil)
    }

    @Test("a partial frame at the end of input is dropped, not served")
    func partialFrame() {
        let wire = Wire(framing: .contentLength)
        wire.feed("Content-Length: 100\r\n\r\n{\"jsonrpc\"")
        wire.closeInput()
        #expect(wire.channel.receive() == nil)
    }

    @Test("messages are sent framed, on one line, with control characters escaped")
    func sending() throws {
        let wire = Wire(framing: .lines)
        try wire.channel.send(.response(id: .number(3), result: .object([("text", .string("a\nb"))])))
        try wire.channel.send(.failure(id: nil, error: .methodNotFound("nope")))
        #expect(wire.sent() == """
            {"jsonrpc":"2.0","id":3,"result":{"text":"a\\nb"}}
            {"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"no method nope"}}

            """)
    }

    @Test("a Content-Length frame counts bytes, not characters")
    func sendingLength() throws {
        let wire = Wire(framing: .contentLength)
        try wire.channel.send(.notification(method: "é", params: nil))
        let body = "{\"jsonrpc\":\"2.0\",\"method\":\"é\"}"
        #expect(wire.sent() == "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
    }

    @Test("sending to a client that closed its end is an error, not the end of the process")
    func closedClient() {
        let wire = Wire(framing: .lines)
        wire.closeClientEnd()
        #expect(throws: RPCWriteError.self) {
            try wire.channel.send(.notification(method: "x", params: nil))
        }
    }

    @Test("a message read back from its JSON is the same message")
    func roundTrip() throws {
        let messages: [RPCMessage] = [
            .request(id: .number(7), method: "m", params: .array([.null])),
            .notification(method: "n", params: .object([("k", .bool(true))])),
            .response(id: .string("x"), result: .null),
            .failure(id: .number(1), error: RPCError(code: -1, message: "m", data: .string("d"))),
        ]
        for message in messages {
            let again = try RPCMessage(json: JSONValue.parse(message.json.compactBytes()))
            #expect(again.json == message.json)
        }
    }
}
