import Foundation
import Testing
import VaultKit
import VaultMarkdown
import VaultMCP
import VaultRPC
import VaultSystem

/// What a session with the cache keeps between calls (the link index, who links where, the
/// check, every task): the same answers as a session that keeps nothing, and never stale.
@Suite("vault mcp: what a session keeps")
struct MCPKeptAnswersTests {
    /// Every note path of the fixture, from `list_notes`.
    private func paths(_ session: MCPSession) throws -> [String] {
        guard case .array(let notes)? = try session.call("list_notes", #"{"limit":1000}"#).structured?["notes"] else { return [] }
        return notes.compactMap { $0["path"]?.stringValue }
    }

    /// The links of one tool's answer, each as its JSON, and the total it gives.
    private func links(_ answer: ToolAnswer) -> (links: [String], total: Int?) {
        guard case .array(let links)? = answer.structured?["links"] else { return ([], nil) }
        var total: Int?
        if case .number(let text)? = answer.structured?["total"] { total = Int(text) }
        return (links.map { String(decoding: $0.compactBytes(), as: UTF8.self) }, total)
    }

    @Test("with the cache, pages of two backlinks at a time put together are each note's whole list, with the same total")
    func backlinkPages() throws {
        let fixture = try FixtureVault()
        let plain = try fixture.session()
        let kept = try fixture.session(cached: true)
        var linked = 0
        for path in try paths(plain) {
            let note = #"{"note":"\#(path)","limit":1000}"#
            let whole = links(try plain.call("backlinks", note))
            var paged: [String] = []
            var offset = 0
            while true {
                let answer = try kept.call("backlinks", #"{"note":"\#(path)","limit":2,"offset":\#(offset)}"#)
                let page = links(answer)
                #expect(page.total == whole.total, "\(path) at \(offset)")
                paged += page.links
                guard let next = answer.structured?["nextOffset"], case .number(let text) = next, let value = Int(text) else { break }
                #expect(value == offset + 2)
                offset = value
            }
            #expect(paged == whole.links, "\(path)")
            if whole.links.count > 2 { linked += 1 }
        }
        // The fixture has notes whose links span several pages, some of them from one note.
        #expect(linked >= 2)
    }

    @Test("with the cache, search answers as a session that keeps nothing, and follows a note another program edited between two calls")
    func keptSearchFollowsTheFiles() throws {
        let fixture = try FixtureVault()
        let plain = try fixture.session()
        let kept = try fixture.session(cached: true)
        let queries = [#"{"query":"the","limit":1000}"#, #"{"query":"errand","mode":"exact","limit":1000}"#]
        for query in queries {
            // Twice, so that the second answer reads the notes the session keeps.
            _ = try kept.call("search", query)
            #expect(try kept.call("search", query).text == plain.call("search", query).text)
        }
        let query = #"{"query":"zanzibar quokka","mode":"exact"}"#
        #expect(try kept.call("search", query).text == "no line matches")
        let note = fixture.vault + "/pages/Errands.md"
        let text = try String(contentsOfFile: note, encoding: .utf8)
        try Data((text + "\nA zanzibar quokka.\n").utf8).write(to: URL(fileURLWithPath: note))
        #expect(try kept.call("search", query).text.contains("pages/Errands.md"))
        try Data(text.utf8).write(to: URL(fileURLWithPath: note))
        #expect(try kept.call("search", query).text == "no line matches")
        for query in queries { #expect(try kept.call("search", query).text == plain.call("search", query).text) }
    }

    @Test("with the cache, links, backlinks, check and tasks answer for a note another program changed between two calls")
    func keptAnswersFollowTheFiles() throws {
        let fixture = try FixtureVault()
        let session = try fixture.session(cached: true)
        let target = "pages/Errands.md"
        let before = links(try session.call("backlinks", #"{"note":"\#(target)"}"#)).total ?? -1
        #expect(try session.call("check").structured?["clean"] != nil)
        let tasksBefore = try session.call("tasks", #"{"limit":1000}"#).text
        #expect(!tasksBefore.contains("Water the ferns"))
        // Twice each, so that the second answer comes from what the session keeps.
        _ = try session.call("backlinks", #"{"note":"\#(target)"}"#)
        _ = try session.call("tasks", #"{"limit":1000}"#)
        let danglingBefore = try session.call("check").text.components(separatedBy: "Nowhere At All").count

        let elsewhere = fixture.vault + "/pages/Written Elsewhere.md"
        try Data("# Written elsewhere\n\nSee [[Errands]] and [[Nowhere At All]].\n\n- [ ] Water the ferns\n".utf8)
            .write(to: URL(fileURLWithPath: elsewhere))
        #expect(links(try session.call("backlinks", #"{"note":"\#(target)"}"#)).total == before + 1)
        #expect(try session.call("links", #"{"note":"Written Elsewhere"}"#).text.contains("Nowhere At All"))
        #expect(try session.call("check").text.components(separatedBy: "Nowhere At All").count == danglingBefore + 1)
        #expect(try session.call("tasks", #"{"limit":1000}"#).text.contains("Water the ferns"))

        // An edit in place of a note that was already there.
        try Data("# Written elsewhere\n\nNothing now.\n".utf8).write(to: URL(fileURLWithPath: elsewhere))
        #expect(links(try session.call("backlinks", #"{"note":"\#(target)"}"#)).total == before)
        #expect(try session.call("check").text.components(separatedBy: "Nowhere At All").count == danglingBefore)
        #expect(try session.call("tasks", #"{"limit":1000}"#).text == tasksBefore)
    }

    @Test("with the cache, tasks in every order and with each filter are those of a session that keeps nothing")
    func keptTasks() throws {
        let fixture = try FixtureVault()
        let plain = try fixture.session()
        let kept = try fixture.session(cached: true)
        for arguments in [
            #"{"limit":1000}"#, #"{"status":["all"],"limit":1000}"#, #"{"status":["done"],"includeArchived":true}"#,
            #"{"sort":"due","limit":1000}"#, #"{"sort":"priority","status":["all"],"limit":1000}"#,
            #"{"folder":["journals"],"limit":1000}"#, #"{"tag":["work"],"limit":1000}"#, #"{"due":"overdue"}"#,
            #"{"limit":3,"offset":2}"#, #"{"note":"pages/Errands.md"}"#,
        ] {
            let expected = try plain.call("tasks", arguments)
            for _ in 0..<2 {
                let answer = try kept.call("tasks", arguments)
                #expect(answer.text == expected.text, "\(arguments)")
                #expect(answer.structured == expected.structured, "\(arguments)")
            }
        }
    }
}

extension MCPKeptAnswersTests {
    @Test("check comes in pages: the pages of three findings put together are the whole check, and counts has each kind's number")
    func checkPages() throws {
        let fixture = try FixtureVault()
        let session = try fixture.session(cached: true)
        let whole = try session.call("check", #"{"limit":1000}"#)
        let lines = whole.text.split(separator: "\n").map(String.init)
        guard case .number(let total)? = whole.structured?["total"], let count = Int(total) else {
            Issue.record("no total in \(whole.json)")
            return
        }
        #expect(count == lines.count && count > 6)
        #expect(whole.structured?["nextOffset"] == nil)
        guard case .object(let counts)? = whole.structured?["counts"] else {
            Issue.record("no counts")
            return
        }
        #expect(counts.reduce(0) { sum, member in
            if case .number(let text) = member.1 { return sum + (Int(text) ?? 0) }
            return sum
        } == count)
        var paged: [String] = []
        var reports: [String: Int] = [:]
        for offset in stride(from: 0, to: count, by: 3) {
            let answer = try session.call("check", #"{"limit":3,"offset":\#(offset)}"#)
            let text = answer.text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("(more") }
            #expect(text.count == min(3, count - offset))
            paged += text
            guard case .object(let report)? = answer.structured?["report"] else { continue }
            for (kind, value) in report {
                if case .array(let items) = value { reports[kind, default: 0] += items.count }
            }
        }
        #expect(paged == lines)
        #expect(reports.values.reduce(0, +) == count)
    }

    @Test("with the cache, a session's first walk reads every note whole once: tags, tasks, links, backlinks and check then read none")
    func firstWalkCompletesTheCache() throws {
        let fixture = try FixtureVault()
        let kept = try fixture.session(cached: true)
        let cache = try #require(kept.vault.cache)
        _ = try kept.call("list_notes", #"{"limit":5}"#)
        let afterWalk = cache.statistics.misses
        #expect(afterWalk > 0)
        let note = try #require(try paths(kept).first)
        for (tool, arguments) in [
            ("tags", "{}"), ("tasks", #"{"status":"all"}"#), ("links", #"{"note":"\#(note)"}"#),
            ("backlinks", #"{"note":"\#(note)"}"#), ("check", "{}"),
        ] {
            _ = try kept.call(tool, arguments)
            #expect(cache.statistics.misses == afterWalk, "\(tool) read a note afresh")
        }
        // And a session that opens the cache next reads nothing afresh either.
        let next = try fixture.session(cached: true)
        for tool in ["tags", "check"] { _ = try next.call(tool, "{}") }
        #expect(try #require(next.vault.cache).statistics.misses == 0)
    }

    @Test("a cache folder that takes no file is told of once, not after every request, and every answer still comes")
    func unwritableCacheToldOnce() throws {
        let fixture = try FixtureVault()
        #expect(FileManager.default.createFile(atPath: fixture.root + "/blocker", contents: Data("a file where the cache goes\n".utf8)))
        var vault = try Vault(root: fixture.vault)
        let real = vault.fileSystem.resolvedPath(vault.root) ?? vault.root
        vault.cache = FactsCache(location: CacheLocation(folder: fixture.root + "/blocker/cache", rootRealPath: real), racyWindow: 0)
        final class Lines: @unchecked Sendable {
            let lock = NSLock()
            var lines: [String] = []
        }
        let logged = Lines()
        let session = MCPSession(
            vault: vault, readOnly: false, serverVersion: "test", today: { CalendarDay("2026-11-30")! },
            log: { line in logged.lock.withLock { logged.lines.append(line) } })
        let note = try #require(try paths(session).first)
        for round in 0..<3 {
            // A note changed between requests: each reads it afresh and tries to save.
            try Data("# Changed \(round)\n\n[[Errands]]\n".utf8).write(to: URL(fileURLWithPath: fixture.vault + "/" + note))
            #expect(!(try session.call("tags").text.isEmpty))
        }
        let failures = logged.lock.withLock { logged.lines.filter { $0.hasPrefix("cannot write the cache") } }
        #expect(failures.count == 1)
    }
}
