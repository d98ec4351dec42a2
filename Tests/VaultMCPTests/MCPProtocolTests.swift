import Foundation
import Testing
import VaultSystem

/// The protocol as a client meets it, through the built `vault mcp` on pipes.
@Suite("vault mcp: the protocol")
struct MCPProtocolTests {
    @Test("initialize answers the client's version when it is supported, else the latest")
    func negotiatesTheVersion() throws {
        let fixture = try FixtureVault()
        for (asked, answered) in [("2025-03-26", "2025-03-26"), ("2025-06-18", "2025-06-18"), ("1999-01-01", "2025-11-25")] {
            let server = try ServerProcess(vault: fixture.vault)
            server.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(asked)","capabilities":{}}}"#)
            let result = try #require(server.answer(1)?["result"])
            #expect(result["protocolVersion"] == .string(answered), "asked \(asked)")
            #expect(result["serverInfo"]?["name"] == .string("vault"))
            #expect(result["capabilities"]?["tools"] != nil && result["capabilities"]?["resources"] != nil)
            server.closeInput()
            #expect(server.exitStatus() == 0)
        }
    }

    @Test("tools carry an output schema and structured results from 2025-06-18 on, and only text before")
    func structuredOutputByVersion() throws {
        let fixture = try FixtureVault()
        for (version, structured) in [("2025-03-26", false), ("2025-06-18", true)] {
            let server = try ServerProcess(vault: fixture.vault)
            server.send(
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(version)","capabilities":{}}}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#, ServerProcess.call(3, "tags", "{}"))
            _ = server.answer(1)
            guard case .array(let tools)? = server.answer(2)?["result"]?["tools"] else {
                Issue.record("no tools listed")
                return
            }
            #expect(tools.count == 18)
            #expect(tools.allSatisfy { ($0["outputSchema"] != nil) == structured && $0["inputSchema"]?["type"] == .string("object") })
            let result = try #require(server.answer(3)?["result"])
            #expect((result["structuredContent"] != nil) == structured, "\(version)")
            #expect(result["isError"] == .bool(false))
            server.closeInput()
            #expect(server.exitStatus() == 0)
        }
    }

    @Test("a ping is answered at once, even while a write waits for the vault's lock")
    func pingWhileBusy() throws {
        let fixture = try FixtureVault()
        let lock = try VaultLock(metadataFolder: fixture.vault + "/.zennotes")
        let server = try ServerProcess(vault: fixture.vault)
        server.send(ServerProcess.initialize, ServerProcess.initialized)
        _ = server.answer(1)
        server.send(ServerProcess.call(2, "capture", #"{"text":"waits for the lock"}"#), #"{"jsonrpc":"2.0","id":3,"method":"ping"}"#)
        let ping = try #require(server.next(timeout: 5))
        #expect(ping["id"] == .number("3") && ping["result"] == .object([]))
        lock.release()
        #expect(server.answer(2)?["result"]?["isError"] == .bool(false))
        server.closeInput()
        #expect(server.exitStatus() == 0)
    }

    @Test("a cancelled request gets no answer, whether it was waiting or running")
    func cancellation() throws {
        let fixture = try FixtureVault()
        let lock = try VaultLock(metadataFolder: fixture.vault + "/.zennotes")
        let server = try ServerProcess(vault: fixture.vault)
        server.send(ServerProcess.initialize, ServerProcess.initialized)
        _ = server.answer(1)
        // The capture runs and waits for the lock; the search waits behind it.
        server.send(
            ServerProcess.call(2, "capture", #"{"text":"cancelled while it runs"}"#),
            ServerProcess.call(3, "search", #"{"query":"lentil"}"#),
            #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3,"reason":"not needed"}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"ping"}"#)
        #expect(server.next(timeout: 5)?["id"] == .number("4"))
        lock.release()
        server.send(ServerProcess.call(5, "tags", "{}"))
        // The next answer is to the request after them: neither cancelled one is answered.
        let next = try #require(server.next())
        #expect(next["id"] == .number("5"))
        server.closeInput()
        #expect(server.exitStatus() == 0)
        #expect(server.next(timeout: 1) == nil)
    }

    @Test("a message that is not JSON, or not a request, is answered with an error and the server goes on")
    func malformedMessages() throws {
        let fixture = try FixtureVault()
        let server = try ServerProcess(vault: fixture.vault)
        server.send("this is not json", #"{"jsonrpc":"1.0","id":7,"method":"ping"}"#, #"[{"jsonrpc":"2.0","id":8,"method":"ping"}]"#)
        // The id of a request that is not well formed is given back where it can be read.
        for (code, id) in [("-32700", JSONValue.null), ("-32600", .number("7")), ("-32600", .null)] {
            let failure = try #require(server.next())
            #expect(failure["id"] == id)
            #expect(failure["error"]?["code"] == .number(code))
        }
        server.send(#"{"jsonrpc":"2.0","id":9,"method":"no/such/method"}"#, #"{"jsonrpc":"2.0","id":10,"method":"ping"}"#)
        // A ping is answered as it comes, so the two answers may come in either order.
        let answers = [server.next(), server.next()].compactMap { $0 }
        #expect(answers.first { $0["id"] == .number("9") }?["error"]?["code"] == .number("-32601"))
        #expect(answers.first { $0["id"] == .number("10") }?["result"] == .object([]))
        server.closeInput()
        #expect(server.exitStatus() == 0)
    }

    @Test("when the client closes its input the server answers what came before and ends; a client that stopped reading ends it too, with nothing more run")
    func requestAfterClose() throws {
        let fixture = try FixtureVault()
        let server = try ServerProcess(vault: fixture.vault)
        server.send(ServerProcess.initialize, ServerProcess.call(2, "capture", #"{"text":"sent before the close"}"#))
        server.closeInput()
        #expect(server.answer(1) != nil)
        #expect(server.answer(2)?["result"]?["isError"] == .bool(false))
        #expect(server.exitStatus() == 0)
        #expect(fixture.exists("quick/sent before the close.md"))

        let gone = try ServerProcess(vault: fixture.vault, unread: true)
        gone.send(ServerProcess.initialize, ServerProcess.call(2, "capture", #"{"text":"sent after the client went"}"#))
        gone.closeInput()
        #expect(gone.exitStatus() == 0)
        #expect(!fixture.exists("quick/sent after the client went.md"))
    }

    @Test("an unknown tool and arguments that do not fit its schema are invalid-params errors that name them")
    func invalidCalls() throws {
        let fixture = try FixtureVault()
        let server = try ServerProcess(vault: fixture.vault)
        server.send(
            ServerProcess.initialize, ServerProcess.call(2, "no_such_tool", "{}"), ServerProcess.call(3, "capture", "{}"),
            ServerProcess.call(4, "search", #"{"query":7}"#))
        _ = server.answer(1)
        for (id, words) in [(2, "unknown tool \"no_such_tool\""), (3, "needs the argument \"text\""), (4, "must be a string, not a number")] {
            let error = try #require(server.answer(id)?["error"])
            #expect(error["code"] == .number("-32602"))
            #expect(error["message"]?.stringValue?.contains(words) == true, "\(error)")
        }
        server.closeInput()
        #expect(server.exitStatus() == 0)
        #expect((try FileManager.default.contentsOfDirectory(atPath: fixture.vault + "/quick")).count == 4)
    }

    @Test("a subscribed note's change, by a tool or by another program, is told once; after unsubscribing it is not")
    func subscriptions() throws {
        let fixture = try FixtureVault()
        let server = try ServerProcess(vault: fixture.vault)
        server.send(ServerProcess.initialize, #"{"jsonrpc":"2.0","id":2,"method":"resources/subscribe","params":{"uri":"vault://pages/Errands.md"}}"#)
        #expect(server.answer(1)?["result"]?["capabilities"]?["resources"]?["subscribe"] == .bool(true))
        #expect(server.answer(2)?["result"] == .object([]))
        server.send(ServerProcess.call(3, "append", #"{"note":"Errands","text":"- [ ] bulbs"}"#))
        #expect(server.answer(3)?["result"]?["isError"] == .bool(false))
        let updated = #"{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"vault://pages/Errands.md"}}"#
        #expect(server.next() == json(updated))
        // Another program's save is seen too. Written whole in one step: a save that truncates
        // and then writes is two changes, and a look between them rightly tells both.
        let path = fixture.vault + "/pages/Errands.md"
        try Data((try #require(fixture.text("pages/Errands.md")) + "- [ ] saved elsewhere\n").utf8).write(
            to: URL(fileURLWithPath: path), options: .atomic)
        #expect(server.next(timeout: 5) == json(updated))
        #expect(server.next(timeout: 1.5) == nil)
        server.send(#"{"jsonrpc":"2.0","id":4,"method":"resources/unsubscribe","params":{"uri":"vault://pages/Errands.md"}}"#)
        #expect(server.answer(4)?["result"] == .object([]))
        try Data("changed again\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(server.next(timeout: 1.5) == nil)
        server.closeInput()
        #expect(server.exitStatus() == 0)
    }
}
