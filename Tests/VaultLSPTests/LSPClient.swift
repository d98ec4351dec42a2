import Foundation
import Glibc
import TestSupport
import VaultRPC
import VaultSystem

/// A small client for the tests: starts `vault lsp` in a vault, talks to it over pipes and
/// keeps what it sends back (answers, and notifications such as diagnostics). The server
/// ends when the client goes away, closed or not: the reading thread holds the inbox, never
/// the client.
final class LSPClient: @unchecked Sendable {
    let process: ChildProcess
    private let channel: RPCChannel
    private let inbox = Inbox()
    private var nextID = 1
    let vault: TestVault

    /// What the server sent and whether it has stopped sending, shared with the reading thread.
    private final class Inbox: @unchecked Sendable {
        let lock = NSCondition()
        var received: [RPCMessage] = []
        var ended = false
    }

    /// Starts the server; `arguments` come before `lsp` (`--vault`, `--no-cache`).
    init(_ vault: TestVault, arguments: [String] = [], directory: String? = nil, executable: String? = nil) throws {
        self.vault = vault
        process = try ChildProcess(
            executable ?? vault.binaries + "/vault", arguments + ["lsp"], environment: vault.environment,
            directory: directory ?? vault.root, input: .pipe, output: .pipe)
        let channel = RPCChannel(input: process.output, output: process.input, framing: .contentLength)
        self.channel = channel
        let inbox = inbox
        Thread.detachNewThread {
            while let incoming = channel.receive() {
                inbox.lock.lock()
                if case .message(let message) = incoming { inbox.received.append(message) }
                inbox.lock.broadcast()
                inbox.lock.unlock()
            }
            inbox.lock.lock()
            inbox.ended = true
            inbox.lock.broadcast()
            inbox.lock.unlock()
        }
    }

    /// The `initialize` request a client that can rename files sends, then `initialized`.
    @discardableResult
    func start(root: String? = nil, renamesFiles: Bool = true, appliesEdits: Bool = false) throws -> JSONValue {
        let result = try request("initialize", initializeParams(root: root, renamesFiles: renamesFiles, appliesEdits: appliesEdits))
        notify("initialized", .object([]))
        return result
    }

    func initializeParams(root: String? = nil, renamesFiles: Bool = true, appliesEdits: Bool = false) -> JSONValue {
        let operations: JSONValue = .array(renamesFiles ? [.string("rename")] : [])
        var workspace: [(String, JSONValue)] = [("workspaceEdit", .object([("resourceOperations", operations)]))]
        if appliesEdits { workspace.append(("applyEdit", .bool(true))) }
        return .object([
            ("processId", .null), ("rootUri", .string(uri(root ?? vault.vault, isAbsolute: true))),
            ("capabilities", .object([("workspace", .object(workspace))])),
        ])
    }

    /// Sends a request and waits for its answer: the result, or the error thrown.
    func request(_ method: String, _ params: JSONValue = .object([])) throws -> JSONValue {
        let id = nextID
        nextID += 1
        try channel.send(.request(id: .number(id), method: method, params: params))
        let answer = try wait { message in
            switch message {
            case .response(.number(id), _), .failure(.number(id)?, _): return true
            default: return false
            }
        }
        switch answer {
        case .response(_, let result): return result
        case .failure(_, let error): throw error
        default: throw LSPTestError("unexpected answer \(answer)")
        }
    }

    /// Answers a request the server sent.
    func respond(to id: RPCID, _ result: JSONValue) {
        try? channel.send(.response(id: id, result: result))
    }

    func notify(_ method: String, _ params: JSONValue = .object([])) {
        try? channel.send(.notification(method: method, params: params))
    }

    /// Writes bytes as they are, for frames no real client would send.
    func sendRaw(_ bytes: [UInt8]) {
        process.write(bytes)
    }

    /// Waits up to `timeout` seconds for a message that `matches`, and takes it.
    func wait(timeout: Double = 20, _ matches: (RPCMessage) -> Bool) throws -> RPCMessage {
        let deadline = Date().addingTimeInterval(timeout)
        inbox.lock.lock()
        defer { inbox.lock.unlock() }
        while true {
            if let index = inbox.received.firstIndex(where: matches) { return inbox.received.remove(at: index) }
            if inbox.ended { throw LSPTestError("the server ended before answering") }
            if !inbox.lock.wait(until: deadline) { throw LSPTestError("no answer within \(timeout) s") }
        }
    }

    /// The next notification of `method`.
    func notification(_ method: String, timeout: Double = 20) throws -> JSONValue {
        let message = try wait(timeout: timeout) { message in
            if case .notification(method, _) = message { return true }
            return false
        }
        guard case .notification(_, let params) = message else { return .null }
        return params ?? .null
    }

    /// The diagnostics published next for `uri`.
    func diagnostics(for uri: String) throws -> [JSONValue] {
        let message = try wait { message in
            if case .notification("textDocument/publishDiagnostics", let params) = message { return params?["uri"]?.stringValue == uri }
            return false
        }
        guard case .notification(_, let params) = message else { return [] }
        return params?["diagnostics"]?.arrayValue ?? []
    }

    /// Drops the notifications received so far.
    func forgetNotifications() {
        inbox.lock.lock()
        inbox.received.removeAll { if case .notification = $0 { return true } else { return false } }
        inbox.lock.unlock()
    }

    /// The file URI of a path in the vault (or an absolute path).
    func uri(_ path: String, isAbsolute: Bool = false) -> String {
        let absolute = isAbsolute ? path : vault.vault + "/" + path
        return "file://" + (absolute.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? absolute)
    }

    /// Opens a note with its text from disk (or `text`), as an editor does.
    func open(_ path: String, text: String? = nil, version: Int = 1) throws {
        let contents = try text ?? String(contentsOfFile: vault.vault + "/" + path, encoding: .utf8)
        notify("textDocument/didOpen", .object([("textDocument", .object([
            ("uri", .string(uri(path))), ("languageId", .string("markdown")), ("version", .number(String(version))),
            ("text", .string(contents)),
        ]))]))
    }

    /// `textDocument` and `position` for a request; `character` counts UTF-16 units.
    func at(_ path: String, line: Int, character: Int, _ more: [(String, JSONValue)] = []) -> JSONValue {
        .object([
            ("textDocument", .object([("uri", .string(uri(path)))])),
            ("position", .object([("line", .number(String(line))), ("character", .number(String(character)))])),
        ] + more)
    }

    /// Where `needle` is in a note's file, as a 0-based line and UTF-16 column, plus `offset`.
    func position(of needle: String, in path: String, offset: Int = 0, text: String? = nil) throws -> (line: Int, character: Int) {
        let contents = try text ?? String(contentsOfFile: vault.vault + "/" + path, encoding: .utf8)
        for (number, line) in contents.components(separatedBy: "\n").enumerated() {
            if let range = line.range(of: needle) {
                return (number, line[..<range.lowerBound].utf16.count + offset)
            }
        }
        throw LSPTestError("\(needle) is not in \(path)")
    }

    /// Closes the pipe to the server and waits for it to end; its exit code, -1 when it had
    /// to be killed.
    func close(timeout: Double = 20) -> Int32 {
        process.closeInput()
        return process.wait(timeout: timeout) ?? -1
    }

    deinit {
        process.closeInput()
        _ = process.wait(timeout: 5)
        // The reading thread ends at the end of the server's output; only then may the
        // descriptor it reads be closed and its number used again.
        inbox.lock.lock()
        let deadline = Date().addingTimeInterval(5)
        while !inbox.ended && inbox.lock.wait(until: deadline) {}
        inbox.lock.unlock()
    }
}

struct LSPTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
