import Foundation
import Testing
import VaultLSP
import VaultRPC
import VaultSystem

/// Changes made by other programs, tags, and the backlink lens.
@Suite("vault lsp: the workspace")
struct WorkspaceTests {
    @Test("a note changed on disk and reported by the client is read again")
    func watchedFiles() throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        _ = try client.request("initialize", .object([
            ("rootUri", .string(client.uri(vault.vault, isAbsolute: true))),
            ("capabilities", .object([("workspace", .object([
                ("didChangeWatchedFiles", .object([("dynamicRegistration", .bool(true))])),
            ]))])),
        ]))
        client.notify("initialized")
        let registration = try client.wait { message in
            if case .request(_, "client/registerCapability", _) = message { return true }
            return false
        }
        guard case .request(_, _, let params) = registration else { return }
        #expect(params?["registrations"]?.arrayValue?.first?["method"]?.stringValue == "workspace/didChangeWatchedFiles")
        let before = try client.request("textDocument/references", client.at("pages/Errands.md", line: 4, character: 0)).arrayValue?.count ?? 0
        try Data("# Tom Becker\n\nAsk about [[Errands]].\n".utf8).write(to: URL(fileURLWithPath: vault.vault + "/pages/People/Tom Becker.md"))
        try Data("# New\n\n[[Errands]] again\n".utf8).write(to: URL(fileURLWithPath: vault.vault + "/pages/New.md"))
        client.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([
            .object([("uri", .string(client.uri("pages/People/Tom Becker.md"))), ("type", .number("2"))]),
            .object([("uri", .string(client.uri("pages/New.md"))), ("type", .number("1"))]),
        ]))]))
        let after = try client.request("textDocument/references", client.at("pages/Errands.md", line: 4, character: 0)).arrayValue ?? []
        #expect(after.count == before + 2)
        try FileManager.default.removeItem(atPath: vault.vault + "/pages/New.md")
        client.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([
            .object([("uri", .string(client.uri("pages/New.md"))), ("type", .number("3"))]),
        ]))]))
        let removed = try client.request("textDocument/references", client.at("pages/Errands.md", line: 4, character: 0)).arrayValue ?? []
        #expect(removed.count == before + 1)
        // A note open with unsaved changes that another program rewrites: said, not taken.
        try client.open("pages/Errands.md", text: "# Errands\n\nunsaved\n")
        client.forgetNotifications()
        try Data("# Errands\n\nfrom elsewhere\n".utf8).write(to: URL(fileURLWithPath: vault.vault + "/pages/Errands.md"))
        client.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([
            .object([("uri", .string(client.uri("pages/Errands.md"))), ("type", .number("2"))]),
        ]))]))
        let shown = try client.notification("window/showMessage")
        #expect(shown["message"]?.stringValue?.contains("unsaved changes") == true)
    }

    @Test("a client that reports no changes on disk still sees a note another program makes, at its next message")
    func ownWatching() throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        try client.start()
        try client.open("pages/Ideas.md")
        let dangling = try client.diagnostics(for: client.uri("pages/Ideas.md")).filter { $0["code"]?.stringValue == "dangling-link" }
        #expect(dangling.count == 1)
        // Another program (a sync tool) brings the missing note; the client says nothing of it.
        try Data("# Evicted Idea\n\nBack again.\n".utf8).write(to: URL(fileURLWithPath: vault.vault + "/pages/Evicted Idea.md"))
        client.forgetNotifications()
        let symbols = try client.request("workspace/symbol", .object([("query", .string("Evicted Idea"))]))
        #expect(symbols.arrayValue?.contains { $0["name"]?.stringValue == "Evicted Idea" } == true)
        let again = try client.diagnostics(for: client.uri("pages/Ideas.md")).filter { $0["code"]?.stringValue == "dangling-link" }
        #expect(again.isEmpty)
    }

    @Test("after # the vault's tags are offered, most used first; a heading's # offers none")
    func tagCompletion() throws {
        let client = try LSPClient(TestVault())
        try client.start()
        try client.open("pages/Ideas.md", text: "# Ideas\n\nSee #proj\n# \n")
        let result = try client.request("textDocument/completion", client.at("pages/Ideas.md", line: 2, character: 9))
        let labels = (result["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
        #expect(labels.first == "#project/vault")
        #expect(labels.contains("#project"))
        #expect(try client.request("textDocument/completion", client.at("pages/Ideas.md", line: 3, character: 2)) == .null)
    }

    @Test("in a Logseq graph a tag of words is offered after # with its brackets")
    func wordsTagCompletion() throws {
        let client = try LSPClient(TestVault(fixture: "logseq"))
        try client.start()
        try client.open("pages/Ideas.md", text: "- compost #gre\n")
        let result = try client.request("textDocument/completion", client.at("pages/Ideas.md", line: 0, character: 14))
        let item = try #require(result["items"]?.arrayValue?.first { $0["label"]?.stringValue == "#[[green waste]]" })
        #expect(item["textEdit"]?["newText"]?.stringValue == "[[green waste]]")
    }

    @Test("the title heading carries a lens with the number of backlinks")
    func codeLens() throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        try client.start()
        let lenses = try client.request("textDocument/codeLens", .object([("textDocument", .object([("uri", .string(client.uri("pages/Errands.md")))]))]))
        let count = try vault.run(["backlinks", "pages/Errands.md"]).output.split(separator: "\n").count
        #expect(lenses.arrayValue?.first?["command"]?["title"]?.stringValue == "\(count) backlinks")
        let title = try client.position(of: "# Errands", in: "pages/Errands.md")
        #expect(lenses.arrayValue?.first?["range"]?["start"]?["line"]?.intValue == title.line)
        // Its command, run, names the linking notes: those `vault backlinks` lists.
        let command = try #require(lenses.arrayValue?.first?["command"])
        #expect(command["command"]?.stringValue == "vault.backlinks")
        let ran = try client.request("workspace/executeCommand", .object([
            ("command", command["command"] ?? .null), ("arguments", command["arguments"] ?? .null),
        ]))
        let listed = Set(try vault.run(["backlinks", "pages/Errands.md"]).output.split(separator: "\n").map { String($0.prefix { $0 != ":" }) })
        #expect(Set(ran.arrayValue?.compactMap(\.stringValue) ?? []) == listed)
        #expect(try client.notification("window/showMessage")["message"]?.stringValue?.hasPrefix("linked from ") == true)
    }

    @Test("a dangling wikilink offers to create its note, as vault new writes it")
    func createMissingNote() throws {
        let vault = try TestVault()
        let expected = try TestVault()
        let client = try LSPClient(vault)
        _ = try client.request("initialize", .object([
            ("rootUri", .string(client.uri(vault.vault, isAbsolute: true))),
            ("capabilities", .object([("workspace", .object([
                ("workspaceEdit", .object([("resourceOperations", .array([.string("create"), .string("rename")]))])),
            ]))])),
        ]))
        client.notify("initialized")
        let link = try client.position(of: "[[Evicted Idea]]", in: "pages/Ideas.md", offset: 3)
        let params: JSONValue = .object([
            ("textDocument", .object([("uri", .string(client.uri("pages/Ideas.md")))])),
            ("range", .object([
                ("start", .object([("line", .number(String(link.line))), ("character", .number(String(link.character)))])),
                ("end", .object([("line", .number(String(link.line))), ("character", .number(String(link.character)))])),
            ])),
            ("context", .object([("diagnostics", .array([]))])),
        ])
        let actions = try client.request("textDocument/codeAction", params).arrayValue ?? []
        #expect(actions.first?["title"]?.stringValue == "Create pages/Evicted Idea.md")
        let changes = actions.first?["edit"]?["documentChanges"]?.arrayValue ?? []
        #expect(changes.first?["kind"]?.stringValue == "create")
        let text = changes.last?["edits"]?.arrayValue?.first?["newText"]?.stringValue
        try expected.run(["new", "Evicted Idea"])
        #expect(text.map { Data($0.utf8) } == expected.files()["pages/Evicted Idea.md"])
        #expect(try client.request("textDocument/codeAction", client.at("Home.md", line: 0, character: 0, [
            ("range", .object([
                ("start", .object([("line", .number("0")), ("character", .number("0"))])),
                ("end", .object([("line", .number("0")), ("character", .number("0"))])),
            ])),
        ])).arrayValue?.isEmpty == true)
    }
}
