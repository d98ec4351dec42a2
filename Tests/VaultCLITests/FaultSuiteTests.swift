import Foundation
import Testing

/// Faults a vault meets beside sync tools and on real disks, each provoked through the real
/// `vault` binary on a temporary vault. Every case checks the message, the exit code and the
/// bytes on disk: a fault that is reported well but costs a byte is still a failure.
@Suite("Fault suite")
struct FaultSuiteTests {
    @Test("a note that is not UTF-8 is listed with a warning, never appended to, and left as it is by a rename of a note it links to")
    func notUTF8() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let latin1 = Array("# Caf".utf8) + [0xE9] + Array(" notes\n\nSee [[Errands]] and na".utf8) + [0xEF] + Array("ve.\n".utf8)
        try sandbox.write(["pages/Latin.md": latin1])
        let list = try sandbox.vault("list")
        #expect(list.status == 0)
        #expect(list.lines.contains { $0.hasPrefix("pages/Latin.md\t") })
        #expect(list.errors.contains("vault: warning: pages/Latin.md: not valid UTF-8"))
        let append = try sandbox.vault("append", "pages/Latin.md", "more text")
        #expect(append.status == 1)
        #expect(append.errors.contains("pages/Latin.md is not valid UTF-8; vault never rewrites it"))
        #expect(sandbox.bytes("pages/Latin.md") == latin1)
        let rename = try sandbox.vault("rename", "--skip-unavailable", "Errands", "Errands list")
        #expect(rename.status == 0)
        #expect(rename.errors.contains("pages/Latin.md: not UTF-8; its links are never rewritten"))
        #expect(sandbox.bytes("pages/Latin.md") == latin1)
        #expect(sandbox.bytes("pages/Errands list.md") != nil)
        #expect(temporaryFiles(tree(sandbox.vault)) == [])
    }

    @Test("a note with a BOM reads its title and tags as without it, and an append keeps the BOM and every old byte")
    func byteOrderMark() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let plain = Array("# Marked title\n\nbody with #marked-tag\n".utf8)
        try sandbox.write(["pages/With BOM.md": [0xEF, 0xBB, 0xBF] + plain, "pages/Without BOM.md": plain])
        func metadata(_ note: String) throws -> [String] {
            let json = try sandbox.vault("show", "--json", note).json as? [String: Any]
            return [json?["title"] as? String ?? "?"] + (json?["tags"] as? [String] ?? [])
        }
        #expect(try metadata("pages/With BOM.md") == ["Marked title", "marked-tag"])
        #expect(try metadata("pages/With BOM.md") == metadata("pages/Without BOM.md"))
        // The fixture's BOM is followed straight by frontmatter.
        #expect(try metadata("pages/BOM Note.md") == ["Notes from the old PC", "archive-import"])
        let before = try #require(sandbox.bytes("pages/BOM Note.md"))
        #expect(before.starts(with: [0xEF, 0xBB, 0xBF]))
        // The note ends in a task: a plain line would stand apart, an item carries the list on.
        let append = try sandbox.vault("append", "pages/BOM Note.md", "- appended line")
        #expect(append.status == 0 && append.errors == "")
        #expect(sandbox.bytes("pages/BOM Note.md") == before + Array("- appended line\n".utf8))
    }

    @Test("a CRLF note gets a CRLF line from an append, and a rename of a note it links to rewrites the link and keeps every CRLF")
    func crlf() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let before = try #require(sandbox.bytes("pages/Windows Note.md"))
        #expect(try sandbox.vault("append", "pages/Windows Note.md", "appended line").status == 0)
        let appended = before + Array("appended line\r\n".utf8)
        #expect(sandbox.bytes("pages/Windows Note.md") == appended)
        let rename = try sandbox.vault("rename", "--skip-unavailable", "Vault CLI", "Vault Tool")
        #expect(rename.status == 0)
        let expected = String(decoding: appended, as: UTF8.self).replacingOccurrences(of: "[[Vault CLI#Goals]]", with: "[[Vault Tool#Goals]]")
        let after = try #require(sandbox.bytes("pages/Windows Note.md"))
        #expect(after == Array(expected.utf8))
        #expect(after.indices.filter { after[$0] == 0x0A && ($0 == 0 || after[$0 - 1] != 0x0D) } == [], "a bare LF")
    }

    @Test("an empty note is listed under its file name, shows as nothing, takes an append, and is never called unavailable")
    func emptyNote() throws {
        let sandbox = try Sandbox(fixture: "demo")
        try sandbox.write(["pages/Empty one.md": []])
        let list = try sandbox.vault("list")
        #expect(list.status == 0)
        #expect(list.lines.contains("pages/Empty one.md\tEmpty one"))
        #expect(!list.errors.contains("Empty one"))
        let show = try sandbox.vault("show", "Empty one")
        #expect(show.status == 0 && show.output == [] && show.errors == "")
        let info = try sandbox.vault("info", "--json").json as? [String: Any]
        #expect((info?["summary"] as? [String: Any])?["unreadable"] as? Int == 0)
        let check = try sandbox.vault("check")
        #expect(!check.stdout.contains("Empty one") && !check.errors.contains("Empty one"))
        let append = try sandbox.vault("append", "Empty one", "first line")
        #expect(append.status == 0)
        #expect(sandbox.bytes("pages/Empty one.md") == Array("first line\n".utf8))
    }

    @Test("a 50 MB note is listed, searched to its last line, and keeps its first 50 MB byte for byte through an append")
    func hugeNote() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let block = Data(String(repeating: "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod\n", count: 1000).utf8)
        var huge = Data("# Huge\n\n".utf8)
        var lastLine = 3
        while huge.count < 50 * 1024 * 1024 {
            huge.append(block)
            lastLine += 1000
        }
        huge.append(Data("the last line holds zebracorn\n".utf8))
        let path = sandbox.vault + "/pages/Huge.md"
        try huge.write(to: URL(fileURLWithPath: path))
        #expect(try sandbox.vault("list", "--folder", "pages").lines.contains("pages/Huge.md\tHuge"))
        let search = try sandbox.vault("search", "--exact", "zebracorn")
        #expect(search.status == 0)
        #expect(search.stdout == "pages/Huge.md:\(lastLine): the last line holds zebracorn\n")
        let append = try sandbox.vault("append", "pages/Huge.md", "tail words")
        #expect(append.status == 0)
        let after = try #require(FileManager.default.contents(atPath: path))
        #expect(after.count == huge.count + 11)
        #expect(after.prefix(huge.count) == huge)
        #expect(after.suffix(11) == Data("tail words\n".utf8))
    }

    @Test("a folder symlink to its parent does not trap list: it finishes, warns about the loop and exits 0")
    func symlinkLoop() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let plain = try sandbox.vault("list")
        try FileManager.default.createSymbolicLink(atPath: sandbox.vault + "/pages/Recipes/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: sandbox.vault + "/pages/self", withDestinationPath: ".")
        let list = try sandbox.start(["list"]).finish(timeout: 20)
        #expect(list.status == 0)
        #expect(list.output == plain.output)
        #expect(list.errors.contains("vault: warning: pages/Recipes/up: a symlink loop; skipped"))
        #expect(list.errors.contains("vault: warning: pages/self: a symlink loop; skipped"))
        #expect(try sandbox.start(["check"]).finish(timeout: 20).status == 1, "check finishes and reports the fixture's dangling links")
    }

    @Test("a vault reached through a symlink lists, captures and renames in the real folder and keeps the link")
    func vaultThroughSymlink() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let link = sandbox.root + "/link-to-vault"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: sandbox.vault)
        let dangling = danglingLinks(try sandbox.vault("check", "--json"))
        let direct = try sandbox.vault("list")
        let list = try sandbox.vault("--vault", link, "list", in: sandbox.root)
        #expect(list.status == 0 && list.output == direct.output)
        let capture = try sandbox.vault("--vault", link, "capture", "through the link", in: sandbox.root)
        #expect(capture.status == 0 && capture.stdout == "quick/through the link.md\n")
        #expect(sandbox.bytes("quick/through the link.md") == Array("through the link\n".utf8))
        let rename = try sandbox.vault("--vault", link, "rename", "--skip-unavailable", "Tom Becker", "Thomas Becker", in: sandbox.root)
        #expect(rename.status == 0)
        #expect(rename.stdout.contains("Rewrote 6 links in 6 notes"))
        #expect(sandbox.bytes("pages/People/Tom Becker.md") == nil && sandbox.bytes("pages/People/Thomas Becker.md") != nil)
        #expect(try sandbox.vault("--vault", link, "backlinks", "Thomas Becker", in: sandbox.root).lines.count == 6)
        #expect(danglingLinks(try sandbox.vault("check", "--json")) == dangling)
        #expect(tree(sandbox.root)["link-to-vault"] == .link(sandbox.vault))
        #expect(temporaryFiles(tree(sandbox.vault)) == [])
    }

    @Test("two writers started together on one note both land, or the loser exits 3 and the winner's bytes stand")
    func twoWriters() throws {
        let sandbox = try Sandbox(fixture: "demo")
        for round in 1...6 {
            // Odd rounds: two appends; even rounds: a journal capture and an append to the same journal.
            let note = round % 2 == 1 ? "pages/Errands.md" : "journals/2026-11-30.md"
            // Items, as the notes end in lists: each lands as its own line, with no blank before it.
            let texts = ["- round \(round): first writer", "- round \(round): second writer"]
            let before = try #require(sandbox.bytes(note))
            let first = round % 2 == 1 ? ["append", note, texts[0]] : ["capture", "--journal", texts[0]]
            let started = [
                try sandbox.start(first, environment: ["VAULT_TODAY": "2026-11-30"]), try sandbox.start(["append", note, texts[1]]),
            ]
            let runs = started.map { $0.finish() }
            #expect(runs.allSatisfy { [0, 3].contains($0.status) }, "round \(round): \(runs.map(\.errors))")
            for run in runs where run.status == 3 {
                #expect(run.errors.contains("changed since it was read; nothing was written"))
            }
            #expect(runs.contains { $0.status == 0 })
            let landed = zip(texts, runs).filter { $0.1.status == 0 }.map { Array(($0.0 + "\n").utf8) }
            let after = try #require(sandbox.bytes(note))
            #expect(after.starts(with: before), "round \(round)")
            let tail = Array(after.dropFirst(before.count))
            #expect(landed.count == 1 ? tail == landed[0] : (tail == landed[0] + landed[1] || tail == landed[1] + landed[0]), "round \(round)")
        }
        #expect(temporaryFiles(tree(sandbox.vault)) == [])
    }

    /// Timing an edit between another process's read and write is not possible from outside;
    /// a rename killed after it planned, then an edit, then the run that finishes it, is.
    @Test("a note edited between a rename's plan and its write keeps the edit, keeps its link resolving and is reported")
    func changedBetweenReadAndWrite() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let dangling = danglingLinks(try sandbox.vault("check", "--json"))
        let crash = try sandbox.vault("rename", "--skip-unavailable", "Vault CLI", "Vault Tool", environment: ["VAULT_TEST_CRASH_AT": "3"])
        #expect(crash.status == 137)
        let planned = try #require(sandbox.bytes("pages/Windows Note.md"))
        #expect(String(decoding: planned, as: UTF8.self).contains("[[Vault CLI#Goals]]"), "no note is rewritten before step 3")
        let mine = planned + Array("my own edit\r\n".utf8)
        try sandbox.write(["pages/Windows Note.md": mine])
        // Under --quiet too: a file left alone is said, whatever else is silenced.
        let next = try sandbox.vault("--quiet", "list")
        #expect(next.status == 0)
        let finished = "vault: finished an interrupted change: rename pages/Projects/Vault CLI.md -> pages/Projects/Vault Tool.md"
        // The 12 notes and vault.json, whose favorite follows the renamed note.
        #expect(next.errors.contains(finished + " (12 files rewritten)"), "one of the 13 was left alone")
        #expect(next.errors.contains("vault: warning: pages/Windows Note.md: changed elsewhere; its links were not rewritten"))
        #expect(next.errors.contains("pages/Projects/Vault CLI.md: kept beside pages/Projects/Vault Tool.md"))
        #expect(sandbox.bytes("pages/Windows Note.md") == mine)
        #expect(try sandbox.vault("links", "pages/Windows Note.md").stdout.contains("[[Vault CLI#Goals]] -> pages/Projects/Vault CLI.md"))
        #expect(danglingLinks(try sandbox.vault("check", "--json")) == dangling)
        // The old name kept for that link is a second name of the note: doctor says so.
        let doctor = try sandbox.vault("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("pages/Projects/Vault CLI.md: is the same file as pages/Projects/Vault Tool.md: a second name"))
        let after = tree(sandbox.vault)
        #expect(after.keys.filter { $0.hasPrefix(".zennotes/journal/") } == [])
        #expect(temporaryFiles(after) == [])
    }

    @Test("a rename killed before any of its steps leaves every link resolvable, and the next command finishes it exactly")
    func killedRename() throws {
        let renames = [
            ("Vault CLI", "Vault Tool", "pages/Projects/Vault CLI.md -> pages/Projects/Vault Tool.md"),
            ("Reading List", "Books to read", "pages/Reading List.md -> pages/Books to read.md"),  // with a comments sidecar
        ]
        let lock: Set<String> = [".zennotes/lock"]
        for (note, title, move) in renames {
            let reference = try Sandbox(fixture: "demo")
            let original = tree(reference.vault, skipping: lock)
            let dangling = danglingLinks(try reference.vault("check", "--json"))
            #expect(try reference.vault("rename", "--skip-unavailable", note, title).status == 0)
            let renamed = tree(reference.vault, skipping: lock)
            var step = 1
            while step < 100 {
                defer { step += 1 }
                let sandbox = try Sandbox(fixture: "demo")
                let crash = try sandbox.vault("rename", "--skip-unavailable", note, title, environment: ["VAULT_TEST_CRASH_AT": "\(step)"])
                if crash.status == 0 {
                    #expect(differences(renamed, tree(sandbox.vault, skipping: lock)) == [])
                    break
                }
                #expect(crash.status == 137, "\(note), step \(step)")
                let journals = tree(sandbox.vault).keys.filter { $0.hasPrefix(".zennotes/journal/") }
                // Any command on the vault finishes the change first, so what the kill left
                // is checked on a copy without the journal.
                let copy = sandbox.root + "/as-left"
                try FileManager.default.copyItem(atPath: sandbox.vault, toPath: copy)
                try? FileManager.default.removeItem(atPath: copy + "/.zennotes/journal")
                #expect(danglingLinks(try sandbox.vault("check", "--json", in: copy)) == dangling, "\(note), as left at step \(step)")
                let check = try sandbox.vault("check", "--json")
                #expect(check.status == 1, "the fixture's dangling links")
                #expect(danglingLinks(check) == dangling, "\(note), finished after step \(step)")
                let after = tree(sandbox.vault, skipping: lock)
                if journals.isEmpty {
                    // Killed before the journal was written: nothing was started.
                    #expect(!check.errors.contains("interrupted"))
                    #expect(differences(original, after).filter { !$0.hasSuffix(".zennotes/journal") } == [], "\(note), step \(step)")
                } else {
                    #expect(check.errors.contains("vault: finished an interrupted change: rename \(move)"), "\(note), step \(step)")
                    #expect(differences(renamed, after) == [], "\(note), finished after step \(step)")
                }
                #expect(after.keys.filter { $0.hasPrefix(".zennotes/journal/") } == [])
                #expect(temporaryFiles(after) == [])
                #expect(!(try sandbox.vault("list").errors.contains("interrupted")), "finished once")
            }
            #expect(step > 3 && step < 100, "\(note): the rename never completed")
        }
    }
}
