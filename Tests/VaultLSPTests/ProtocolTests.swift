import Foundation
import Testing
import VaultLSP
import VaultRPC
import VaultSystem

/// The life of a connection and the bad input a server must survive.
@Suite("vault lsp: the protocol")
struct ProtocolTests {
    @Test("initialize answers the server's capabilities and name")
    func initializeAnswers() throws {
        let client = try LSPClient(TestVault())
        let result = try client.start()
        #expect(result["serverInfo"]?["name"]?.stringValue == "vault")
        #expect(result["capabilities"]?["textDocumentSync"]?["change"]?.intValue == 2)
        #expect(result["capabilities"]?["renameProvider"]?["prepareProvider"]?.boolValue == true)
        #expect(try client.request("shutdown") == .null)
        client.notify("exit")
        #expect(client.close() == 0)
    }

    @Test("a request before initialize, or before initialized, is refused and the server goes on")
    func requestsBeforeInitialized() throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        let early = client.at("Home.md", line: 0, character: 0)
        #expect(throws: RPCError.self) { try client.request("textDocument/definition", early) }
        do { _ = try client.request("textDocument/definition", early) } catch let error as RPCError { #expect(error.code == -32002) }
        _ = try client.request("initialize", client.initializeParams())
        do {
            _ = try client.request("textDocument/definition", early)
            Issue.record("a request before initialized was answered")
        } catch let error as RPCError {
            #expect(error.code == -32002)
        }
        client.notify("initialized")
        #expect(try client.request("textDocument/definition", early) == .null)
    }

    @Test("an unknown request is MethodNotFound, an unknown notification is ignored")
    func unknownMethods() throws {
        let client = try LSPClient(TestVault())
        try client.start()
        do {
            _ = try client.request("textDocument/noSuchThing")
            Issue.record("an unknown method was answered")
        } catch let error as RPCError {
            #expect(error.code == -32601)
        }
        client.notify("$/noSuchNotification", .object([("x", .number("1"))]))
        #expect(try client.request("workspace/symbol", .object([("query", .string("Errands"))])).arrayValue?.isEmpty == false)
    }

    @Test("a frame that is not JSON is answered with an error and the server keeps serving")
    func malformedFrames() throws {
        let client = try LSPClient(TestVault())
        try client.start()
        client.sendRaw(Array("Content-Length: 9\r\n\r\n{not json".utf8))
        let answer = try client.wait { message in
            if case .failure(nil, _) = message { return true }
            return false
        }
        guard case .failure(_, let error) = answer else { return }
        #expect(error.code == -32700)
        client.sendRaw(Array("Content-Length: 2\r\n\r\n[]".utf8))
        _ = try client.wait { message in
            if case .failure(nil, let error) = message { return error.code == -32600 }
            return false
        }
        #expect(try client.request("shutdown") == .null)
    }

    @Test("the end of input ends the server, with 1 when it was not shut down")
    func endOfInput() throws {
        let client = try LSPClient(TestVault())
        try client.start()
        #expect(client.close() == 1)
    }

    @Test("requests after shutdown are refused until exit")
    func afterShutdown() throws {
        let client = try LSPClient(TestVault())
        try client.start()
        _ = try client.request("shutdown")
        #expect(throws: RPCError.self) { try client.request("workspace/symbol", .object([("query", .string("a"))])) }
        client.notify("exit")
        #expect(client.close() == 0)
    }

    @Test("a document outside the vault is refused, and the server goes on")
    func outsideTheVault() throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        try client.start()
        let outside = vault.root + "/elsewhere.md"
        try Data("[[Errands]]\n".utf8).write(to: URL(fileURLWithPath: outside))
        let uri = client.uri(outside, isAbsolute: true)
        client.notify("textDocument/didOpen", .object([("textDocument", .object([
            ("uri", .string(uri)), ("languageId", .string("markdown")), ("version", .number("1")), ("text", .string("[[Errands]]\n")),
        ]))]))
        let params: JSONValue = .object([
            ("textDocument", .object([("uri", .string(uri))])),
            ("position", .object([("line", .number("0")), ("character", .number("3"))])),
        ])
        do {
            _ = try client.request("textDocument/definition", params)
            Issue.record("a document outside the vault was answered")
        } catch let error as RPCError {
            #expect(error.code == -32803)
            #expect(error.message.contains("not a note of the vault"))
        }
        let home = try client.position(of: "[[Errands]]", in: "Home.md", offset: 3)
        let found = try client.request("textDocument/definition", client.at("Home.md", line: home.line, character: home.character))
        #expect(found["uri"]?.stringValue == client.uri("pages/Errands.md"))
    }

    @Test("the vault is the workspace folder the client names, or --vault")
    func vaultFromTheClient() throws {
        let vault = try TestVault()
        let named = try LSPClient(vault, directory: "/")
        try named.start(root: vault.vault)
        #expect(try named.request("workspace/symbol", .object([("query", .string("Errands"))])).arrayValue?.isEmpty == false)
        let given = try LSPClient(vault, arguments: ["--vault", vault.vault], directory: "/")
        try given.start(root: "/")
        #expect(try given.request("workspace/symbol", .object([("query", .string("Errands"))])).arrayValue?.isEmpty == false)
    }
}
