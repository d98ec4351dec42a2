import Testing
@testable import VaultKit
@testable import VaultMarkdown

/// A Logseq task whose dates repeat stays to do when done, its dates moved on as Logseq's
/// `Tasks` page says: `.+` from the day it is done, `++` past today, `+` once from the date.
@Suite("Logseq's repeating tasks")
struct LogseqRepeaterTests {
    static let today = CalendarDay("2024-01-10")!

    @Test(
        "each repeater gives the next date Logseq's page describes, and its day of the week",
        arguments: [
            ("<2024-01-01 Mon .+1d>", "<2024-01-11 Thu .+1d>"),
            ("<2024-01-01 Mon 07:00 .+2w>", "<2024-01-24 Wed 07:00 .+2w>"),
            ("<2024-01-05 Fri ++1w>", "<2024-01-12 Fri ++1w>"),
            ("<2023-12-01 Fri ++1w>", "<2024-01-12 Fri ++1w>"),
            ("<2024-01-20 Sat ++1d>", "<2024-01-21 Sun ++1d>"),
            ("<2024-01-31 Wed +1m>", "<2024-02-29 Thu +1m>"),
            ("<2023-12-25 Mon +1y>", "<2024-12-25 Wed +1y>"),
            ("<2024-02-29 Thu ++1y>", "<2025-02-28 Fri ++1y>"),
            ("<2024-01-01 .+3d>", "<2024-01-13 .+3d>"),
            ("<2024-01-01 Mon 07:00-08:30 .+1d>", "<2024-01-11 Thu 07:00-08:30 .+1d>"),
            ("<2024-01-01 Mon ++1w -2d>", "<2024-01-15 Mon ++1w -2d>"),
        ])
    func nextDates(stamp: String, expected: String) throws {
        let bytes = Array("- TODO t\n  SCHEDULED: \(stamp)\n".utf8)
        let found = LogseqRepeater.stamps(in: bytes, lineEnd: 8)
        let repeater = try #require(found.first)
        var after = bytes
        for (range, text) in repeater.replacements(to: try #require(repeater.next(today: Self.today))).reversed() {
            after.replaceSubrange(range, with: text)
        }
        #expect(String(decoding: after, as: UTF8.self) == "- TODO t\n  SCHEDULED: \(expected)\n")
    }

    @Test(
        "a stamp that does not repeat, or is written otherwise, or is below a child or a blank line, is no repeater",
        arguments: [
            "- TODO t\n  SCHEDULED: <2024-01-01 Mon>\n", "- TODO t\n  SCHEDULED: <2024-01-01 Mon +0d>\n",
            "- TODO t\n  SCHEDULED: <2024-01-01 Mon *1d>\n", "- TODO t\n  SCHEDULED: <2024-01-01 Mon +1q>\n",
            "- TODO t\n\t- child\n  SCHEDULED: <2024-01-01 Mon +1d>\n", "- TODO t\n\n  DEADLINE: <2024-01-01 Mon +1d>\n",
            "- TODO t\n  SCHEDULED: <2024-01-01 Mon +1d\n",
        ])
    func notRepeating(note: String) {
        #expect(LogseqRepeater.stamps(in: Array(note.utf8), lineEnd: 8).isEmpty)
    }

    @Test("done, a repeating task stays to do (NOW back to LATER, DOING to TODO) with its dates moved; another is DONE")
    func doneInAGraph() throws {
        let note = """
            - NOW exercise
              SCHEDULED: <2024-01-01 Mon 07:00 .+1d>
              DEADLINE: <2024-01-05 Fri ++1w>
            \t- DOING child
            \t  SCHEDULED: <2024-01-09 Tue +1w>
            - TODO once
              SCHEDULED: <2024-01-09 Tue>

            """
        let (folder, vault) = try TemporaryFolder.vault(["logseq/config.edn": "{}\n", "pages/a.md": note])
        let tasks = try vault.tasks().tasks
        func done(_ task: VaultTask, subtasks: Bool = false) throws {
            _ = try vault.editTask(
                TaskReference(path: task.path, line: task.line, hash: task.hash), action: .done, allSubtasks: subtasks, today: Self.today)
        }
        try done(tasks[0], subtasks: true)
        try done(tasks[2])
        #expect(try folder.text("pages/a.md") == """
            - LATER exercise
              SCHEDULED: <2024-01-11 Thu 07:00 .+1d>
              DEADLINE: <2024-01-12 Fri ++1w>
            \t- TODO child
            \t  SCHEDULED: <2024-01-16 Tue +1w>
            - DONE once
              SCHEDULED: <2024-01-09 Tue>

            """)
    }

    @Test("an hourly repeat is refused with nothing written")
    func hourly() throws {
        let note = "- TODO check\n  SCHEDULED: <2024-01-01 Mon 10:00 .+2h>\n"
        let (folder, vault) = try TemporaryFolder.vault(["logseq/config.edn": "{}\n", "pages/a.md": note])
        let task = try #require(try vault.tasks().tasks.first)
        let reference = TaskReference(path: task.path, line: task.line, hash: task.hash)
        #expect(throws: TaskError.hourlyRepeater(reference: reference.description)) {
            try vault.editTask(reference, action: .done, today: Self.today)
        }
        #expect(try folder.text("pages/a.md") == note)
    }
}
