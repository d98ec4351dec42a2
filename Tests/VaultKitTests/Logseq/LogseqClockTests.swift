import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Logseq's time tracking: a task clocked in as it starts and out as it stops, in its
/// `:LOGBOOK:` drawer, as Logseq's own change of a task's word writes it.
@Suite("Logseq clocks")
struct LogseqClockTests {
    /// 2026-12-01 09:00:00 UTC, a Tuesday.
    static let now = Date(timeIntervalSince1970: 1_796_115_600)
    static let today = CalendarDay(year: 2026, month: 12, day: 1)!

    /// `note` at `pages/a.md` of a graph with `config`, after `action` on its first task.
    static func edit(
        _ note: String, _ action: TaskAction, config: String = "{}", path: String = "pages/a.md", at now: Date = now
    ) throws -> (text: String, plan: TaskEditPlan) {
        var (folder, vault) = try TemporaryFolder.vault(["logseq/config.edn": config + "\n", path: note])
        vault.clock = .fixed(now)
        vault.zone = .utc
        let task = try #require(try vault.tasks().tasks.first)
        let plan = try vault.editTask(
            TaskReference(path: task.path, line: task.line, hash: task.hash), action: action, allSubtasks: true, today: today)
        return (try folder.text(path), plan)
    }

    @Test(
        "a task that starts is clocked in, its drawer under its title, dates and properties, indented as its text",
        arguments: [
            ("- LATER write\n", "- NOW write\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 09:00:00]\n  :END:\n"),
            // A page that ends without a line break still does.
            ("- TODO write", "- DOING write\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 09:00:00]\n  :END:"),
            // ... and its Windows line breaks, which the last line lacks, are the drawer's.
            ("- intro\r\n- LATER write", "- intro\r\n- NOW write\r\n  :LOGBOOK:\r\n  CLOCK: [2026-12-01 Tue 09:00:00]\r\n  :END:"),
            (
                "- LATER write\n  :LOGBOOK:\n  CLOCK: [2026-11-30 Mon 08:00:00]--[2026-11-30 Mon 08:30:00] =>  00:30:00\n  :END:",
                "- NOW write\n  :LOGBOOK:\n  CLOCK: [2026-11-30 Mon 08:00:00]--[2026-11-30 Mon 08:30:00] =>  00:30:00\n  CLOCK: [2026-12-01 Tue 09:00:00]\n  :END:"
            ),
            (
                "\t- LATER write\n\t  SCHEDULED: <2026-12-01 Tue>\n\t  id:: 6a1\n\t  more text\n\t\t- child\n",
                "\t- NOW write\n\t  SCHEDULED: <2026-12-01 Tue>\n\t  id:: 6a1\n\t  :LOGBOOK:\n\t  CLOCK: [2026-12-01 Tue 09:00:00]\n\t  :END:\n\t  more text\n\t\t- child\n"
            ),
            ("- LATER write\r\n- next\r\n", "- NOW write\r\n  :LOGBOOK:\r\n  CLOCK: [2026-12-01 Tue 09:00:00]\r\n  :END:\r\n- next\r\n"),
            (
                "- LATER write\n  :LOGBOOK:\n  CLOCK: [2026-11-30 Mon 08:00:00]--[2026-11-30 Mon 08:30:00] =>  00:30:00\n  :END:\n",
                "- NOW write\n  :LOGBOOK:\n  CLOCK: [2026-11-30 Mon 08:00:00]--[2026-11-30 Mon 08:30:00] =>  00:30:00\n  CLOCK: [2026-12-01 Tue 09:00:00]\n  :END:\n"
            ),
        ])
    func clockIn(note: String, expected: String) throws {
        #expect(try Self.edit(note, .start).text == expected)
    }

    @Test(
        "a task that stops is clocked out, its last entry closed with the time spent; a cancel or a change across workflows leaves it",
        arguments: [
            ("- NOW write\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 07:45:10]\n  :END:\n", TaskAction.done,
             "- DONE write\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 07:45:10]--[2026-12-01 Tue 09:00:00] =>  01:14:50\n  :END:\n"),
            ("- DOING write\n  :LOGBOOK:\n  CLOCK: [2026-11-28 Sat 09:00:00]\n  :END:\n", .reopen,
             "- TODO write\n  :LOGBOOK:\n  CLOCK: [2026-11-28 Sat 09:00:00]--[2026-12-01 Tue 09:00:00] =>  72:00:00\n  :END:\n"),
            ("- NOW write\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 08:00:00]\n  :END:\n", .cancel,
             "- CANCELED write\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 08:00:00]\n  :END:\n"),
            // An entry closed already, or one that starts after now, is left as it is.
            ("- NOW write\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 08:00:00]--[2026-12-01 Tue 08:10:00] =>  00:10:00\n  :END:\n", .done,
             "- DONE write\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 08:00:00]--[2026-12-01 Tue 08:10:00] =>  00:10:00\n  :END:\n"),
            ("- NOW write\n  :LOGBOOK:\n  CLOCK: [2026-12-02 Wed 08:00:00]\n  :END:\n", .done,
             "- DONE write\n  :LOGBOOK:\n  CLOCK: [2026-12-02 Wed 08:00:00]\n  :END:\n"),
            ("- NOW write\n", .done, "- DONE write\n"),
        ])
    func clockOut(note: String, action: TaskAction, expected: String) throws {
        #expect(try Self.edit(note, action).text == expected)
    }

    @Test(
        "a drawer the block does not close, or one inside the block's text, is never written in; nothing of another block moves",
        arguments: [
            "- LATER a\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 09:00:00]--[2026-12-01 Tue 10:00:00] =>  01:00:00\n- NOW b\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 08:00:00]\n  :END:\n",
            "- LATER a\n  :LOGBOOK:\n",
        ])
    func unclosedDrawer(note: String) throws {
        #expect(try Self.edit(note, .start).text == note.replacingOccurrences(of: "- LATER a", with: "- NOW a"))
    }

    @Test("a drawer in a code sample under the title is the block's text: a real one is made above it")
    func drawerInCode() throws {
        let note = "- LATER a\n  ```\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 08:00:00]\n  :END:\n  ```\n"
        #expect(try Self.edit(note, .start).text
            == "- NOW a\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 09:00:00]\n  :END:\n  ```\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 08:00:00]\n  :END:\n  ```\n")
    }

    @Test("a repeating task done goes back to LATER with its clock closed and its date moved on")
    func repeating() throws {
        let note = "- NOW water\n  SCHEDULED: <2026-11-30 Mon .+1d>\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 08:59:00]\n  :END:\n"
        #expect(try Self.edit(note, .done).text
            == "- LATER water\n  SCHEDULED: <2026-12-02 Wed .+1d>\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 08:59:00]--[2026-12-01 Tue 09:00:00] =>  00:01:00\n  :END:\n")
    }

    @Test("the graph's settings: time tracking off writes no clock; without seconds, times and spans leave them out")
    func settings() throws {
        #expect(try Self.edit("- LATER write\n", .start, config: "{:feature/enable-timetracking? false}").text == "- NOW write\n")
        let short = "{:logbook/settings {:with-second-support? false}}"
        #expect(try Self.edit("- LATER write\n", .start, config: short).text == "- NOW write\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 09:00]\n  :END:\n")
        #expect(try Self.edit("- NOW write\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 07:30]\n  :END:\n", .done, config: short).text
            == "- DONE write\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 07:30]--[2026-12-01 Tue 09:00] =>  01:30\n  :END:\n")
    }

    @Test("subtasks started together are each clocked in, and the plan names them at their new lines")
    func subtasks() throws {
        let (text, plan) = try Self.edit("- LATER plan\n\t- LATER step\n", .start)
        let clock = ":LOGBOOK:\n\t  CLOCK: [2026-12-01 Tue 09:00:00]\n\t  :END:\n"
        #expect(text == "- NOW plan\n  :LOGBOOK:\n  CLOCK: [2026-12-01 Tue 09:00:00]\n  :END:\n\t- NOW step\n\t  " + clock)
        #expect(plan.changed.map(\.line) == [1, 5] && plan.changed.map(\.marker) == ["NOW", "NOW"])
    }

    @Test("in an org graph the drawer starts at the line's start, under the heading")
    func org() throws {
        let (text, _) = try Self.edit("* LATER write\nSCHEDULED: <2026-12-01 Tue>\nbody\n* next\n", .start, path: "pages/a.org")
        #expect(text == "* NOW write\nSCHEDULED: <2026-12-01 Tue>\n:LOGBOOK:\nCLOCK: [2026-12-01 Tue 09:00:00]\n:END:\nbody\n* next\n")
    }
}
