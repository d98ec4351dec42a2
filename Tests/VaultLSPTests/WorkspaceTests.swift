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
    }
}
