import Foundation
import Testing
import VaultMCP
import VaultRPC
import VaultSystem

/// Tools called on a session in the test process, on a copy of the demo vault.
@Suite("vault mcp: tools")
struct MCPToolTests {
    @Test(
        "a missing, wrongly typed or unknown argument is the tool's error that names it (from 2025-11-25; before, an invalid-params error), and nothing is written",
        arguments: ["2025-11-25", "2025-06-18"])
    func badArguments(version: String) throws {
        let fixture = try FixtureVault()
        let session = try fixture.session()
        _ = try session.answer("initialize", json(#"{"protocolVersion":"\#(version)","capabilities":{}}"#))
        let before = try FileManager.default.contentsOfDirectory(atPath: fixture.vault + "/quick").sorted()
        for (tool, arguments, words) in [
            ("capture", #"{}"#, #"capture needs the argument "text" (a string)"#),
            ("capture", #"{"text":["a"]}"#, #"the argument "text" of capture must be a string, not a list"#),
            ("capture", #"{"text":"x","inbox":"yes"}"#, #"the argument "inbox" of capture must be true or false, not a string"#),
            ("search", #"{"query":"x","limit":2.5}"#, #"the argument "limit" of search must be an integer, not a number"#),
            ("search", #"{"query":"x","mode":"glob"}"#, #"must be one of fuzzy, exact, regex, not "glob""#),
            ("search", #"{"query":"x","limit":0}"#, #"the argument "limit" must be between 1 and 1000, not 0"#),
            ("capture", #"{"text":"x","colour":"red"}"#, #"capture takes no argument "colour""#),
            ("apply", #"{}"#, #"apply needs the argument "planId""#),
        ] {
            do {
                let answer = try session.call(tool, arguments)
                #expect(version >= "2025-11-25" && answer.isError && answer.text.contains(words), "\(tool) \(arguments): \(answer.text)")
            } catch {
                #expect(version < "2025-11-25" && error.code == -32602)
                #expect(error.message.contains(words), "\(error.message)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.vault + "/quick").sorted() == before)
    }

    @Test("a tool the server does not serve is an invalid-params error; under --read-only the writing tools are not listed or run")
    func unknownAndReadOnlyTools() throws {
        let fixture = try FixtureVault()
        #expect(throws: RPCError.invalidParams(#"unknown tool "delete_everything"; tools/list names the tools"#)) {
            try fixture.session().call("delete_everything")
        }
        let readOnly = try fixture.session(readOnly: true)
        guard case .array(let tools)? = try readOnly.answer("tools/list", nil)["tools"] else { throw RPCError.internalError("no tools") }
        let names = tools.compactMap { $0["name"]?.stringValue }
        #expect(names == ["search", "find", "read_note", "list_notes", "backlinks", "links", "tags", "tasks", "check"])
        #expect(throws: RPCError.invalidParams("the tool capture changes the vault; this server was started with --read-only")) {
            try readOnly.call("capture", #"{"text":"x"}"#)
        }
        #expect(!fixture.exists("quick/x.md"))
    }

    @Test("a rename is planned as a diff with an id, and apply with the id makes exactly that change, once")
    func renameByPlan() throws {
        let fixture = try FixtureVault()
        let session = try fixture.session()
        let planned = try session.call("rename_note", #"{"note":"Vault CLI","newTitle":"Vault Tool","skipUnavailable":true}"#)
        #expect(!planned.isError)
        let id = try #require(planned.structured?["planId"]?.stringValue)
        let diff = try #require(planned.structured?["diff"]?.stringValue)
        #expect(diff.contains("rename to pages/Projects/Vault Tool.md") && diff.contains("+[[Vault Tool]]") == diff.contains("-[[Vault CLI]]"))
        #expect(planned.text.contains(diff))
        // Nothing is written by the plan.
        #expect(fixture.exists("pages/Projects/Vault CLI.md") && !fixture.exists("pages/Projects/Vault Tool.md"))
        let applied = try session.call("apply", #"{"planId":"\#(id)"}"#)
        #expect(!applied.isError, "\(applied.text)")
        #expect(!fixture.exists("pages/Projects/Vault CLI.md") && fixture.exists("pages/Projects/Vault Tool.md"))
        let again = try session.call("apply", #"{"planId":"\#(id)"}"#)
        #expect(again.isError && again.text == "the plan \(id) was applied already; plan the change again")
        let unknown = try session.call("apply", #"{"planId":"plan-99"}"#)
        #expect(unknown.isError && unknown.text == #"there is no plan "plan-99"; plan the change again (rename_note or move)"#)
    }

    @Test("a plan expires after its lifetime on the session's clock, and applying it then writes nothing")
    func expiredPlan() throws {
        let fixture = try FixtureVault()
        let session = try fixture.session()
        let planned = try session.call("move", #"{"source":"pages/Errands.md","destination":"inbox/","skipUnavailable":true}"#)
        let id = try #require(planned.structured?["planId"]?.stringValue, "\(planned.text)")
        fixture.advance(601)
        let applied = try session.call("apply", #"{"planId":"\#(id)"}"#)
        #expect(applied.isError && applied.text == "the plan \(id) expired (plans are kept 10 minutes); plan the change again")
        #expect(fixture.exists("pages/Errands.md") && !fixture.exists("inbox/Errands.md"))
    }

    @Test("apply is refused, with nothing written, when a file the plan touches changed since it was planned")
    func fileChangedSincePlan() throws {
        let fixture = try FixtureVault()
        let session = try fixture.session()
        let planned = try session.call("rename_note", #"{"note":"Errands","newTitle":"Chores","skipUnavailable":true}"#)
        let id = try #require(planned.structured?["planId"]?.stringValue, "\(planned.text)")
        let linking = "Home.md"
        let edited = try #require(fixture.text(linking)) + "- [[Errands]] again, saved by an editor\n"
        try Data(edited.utf8).write(to: URL(fileURLWithPath: fixture.vault + "/" + linking))
        let applied = try session.call("apply", #"{"planId":"\#(id)"}"#)
        #expect(applied.isError, "\(applied.text)")
        #expect(applied.text.contains("Home.md"), "\(applied.text)")
        #expect(fixture.exists("pages/Errands.md") && !fixture.exists("pages/Chores.md"))
        #expect(fixture.text(linking) == edited)
        let again = try session.call("apply", #"{"planId":"\#(id)"}"#)
        #expect(again.isError && again.text == "the plan \(id) was refused already; plan the change again")
    }

    @Test("apply is refused, with nothing written, when a note came to link to the note since the rename was planned")
    func newLinkSincePlan() throws {
        let fixture = try FixtureVault()
        let session = try fixture.session()
        let planned = try session.call("rename_note", #"{"note":"Errands","newTitle":"Chores","skipUnavailable":true}"#)
        let id = try #require(planned.structured?["planId"]?.stringValue, "\(planned.text)")
        try Data("Pick up [[Errands]] too.\n".utf8).write(to: URL(fileURLWithPath: fixture.vault + "/pages/New Linker.md"))
        let applied = try session.call("apply", #"{"planId":"\#(id)"}"#)
        #expect(applied.isError && applied.text.contains("pages/New Linker.md") && applied.text.contains("plan the change again"), "\(applied.text)")
        #expect(fixture.exists("pages/Errands.md") && !fixture.exists("pages/Chores.md"))
        // Planned again, it takes the new note in, and applies.
        let again = try session.call("rename_note", #"{"note":"Errands","newTitle":"Chores","skipUnavailable":true}"#)
        let second = try #require(again.structured?["planId"]?.stringValue, "\(again.text)")
        let made = try session.call("apply", #"{"planId":"\#(second)"}"#)
        #expect(!made.isError, "\(made.text)")
        #expect(fixture.text("pages/New Linker.md") == "Pick up [[Chores]] too.\n")
    }

    @Test("paths with .., out of the vault or into the trash, ambiguous names and placeholders are refused with the CLI's messages")
    func refusedPlaces() throws {
        let fixture = try FixtureVault()
        let session = try fixture.session()
        for (tool, arguments, command) in [
            ("create_note", #"{"title":"Escape","folder":"../outside"}"#, ["new", "Escape", "--folder", "../outside"]),
            ("create_note", #"{"title":"Bin","folder":"trash"}"#, ["new", "Bin", "--folder", "trash"]),
            ("move", #"{"source":"pages/Errands.md","destination":"../Errands.md"}"#, ["move", "pages/Errands.md", "../Errands.md"]),
            ("read_note", #"{"note":"../demo/pages/Errands.md"}"#, ["show", "../demo/pages/Errands.md"]),
            ("read_note", #"{"note":"Ideas"}"#, ["show", "Ideas"]),
            ("append", #"{"note":"pages/Evicted Idea.md","text":"more"}"#, ["append", "pages/Evicted Idea.md", "more"]),
        ] {
            let answer = try session.call(tool, arguments)
            #expect(answer.isError, "\(tool) \(arguments): \(answer.text)")
            let message = try fixture.cliError(command)
            #expect(!message.isEmpty && answer.text.hasPrefix(message), "\(tool) \(arguments): \(answer.text) against \(message)")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/outside"))
        #expect(!fixture.exists("trash/Bin.md") && fixture.exists("pages/Errands.md"))
        let ambiguous = try session.call("read_note", #"{"note":"Ideas"}"#)
        #expect(ambiguous.text.contains("inbox/Ideas.md") && ambiguous.text.contains("pages/Ideas.md"))
    }

    @Test("a long note is read in pages of lines, each saying where the next starts, never cut")
    func pagedNote() throws {
        let fixture = try FixtureVault()
        let line = String(repeating: "long line of text ", count: 40)
        let text = (1...400).map { "\($0) \(line)" }.joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: fixture.vault + "/pages/Long.md"))
        let session = try fixture.session()
        var start = 1
        var read = ""
        var pages = 0
        while true {
            let answer = try session.call("read_note", #"{"note":"pages/Long.md","startLine":\#(start)}"#)
            let page = try #require(answer.structured)
            read += page["text"]?.stringValue ?? ""
            pages += 1
            guard case .number(let next)? = page["nextLine"] else { break }
            #expect(answer.text.hasSuffix("(more: call again with startLine \(next))"))
            start = Int(next)!
        }
        #expect(read == text)
        #expect(pages > 2)
        let range = try session.call("read_note", #"{"note":"Long","startLine":3,"endLine":4}"#)
        #expect(range.text == "pages/Long.md (Long), lines 3-4 of 400\n3\t3 \(line)\n4\t4 \(line)\n")
        // Past the end, or backwards: said, not an empty page.
        let past = try session.call("read_note", #"{"note":"Long","startLine":401}"#)
        #expect(past.isError && past.text == "pages/Long.md has 400 lines; startLine 401 is past its end")
        let backwards = try session.call("read_note", #"{"note":"Long","startLine":5,"endLine":2}"#)
        #expect(backwards.isError && backwards.text == "endLine 2 is before startLine 5")
        #expect(!(try session.call("read_note", #"{"note":"Long","startLine":400,"endLine":900}"#)).isError)
        // A note with a conflict copy is not trashed; the hint says a person settles the copy.
        let trashed = try session.call("trash", #"{"note":"Reading List"}"#)
        #expect(trashed.isError && trashed.text.contains("conflict copy") && trashed.text.contains("a person settles conflict copies at a terminal"), "\(trashed.text)")
        #expect(FileManager.default.fileExists(atPath: fixture.vault + "/pages/Reading List.md"))
        // Windows line breaks are line breaks: each line numbered apart, the text read as stored.
        let windows = "# Windows\r\n\r\nfirst\r\nsecond\r\n"
        try Data(windows.utf8).write(to: URL(fileURLWithPath: fixture.vault + "/pages/Windows.md"))
        let crlf = try session.call("read_note", #"{"note":"pages/Windows.md"}"#)
        #expect(crlf.text == "pages/Windows.md (Windows), lines 1-4 of 4\n1\t# Windows\n2\t\n3\tfirst\n4\tsecond\n")
        #expect(crlf.structured?["text"]?.stringValue == windows)
    }

    @Test("search, tasks and the note list come in pages with nextOffset, the pages together giving every result once")
    func pagedLists() throws {
        let fixture = try FixtureVault()
        let session = try fixture.session()
        let all = try session.call("search", #"{"query":"the","mode":"exact","limit":1000}"#)
        guard case .array(let every)? = all.structured?["matches"] else { throw RPCError.internalError("no matches") }
        var paged: [JSONValue] = []
        var offset = 0
        while true {
            let page = try session.call("search", #"{"query":"the","mode":"exact","limit":7,"offset":\#(offset)}"#)
            guard case .array(let matches)? = page.structured?["matches"] else { break }
            paged += matches
            guard case .number(let next)? = page.structured?["nextOffset"] else { break }
            offset = Int(next)!
        }
        #expect(every.count > 7)
        #expect(paged == every)
        let allTasks = try session.call("tasks", #"{"status":["all"],"limit":1000}"#)
        guard case .array(let everyTask)? = allTasks.structured?["tasks"] else { throw RPCError.internalError("no tasks") }
        var pagedTasks: [JSONValue] = []
        offset = 0
        while true {
            let page = try session.call("tasks", #"{"status":["all"],"limit":3,"offset":\#(offset)}"#)
            guard case .array(let tasks)? = page.structured?["tasks"] else { break }
            #expect(page.structured?["total"] == .number(String(everyTask.count)))
            pagedTasks += tasks
            guard case .number(let next)? = page.structured?["nextOffset"] else { break }
            offset = Int(next)!
        }
        #expect(everyTask.count > 3)
        #expect(pagedTasks == everyTask)
        let beyond = try session.call("tasks", #"{"status":["all"],"offset":100000}"#)
        #expect(beyond.structured?["tasks"] == .array([]) && beyond.structured?["nextOffset"] == nil)
        let notes = try session.call("list_notes", #"{"limit":5}"#)
        #expect(notes.structured?["nextOffset"] == .number("5"))
        #expect(notes.text.hasSuffix("(more: \(try #require(notes.structured?["total"]?.numberText)) in all; call again with offset 5)"))
    }

    @Test("set_task_state changes the task by its reference, and a stale reference is refused with nothing written")
    func taskState() throws {
        let fixture = try FixtureVault()
        let session = try fixture.session()
        let tasks = try session.call("tasks", #"{"note":"pages/Errands.md"}"#)
        guard case .array(let listed)? = tasks.structured?["tasks"], let ref = listed.first?["ref"]?.stringValue else {
            throw RPCError.internalError("no tasks: \(tasks.text)")
        }
        let done = try session.call("set_task_state", #"{"ref":"\#(ref)","action":"done"}"#)
        #expect(!done.isError && done.text.contains("[x]"), "\(done.text)")
        let before = fixture.text("pages/Errands.md")
        let path = String(ref.prefix { $0 != ":" })
        let stale = try session.call("set_task_state", #"{"ref":"\#(path):1@0000000","action":"done"}"#)
        #expect(stale.isError)
        #expect(fixture.text("pages/Errands.md") == before)
    }

    @Test("a change made whose answer is over the limit is said as made, its diff left out, and is made once")
    func longAnswerOfAChange() throws {
        let fixture = try FixtureVault()
        let session = try fixture.session()
        let before = fixture.text("pages/Errands.md")
        let long = String(repeating: "a line of text that is added to the note\n", count: 30_000)
        let text = String(decoding: try JSONValueEncoder().encode(long).compactBytes(), as: UTF8.self)
        let added = try session.call("append", #"{"note":"pages/Errands.md","text":\#(text)}"#)
        #expect(!added.isError && added.text.hasPrefix("Done."), "\(added.text.prefix(200))")
        #expect(added.structured?["path"]?.stringValue == "pages/Errands.md" && added.structured?["diff"]?.stringValue == "")
        let after = fixture.text("pages/Errands.md") ?? ""
        #expect(after.hasSuffix(long) && after.utf8.count <= (before?.utf8.count ?? 0) + long.utf8.count + 2)
    }

    @Test("set_task_state on a recurring task writes its next occurrence, as vault task does, and says so")
    func recurringTaskState() throws {
        let fixture = try FixtureVault()
        let note = fixture.vault + "/pages/Chores.md"
        try Data("- [ ] bins 🔁 every week 📅 2026-11-30\n- [ ] moon 🔁 every blue moon\n".utf8).write(to: URL(fileURLWithPath: note))
        let session = try fixture.session()
        let tasks = try session.call("tasks", #"{"note":"pages/Chores.md"}"#)
        guard case .array(let listed)? = tasks.structured?["tasks"], listed.count == 2,
            let bins = listed[0]["ref"]?.stringValue, let moon = listed[1]["ref"]?.stringValue
        else { throw RPCError.internalError("no tasks: \(tasks.text)") }
        let done = try session.call("set_task_state", #"{"ref":"\#(moon)","action":"done"}"#)
        guard case .array(let warnings)? = done.structured?["warnings"] else { throw RPCError.internalError(done.text) }
        #expect(warnings.count == 1 && done.text.contains("warning: "), "\(done.text)")
        let recurred = try session.call("set_task_state", #"{"ref":"\#(bins)","action":"done"}"#)
        guard case .array(let created)? = recurred.structured?["created"] else { throw RPCError.internalError(recurred.text) }
        #expect(created.count == 1, "\(recurred.text)")
        #expect(
            fixture.text("pages/Chores.md")
                == "- [ ] bins 🔁 every week 📅 2026-12-07\n- [x] bins 🔁 every week 📅 2026-11-30 ✅ 2026-11-30\n"
                + "- [x] moon 🔁 every blue moon ✅ 2026-11-30\n")
    }

    @Test("resources list every note in pages by cursor, each readable by its vault:// URI")
    func resources() throws {
        let fixture = try FixtureVault()
        let session = try fixture.session(resourcePageSize: 7)
        var uris: [String] = []
        var cursor: JSONValue = .null
        var pages = 0
        repeat {
            let page = try session.answer("resources/list", .object([("cursor", cursor)]))
            guard case .array(let resources)? = page["resources"] else { break }
            uris += resources.compactMap { $0["uri"]?.stringValue }
            cursor = page["nextCursor"] ?? .null
            pages += 1
        } while cursor != .null
        #expect(pages > 2)
        #expect(uris.count == Set(uris).count && uris.contains("vault://pages/Recipes/Lentil%20soup.md"))
        let read = try session.answer("resources/read", .object([("uri", .string("vault://pages/Recipes/Lentil%20soup.md"))]))
        guard case .array(let contents)? = read["contents"] else { throw RPCError.internalError("no contents") }
        #expect(contents.first?["text"]?.stringValue == fixture.text("pages/Recipes/Lentil soup.md"))
        // A name in another script is escaped byte by byte, as the language server's URIs are.
        let kyoto = "vault://pages/%E4%BA%AC%E9%83%BD%E6%97%85%E8%A1%8C.md"
        #expect(uris.contains(kyoto) && uris.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
        let readKyoto = try session.answer("resources/read", .object([("uri", .string(kyoto))]))
        guard case .array(let kyotoContents)? = readKyoto["contents"] else { throw RPCError.internalError("no contents") }
        #expect(kyotoContents.first?["text"]?.stringValue == fixture.text("pages/京都旅行.md"))
        #expect(throws: RPCError.self) { try session.answer("resources/read", .object([("uri", .string("vault://pages/Nothing.md"))])) }
        #expect(throws: RPCError.self) { try session.answer("resources/list", .object([("cursor", .string("zz"))])) }
        let templates = try session.answer("resources/templates/list", nil)
        #expect(templates["resourceTemplates"] != nil)
    }

    @Test("with the cache, a note made, retitled or removed by another program between two calls is in the next answer")
    func keptWalksFollowTheFiles() throws {
        let fixture = try FixtureVault()
        let session = try fixture.session(cached: true)
        func listed() throws -> [String] {
            let answer = try session.call("list_notes", #"{"folder":"pages","limit":1000}"#)
            guard case .array(let notes)? = answer.structured?["notes"] else { return [] }
            return notes.compactMap { note in note["path"]?.stringValue.map { $0 + " " + (note["title"]?.stringValue ?? "") } }
        }
        let before = try listed()
        #expect(try listed() == before)
        let made = fixture.vault + "/pages/Made Elsewhere.md"
        try Data("# Made elsewhere\n".utf8).write(to: URL(fileURLWithPath: made))
        #expect(try listed().contains("pages/Made Elsewhere.md Made elsewhere"))
        try Data("# Retitled\n".utf8).write(to: URL(fileURLWithPath: made))
        #expect(try listed().contains("pages/Made Elsewhere.md Retitled"))
        // A folder made afterwards is watched too.
        try FileManager.default.createDirectory(atPath: fixture.vault + "/pages/New Folder", withIntermediateDirectories: false)
        #expect(try listed().count == before.count + 1)
        try Data("# Deep\n".utf8).write(to: URL(fileURLWithPath: fixture.vault + "/pages/New Folder/Deep.md"))
        #expect(try listed().contains("pages/New Folder/Deep.md Deep"))
        try FileManager.default.removeItem(atPath: made)
        try FileManager.default.removeItem(atPath: fixture.vault + "/pages/New Folder/Deep.md")
        #expect(try listed() == before)
        // The server's own changes too.
        _ = try session.call("create_note", #"{"title":"Made here"}"#)
        #expect(try listed().contains("pages/Made here.md Made here"))
    }
}

extension JSONValue {
    var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }
}
