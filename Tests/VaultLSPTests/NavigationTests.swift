import Foundation
import Testing
import VaultLSP
import VaultRPC
import VaultSystem

/// Document sync, definition, references, hover, symbols, completion and diagnostics.
@Suite("vault lsp: navigation")
struct NavigationTests {
    @Test("positions count UTF-16 units, through incremental changes, and a range past the end changes nothing")
    func utf16Positions() throws {
        let client = try LSPClient(TestVault())
        try client.start()
        try client.open("pages/Ideas.md", text: "# Ideas\n\n😀é [[Errands]]\n")
        // 😀 is two UTF-16 units, é one: the link's text starts at 6.
        var found = try client.request("textDocument/definition", client.at("pages/Ideas.md", line: 2, character: 7))
        #expect(found["uri"]?.stringValue == client.uri("pages/Errands.md"))
        #expect(try client.request("textDocument/definition", client.at("pages/Ideas.md", line: 2, character: 2)) == .null)
        // 日本 before the emoji moves the link two units on.
        client.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(client.uri("pages/Ideas.md"))), ("version", .number("2"))])),
            ("contentChanges", .array([.object([
                ("range", .object([
                    ("start", .object([("line", .number("2")), ("character", .number("0"))])),
                    ("end", .object([("line", .number("2")), ("character", .number("0"))])),
                ])),
                ("text", .string("日本")),
            ])])),
        ]))
        #expect(try client.request("textDocument/definition", client.at("pages/Ideas.md", line: 2, character: 5)) == .null)
        found = try client.request("textDocument/definition", client.at("pages/Ideas.md", line: 2, character: 9))
        #expect(found["uri"]?.stringValue == client.uri("pages/Errands.md"))
        // A range on line 40 of a three-line document: refused, said, and nothing changes.
        client.forgetNotifications()
        client.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(client.uri("pages/Ideas.md"))), ("version", .number("3"))])),
            ("contentChanges", .array([.object([
                ("range", .object([
                    ("start", .object([("line", .number("40")), ("character", .number("0"))])),
                    ("end", .object([("line", .number("40")), ("character", .number("1"))])),
                ])),
                ("text", .string("x")),
            ])])),
        ]))
        let shown = try client.notification("window/showMessage")
        #expect(shown["message"]?.stringValue?.contains("past the end") == true)
        found = try client.request("textDocument/definition", client.at("pages/Ideas.md", line: 2, character: 9))
        #expect(found["uri"]?.stringValue == client.uri("pages/Errands.md"))
    }

    @Test("definition leads to the note, and to the heading a fragment names")
    func definition() throws {
        let client = try LSPClient(TestVault())
        try client.start()
        let link = try client.position(of: "../pages/Errands.md#groceries", in: "journals/2026-11-24.md", offset: 2)
        let found = try client.request("textDocument/definition", client.at("journals/2026-11-24.md", line: link.line, character: link.character))
        #expect(found["uri"]?.stringValue == client.uri("pages/Errands.md"))
        let heading = try client.position(of: "## Groceries", in: "pages/Errands.md")
        #expect(found["range"]?["start"]?["line"]?.intValue == heading.line)
    }

    @Test("references of a link are every link to its note, as vault backlinks lists them")
    func references() throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        try client.start()
        let link = try client.position(of: "[[Errands]]", in: "Home.md", offset: 3)
        let found = try client.request("textDocument/references", client.at("Home.md", line: link.line, character: link.character))
        let sources = Set((found.arrayValue ?? []).compactMap { $0["uri"]?.stringValue })
        let backlinks = try vault.run(["backlinks", "pages/Errands.md"]).output.split(separator: "\n")
            .compactMap { $0.split(separator: ":").first.map(String.init) }
        #expect(!backlinks.isEmpty)
        #expect(sources == Set(backlinks.map { client.uri($0) }))
        #expect(found.arrayValue?.count == backlinks.count)
        // Elsewhere in a note: the links to that note; on a heading, the links to it.
        let own = try client.request("textDocument/references", client.at("pages/Errands.md", line: 4, character: 0))
        #expect(own.arrayValue?.count == backlinks.count)
        let heading = try client.position(of: "## Groceries", in: "pages/Errands.md")
        let toHeading = try client.request("textDocument/references", client.at("pages/Errands.md", line: heading.line, character: 3))
        let fragments = try vault.run(["backlinks", "pages/Errands.md"]).output.split(separator: "\n").filter { $0.lowercased().contains("#groceries") }
        #expect(!fragments.isEmpty)
        #expect(toHeading.arrayValue?.count == fragments.count)
    }

    @Test("an unsaved buffer's links count: a link typed and not saved is a reference")
    func unsavedBuffers() throws {
        let client = try LSPClient(TestVault())
        try client.start()
        let before = try client.request("textDocument/references", client.at("pages/Errands.md", line: 4, character: 0)).arrayValue?.count ?? 0
        try client.open("pages/Café Olé.md", text: "# Café Olé\n\nSee [[Errands]].\n")
        let after = try client.request("textDocument/references", client.at("pages/Errands.md", line: 4, character: 0))
        #expect(after.arrayValue?.count == before + 1)
        #expect(after.arrayValue?.contains { $0["uri"]?.stringValue == client.uri("pages/Café Olé.md") } == true)
    }

    @Test("completion after [[ ranks notes as vault find does and closes the link")
    func completionRanksAsFind() throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        try client.start()
        try client.open("pages/Ideas.md", text: "# Ideas\n\nSee [[rea\n")
        let result = try client.request("textDocument/completion", client.at("pages/Ideas.md", line: 2, character: 9))
        let items = result["items"]?.arrayValue ?? []
        let found = try vault.run(["find", "rea", "--limit", "50"]).output.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(!items.isEmpty)
        #expect(items.compactMap { $0["data"]?["path"]?.stringValue } == found.map(String.init))
        let first = items[0]["textEdit"]
        #expect(first?["range"]?["start"]?["character"]?.intValue == 6)
        #expect(first?["newText"]?.stringValue?.hasSuffix("]]") == true)
        // With `]]` already typed after the cursor, none is added.
        try client.open("pages/Errands.md", text: "[[Vault]]\n")
        let closed = try client.request("textDocument/completion", client.at("pages/Errands.md", line: 0, character: 7))
        #expect(closed["items"]?.arrayValue?.first?["textEdit"]?["newText"]?.stringValue == "Vault CLI")
    }

    @Test("completion inside ]( keeps offering notes as a path relative to the note is typed", arguments: ["", "../pages/Proj", "../pages/Projects/", "./", "/pages/Err"])
    func completionOfTypedPaths(typed: String) throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        try client.start()
        try client.open("journals/Notes.md", text: "See [x](\(typed)\n")
        let result = try client.request("textDocument/completion", client.at("journals/Notes.md", line: 0, character: 8 + typed.utf16.count))
        let items = result["items"]?.arrayValue ?? []
        #expect(!items.isEmpty, "\(typed)")
        let wanted = typed.contains("Proj") ? "pages/Projects/" : typed.contains("Err") ? "pages/Errands" : ""
        #expect(items.first?["data"]?["path"]?.stringValue?.hasPrefix(wanted) == true, "\(typed): \(items.first ?? .null)")
    }

    @Test("completion after [[Note# offers the note's headings")
    func completionOfHeadings() throws {
        let client = try LSPClient(TestVault())
        try client.start()
        try client.open("pages/Ideas.md", text: "# Ideas\n\n[[Errands#\n")
        let result = try client.request("textDocument/completion", client.at("pages/Ideas.md", line: 2, character: 10))
        let labels = (result["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
        #expect(labels.contains("Groceries"))
        #expect(result["items"]?.arrayValue?.first?["textEdit"]?["range"]?["start"]?["character"]?.intValue == 10)
    }

    @Test("a dangling link is a diagnostic of its document, and goes when the link resolves")
    func danglingDiagnostics() throws {
        let client = try LSPClient(TestVault())
        try client.start()
        try client.open("pages/Ideas.md")
        let diagnostics = try client.diagnostics(for: client.uri("pages/Ideas.md"))
        let dangling = diagnostics.filter { $0["code"]?.stringValue == "dangling-link" }
        #expect(dangling.count == 1)
        #expect(dangling.first?["message"]?.stringValue?.contains("Evicted Idea") == true)
        let link = try client.position(of: "[[Evicted Idea]]", in: "pages/Ideas.md")
        #expect(dangling.first?["range"]?["start"]?["character"]?.intValue == link.character)
        try client.open("pages/Evicted Idea.md", text: "# Evicted Idea\n")
        let again = try client.diagnostics(for: client.uri("pages/Ideas.md"))
        let stillDangling = again.filter { $0["code"]?.stringValue == "dangling-link" }
        #expect(stillDangling.isEmpty)
    }

    @Test("hover shows the target's title and first lines; document symbols are the heading outline")
    func hoverAndSymbols() throws {
        let client = try LSPClient(TestVault())
        try client.start()
        let link = try client.position(of: "[[Errands]]", in: "Home.md", offset: 3)
        let hover = try client.request("textDocument/hover", client.at("Home.md", line: link.line, character: link.character))
        let text = hover["contents"]?["value"]?.stringValue ?? ""
        #expect(text.hasPrefix("**Errands**"))
        #expect(text.contains("## Groceries"))
        let symbols = try client.request("textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(client.uri("pages/Errands.md")))]))]))
        #expect(symbols.arrayValue?.first?["name"]?.stringValue == "Errands")
        let children = symbols.arrayValue?.first?["children"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(children.contains("Groceries"))
    }

    @Test("hover over a link to a note saved with Windows line breaks shows its first lines, each apart, after its frontmatter")
    func hoverWindowsNote() throws {
        let vault = try TestVault()
        try Data("see [[Windows Note]]\n".utf8).write(to: URL(fileURLWithPath: vault.vault + "/pages/Hover.md"))
        let client = try LSPClient(vault)
        try client.start()
        let link = try client.position(of: "[[Windows Note]]", in: "pages/Hover.md", offset: 3)
        let hover = try client.request("textDocument/hover", client.at("pages/Hover.md", line: link.line, character: link.character))
        let text = hover["contents"]?["value"]?.stringValue ?? ""
        #expect(!text.contains("tags:") && !text.contains("\r") && text.contains("Written on the work"), "\(text)")
    }

    @Test("workspace symbols are notes ranked as vault find ranks them")
    func workspaceSymbols() throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        try client.start()
        let symbols = try client.request("workspace/symbol", .object([("query", .string("ana"))])).arrayValue ?? []
        let found = try vault.run(["find", "ana", "--limit", "100"]).output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(symbols.compactMap { $0["location"]?["uri"]?.stringValue } == found.map { client.uri($0) })
    }

    @Test("completion inside ]( offers notes as paths relative to the document, percent-encoded")
    func completionOfPaths() throws {
        let client = try LSPClient(TestVault())
        try client.start()
        try client.open("journals/2026-11-24.md", text: "See [the list](readi\n")
        let result = try client.request("textDocument/completion", client.at("journals/2026-11-24.md", line: 0, character: 20))
        let first = result["items"]?.arrayValue?.first
        #expect(first?["label"]?.stringValue == "pages/Reading List.md")
        #expect(first?["textEdit"]?["newText"]?.stringValue == "../pages/Reading%20List.md)")
        #expect(first?["textEdit"]?["range"]?["start"]?["character"]?.intValue == 15)
    }

    @Test("document links are the links that lead somewhere, to their targets")
    func documentLinks() throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        try client.start()
        let links = try client.request("textDocument/documentLink", .object([("textDocument", .object([("uri", .string(client.uri("pages/Ideas.md")))]))]))
        let targets = (links.arrayValue ?? []).compactMap { $0["target"]?.stringValue }
        #expect(targets.contains(client.uri("pages/Errands.md")))
        #expect(targets.contains(client.uri("pages/Reading List.md")))
        #expect(!targets.contains { $0.contains("Evicted") })
    }
}
