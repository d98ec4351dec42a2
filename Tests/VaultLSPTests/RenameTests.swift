import Foundation
import Testing
import VaultLSP
import VaultRPC
import VaultSystem

/// Rename through the editor, checked against `vault rename` on another copy.
@Suite("vault lsp: rename")
struct RenameTests {
    /// Applies a `WorkspaceEdit` to the files, as an editor would: text edits by UTF-16
    /// positions, then file renames, in order.
    static func apply(_ edit: JSONValue, in vault: TestVault) throws {
        for change in edit["documentChanges"]?.arrayValue ?? [] {
            if change["kind"]?.stringValue == "rename" {
                let from = try path(change["oldUri"]?.stringValue)
                let to = try path(change["newUri"]?.stringValue)
                #expect(!FileManager.default.fileExists(atPath: to))
                try FileManager.default.moveItem(atPath: from, toPath: to)
                continue
            }
            let file = try path(change["textDocument"]?["uri"]?.stringValue)
            var text = Array(try String(contentsOfFile: file, encoding: .utf8).utf16)
            let edits = (change["edits"]?.arrayValue ?? []).map { edit -> (start: Int, end: Int, text: String) in
                (offset(edit["range"]?["start"], in: text), offset(edit["range"]?["end"], in: text), edit["newText"]?.stringValue ?? "")
            }
            for edit in edits.sorted(by: { $0.start > $1.start }) {
                text.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf16))
            }
            try Data(String(decoding: text, as: UTF16.self).utf8).write(to: URL(fileURLWithPath: file))
        }
    }

    static func path(_ uri: String?) throws -> String {
        guard let uri, uri.hasPrefix("file://"), let path = String(uri.dropFirst(7)).removingPercentEncoding else {
            throw LSPTestError("not a file URI: \(uri ?? "nil")")
        }
        return path
    }

    static func offset(_ position: JSONValue?, in text: [UInt16]) -> Int {
        let line = position?["line"]?.intValue ?? 0
        let character = position?["character"]?.intValue ?? 0
        var index = 0
        var current = 0
        while current < line && index < text.count {
            if text[index] == 0x0A { current += 1 }
            index += 1
        }
        return min(index + character, text.count)
    }

    @Test("rename from a link is a file rename and every link rewritten, as vault rename writes them")
    func renameFromALink() throws {
        let edited = try TestVault()
        let expected = try TestVault()
        let client = try LSPClient(edited)
        try client.start()
        try client.open("Home.md")
        let link = try client.position(of: "[[Errands]]", in: "Home.md", offset: 4)
        let prepared = try client.request("textDocument/prepareRename", client.at("Home.md", line: link.line, character: link.character))
        #expect(prepared["placeholder"]?.stringValue == "Errands")
        #expect(prepared["range"]?["start"]?["character"]?.intValue == link.character - 2)
        let edit = try client.request(
            "textDocument/rename", client.at("Home.md", line: link.line, character: link.character, [("newName", .string("Chores"))]))
        let changes = edit["documentChanges"]?.arrayValue ?? []
        #expect(changes.contains { $0["kind"]?.stringValue == "rename" && $0["newUri"]?.stringValue == client.uri("pages/Chores.md") })
        let home = changes.first { $0["textDocument"]?["uri"]?.stringValue == client.uri("Home.md") }
        #expect(home?["textDocument"]?["version"]?.intValue == 1)
        #expect(changes.first { $0["textDocument"]?["uri"]?.stringValue == client.uri("pages/Ideas.md") }?["textDocument"]?["version"] == .null)
        try Self.apply(edit, in: edited)
        #expect(try expected.run(["rename", "Errands", "Chores"]).status == 0)
        #expect(edited.files() == expected.files())
    }

    @Test("rename on a #tag rewrites it in every note, as vault tags rename does")
    func renameATag() throws {
        let edited = try TestVault()
        let expected = try TestVault()
        let client = try LSPClient(edited)
        try client.start()
        try client.open("pages/Reading List.md")
        let tag = try client.position(of: "#reading/list", in: "pages/Reading List.md", offset: 3)
        let at = client.at("pages/Reading List.md", line: tag.line, character: tag.character)
        let prepared = try client.request("textDocument/prepareRename", at)
        #expect(prepared["placeholder"]?.stringValue == "reading/list")
        #expect(prepared["range"]?["start"]?["character"]?.intValue == tag.character - 2)
        let edit = try client.request(
            "textDocument/rename", client.at("pages/Reading List.md", line: tag.line, character: tag.character, [("newName", .string("#books/list"))]))
        let changes = edit["documentChanges"]?.arrayValue ?? []
        #expect(changes.count == 1 && changes.allSatisfy { $0["kind"] == nil })
        #expect(changes.first?["textDocument"]?["version"]?.intValue == 1)
        try Self.apply(edit, in: edited)
        #expect(try expected.run(["tags", "rename", "reading/list", "books/list"]).status == 0)
        #expect(edited.files() == expected.files())
        do {
            _ = try client.request("textDocument/rename", client.at("pages/Reading List.md", line: tag.line, character: tag.character, [("newName", .string("two words"))]))
            Issue.record("a rename to an invalid tag was answered")
        } catch let error as RPCError {
            #expect(error.message.contains("not a tag"))
        }
    }

    @Test("rename on the title heading renames the note")
    func renameFromTheTitle() throws {
        let edited = try TestVault()
        let expected = try TestVault()
        let client = try LSPClient(edited)
        try client.start()
        let title = try client.position(of: "# Errands", in: "pages/Errands.md", offset: 3)
        let edit = try client.request(
            "textDocument/rename", client.at("pages/Errands.md", line: title.line, character: title.character, [("newName", .string("Chores"))]))
        try Self.apply(edit, in: edited)
        try expected.run(["rename", "Errands", "Chores"])
        #expect(edited.files() == expected.files())
    }

    @Test("rename elsewhere, onto an existing note, or with unsaved changes in a note it rewrites is refused")
    func refusals() throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        try client.start()
        #expect(throws: RPCError.self) { try client.request("textDocument/prepareRename", client.at("Home.md", line: 2, character: 0)) }
        let link = try client.position(of: "[[Errands]]", in: "Home.md", offset: 4)
        do {
            _ = try client.request("textDocument/rename", client.at("Home.md", line: link.line, character: link.character, [("newName", .string("Ideas"))]))
            Issue.record("a rename onto an existing note was planned")
        } catch let error as RPCError {
            #expect(error.code == -32803)
        }
        try client.open("pages/Ideas.md", text: "# Ideas\n\nunsaved [[Errands]]\n")
        do {
            _ = try client.request("textDocument/rename", client.at("Home.md", line: link.line, character: link.character, [("newName", .string("Chores"))]))
            Issue.record("a rename over unsaved changes was planned")
        } catch let error as RPCError {
            #expect(error.message.contains("unsaved"))
        }
        let files = vault.files()
        #expect(files["pages/Errands.md"] != nil)
    }

    @Test("a rename or tag rename is refused while an unsaved text links to the note or holds the tag, though its file does not")
    func unsavedLinkElsewhere() throws {
        let vault = try TestVault()
        let before = vault.files()
        let client = try LSPClient(vault)
        try client.start()
        let link = try client.position(of: "[[Errands]]", in: "Home.md", offset: 4)
        let tag = try client.position(of: "#reading/list", in: "pages/Reading List.md", offset: 3)
        // Saved, the note links to neither; its text in the editor links to both.
        try client.open("quick/Buy stamps.md", text: "- [ ] Stamps, and see [[Errands]] #reading/list\n")
        for (path, at, name) in [("Home.md", link, "Chores"), ("pages/Reading List.md", tag, "books")] {
            do {
                _ = try client.request("textDocument/rename", client.at(path, line: at.line, character: at.character, [("newName", .string(name))]))
                Issue.record("a rename of \(name) planned without the unsaved text")
            } catch let error as RPCError {
                #expect(error.message.contains("quick/Buy stamps.md") && error.message.contains("unsaved"))
            }
        }
        #expect(throws: RPCError.self) {
            try client.request("workspace/executeCommand", .object([
                ("command", .string("vault.rename")), ("arguments", .array([.string("pages/Errands.md"), .string("Chores")])),
            ]))
        }
        #expect(vault.files() == before)
    }

    @Test("a client that cannot rename files is told to use vault.rename, which renames on disk as vault rename does")
    func executeCommand() throws {
        let edited = try TestVault()
        let expected = try TestVault()
        let client = try LSPClient(edited)
        try client.start(renamesFiles: false)
        let link = try client.position(of: "[[Errands]]", in: "Home.md", offset: 4)
        #expect(throws: RPCError.self) {
            try client.request("textDocument/rename", client.at("Home.md", line: link.line, character: link.character, [("newName", .string("Chores"))]))
        }
        let result = try client.request("workspace/executeCommand", .object([
            ("command", .string("vault.rename")), ("arguments", .array([.string(client.uri("pages/Errands.md")), .string("Chores")])),
        ]))
        #expect(result["moved"]?.arrayValue?.first?["to"]?.stringValue == "pages/Chores.md")
        try expected.run(["rename", "Errands", "Chores"])
        #expect(edited.files() == expected.files())
        // The server sees the change it made.
        let found = try client.request("textDocument/definition", client.at("Home.md", line: link.line, character: link.character))
        #expect(found["uri"]?.stringValue == client.uri("pages/Chores.md"))
    }

    @Test("vault.rename edits the open notes it rewrote as it wrote them on disk, and says that an open note moved")
    func executeCommandWithOpenNotes() throws {
        let edited = try TestVault()
        let client = try LSPClient(edited)
        try client.start(renamesFiles: false, appliesEdits: true)
        let before = try String(contentsOfFile: edited.vault + "/Home.md", encoding: .utf8)
        try client.open("Home.md")
        try client.open("pages/Errands.md")
        client.forgetNotifications()
        _ = try client.request("workspace/executeCommand", .object([
            ("command", .string("vault.rename")), ("arguments", .array([.string(client.uri("pages/Errands.md")), .string("Chores")])),
        ]))
        let message = try client.wait { message in
            if case .request(_, "workspace/applyEdit", _) = message { return true }
            return false
        }
        guard case .request(_, _, let params) = message, let change = params?["edit"]?["documentChanges"]?.arrayValue?.first else {
            throw LSPTestError("no edit in \(message)")
        }
        #expect(params?["edit"]?["documentChanges"]?.arrayValue?.count == 1)
        #expect(change["textDocument"]?["uri"]?.stringValue == client.uri("Home.md") && change["textDocument"]?["version"]?.intValue == 1)
        // The buffer, edited so, holds what the rename wrote on disk.
        var text = Array(before.utf16)
        let edits = (change["edits"]?.arrayValue ?? []).map { edit in
            (Self.offset(edit["range"]?["start"], in: text), Self.offset(edit["range"]?["end"], in: text), edit["newText"]?.stringValue ?? "")
        }
        for (start, end, newText) in edits.sorted(by: { $0.0 > $1.0 }) { text.replaceSubrange(start..<end, with: Array(newText.utf16)) }
        #expect(String(decoding: text, as: UTF16.self) == (try String(contentsOfFile: edited.vault + "/Home.md", encoding: .utf8)))
        #expect(before != String(decoding: text, as: UTF16.self))
        let shown = try client.notification("window/showMessage")
        #expect(shown["message"]?.stringValue?.contains("pages/Errands.md is now pages/Chores.md") == true, "\(shown)")
        // An editor that does not take the edit: the person is told to reload.
        guard case .request(let id, _, _) = message else { return }
        client.respond(to: id, .object([("applied", .bool(false))]))
        let refused = try client.notification("window/showMessage")
        #expect(refused["message"]?.stringValue?.contains("did not take vault.rename's edits") == true, "\(refused)")
    }

    @Test("willRenameFiles returns the link edits of a move the editor makes itself")
    func willRenameFiles() throws {
        let edited = try TestVault()
        let expected = try TestVault()
        let client = try LSPClient(edited)
        try client.start()
        let edit = try client.request("workspace/willRenameFiles", .object([("files", .array([.object([
            ("oldUri", .string(client.uri("pages/Errands.md"))), ("newUri", .string(client.uri("inbox/Errands.md"))),
        ])]))]))
        #expect(edit["documentChanges"]?.arrayValue?.contains { $0["kind"] != nil } == false)
        try Self.apply(edit, in: edited)
        try FileManager.default.moveItem(atPath: edited.vault + "/pages/Errands.md", toPath: edited.vault + "/inbox/Errands.md")
        try expected.run(["move", "pages/Errands.md", "inbox/"])
        #expect(edited.files() == expected.files())
    }

    @Test("willRenameFiles of an attachment rewrites the links to it; of a file that is no note or attachment, nothing")
    func willRenameAnAttachment() throws {
        let edited = try TestVault()
        let expected = try TestVault()
        let client = try LSPClient(edited)
        try client.start()
        let edit = try client.request("workspace/willRenameFiles", .object([("files", .array([.object([
            ("oldUri", .string(client.uri("assets/diagram.png"))), ("newUri", .string(client.uri("assets/figure.png"))),
        ])]))]))
        #expect(edit["documentChanges"]?.arrayValue?.isEmpty == false)
        try Self.apply(edit, in: edited)
        try FileManager.default.moveItem(atPath: edited.vault + "/assets/diagram.png", toPath: edited.vault + "/assets/figure.png")
        try expected.run(["move", "assets/diagram.png", "assets/figure.png"])
        #expect(edited.files() == expected.files())
        let none = try client.request("workspace/willRenameFiles", .object([("files", .array([.object([
            ("oldUri", .string(client.uri(".zennotes/vault.json"))), ("newUri", .string(client.uri(".zennotes/other.json"))),
        ])]))]))
        #expect(none == .null)
    }

    @Test("rename on a heading renames it and every link to it, each fragment in its own form")
    func renameAHeading() throws {
        let vault = try TestVault()
        let client = try LSPClient(vault)
        try client.start()
        let heading = try client.position(of: "## Groceries", in: "pages/Errands.md", offset: 4)
        let prepared = try client.request("textDocument/prepareRename", client.at("pages/Errands.md", line: heading.line, character: heading.character))
        #expect(prepared["placeholder"]?.stringValue == "Groceries")
        let edit = try client.request(
            "textDocument/rename", client.at("pages/Errands.md", line: heading.line, character: heading.character, [("newName", .string("Food shopping"))]))
        #expect(edit["documentChanges"]?.arrayValue?.contains { $0["kind"] != nil } == false)
        try Self.apply(edit, in: vault)
        let files = vault.files()
        let errands = String(decoding: files["pages/Errands.md"] ?? Data(), as: UTF8.self)
        #expect(errands.contains("## Food shopping\n"))
        #expect(!errands.contains("Groceries"))
        let journal = String(decoding: files["journals/2026-11-24.md"] ?? Data(), as: UTF8.self)
        #expect(journal.contains("(../pages/Errands.md#food-shopping)"))
        let restarted = try LSPClient(vault)
        try restarted.start()
        let link = try restarted.position(of: "#food-shopping", in: "journals/2026-11-24.md", offset: 2)
        let found = try restarted.request("textDocument/definition", restarted.at("journals/2026-11-24.md", line: link.line, character: link.character))
        #expect(found["range"]?["start"]?["line"]?.intValue == heading.line)
        #expect(throws: RPCError.self) {
            try client.request("textDocument/rename", client.at("pages/Errands.md", line: heading.line, character: heading.character, [("newName", .string("a # b"))]))
        }
    }

    @Test("a heading rename is refused while an unsaved text links to the note, though its file does not")
    func headingRenameWithUnsavedLink() throws {
        let vault = try TestVault()
        let before = vault.files()
        let client = try LSPClient(vault)
        try client.start()
        let heading = try client.position(of: "## Groceries", in: "pages/Errands.md", offset: 4)
        try client.open("quick/Buy stamps.md", text: "- [ ] Stamps, see [[Errands#Groceries]]\n")
        do {
            _ = try client.request(
                "textDocument/rename", client.at("pages/Errands.md", line: heading.line, character: heading.character, [("newName", .string("Food"))]))
            Issue.record("a heading rename planned without the unsaved text")
        } catch let error as RPCError {
            #expect(error.message.contains("quick/Buy stamps.md") && error.message.contains("unsaved"))
        }
        // A note not saved yet is told so, not that its file cannot be opened.
        try client.open("pages/New.md", text: "# New\n\n## Part\n")
        do {
            // `## Part`, on the third line: the file the client would look in is not there.
            _ = try client.request("textDocument/rename", client.at("pages/New.md", line: 2, character: 4, [("newName", .string("Whole"))]))
            Issue.record("a heading of a note not saved was renamed")
        } catch let error as RPCError {
            #expect(error.message.contains("pages/New.md") && error.message.contains("unsaved"))
        }
        #expect(vault.files() == before)
    }
}
