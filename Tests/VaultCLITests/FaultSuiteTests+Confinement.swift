import Foundation
import Glibc
import Testing

/// The fault suite's cases about what `vault` may touch: only paths inside the vault, only
/// regular files, nothing skipped silently, and refusals that leave what they found.
extension FaultSuiteTests {
    /// Replaces `relative` in the sandbox's vault with a symlink to `target`.
    private func link(_ sandbox: Sandbox, _ relative: String, to target: String) throws {
        let path = sandbox.vault + "/" + relative
        try? FileManager.default.removeItem(atPath: path)
        #expect(symlink(target, path) == 0)
    }

    @Test("from a folder whose path is over a thousand bytes, the vault is found and made there, never at /")
    func longWorkingFolder() throws {
        let sandbox = try Sandbox(fixture: "empty")
        let deep = sandbox.root + "/" + Array(repeating: String(repeating: "d", count: 200), count: 6).joined(separator: "/")
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        #expect(deep.utf8.count > 1_200)
        let missing = try sandbox.vault("list", in: deep)
        #expect(missing.status == 1)
        // Required before `init` runs: a build that lost the folder's path would make `/` a vault.
        try #require(missing.errors.contains("no vault found in \(deep) or any folder above it"), "\(missing.errors)")
        let made = try sandbox.vault("init", in: deep)
        #expect(made.status == 0, "\(made.errors)")
        #expect(FileManager.default.fileExists(atPath: deep + "/.zennotes/vault.json"))
        try sandbox.write(["pages/deep note.md": Array("deep words\n".utf8)], in: deep)
        let listed = try sandbox.vault("list", in: deep + "/pages")
        #expect(listed.status == 0 && listed.stdout.contains("pages/deep note.md"), "\(listed.errors)")
        #expect(try sandbox.vault("search", "--exact", "deep", in: deep).stdout.contains("deep words"))
    }

    @Test("a system folder, a --folder or a note that is a symlink out of the vault is refused by every writer and reader, and nothing outside changes")
    func symlinkedFoldersOut() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let outside = sandbox.root + "/outside"
        try sandbox.write(["secret.md": Array("- [ ] secret task\n".utf8), "keep/journal.md": Array("mine\n".utf8)], in: outside)
        let before = tree(outside)
        func refused(_ run: VaultRun, _ path: String, _ what: String) {
            #expect(run.status == 1, "\(what): \(run.errors)")
            #expect(run.errors.contains("vault: error: \(path) is a symbolic link that leads out of the vault (to \(outside)"), "\(what): \(run.errors)")
            #expect(!run.stdout.contains("secret") && !run.errors.contains("secret task"), "\(what)")
        }
        let today = ["VAULT_TODAY": "2026-12-02"]
        for (folder, commands) in [
            ("quick", [["capture", "a thought"], ["capture", "https://example.com/"]]),
            ("inbox", [["capture", "--inbox", "a thought"]]),
            ("journals", [["journal"], ["capture", "--journal", "a line"], ["journal", "--list"]]),
            ("pages", [["new", "Plan"]]),
            ("archive", [["archive", "--skip-unavailable", "Errands"]]),
            ("trash", [["trash", "Errands"]]),
        ] {
            let real = sandbox.root + "/real-" + folder
            try FileManager.default.moveItem(atPath: sandbox.vault + "/" + folder, toPath: real)
            try link(sandbox, folder, to: outside)
            for command in commands { refused(try sandbox.start(command, environment: today).finish(), folder, command.joined(separator: " ")) }
            try FileManager.default.removeItem(atPath: sandbox.vault + "/" + folder)
            try FileManager.default.moveItem(atPath: real, toPath: sandbox.vault + "/" + folder)
        }
        try link(sandbox, "pages/outlink", to: outside)
        refused(try sandbox.vault("new", "X", "--folder", "pages/outlink"), "pages/outlink", "new --folder")
        refused(try sandbox.vault("show", "pages/outlink/secret.md"), "pages/outlink", "show")
        refused(try sandbox.vault("append", "pages/outlink/secret.md", "more"), "pages/outlink", "append")
        refused(try sandbox.vault("move", "--skip-unavailable", "Errands", "pages/outlink/"), "pages/outlink", "move")
        refused(try sandbox.vault("task", "pages/outlink/secret.md:1@000000", "done"), "pages/outlink", "task")
        try link(sandbox, "pages/Leak.md", to: outside + "/secret.md")
        refused(try sandbox.vault("task", "pages/Leak.md:1@000000", "done"), "pages/Leak.md", "task through a note link")
        refused(try sandbox.vault("task", "--dry-run", "pages/Leak.md:1@000000", "done"), "pages/Leak.md", "task --dry-run")
        refused(try sandbox.vault("show", "pages/Leak.md"), "pages/Leak.md", "show a note link")
        #expect(differences(before, tree(outside)) == [])
    }

    @Test("a folder link inside the vault is not gone through by a writer either, since the walk does not list its notes")
    func symlinkedFolderInside() throws {
        let sandbox = try Sandbox(fixture: "demo")
        try FileManager.default.removeItem(atPath: sandbox.vault + "/quick")
        try link(sandbox, "quick", to: "inbox")
        let before = tree(sandbox.vault)
        let capture = try sandbox.vault("capture", "a thought")
        #expect(capture.status == 1)
        #expect(capture.errors.contains("vault: error: quick is a symbolic link to inbox, another folder of the vault; vault does not go through folder links"))
        #expect(differences(before, tree(sandbox.vault)).filter { $0 != "added .zennotes/lock" } == [])
    }

    @Test("a vault folder that is itself a symlink keeps every writer working: new, journal, task, archive and restore")
    func writersThroughVaultLink() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let link = sandbox.root + "/link-to-vault"
        #expect(symlink(sandbox.vault, link) == 0)
        func run(_ arguments: String...) throws -> VaultRun {
            try sandbox.start(["--vault", link] + arguments, in: sandbox.root, environment: ["VAULT_TODAY": "2026-12-02"]).finish()
        }
        #expect(try run("new", "Through", "--folder", "pages/Projects").stdout == "pages/Projects/Through.md\n")
        #expect(try run("capture", "--journal", "a line").status == 0)
        #expect(sandbox.bytes("journals/2026-12-02.md") == Array("# 2026-12-02\n\na line\n".utf8))
        #expect(try run("task", "inbox/Call notes.md:7@3d4a03", "done").status == 0)
        #expect(String(decoding: sandbox.bytes("inbox/Call notes.md") ?? [], as: UTF8.self).contains("- [x] Add an evicted file"))
        #expect(try run("archive", "--skip-unavailable", "Errands").status == 0)
        #expect(try run("unarchive", "--skip-unavailable", "archive/pages/Errands.md").status == 0)
        #expect(try run("trash", "pages/Projects/Through.md").status == 0)
        #expect(try run("restore", "trash/pages/Projects/Through.md").status == 0)
        #expect(sandbox.bytes("pages/Projects/Through.md") == Array("# Through\n\n".utf8) && sandbox.bytes("pages/Errands.md") != nil)
    }

    @Test("a fifo named like a note hangs no command: the walk warns, each command finishes, and one that names it refuses it")
    func fifoNote() throws {
        let sandbox = try Sandbox(fixture: "demo")
        for path in ["pages/Pipe.md", "journals/2026-12-02.md", "quick/example.com.md"] { #expect(mkfifo(sandbox.vault + "/" + path, 0o644) == 0) }
        try sandbox.write(["pages/Box.md/Inside.md": Array("# Inside\n".utf8)])
        let today = ["VAULT_TODAY": "2026-12-02"]
        func run(_ arguments: [String]) throws -> VaultRun { try sandbox.start(arguments, environment: today).finish(timeout: 20) }
        let list = try run(["list"])
        #expect(list.status == 0)
        #expect(list.errors.contains("vault: warning: pages/Pipe.md: a fifo, not a regular file; skipped"))
        #expect(list.errors.contains("vault: warning: pages/Box.md: a folder named like a note; its notes are listed, it is not read as one"))
        #expect(list.lines.contains("pages/Box.md/Inside.md\tInside") && !list.stdout.contains("Pipe"))
        for command in [["check"], ["tasks"], ["search", "zebracorn"], ["doctor"], ["info"], ["backlinks", "Errands"], ["journal", "--list"]] {
            #expect(try run(command).status != -1, "\(command) finished")
        }
        #expect(try run(["check"]).stdout.contains("pages/Pipe.md: a fifo, not a regular file; skipped"))
        for command in [["show", "pages/Pipe.md"], ["append", "pages/Pipe.md", "more"], ["task", "pages/Pipe.md:1@000000", "done"], ["capture", "--journal", "a line"]] {
            let refused = try run(command)
            #expect(refused.status == 1, "\(command)")
            #expect(refused.errors.contains("is a fifo, not a regular file; vault reads only regular files"), "\(command): \(refused.errors)")
        }
        let capture = try run(["capture", "https://example.com/"])
        #expect(capture.status == 0 && capture.stdout == "quick/example.com 2.md\n", "the fifo keeps its name and is not read")
        let rename = try run(["rename", "--skip-unavailable", "Errands", "Chores"])
        #expect(rename.status == 0 && sandbox.bytes("pages/Chores.md") != nil)
    }

    @Test("a note or folder named in bytes that are not UTF-8 is listed escaped by list, check and doctor, and stops a rename")
    func undecodableNames() throws {
        let sandbox = try Sandbox(fixture: "demo")
        func make(_ name: [UInt8], folder: Bool) {
            let path = (Array((sandbox.vault + "/pages/").utf8) + name).map { CChar(bitPattern: $0) } + [0]
            if folder {
                #expect(mkdir(path, 0o755) == 0)
            } else {
                let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
                #expect(fd >= 0)
                close(fd)
            }
        }
        make(Array("Caf".utf8) + [0xE9] + Array(".md".utf8), folder: false)
        let list = try sandbox.vault("list")
        #expect(list.lines.contains { $0.hasPrefix("pages/Caf\\xE9.md\t") })
        #expect(list.errors.contains("vault: warning: pages/Caf\\xE9.md: unavailable: its file name is not valid UTF-8"))
        #expect(try sandbox.vault("check").stdout.contains("pages/Caf\\xE9.md: links not read: its file name is not valid UTF-8"))
        let doctor = try sandbox.vault("doctor")
        #expect(doctor.status == 1 && doctor.stdout.contains("pages/Caf\\xE9.md: its file name is not valid UTF-8"))
        let before = tree(sandbox.vault)
        let rename = try sandbox.vault("rename", "Errands", "Chores")
        #expect(rename.status == 1 && rename.errors.contains("pages/Caf\\xE9.md"))
        #expect(differences(before, tree(sandbox.vault)).filter { $0 != "added .zennotes/lock" } == [])
        make(Array("Ordner".utf8) + [0xFC], folder: true)
        let stopped = try sandbox.vault("rename", "--skip-unavailable", "Errands", "Chores")
        #expect(stopped.status == 0 && stopped.errors.contains("pages/Ordner\\xFC: folder skipped: its name is not valid UTF-8"))
        let refused = try Sandbox(fixture: "demo")
        let path = (Array((refused.vault + "/pages/").utf8) + Array("Ordner".utf8) + [0xFC]).map { CChar(bitPattern: $0) } + [0]
        #expect(mkdir(path, 0o755) == 0)
        let folderStops = try refused.vault("rename", "Errands", "Chores")
        #expect(folderStops.status == 1 && folderStops.errors.contains("a folder cannot be read, so links in its notes cannot be checked or rewritten: pages/Ordner\\xFC"))
    }

    @Test("a rename rewrites the links of a trashed note, so restoring it brings back no dangling link")
    func trashedLinksFollow() throws {
        let reference = try Sandbox(fixture: "demo")
        #expect(try reference.vault("restore", "trash/pages/Gym Plan.md").status == 0)
        let dangling = danglingLinks(try reference.vault("check", "--json"))
        let sandbox = try Sandbox(fixture: "demo")
        let rename = try sandbox.vault("rename", "--skip-unavailable", "Vault CLI", "Vault Tool")
        #expect(rename.status == 0 && rename.stdout.contains("Rewrote 12 links in 11 notes"))
        #expect(String(decoding: sandbox.bytes("trash/pages/Gym Plan.md") ?? [], as: UTF8.self).contains("[[Vault Tool]]"))
        #expect(try sandbox.vault("restore", "trash/pages/Gym Plan.md").status == 0)
        #expect(danglingLinks(try sandbox.vault("check", "--json")) == dangling)
        #expect(try sandbox.vault("links", "pages/Gym Plan.md").stdout.contains("[[Vault Tool]] -> pages/Projects/Vault Tool.md"))
    }

    @Test("the next change removes an intent journal a kill left half written, and doctor reports it until then")
    func halfWrittenJournal() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let leftover = ".zennotes/journal/.~0b0c5d7e-1f2a-4b3c-8d4e-5f6a7b8c9d0e.json.k1ll.new.tmp"
        try sandbox.write([leftover: Array("{\"version\":1,\"id\":\"0b0c".utf8)])
        let doctor = try sandbox.vault("doctor")
        #expect(doctor.status == 1 && doctor.stdout.contains(leftover + ": vault's own write of its metadata, interrupted"))
        #expect(try sandbox.vault("append", "Errands", "a line").status == 0)
        let rename = try sandbox.vault("rename", "--skip-unavailable", "Errands", "Chores")
        #expect(rename.status == 0 && rename.errors.contains("removed 1 temporary file an interrupted write left: " + leftover))
        #expect(sandbox.bytes(leftover) == nil)
        #expect(!(try sandbox.vault("doctor").stdout.contains(".~0b0c")))
    }

    @Test("task exits 3 when its line no longer holds the task, whether another task or none is there now")
    func staleTaskLine() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let before = try #require(sandbox.bytes("inbox/Call notes.md"))
        var lines = String(decoding: before, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[6] = "no longer a task"
        try sandbox.write(["inbox/Call notes.md": Array(lines.joined(separator: "\n").utf8)])
        let none = try sandbox.vault("task", "inbox/Call notes.md:7@3d4a03", "done")
        #expect(none.status == 3 && none.errors.contains("that line holds no task; nothing was written"))
        lines[6] = "- [ ] another task"
        try sandbox.write(["inbox/Call notes.md": Array(lines.joined(separator: "\n").utf8)])
        let other = try sandbox.vault("task", "inbox/Call notes.md:7@3d4a03", "done")
        #expect(other.status == 3 && other.errors.contains("the line now holds another task"))
        #expect(sandbox.bytes("inbox/Call notes.md") == Array(lines.joined(separator: "\n").utf8))
    }
}
