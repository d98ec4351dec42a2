import Foundation
import Testing
import VaultRPC
import VaultSystem

/// Code actions that edit text: tasks, ambiguous links, a selection moved to a note.
@Suite("vault lsp: code actions")
struct ActionTests {
    /// A `textDocument/codeAction` request for a range of 0-based lines and UTF-16 columns.
    static func params(_ client: LSPClient, _ path: String, from start: (Int, Int), to end: (Int, Int)) -> JSONValue {
        func position(_ point: (Int, Int)) -> JSONValue {
            .object([("line", .number(String(point.0))), ("character", .number(String(point.1)))])
        }
        return .object([
            ("textDocument", .object([("uri", .string(client.uri(path)))])),
            ("range", .object([("start", position(start)), ("end", position(end))])),
            ("context", .object([("diagnostics", .array([]))])),
        ])
    }

    /// A client that can create and rename files in an edit.
    static func started(_ vault: TestVault) throws -> LSPClient {
        let client = try LSPClient(vault)
        _ = try client.request("initialize", .object([
            ("rootUri", .string(client.uri(vault.vault, isAbsolute: true))),
            ("capabilities", .object([("workspace", .object([
                ("workspaceEdit", .object([("resourceOperations", .array([.string("create"), .string("rename")]))])),
            ]))])),
        ]))
        client.notify("initialized")
        return client
    }

    /// Applies a `TextDocumentEdit`'s edits to a text, as an editor does (last first).
    static func apply(_ change: JSONValue?, to text: String) throws -> String {
        var bytes = Array(text.utf8)
        let edits = (change?["edits"]?.arrayValue ?? []).reversed()
        for edit in edits {
            let lines = text.components(separatedBy: "\n")
            func offset(_ position: JSONValue?) throws -> Int {
                guard let line = position?["line"]?.intValue, let character = position?["character"]?.intValue, line < lines.count else {
                    throw LSPTestError("an edit past the end of the text")
                }
                let start = lines[..<line].reduce(0) { $0 + $1.utf8.count + 1 }
                return start + String(String(lines[line].utf16.prefix(character)) ?? "").utf8.count
            }
            let range = try offset(edit["range"]?["start"])..<offset(edit["range"]?["end"])
            bytes.replaceSubrange(range, with: Array((edit["newText"]?.stringValue ?? "").utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func titles(_ actions: [JSONValue]) -> [String] { actions.compactMap { $0["title"]?.stringValue } }

    @Test("on a task's line the task can be started, finished, cancelled or toggled, as vault task changes it")
    func taskActions() throws {
        let vault = try TestVault()
        let client = try Self.started(vault)
        let text = try String(contentsOfFile: vault.vault + "/pages/Errands.md", encoding: .utf8)
        let actions = try client.request("textDocument/codeAction", Self.params(client, "pages/Errands.md", from: (16, 4), to: (16, 4))).arrayValue ?? []
        #expect(Self.titles(actions) == ["Start the task", "Finish the task", "Cancel the task", "Toggle the task"])
        let finish = actions.first { $0["title"]?.stringValue == "Finish the task" }
        let change = finish?["edit"]?["documentChanges"]?.arrayValue?.first
        #expect(change?["textDocument"]?["version"] == .null)
        let done = try Self.apply(change, to: text)
        #expect(done.components(separatedBy: "\n")[16] == "- [x] Post office: parcel for Ana 📅 2026-12-03 ✅ 2026-11-30")
        // The same change as the command line's.
        let tasks = try vault.run(["tasks", "--json"]).output
        let reference = try #require(tasks.components(separatedBy: "\"").first { $0.hasPrefix("pages/Errands.md:17@") })
        #expect(try vault.run(["task", reference, "done"]).status == 0)
        #expect(try String(contentsOfFile: vault.vault + "/pages/Errands.md", encoding: .utf8) == done)
        // A task in progress is not offered to be started again.
        let started = try client.request("textDocument/codeAction", Self.params(client, "pages/Errands.md", from: (18, 0), to: (18, 0))).arrayValue ?? []
        #expect(Self.titles(started) == ["Finish the task", "Cancel the task", "Toggle the task"])
    }

    @Test("finishing a recurring task through a code action writes its next occurrence, as vault task done does")
    func recurringTask() throws {
        let vault = try TestVault()
        let text = "# Chores\n\n- [ ] Water the ferns 🔁 every week 📅 2026-11-30\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: vault.vault + "/pages/Chores.md"))
        let client = try Self.started(vault)
        let actions = try client.request("textDocument/codeAction", Self.params(client, "pages/Chores.md", from: (2, 4), to: (2, 4))).arrayValue ?? []
        let finish = actions.first { $0["title"]?.stringValue == "Finish the task" }
        let done = try Self.apply(finish?["edit"]?["documentChanges"]?.arrayValue?.first, to: text)
        #expect(done == "# Chores\n\n- [ ] Water the ferns 🔁 every week 📅 2026-12-07\n- [x] Water the ferns 🔁 every week 📅 2026-11-30 ✅ 2026-11-30\n")
        // The same change as the command line's.
        let tasks = try vault.run(["tasks", "--json"]).output
        let reference = try #require(tasks.components(separatedBy: "\"").first { $0.hasPrefix("pages/Chores.md:3@") })
        #expect(try vault.run(["task", reference, "done"]).status == 0)
        #expect(try String(contentsOfFile: vault.vault + "/pages/Chores.md", encoding: .utf8) == done)
    }

    @Test("a line that holds no task offers no task action")
    func noTask() throws {
        let client = try Self.started(TestVault())
        for line in [3, 4, 14] {
            let actions = try client.request("textDocument/codeAction", Self.params(client, "pages/Errands.md", from: (line, 0), to: (line, 0))).arrayValue ?? []
            #expect(!actions.contains { $0["kind"]?.stringValue == "refactor.rewrite" })
        }
    }

    @Test("the task action of a document with unsaved changes edits the editor's text, at its version, whatever the file says")
    func dirtyDocument() throws {
        let vault = try TestVault()
        let client = try Self.started(vault)
        let buffer = "# Errands\n\nunsaved line\n- [ ] Call the plumber\n"
        try client.open("pages/Errands.md", text: buffer, version: 7)
        try Data("# Errands\n\n- [ ] something else on disk\n".utf8).write(to: URL(fileURLWithPath: vault.vault + "/pages/Errands.md"))
        let actions = try client.request("textDocument/codeAction", Self.params(client, "pages/Errands.md", from: (3, 0), to: (3, 0))).arrayValue ?? []
        let toggle = try #require(actions.first { $0["title"]?.stringValue == "Toggle the task" })
        let change = toggle["edit"]?["documentChanges"]?.arrayValue?.first
        #expect(change?["textDocument"]?["version"]?.intValue == 7)
        #expect(try Self.apply(change, to: buffer) == "# Errands\n\nunsaved line\n- [x] Call the plumber\n")
        // Line 2 of the buffer holds no task, whatever the file has there.
        let none = try client.request("textDocument/codeAction", Self.params(client, "pages/Errands.md", from: (2, 0), to: (2, 0))).arrayValue ?? []
        #expect(none.isEmpty)
    }

    @Test("an ambiguous link offers one action per file it may mean, each naming that file alone in the link's own form")
    func qualify() throws {
        let vault = try TestVault()
        let client = try Self.started(vault)
        let text = "# Plans\n\nSee [[Ideas#Later|the list]] and [the ideas](Ideas.md).\n"
        try client.open("Plans.md", text: text)
        let actions = try client.request("textDocument/codeAction", Self.params(client, "Plans.md", from: (2, 6), to: (2, 6))).arrayValue ?? []
        #expect(Self.titles(actions) == ["Link to inbox/Ideas.md", "Link to pages/Ideas.md"])
        let inbox = try Self.apply(actions.first?["edit"]?["documentChanges"]?.arrayValue?.first, to: text)
        #expect(inbox == "# Plans\n\nSee [[inbox/Ideas#Later|the list]] and [the ideas](Ideas.md).\n")
        let pages = try Self.apply(actions.last?["edit"]?["documentChanges"]?.arrayValue?.first, to: text)
        #expect(pages == "# Plans\n\nSee [[pages/Ideas#Later|the list]] and [the ideas](Ideas.md).\n")
        // A markdown link becomes a path from its note.
        let markdown = try client.request("textDocument/codeAction", Self.params(client, "Plans.md", from: (2, 40), to: (2, 40))).arrayValue ?? []
        let fixed = try markdown.map { try Self.apply($0["edit"]?["documentChanges"]?.arrayValue?.first, to: text) }
        #expect(fixed == [
            "# Plans\n\nSee [[Ideas#Later|the list]] and [the ideas](inbox/Ideas.md).\n",
            "# Plans\n\nSee [[Ideas#Later|the list]] and [the ideas](pages/Ideas.md).\n",
        ])
        // Each rewritten link leads to its file, and to it alone.
        client.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(client.uri("Plans.md"))), ("version", .number("2"))])),
            ("contentChanges", .array([.object([("text", .string(inbox))])])),
        ]))
        let definition = try client.request("textDocument/definition", client.at("Plans.md", line: 2, character: 8))
        #expect(definition["uri"]?.stringValue == client.uri("inbox/Ideas.md"))
        let left = try client.request("textDocument/codeAction", Self.params(client, "Plans.md", from: (2, 6), to: (2, 6))).arrayValue ?? []
        #expect(left.isEmpty)
    }

    @Test("a link whose folder is ambiguous too gains as much of the path as names its file alone")
    func qualifyDeeper() throws {
        let vault = try TestVault()
        for folder in ["alpha/notes", "beta/notes"] {
            try FileManager.default.createDirectory(atPath: vault.vault + "/" + folder, withIntermediateDirectories: true)
            try Data("# Plan\n".utf8).write(to: URL(fileURLWithPath: vault.vault + "/" + folder + "/Plan.md"))
        }
        let client = try Self.started(vault)
        let text = "# Trip\n\n![[Plan]]\n"
        try client.open("Trip.md", text: text)
        let actions = try client.request("textDocument/codeAction", Self.params(client, "Trip.md", from: (2, 4), to: (2, 4))).arrayValue ?? []
        #expect(Self.titles(actions) == ["Link to alpha/notes/Plan.md", "Link to beta/notes/Plan.md"])
        let fixed = try actions.map { try Self.apply($0["edit"]?["documentChanges"]?.arrayValue?.first, to: text) }
        #expect(fixed == ["# Trip\n\n![[alpha/notes/Plan]]\n", "# Trip\n\n![[beta/notes/Plan]]\n"])
    }

    @Test("a link that is no longer ambiguous offers nothing to qualify")
    func noLongerAmbiguous() throws {
        let vault = try TestVault()
        let client = try Self.started(vault)
        try client.open("Plans.md", text: "# Plans\n\nSee [[Ideas]].\n")
        let before = try client.request("textDocument/codeAction", Self.params(client, "Plans.md", from: (2, 6), to: (2, 6))).arrayValue ?? []
        #expect(before.count == 2)
        try FileManager.default.removeItem(atPath: vault.vault + "/inbox/Ideas.md")
        client.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([
            .object([("uri", .string(client.uri("inbox/Ideas.md"))), ("type", .number("3"))]),
        ]))]))
        let after = try client.request("textDocument/codeAction", Self.params(client, "Plans.md", from: (2, 6), to: (2, 6))).arrayValue ?? []
        #expect(after.isEmpty)
    }

    @Test("a selection moves into a new note, as vault new writes it and titled by its first line, with a link in its place")
    func extract() throws {
        let vault = try TestVault()
        let expected = try TestVault()
        let client = try Self.started(vault)
        let text = "# Trip\n\nBefore.\n## Packing list\n- socks\n- map\nAfter.\n"
        try client.open("pages/Trip.md", text: text, version: 3)
        let actions = try client.request("textDocument/codeAction", Self.params(client, "pages/Trip.md", from: (3, 0), to: (6, 0))).arrayValue ?? []
        let extract = try #require(actions.first { $0["kind"]?.stringValue == "refactor.extract" })
        #expect(extract["title"]?.stringValue == "Move the selection to pages/Packing list.md")
        let changes = extract["edit"]?["documentChanges"]?.arrayValue ?? []
        #expect(changes.count == 3)
        #expect(changes.first?["kind"]?.stringValue == "create")
        #expect(changes.first?["uri"]?.stringValue == client.uri("pages/Packing list.md"))
        try expected.run(["new", "Packing list"])
        let made = try #require(expected.files()["pages/Packing list.md"])
        #expect(changes[1]["edits"]?.arrayValue?.first?["newText"]?.stringValue == String(decoding: made, as: UTF8.self) + "- socks\n- map\n")
        #expect(changes[2]["textDocument"]?["version"]?.intValue == 3)
        #expect(try Self.apply(changes[2], to: text) == "# Trip\n\nBefore.\n[[Packing list]]\nAfter.\n")
        // A name another note has already: the link names the new one by its path.
        try client.open("pages/Other.md", text: "Call notes\nmore\n")
        let clash = try client.request("textDocument/codeAction", Self.params(client, "pages/Other.md", from: (0, 0), to: (2, 0))).arrayValue ?? []
        let clashEdit = clash.first { $0["kind"]?.stringValue == "refactor.extract" }?["edit"]?["documentChanges"]?.arrayValue ?? []
        #expect(clashEdit.first?["uri"]?.stringValue == client.uri("pages/Call notes.md"))
        #expect(clashEdit.dropFirst().first?["edits"]?.arrayValue?.first?["newText"]?.stringValue?.hasSuffix("Call notes\nmore\n") == true)
        #expect(try Self.apply(clashEdit.last, to: "Call notes\nmore\n") == "[[pages/Call notes]]\n")
        // An empty selection, or one of blank lines, moves nothing.
        let empty = try client.request("textDocument/codeAction", Self.params(client, "pages/Trip.md", from: (1, 0), to: (2, 0))).arrayValue ?? []
        #expect(!empty.contains { $0["kind"]?.stringValue == "refactor.extract" })
    }

    @Test("a range that ends before it starts is refused")
    func backwardRange() throws {
        let client = try Self.started(TestVault())
        #expect(throws: RPCError.self) {
            try client.request("textDocument/codeAction", Self.params(client, "pages/Errands.md", from: (4, 0), to: (2, 0)))
        }
    }
}
