import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// `vault journal --rollover`: unfinished tasks move from the last journal into today's, with
/// their subtasks, and are left behind as `[>]`.
@Suite("Rolling tasks over")
struct RolloverTests {
    let folder = TemporaryFolder()

    func text(_ path: String) throws -> String { String(decoding: try folder.read(path), as: UTF8.self) }

    @Test("today's journal gets the last journal's open task, which is forwarded there")
    func demo() throws {
        let vault = try Vault(root: folder.copy(fixture: "demo"))
        let plan = try vault.rollover(into: CalendarDay("2026-11-30")!)
        #expect(plan.source?.path == "journals/2026-11-27.md")
        #expect(plan.moved.map(\.description) == ["Taxes: start [[Tax return 2026]] before the holidays"])
        #expect(
            try text("demo/journals/2026-11-27.md").contains(
                "\n- [>] Taxes: start [[Tax return 2026]] before the holidays !med\n"))
        #expect(try text("demo/journals/2026-11-27.md").contains("\n- [x] Empty the inbox ✅ 2026-11-27\n"))
        #expect(
            try text("demo/journals/2026-11-30.md").hasSuffix(
                "- [?] Is the goals tag still useful? #2026-goals\n- [ ] Taxes: start [[Tax return 2026]] before the holidays !med\n"
            ))
        // The moved task is due today now: it is in today's journal.
        #expect(plan.added.map(\.due) == [CalendarDay("2026-11-30")])
        // Nothing is left to move the second time.
        #expect(try vault.rollover(into: CalendarDay("2026-11-30")!).isEmpty)
    }

    @Test("a journal another program writes while the rollover is made has it taken back and refused (exit 3), the save kept")
    func journalWrittenMeanwhile() throws {
        try folder.write("journals/2026-01-04.md", "- [ ] buy milk\n")
        try folder.write("journals/2026-01-05.md", "# 2026-01-05\n")
        let vault = try Vault(root: folder.path)
        // The second journal written is saved elsewhere just before its turn.
        let executor = ChangeExecutor(vault: vault) { step in
            if step == "edit journals/2026-01-05.md" { try folder.write("journals/2026-01-05.md", "# 2026-01-05\nnote\n") }
        }
        let error = #expect(throws: FileError.self) { try vault.rollover(into: CalendarDay("2026-01-05")!, executor: executor) }
        #expect(error?.exitCode == 3)
        #expect(try text("journals/2026-01-04.md") == "- [ ] buy milk\n")
        #expect(try text("journals/2026-01-05.md") == "# 2026-01-05\nnote\n")
    }

    @Test("subtasks move with their parent, tabs and quotes taken off, and a new journal is made")
    func subtrees() throws {
        try folder.write("v/.zennotes/vault.json", "{}\n")
        try folder.write(
            "v/journals/2026-11-28.md",
            """
            # 28

            - Kickoff
            \t- [ ] Decide on a name
            \t\t- [x] Shortlist
            \t\t- [ ] Check the index
            \t\t  continuation line
            \t- [x] Done already
            \t\t- [ ] Open under a done task
            > - [/] Quoted, in progress
            - [-] Cancelled
            - [ ] Last

            """)
        let vault = try Vault(root: folder.path + "/v")
        let plan = try vault.rollover(into: CalendarDay("2026-12-01")!)
        #expect(plan.destinationRewrite?.isNew == true)
        #expect(
            try text("v/journals/2026-12-01.md") == """
                # 2026-12-01

                - [ ] Decide on a name
                \t- [x] Shortlist
                \t- [ ] Check the index
                \t  continuation line
                - [ ] Open under a done task
                - [/] Quoted, in progress
                - [ ] Last

                """)
        #expect(
            try text("v/journals/2026-11-28.md") == """
                # 28

                - Kickoff
                \t- [>] Decide on a name
                \t\t- [x] Shortlist
                \t\t- [>] Check the index
                \t\t  continuation line
                \t- [x] Done already
                \t\t- [>] Open under a done task
                > - [>] Quoted, in progress
                - [-] Cancelled
                - [>] Last

                """)
        let added = try vault.tasks().tasks.filter { $0.path == "journals/2026-12-01.md" }
        #expect(added.map(\.parentLine) == [nil, 3, 3, nil, nil, nil])
    }

    @Test("a task line already in today's journal is not added twice, as after an interrupted run")
    func idempotent() throws {
        try folder.write("v/journals/2026-11-28.md", "- [ ] Call Ana\n- [ ] Buy milk\n")
        try folder.write("v/journals/2026-11-29.md", "# 29\r\n\r\n- [ ] Call Ana\r\n")
        let vault = try Vault(root: folder.path + "/v")
        _ = try vault.rollover(into: CalendarDay("2026-11-29")!)
        #expect(try text("v/journals/2026-11-29.md") == "# 29\r\n\r\n- [ ] Call Ana\r\n- [ ] Buy milk\r\n")
        #expect(try text("v/journals/2026-11-28.md") == "- [>] Call Ana\n- [>] Buy milk\n")
    }

    @Test("a task of the same words already in today's journal does not keep its subtasks from moving")
    func sameWordsWithSubtasks() throws {
        try folder.write("v/journals/2026-11-28.md", "- [ ] project\n  - [ ] step A\n")
        try folder.write("v/journals/2026-11-29.md", "# 29\n\n- [ ] project\n")
        let vault = try Vault(root: folder.path + "/v")
        let plan = try vault.rollover(into: CalendarDay("2026-11-29")!)
        #expect(try text("v/journals/2026-11-29.md") == "# 29\n\n- [ ] project\n- [ ] project\n  - [ ] step A\n")
        #expect(try text("v/journals/2026-11-28.md") == "- [>] project\n  - [>] step A\n")
        #expect(plan.added.map(\.line) == [4, 5])
        // Every task forwarded is open in today's journal.
        #expect(try vault.tasks().tasks.filter { !$0.state.isClosed }.map(\.description).sorted() == ["project", "project", "step A"])
    }

    @Test("a task's words in today's journal in code, in a comment, or once for two tasks are no copy of it")
    func notCopies() throws {
        try folder.write("v/journals/2026-11-28.md", "- [ ] Buy milk\n- [ ] Pay rent\n- [ ] Call\n- [ ] Call\n")
        try folder.write("v/journals/2026-11-29.md", "# 29\n\n```\n- [ ] Buy milk\n```\n<!--\n- [ ] Pay rent\n-->\n- [ ] Call\n")
        let vault = try Vault(root: folder.path + "/v")
        _ = try vault.rollover(into: CalendarDay("2026-11-29")!)
        let open = try vault.tasks().tasks.filter { !$0.state.isClosed }.map(\.description).sorted()
        // Every task forwarded is open today: one Call was there, the other is added.
        #expect(open == ["Buy milk", "Call", "Call", "Pay rent"])
    }

    @Test("the tasks added to an empty journal are all listed, the first on its line 1")
    func emptyJournal() throws {
        try folder.write("v/journals/2026-11-28.md", "- [ ] one\n- [ ] two\n")
        try folder.write("v/journals/2026-11-29.md", "")
        let vault = try Vault(root: folder.path + "/v")
        let plan = try vault.rollover(into: CalendarDay("2026-11-29")!)
        #expect(plan.added.map(\.line) == [1, 2])
        #expect(plan.added.map(\.description) == ["one", "two"])
    }

    @Test("a task whose state is a character of several bytes is rolled over as any open task")
    func wideState() throws {
        try folder.write("v/journals/2026-11-28.md", "- [→] hand over\n")
        let vault = try Vault(root: folder.path + "/v")
        let plan = try vault.rollover(into: CalendarDay("2026-11-29")!)
        #expect(plan.moved.map(\.description) == ["hand over"])
        #expect(try text("v/journals/2026-11-28.md") == "- [>] hand over\n")
    }

    @Test("in a Logseq graph a task written with a word is not rolled over: Logseq has no word for forwarded")
    func logseqWords() throws {
        try folder.write("g/logseq/config.edn", "{}\n")
        try folder.write("g/journals/2026_11_28.md", "- TODO first\n- LATER second\n")
        let vault = try Vault(root: folder.path + "/g")
        #expect(throws: TaskError.logseqRollover(path: "journals/2026_11_28.md", line: 1)) {
            try vault.rollover(into: CalendarDay("2026-11-29")!)
        }
        #expect(try text("g/journals/2026_11_28.md") == "- TODO first\n- LATER second\n")
        #expect(!FileManager.default.fileExists(atPath: vault.root + "/journals/2026_11_29.md"))
    }

    @Test("no earlier journal, or nothing unfinished, changes nothing")
    func nothing() throws {
        try folder.write("v/journals/2026-11-28.md", "- [x] Done\n- [-] Dropped\n")
        let vault = try Vault(root: folder.path + "/v")
        #expect(try vault.rollover(into: CalendarDay("2026-11-28")!).source == nil)
        let plan = try vault.rollover(into: CalendarDay("2026-11-29")!)
        #expect(plan.isEmpty && plan.source?.path == "journals/2026-11-28.md")
        #expect(!FileManager.default.fileExists(atPath: vault.root + "/journals/2026-11-29.md"))
    }

    @Test("a dry run shows both diffs and writes nothing")
    func dryRun() throws {
        let vault = try Vault(root: folder.copy(fixture: "demo"))
        let before = try folder.read("demo/journals/2026-11-27.md")
        let plan = try vault.rollover(into: CalendarDay("2026-11-30")!, dryRun: true)
        #expect(plan.diff().contains("+++ b/journals/2026-11-30.md\n@@ -8,3 +8,4 @@"))
        #expect(plan.diff().contains("\n+- [ ] Taxes"))
        #expect(plan.diff().contains("-- [ ] Taxes: start [[Tax return 2026]] before the holidays !med\n+- [>] Taxes"))
        #expect(try folder.read("demo/journals/2026-11-27.md") == before)
    }

    @Test("a journal that is not UTF-8 is not rolled over")
    func notUTF8() throws {
        try folder.write("v/journals/2026-11-28.md", bytes: Array("- [ ] caf".utf8) + [0xE9, 0x0A])
        let vault = try Vault(root: folder.path + "/v")
        #expect(throws: TaskError.notUTF8(path: "journals/2026-11-28.md")) {
            try vault.rollover(into: CalendarDay("2026-11-29")!)
        }
        #expect(!FileManager.default.fileExists(atPath: vault.root + "/journals/2026-11-29.md"))
    }
}
