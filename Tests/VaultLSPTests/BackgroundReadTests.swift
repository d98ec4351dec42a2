import Foundation
import Glibc
import Testing
import VaultKit
import VaultLSP
import VaultRPC
import VaultSystem

/// The server answers `initialize` before the vault's facts are read, and every message after
/// it waits for the read: run in this process, with a read held back until the test lets it go.
@Suite("vault lsp: the vault read after initialize")
struct BackgroundReadTests {
    /// Holds a read back until `open()`.
    final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var isOpen = false

        func wait() {
            condition.lock()
            while !isOpen { condition.wait() }
            condition.unlock()
        }

        func open() {
            condition.lock()
            isOpen = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// A server on pipes, run on a thread of its own, and the client's end of them.
    final class Session: @unchecked Sendable {
        let server: LanguageServer
        let client: RPCChannel
        private var nextID = 1

        init(root: String, read: @escaping @Sendable (Vault) throws -> LiveVault) throws {
            var toServer: [Int32] = [0, 0]
            var toClient: [Int32] = [0, 0]
            guard pipe(&toServer) == 0, pipe(&toClient) == 0 else { throw LSPTestError("no pipe") }
            server = LanguageServer(
                channel: RPCChannel(input: toServer[0], output: toClient[1], framing: .contentLength), version: "test",
                readVault: read
            ) { _ in try Vault(root: root) }
            client = RPCChannel(input: toClient[0], output: toServer[1], framing: .contentLength)
            let (input, output) = (toServer[0], toClient[1])
            Thread.detachNewThread { [self] in
                _ = server.run()
                close(input)
                close(output)
            }
        }

        /// Sends a request; its id.
        func send(_ method: String, _ params: JSONValue) throws -> Int {
            defer { nextID += 1 }
            try client.send(.request(id: .number(nextID), method: method, params: params))
            return nextID
        }

        /// The answer to request `id`, past any notification the server sends first.
        func answer(_ id: Int) throws -> Result<JSONValue, RPCError> {
            while let incoming = client.receive() {
                guard case .message(let message) = incoming else { continue }
                switch message {
                case .response(.number(id), let result): return .success(result)
                case .failure(.number(id)?, let error): return .failure(error)
                default: continue
                }
            }
            throw LSPTestError("the server went away")
        }

        func finish() throws {
            try client.send(.notification(method: "exit", params: nil))
        }
    }

    static func initializeParams(_ root: String) -> JSONValue {
        .object([("processId", .null), ("rootUri", .string("file://" + root)), ("capabilities", .object([]))])
    }

    @Test("initialize is answered while the vault is read; a request sent meanwhile waits and answers from every note")
    func requestsWaitForTheRead() throws {
        let vault = try TestVault()
        let gate = Gate()
        let session = try Session(root: vault.vault) { vault in
            gate.wait()
            return try LiveVault(vault: vault)
        }
        // The read is held back: initialize is answered without it.
        let initialized = try session.answer(try session.send("initialize", Self.initializeParams(vault.vault)))
        #expect(try initialized.get()["serverInfo"]?["name"]?.stringValue == "vault")
        try session.client.send(.notification(method: "initialized", params: .object([])))
        let home = try String(contentsOfFile: vault.vault + "/Home.md", encoding: .utf8).components(separatedBy: "\n")
        let line = try #require(home.firstIndex { $0.contains("[[Errands]]") })
        let character = home[line].utf16.distance(from: home[line].startIndex, to: home[line].range(of: "[[Errands]]")!.lowerBound) + 3
        let definition = try session.send("textDocument/definition", .object([
            ("textDocument", .object([("uri", .string("file://" + vault.vault + "/Home.md"))])),
            ("position", .object([("line", .number(String(line))), ("character", .number(String(character)))])),
        ]))
        let references = try session.send("textDocument/references", .object([
            ("textDocument", .object([("uri", .string("file://" + vault.vault + "/pages/Errands.md"))])),
            ("position", .object([("line", .number("0")), ("character", .number("0"))])),
        ]))
        gate.open()
        let found = try session.answer(definition).get()
        #expect(found["uri"]?.stringValue == "file://" + vault.vault + "/pages/Errands.md")
        let sources = Set(try session.answer(references).get().arrayValue?.compactMap { $0["uri"]?.stringValue } ?? [])
        let live = try LiveVault(vault: try Vault(root: vault.vault))
        let expected = Set(live.backlinks(to: "pages/Errands.md").map { backlink in
            "file://" + (vault.vault + "/" + backlink.source).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
        })
        #expect(!expected.isEmpty)
        #expect(sources == expected)
        try session.finish()
    }

    @Test("a vault whose facts cannot be read fails every request after initialize with the reason")
    func aFailedRead() throws {
        let vault = try TestVault()
        let session = try Session(root: vault.vault) { _ in throw VaultError.vaultUnreadable(path: "/nowhere", reason: "gone") }
        _ = try session.answer(try session.send("initialize", Self.initializeParams(vault.vault))).get()
        try session.client.send(.notification(method: "initialized", params: .object([])))
        let symbols = try session.answer(try session.send("workspace/symbol", .object([("query", .string("Errands"))])))
        guard case .failure(let error) = symbols else {
            Issue.record("a request was answered without the vault's facts")
            return
        }
        #expect(error.code == -32803)
        #expect(error.message.hasPrefix("cannot read the vault: "))
        try session.finish()
    }
}
