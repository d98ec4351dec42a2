import Foundation
import Glibc
import TestSupport
import Testing

/// The fault suite's cases about living beside sync tools and about names.
extension FaultSuiteTests {
    @Test(
        "a full disk fails an append and a capture with a clear message and exit 1, and leaves the note and the folder as they were",
        .enabled(if: FullDisk.isAvailable, "needs user and mount namespaces (unshare -r -m) for a small tmpfs"))
    func fullDisk() throws {
        let sandbox = try Sandbox(fixture: "empty")
        let seed = Array("# Note\n\nfirst line, written before the disk filled\n".utf8)
        try sandbox.write(["seed.md": seed], in: sandbox.root)
        let long = String(repeating: "a long thought that cannot fit ", count: 1000)
        #expect(try FullDisk.run(in: sandbox, seed: sandbox.root + "/seed.md", text: long) == 0, "the namespace script")
        func read(_ name: String) -> String {
            String(decoding: fileBytes(sandbox.root + "/" + name) ?? [], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        for mode in ["full", "almost"] {
            for command in ["append", "capture"] {
                #expect(read("\(mode).\(command).status") == "1", "\(command) on a \(mode) disk")
                #expect(read("\(mode).\(command).err").contains("No space left on device"), "\(command) on a \(mode) disk")
                #expect(read("\(mode).\(command).out") == "", "\(command) on a \(mode) disk")
            }
            let after = tree(sandbox.root + "/\(mode).after")
            #expect(after["pages/Note.md"] == .file(seed), "\(mode) disk")
            #expect(temporaryFiles(after) == [], "\(mode) disk")
            #expect(after.keys.filter { $0.hasPrefix("quick/") || $0.hasPrefix(".zennotes/journal/") } == [], "\(mode) disk")
            #expect(read("\(mode).freed.status") == "0", "\(mode) disk, once freed")
            #expect(fileBytes(sandbox.root + "/\(mode).freed.md") == seed + Array("after the disk was freed\n".utf8))
        }
    }

    @Test("an iCloud placeholder is listed as not downloaded, refused by show, append, trash and archive, and keeps its name and bytes")
    func placeholder() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let placeholder = try #require(sandbox.bytes("pages/.Evicted Idea.md.icloud"))
        #expect(try sandbox.vault("list").lines.contains("pages/Evicted Idea.md\tEvicted Idea\t(not downloaded)"))
        let info = try sandbox.vault("info", "--json").json as? [String: Any]
        #expect((info?["summary"] as? [String: Any])?["placeholders"] as? Int == 1)
        for command in [["show"], ["append", "pages/Evicted Idea.md", "text"], ["trash"], ["archive"]] {
            let run = try sandbox.start(command + (command.count == 1 ? ["Evicted Idea"] : [])).finish()
            #expect(run.status == 1, "\(command[0])")
            #expect(run.output == [], "\(command[0])")
            #expect(run.errors.contains("pages/Evicted Idea.md is not downloaded from the sync service yet"), "\(command[0])")
        }
        let rename = try sandbox.vault("rename", "Errands", "Evicted Idea")
        #expect(rename.status == 1 && rename.errors.contains("pages/Evicted Idea.md already exists; nothing was overwritten"))
        let new = try sandbox.vault("new", "Evicted Idea")
        #expect(new.status == 0)
        #expect(new.stdout == "pages/Evicted Idea 2.md\n", "the placeholder's note holds the name")
        #expect(sandbox.bytes("pages/Evicted Idea.md") == nil, "a file that iCloud's download would collide with")
        #expect(sandbox.bytes("pages/.Evicted Idea.md.icloud") == placeholder)
    }

    @Test("each sync tool's conflict copy is listed beside its original and is neither a note, a link target nor a search hit")
    func conflictCopies() throws {
        let sandbox = try Sandbox(fixture: "empty")
        // `x 2.md` is a copy only in iCloud Drive, which vault tells by the vault's path.
        let folder = sandbox.root + "/Mobile Documents/com~apple~CloudDocs/Notes"
        let copies = [
            "x.sync-conflict-20260102-030405-ABCDEFG.md": "syncthing", "x (Someone's conflicted copy 2026-01-02).md": "dropbox",
            "x (In Konflikt stehende Kopie von Someone 2026-01-02).md": "dropbox", "x (conflicted copy 2026-01-02 030405).md": "nextcloud",
            "x-DESKTOP-1AB2C3D.md": "onedrive", "x.Conflict.md": "resilio", "x 2.md": "icloud",
        ]
        var notes = ["pages/x.md": Array("# x\n\noriginal words\n".utf8), "pages/linker.md": Array("see [[x]]\n".utf8)]
        for (name, tool) in copies { notes["pages/" + name] = Array("copyword from \(tool)\n".utf8) }
        _ = try sandbox.initialise(notes, at: folder)
        let conflicts = try sandbox.vault("conflicts", "--json", in: folder)
        #expect(conflicts.status == 0)
        let listed = (conflicts.json as? [[String: Any]] ?? []).map { "\($0["path"] ?? "") \($0["originalPath"] ?? "") \($0["tool"] ?? "")" }
        #expect(Set(listed) == Set(copies.map { "pages/\($0.key) pages/x.md \($0.value)" }))
        #expect(try sandbox.vault("list", in: folder).lines == ["pages/linker.md\tlinker", "pages/x.md\tx"])
        #expect(try sandbox.vault("links", "pages/linker.md", in: folder).stdout == "1: [[x]] -> pages/x.md\n")
        let search = try sandbox.vault("search", "--exact", "copyword", in: folder)
        #expect(search.status == 1 && search.output == [])
        let plain = try sandbox.initialise(["pages/x.md": Array("# x\n".utf8), "pages/x 2.md": Array("# x\n".utf8)], at: sandbox.root + "/plain")
        #expect(try sandbox.vault("conflicts", in: plain).status == 1, "outside iCloud Drive, `x 2.md` is a second note titled x")
        #expect(try sandbox.vault("list", in: plain).lines == ["pages/x 2.md\tx", "pages/x.md\tx"])
    }

    @Test("sync tools' temporary files are neither listed nor searched, and a move of their folder leaves them where they are")
    func syncTemporaryFiles() throws {
        let sandbox = try Sandbox(fixture: "empty")
        let artifacts = [
            ".syncthing.x.md.tmp", "~syncthing~x.md.tmp", "x.md.!Sync", ".stversions/x~20260101-000000.md", ".dropbox.cache/x.md",
            "~$x.md", "x.md.part",
        ]
        var files = ["pages/Sub/x.md": Array("# x\n\nreal words\n".utf8), "pages/y.md": Array("see [[x]]\n".utf8)]
        for name in artifacts { files["pages/Sub/" + name] = Array("tempword in \(name)\n".utf8) }
        _ = try sandbox.initialise(files)
        #expect(try sandbox.vault("list").lines == ["pages/Sub/x.md\tx", "pages/y.md\ty"])
        let search = try sandbox.vault("search", "--exact", "tempword")
        #expect(search.status == 1 && search.output == [])
        let info = try sandbox.vault("info", "--json").json as? [String: Any]
        #expect((info?["summary"] as? [String: Any])?["assets"] as? Int == 0)
        let move = try sandbox.vault("move", "--skip-unavailable", "pages/Sub", "pages/Moved")
        #expect(move.status == 0 && move.stdout.contains("Moved pages/Sub/x.md -> pages/Moved/x.md"))
        let after = tree(sandbox.vault)
        for name in artifacts {
            #expect(after["pages/Sub/" + name] == .file(files["pages/Sub/" + name]!), "\(name) left untouched")
        }
        #expect(after.keys.filter { $0.hasPrefix("pages/Moved/") } == ["pages/Moved/x.md"])
        #expect(after["pages/Moved/x.md"] == .file(files["pages/Sub/x.md"]!))
    }

    @Test("a note stored under an NFD name is found by an NFC name and link, and the reverse, and new with the other form collides")
    func unicodeNormalisation() throws {
        let sandbox = try Sandbox(fixture: "empty")
        let (cafeNFD, cafeNFC, theNFD, theNFC) = ("Cafe\u{301}", "Caf\u{E9}", "The\u{301}", "Th\u{E9}")
        _ = try sandbox.initialise([
            "pages/\(cafeNFD).md": Array("# \(cafeNFD)\n\nstored NFD\n".utf8), "pages/linker.md": Array("see [[\(cafeNFC)]]\n".utf8),
            "pages/\(theNFC).md": Array("# \(theNFC)\n\nstored NFC\n".utf8), "pages/linker2.md": Array("see [[\(theNFD)]]\n".utf8),
        ])
        func names() throws -> [[UInt8]] { try FileManager.default.contentsOfDirectory(atPath: sandbox.vault + "/pages").map { Array($0.utf8) } }
        #expect(try names().contains(Array("\(cafeNFD).md".utf8)) && names().contains(Array("\(theNFC).md".utf8)))
        let cases = [
            (cafeNFC, "# \(cafeNFD)\n\nstored NFD\n", "pages/linker.md", "pages/\(cafeNFC) 2.md\n"),
            (theNFD, "# \(theNFC)\n\nstored NFC\n", "pages/linker2.md", "pages/\(theNFC) 2.md\n"),
        ]
        for (query, stored, linker, created) in cases {
            let show = try sandbox.vault("show", query)
            #expect(show.status == 0 && show.output == Array(stored.utf8))
            let backlinks = try sandbox.vault("backlinks", query)
            #expect(backlinks.status == 0 && backlinks.stdout.hasPrefix(linker + ":1:"))
            let new = try sandbox.vault("new", query)
            #expect(new.status == 0)
            #expect(new.output == Array(created.utf8), "names are written NFC")
        }
        #expect(try !names().contains(Array("\(cafeNFC).md".utf8)) && !names().contains(Array("\(theNFD).md".utf8)), "a second file")
    }

    @Test("a case-only rename changes the name on disk and the links, and new with another case of a name collides")
    func caseOnlyRename() throws {
        let sandbox = try Sandbox(fixture: "empty")
        _ = try sandbox.initialise([
            "pages/Foo.md": Array("# Foo\n\nfoo body\n".utf8), "pages/linker.md": Array("see [[Foo]] and [t](Foo.md) and [[Foo|alias]]\n".utf8),
        ])
        let names = { Set((try? FileManager.default.contentsOfDirectory(atPath: sandbox.vault + "/pages")) ?? []) }
        #expect(try sandbox.vault("new", "foo").stdout == "pages/foo 2.md\n")
        #expect(names() == ["Foo.md", "foo 2.md", "linker.md"])
        let rename = try sandbox.vault("rename", "--skip-unavailable", "pages/Foo.md", "foo")
        #expect(rename.status == 0)
        #expect(names() == ["foo.md", "foo 2.md", "linker.md"])
        #expect(sandbox.bytes("pages/linker.md") == Array("see [[foo]] and [t](foo.md) and [[foo|alias]]\n".utf8))
        #expect(sandbox.bytes("pages/foo.md") == Array("# foo\n\nfoo body\n".utf8))
        #expect(try sandbox.vault("new", "Foo").stdout == "pages/Foo 3.md\n")
        #expect(temporaryFiles(tree(sandbox.vault)) == [])
    }

    @Test("a move out of the vault is refused with exit 1 and writes nothing, and a title with / or .. stays in its folder")
    func pathTraversal() throws {
        let sandbox = try Sandbox(fixture: "demo")
        // `new` records its note's use in the home's state folder (for frecency) and keeps the
        // memo of the folder's names in the cache folder, both outside the vault by design.
        let skip: Set<String> = ["demo/.zennotes/lock", ".local", ".cache"]
        let before = tree(sandbox.root, skipping: skip)
        for destination in ["../../x", "../x.md", "/etc/x", sandbox.root + "/outside.md", "pages/../../x.md"] {
            let move = try sandbox.vault("move", "Errands", destination)
            #expect(move.status == 1, "\(destination)")
            #expect(move.errors.contains("it is outside the vault"), "\(destination)")
        }
        #expect(differences(before, tree(sandbox.root, skipping: skip)) == [])
        #expect(!FileManager.default.fileExists(atPath: "/etc/x"))
        for (title, path) in [("../../evil", "pages/-..-evil.md"), ("a/b", "pages/a-b.md"), ("/etc/passwd", "pages/-etc-passwd.md")] {
            let base = tree(sandbox.root, skipping: skip)
            let new = try sandbox.vault("new", title)
            #expect(new.status == 0 && new.stdout == path + "\n", "\(title)")
            #expect(differences(base, tree(sandbox.root, skipping: skip)) == ["added demo/" + path], "\(title)")
        }
    }

    @Test("a title over 255 bytes gives a file name within 255 bytes for new, capture and rename, and a long name takes an append")
    func longNames() throws {
        let sandbox = try Sandbox(fixture: "empty")
        let long = String(repeating: "\u{E9}", count: 150)  // 150 characters, 300 bytes
        let existing = String(repeating: "b", count: 247) + ".md"  // 250 bytes, as another app may name a note
        _ = try sandbox.initialise([
            "pages/Foo.md": Array("# Foo\n\nbody\n".utf8), "pages/linker.md": Array("see [[Foo]]\n".utf8),
            "pages/" + existing: Array("long\n".utf8),
        ])
        let append = try sandbox.vault("append", "pages/" + existing, "more")
        #expect(append.status == 0, "\(append.errors)")
        #expect(sandbox.bytes("pages/" + existing) == Array("long\nmore\n".utf8))
        for command in [["new", long], ["capture", "--title", long, "body"]] {
            let run = try sandbox.start(command).finish()
            #expect(run.status == 0, "\(command[0]): \(run.errors)")
            let path = run.stdout.trimmingCharacters(in: .newlines)
            #expect(path.split(separator: "/").last.map { $0.utf8.count <= 255 } == true)
            #expect(sandbox.bytes(path)?.starts(with: Array("# \(long)\n".utf8)) == true, "\(command[0])")
        }
        // Another long title: `long` itself is taken by the note `new` just made.
        let rename = try sandbox.vault("rename", "pages/Foo.md", String(repeating: "\u{E8}", count: 150))
        #expect(rename.status == 0, "\(rename.errors)")
        let list = try sandbox.vault("list")
        #expect(list.status == 0, "the vault stays usable: \(list.errors)")
        let after = tree(sandbox.vault)
        #expect(after.keys.filter { $0.hasPrefix(".zennotes/journal/") } == [])
        #expect(temporaryFiles(after) == [])
        #expect(after["pages/Foo.md"] == nil && after.keys.contains { $0.hasPrefix("pages/\u{E8}") && $0.utf8.count <= 255 + 6 })
    }

    @Test("a read-only note is refused by append and by a rename that would rewrite it, and a read-only folder gets no capture")
    func readOnly() throws {
        let sandbox = try Sandbox(fixture: "empty")
        _ = try sandbox.initialise(["pages/Locked.md": Array("see [[Target]]\n".utf8), "pages/Target.md": Array("# Target\n".utf8)])
        chmod(sandbox.vault + "/pages/Locked.md", 0o444)
        let before = tree(sandbox.vault)
        let append = try sandbox.vault("append", "Locked", "more")
        #expect(append.status == 1 && append.errors.contains("pages/Locked.md is read-only; nothing was written"))
        let rename = try sandbox.vault("rename", "Target", "Goal")
        #expect(rename.status == 1 && rename.errors.contains("pages/Locked.md is read-only"))
        chmod(sandbox.vault + "/quick", 0o555)
        defer { chmod(sandbox.vault + "/quick", 0o755) }
        let capture = try sandbox.vault("capture", "a thought")
        #expect(capture.status == 1 && capture.errors.contains("quick is read-only"))
        // The lock file is the one thing a refused write may leave: it is empty and never changes.
        #expect(differences(before, tree(sandbox.vault)).filter { $0 != "added .zennotes/lock" } == [])
    }

    @Test("a file link out of the vault is skipped and never shown, and a note that is a link is never written through")
    func symlinkOutOfVault() throws {
        let sandbox = try Sandbox(fixture: "empty")
        _ = try sandbox.initialise(["pages/Real.md": Array("# Real\n".utf8)])
        try sandbox.write(["secret.txt": Array("private\n".utf8)], in: sandbox.root)
        symlink(sandbox.root + "/secret.txt", sandbox.vault + "/pages/Secret.md")
        symlink("Real.md", sandbox.vault + "/pages/Alias.md")
        let list = try sandbox.vault("list")
        #expect(list.lines == ["pages/Alias.md\tReal", "pages/Real.md\tReal"])
        #expect(list.errors.contains("pages/Secret.md: a symlink to a file outside the vault; skipped"))
        let show = try sandbox.vault("show", "pages/Secret.md")
        #expect(show.status == 1 && !show.stdout.contains("private"))
        let append = try sandbox.vault("append", "pages/Alias.md", "more")
        #expect(append.status == 1 && append.errors.contains("pages/Alias.md is a symbolic link"))
        #expect(sandbox.bytes("pages/Real.md") == Array("# Real\n".utf8))
        #expect(fileBytes(sandbox.root + "/secret.txt") == Array("private\n".utf8))
    }

    @Test("a rename that may need to rewrite a placeholder stops, names it and writes nothing; --skip-unavailable goes on")
    func renameStopsOnPlaceholder() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let before = tree(sandbox.vault)
        let stopped = try sandbox.vault("rename", "Errands", "Chores")
        #expect(stopped.status == 1 && stopped.errors.contains("cannot be checked or rewritten (not downloaded, unreadable or not UTF-8): pages/Evicted Idea.md"))
        #expect(differences(before, tree(sandbox.vault)) == [])
        let forced = try sandbox.vault("rename", "--skip-unavailable", "Errands", "Chores")
        #expect(forced.status == 0 && forced.errors.contains("pages/Evicted Idea.md: not downloaded; links in it are not rewritten"))
        #expect(sandbox.bytes("pages/Chores.md") != nil && sandbox.bytes("pages/Errands.md") == nil)
    }

    @Test("the next change removes the temporary files an interrupted write left, keeps a new note's unfinished text, and a reader removes nothing")
    func leftoverTemporaryFiles() throws {
        let sandbox = try Sandbox(fixture: "demo")
        // A replacement cut short: its name says the two texts it may hold, and it has no
        // permissions yet, as the writer leaves one until it is whole.
        let torn = "pages/.~Ideas.md.x1.0000000000000001-0000000000000002.tmp"
        try sandbox.write([torn: Array("half".utf8), "quick/.~Thought.md.x2.new.tmp": Array("only copy".utf8)])
        chmod(sandbox.vault + "/" + torn, 0)
        let before = tree(sandbox.vault)
        #expect(try sandbox.vault("list").status == 0)
        #expect(try sandbox.vault("rename", "--dry-run", "--skip-unavailable", "Errands", "Chores").status == 0)
        #expect(differences(before, tree(sandbox.vault)) == [], "a reader and a dry run write nothing")
        let rename = try sandbox.vault("rename", "--skip-unavailable", "Errands", "Chores")
        #expect(rename.status == 0 && rename.errors.contains("removed 1 temporary file an interrupted write left: " + torn))
        // The note itself is whole: the rename rewrote its link, the half write is gone.
        #expect(sandbox.bytes(torn) == nil)
        #expect(String(decoding: sandbox.bytes("pages/Ideas.md") ?? [], as: UTF8.self).contains("[errands](Chores.md)"))
        #expect(sandbox.bytes("quick/.~Thought.md.x2.new.tmp") == Array("only copy".utf8))
        let fix = try sandbox.vault("doctor", "--fix")
        #expect(fix.stdout.contains("fixed: restored quick/Thought.md from quick/.~Thought.md.x2.new.tmp; it may be incomplete"))
        #expect(sandbox.bytes("quick/Thought.md") == Array("only copy".utf8) && sandbox.bytes("quick/.~Thought.md.x2.new.tmp") == nil)
    }
}

extension FaultSuiteTests {
    /// True where the suite runs as root with `setpriv`, to act as a member of a shared group.
    static let canActAsAnotherUser = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    @Test(
        "a note of a shared vault rewritten by another member of its group keeps the group, so the rest of the group can still write it",
        .enabled(if: canActAsAnotherUser, "needs root and setpriv to act as a member of a group"))
    func sharedGroupKept() throws {
        let sandbox = try Sandbox(fixture: "empty")
        let vault = try sandbox.initialise(["pages/M.md": Array("# M\n".utf8)])
        // The other user runs a copy of the binary, which the build folder may not let it reach.
        let binary = sandbox.root + "/shared-vault"
        let share = "chgrp -R 4242 \"$1\" && chmod -R g+rwX,o+rX \"$1\" && chmod o+x \"$2\" && cp \"$3\" \"$4\" && chmod 755 \"$4\""
        let shared = try ChildProcess.run(
            "/bin/sh", ["-c", share, "sh", vault, sandbox.root, sandbox.binaries + "/vault", binary], environment: sandbox.environment, timeout: 30)
        #expect(shared.status == 0)
        let member = ["--reuid=12345", "--regid=12345", "--groups=4242"]
        let append = try ChildProcess.run(
            "/usr/bin/setpriv", member + [binary, "--vault", vault, "append", "pages/M.md", "from a member"],
            environment: sandbox.environment, timeout: 30)
        #expect(append.status == 0, "\(String(decoding: append.errors, as: UTF8.self))")
        var status = stat()
        #expect(stat(vault + "/pages/M.md", &status) == 0 && status.st_gid == 4242 && status.st_mode & 0o020 != 0)
        let other = try ChildProcess.run(
            "/usr/bin/setpriv", ["--reuid=23456", "--regid=23456", "--groups=4242", "/bin/sh", "-c", "echo more >> \"$0\"", vault + "/pages/M.md"],
            environment: sandbox.environment, timeout: 30)
        #expect(other.status == 0, "another member of the group writes the note")
        #expect(String(decoding: sandbox.bytes("pages/M.md") ?? [], as: UTF8.self) == "# M\nfrom a member\nmore\n")
    }
}
