import Foundation
import Testing
import VaultRPC
import VaultSystem

/// Diagnostics of what sync tools leave: conflict copies, merge conflict markers, placeholders.
@Suite("vault lsp: sync diagnostics")
struct SyncDiagnosticsTests {
    /// The codes of diagnostics, in order.
    static func codes(_ diagnostics: [JSONValue]) -> [String] {
        diagnostics.compactMap { $0["code"]?.stringValue }
    }

    @Test("a link into a conflict copy is reported as one, not as a dangling link, and the original names its copy")
    func conflictCopyLink() throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        try client.start()
        let copy = "Reading List.sync-conflict-20261128-101512-ABCDEF7"
        try client.open("pages/Gift ideas.md", text: "# Gift ideas\n\nSee [[\(copy)]] and [[Nowhere]].\n")
        let diagnostics = try client.diagnostics(for: client.uri("pages/Gift ideas.md"))
        #expect(Self.codes(diagnostics) == ["dangling-link", "conflict-copy-link"])
        let link = diagnostics.first { $0["code"]?.stringValue == "conflict-copy-link" }
        #expect(link?["message"]?.stringValue?.contains("a syncthing conflict copy of pages/Reading List.md") == true)
        #expect(link?["message"]?.stringValue?.contains("vault conflicts resolve") == true)
        #expect(link?["range"]?["start"]?["character"]?.intValue == 4)
        try client.open("pages/Reading List.md")
        let original = try client.diagnostics(for: client.uri("pages/Reading List.md"))
        #expect(Self.codes(original).contains("conflict-copy"))
    }

    @Test("of an editor that watches no files, a note made on disk is seen at once: diagnostics sent again with no message from it")
    func kernelWordWithoutMessages() throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        try client.start()
        try client.open("pages/Gift ideas.md", text: "# Gift ideas\n\nSee [[Ghost]].\n")
        #expect(Self.codes(try client.diagnostics(for: client.uri("pages/Gift ideas.md"))) == ["dangling-link"])
        try Data("# Ghost\n".utf8).write(to: URL(fileURLWithPath: vault.vault + "/pages/Ghost.md"))
        // Nothing is sent: the server hears of the note from the kernel alone.
        #expect(try client.diagnostics(for: client.uri("pages/Gift ideas.md")).isEmpty)
    }

    @Test("a conflict copy made or removed on disk changes the diagnostics of its open original")
    func conflictCopyRefreshed() throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        // A client that reports changes itself: the server keeps no watch of its own.
        _ = try client.request("initialize", .object([
            ("rootUri", .string(client.uri(vault.vault, isAbsolute: true))),
            ("capabilities", .object([("workspace", .object([
                ("didChangeWatchedFiles", .object([("dynamicRegistration", .bool(true))])),
            ]))])),
        ]))
        client.notify("initialized")
        try client.open("pages/Errands.md")
        #expect(!Self.codes(try client.diagnostics(for: client.uri("pages/Errands.md"))).contains("conflict-copy"))
        let copy = "pages/Errands.sync-conflict-20261129-080000-XYZ1234.md"
        client.forgetNotifications()
        try Data("# Errands\n\nother side\n".utf8).write(to: URL(fileURLWithPath: vault.vault + "/" + copy))
        client.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([
            .object([("uri", .string(client.uri(copy))), ("type", .number("1"))]),
        ]))]))
        let after = try client.diagnostics(for: client.uri("pages/Errands.md"))
        #expect(Self.codes(after).contains("conflict-copy"))
        // The copy is no note: it is not offered as one.
        let symbols = try client.request("workspace/symbol", .object([("query", .string("sync-conflict-20261129"))]))
        #expect(symbols.arrayValue?.isEmpty == true)
        client.forgetNotifications()
        try FileManager.default.removeItem(atPath: vault.vault + "/" + copy)
        client.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([
            .object([("uri", .string(client.uri(copy))), ("type", .number("3"))]),
        ]))]))
        #expect(!Self.codes(try client.diagnostics(for: client.uri("pages/Errands.md"))).contains("conflict-copy"))
    }

    @Test("merge conflict markers in an open document are reported at each section, in a git work tree, until they go")
    func mergeConflict() throws {
        let vault = try TestVault()
        try FileManager.default.createDirectory(atPath: vault.vault + "/.git", withIntermediateDirectories: true)
        try Data("ref: refs/heads/main\n".utf8).write(to: URL(fileURLWithPath: vault.vault + "/.git/HEAD"))
        let client = try LSPClient(vault)
        try client.start()
        let text = "# Errands\n\n<<<<<<< HEAD\n- [ ] milk\n=======\n- [ ] oat milk\n>>>>>>> phone\n\n```\n<<<<<<< not\n=======\n>>>>>>> this\n```\n"
        try client.open("pages/Errands.md", text: text)
        let diagnostics = try client.diagnostics(for: client.uri("pages/Errands.md")).filter { $0["code"]?.stringValue == "merge-conflict" }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["range"]?["start"]?["line"]?.intValue == 2)
        #expect(diagnostics.first?["message"]?.stringValue?.contains("git merge conflict markers (1 conflicting section, from line 3)") == true)
        client.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(client.uri("pages/Errands.md"))), ("version", .number("2"))])),
            ("contentChanges", .array([.object([("text", .string("# Errands\n\n- [ ] oat milk\n"))])])),
        ]))
        #expect(!Self.codes(try client.diagnostics(for: client.uri("pages/Errands.md"))).contains("merge-conflict"))
    }

    @Test("outside a git work tree the same markers are text")
    func markersOutsideGit() throws {
        let client = try LSPClient(TestVault())
        try client.start()
        try client.open("pages/Errands.md", text: "# Errands\n\n<<<<<<< HEAD\na\n=======\nb\n>>>>>>> x\n")
        #expect(!Self.codes(try client.diagnostics(for: client.uri("pages/Errands.md"))).contains("merge-conflict"))
    }

    @Test("a link to a note not downloaded from iCloud says so, and every note hears that links to it may be hidden")
    func placeholders() throws {
        let vault = try TestVault(withoutPlaceholders: false)
        let client = try LSPClient(vault)
        try client.start()
        try client.open("pages/Ideas.md")
        let diagnostics = try client.diagnostics(for: client.uri("pages/Ideas.md"))
        let link = diagnostics.first { $0["code"]?.stringValue == "placeholder-link" }
        #expect(link?["message"]?.stringValue?.hasPrefix("pages/Evicted Idea.md is not downloaded from iCloud") == true)
        let position = try client.position(of: "[[Evicted Idea]]", in: "pages/Ideas.md")
        #expect(link?["range"]?["start"]?["line"]?.intValue == position.line)
        let hint = diagnostics.first { $0["code"]?.stringValue == "placeholders" }
        #expect(hint?["severity"]?.intValue == 4)
        #expect(hint?["message"]?.stringValue?.contains("1 note is not downloaded from iCloud (pages/Evicted Idea.md)") == true)
        // Without the placeholder, neither is said.
        let plain = try LSPClient(TestVault())
        try plain.start()
        try plain.open("pages/Ideas.md")
        let codes = Self.codes(try plain.diagnostics(for: plain.uri("pages/Ideas.md")))
        #expect(!codes.contains("placeholder-link") && !codes.contains("placeholders"))
    }
}
