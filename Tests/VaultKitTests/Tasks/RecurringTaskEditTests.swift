import Foundation
import Testing
@testable import VaultKit
import VaultMarkdown
import VaultSystem

/// `vault task REF done` on Obsidian Tasks' tasks: the next occurrence of a recurring task
/// (`🔁`), with its dates moved by the rule, above the completed one; `🏁 delete`; the
/// plugin's settings; and rules it cannot read, done as plain tasks with a warning.
@Suite("Completing recurring tasks")
struct RecurringTaskEditTests {
    static let today = "2026-11-30"

    /// (the note, today, the note after `done` on its first task that is not done).
    static let table: [(String, String, String)] = [
        // The examples of the Tasks documentation, exactly.
        (
            "- [ ] take out the trash 🔁 every Sunday 📅 2021-04-25\n", "2021-04-24",
            "- [ ] take out the trash 🔁 every Sunday 📅 2021-05-02\n- [x] take out the trash 🔁 every Sunday 📅 2021-04-25 ✅ 2021-04-24\n"
        ),
        (
            "- [ ] sweep the floors 🔁 every week ⏳ 2021-02-06\n", "2022-02-13",
            "- [ ] sweep the floors 🔁 every week ⏳ 2021-02-13\n- [x] sweep the floors 🔁 every week ⏳ 2021-02-06 ✅ 2022-02-13\n"
        ),
        (
            "- [ ] sweep the floors 🔁 every week when done ⏳ 2021-02-06\n", "2022-02-13",
            "- [ ] sweep the floors 🔁 every week when done ⏳ 2022-02-20\n- [x] sweep the floors 🔁 every week when done ⏳ 2021-02-06 ✅ 2022-02-13\n"
        ),
        (
            "- [ ] do stuff 🔁 every month on the last 📅 2022-01-31\n", "2022-01-31",
            "- [ ] do stuff 🔁 every month on the last 📅 2022-02-28\n- [x] do stuff 🔁 every month on the last 📅 2022-01-31 ✅ 2022-01-31\n"
        ),
        (
            "- [ ] do stuff 🔁 every month 📅 2021-10-31\n", "2021-10-31",
            "- [ ] do stuff 🔁 every month 📅 2021-11-30\n- [x] do stuff 🔁 every month 📅 2021-10-31 ✅ 2021-10-31\n"
        ),
        (
            "- [ ] do stuff 🔁 every month on the 31st 📅 2022-01-31\n", "2022-01-31",
            "- [ ] do stuff 🔁 every month on the 31st 📅 2022-03-31\n- [x] do stuff 🔁 every month on the 31st 📅 2022-01-31 ✅ 2022-01-31\n"
        ),
        (
            "-   [ ] Mow the lawn 🔁 every 2 weeks ⏳ 2021-10-28 📅 2021-10-30\n", "2021-10-30",
            "-   [ ] Mow the lawn 🔁 every 2 weeks ⏳ 2021-11-11 📅 2021-11-13\n-   [x] Mow the lawn 🔁 every 2 weeks ⏳ 2021-10-28 📅 2021-10-30 ✅ 2021-10-30\n"
        ),
        (
            "- [ ] Do stuff 🔁 every day\n", today,
            "- [ ] Do stuff 🔁 every day\n- [x] Do stuff 🔁 every day ✅ 2026-11-30\n"
        ),
        (
            "- [ ] Delete my completed instance, leave my next instance 📅 2021-05-20 🔁 every day when done 🏁 delete\n", "2021-05-20",
            "- [ ] Delete my completed instance, leave my next instance 📅 2021-05-21 🔁 every day when done 🏁 delete\n"
        ),
        ("# My Project Tasks\n- [ ] Delete me upon completion 🏁 delete\n- [ ] Leave me\n", today, "# My Project Tasks\n- [ ] Leave me\n"),
        ("- [ ] Leave me alone too! 🏁 keep\n", today, "- [x] Leave me alone too! 🏁 keep ✅ 2026-11-30\n"),
        // Dates relative to the reference date: due, else scheduled, else start.
        (
            "- [ ] pay rent 🔁 every month on the 1st 🛫 2026-11-25 📅 2026-12-01\n", today,
            "- [ ] pay rent 🔁 every month on the 1st 🛫 2026-12-26 📅 2027-01-01\n- [x] pay rent 🔁 every month on the 1st 🛫 2026-11-25 📅 2026-12-01 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] water plants 🔁 every 3 days 🛫 2026-11-28 ⏳ 2026-11-29\n", today,
            "- [ ] water plants 🔁 every 3 days 🛫 2026-12-01 ⏳ 2026-12-02\n- [x] water plants 🔁 every 3 days 🛫 2026-11-28 ⏳ 2026-11-29 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] review 🔁 every weekday 🛫 2026-12-04\n", today,
            "- [ ] review 🔁 every weekday 🛫 2026-12-07\n- [x] review 🔁 every weekday 🛫 2026-12-04 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] plain 🔁 every week due:2026-11-30\n", today,
            "- [ ] plain 🔁 every week due:2026-12-07\n- [x] plain 🔁 every week due:2026-11-30 ✅ 2026-11-30\n"
        ),
        // What the next occurrence keeps and drops.
        (
            "- [ ] standup #work ⏫ 🔁 every weekday 📅 2026-12-04\n", today,
            "- [ ] standup #work ⏫ 🔁 every weekday 📅 2026-12-07\n- [x] standup #work ⏫ 🔁 every weekday 📅 2026-12-04 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] call mum 🔁 every week 📅 2026-11-29 ✅ 2026-11-22\n", today,
            "- [ ] call mum 🔁 every week 📅 2026-12-06\n- [x] call mum 🔁 every week 📅 2026-11-29 ✅ 2026-11-30\n"
        ),
        (
            "- [-] gym 🔁 every 2 days 📅 2026-11-30 ❌ 2026-11-20\n", today,
            "- [ ] gym 🔁 every 2 days 📅 2026-12-02\n- [x] gym 🔁 every 2 days 📅 2026-11-30 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] backup ➕ 2026-01-01 🔁 every month 📅 2026-11-30\n", today,
            "- [ ] backup 🔁 every month 📅 2026-12-30\n- [x] backup ➕ 2026-01-01 🔁 every month 📅 2026-11-30 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] buy bread 🆔 abc123 ⛔ xyz,uvw 🔁 every Monday 📅 2026-11-30\n", today,
            "- [ ] buy bread 🔁 every Monday 📅 2026-12-07\n- [x] buy bread 🆔 abc123 ⛔ xyz,uvw 🔁 every Monday 📅 2026-11-30 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] invoice 🔁 every month on the last 📅 2026-11-30 ^invoice\n", today,
            "- [ ] invoice 🔁 every month on the last 📅 2026-12-31\n- [x] invoice 🔁 every month on the last 📅 2026-11-30 ✅ 2026-11-30 ^invoice\n"
        ),
        (
            "- [/] write report 🔁 every week on Friday 📅 2026-11-27\n", today,
            "- [ ] write report 🔁 every week on Friday 📅 2026-12-04\n- [x] write report 🔁 every week on Friday 📅 2026-11-27 ✅ 2026-11-30\n"
        ),
        // Where the task is: nested, quoted, numbered, CRLF, the last line.
        (
            "- chores\n    - [ ] sub 🔁 every day 📅 2026-11-30\n", today,
            "- chores\n    - [ ] sub 🔁 every day 📅 2026-12-01\n    - [x] sub 🔁 every day 📅 2026-11-30 ✅ 2026-11-30\n"
        ),
        (
            "> - [ ] quoted 🔁 every day 📅 2026-11-30\n", today,
            "> - [ ] quoted 🔁 every day 📅 2026-12-01\n> - [x] quoted 🔁 every day 📅 2026-11-30 ✅ 2026-11-30\n"
        ),
        (
            "1. [ ] numbered 🔁 every 2 days 📅 2026-11-30\n", today,
            "1. [ ] numbered 🔁 every 2 days 📅 2026-12-02\n1. [x] numbered 🔁 every 2 days 📅 2026-11-30 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] crlf 🔁 every day 📅 2026-11-30\r\n- [ ] next\r\n", today,
            "- [ ] crlf 🔁 every day 📅 2026-12-01\r\n- [x] crlf 🔁 every day 📅 2026-11-30 ✅ 2026-11-30\r\n- [ ] next\r\n"
        ),
        (
            "# T\n- [ ] last 🔁 every day 📅 2026-11-30", today,
            "# T\n- [ ] last 🔁 every day 📅 2026-12-01\n- [x] last 🔁 every day 📅 2026-11-30 ✅ 2026-11-30"
        ),
        (
            "# T\r\n- [ ] last 🔁 every day 📅 2026-11-30", today,
            "# T\r\n- [ ] last 🔁 every day 📅 2026-12-01\r\n- [x] last 🔁 every day 📅 2026-11-30 ✅ 2026-11-30"
        ),
        ("# T\n- [ ] gone 🏁 delete", today, "# T"),
        // Month ends, leap years, weekdays and named days.
        (
            "- [ ] leap 🔁 every year 📅 2024-02-29\n", today,
            "- [ ] leap 🔁 every year 📅 2025-02-28\n- [x] leap 🔁 every year 📅 2024-02-29 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] leap 🔁 every month 📅 2024-01-31\n", today,
            "- [ ] leap 🔁 every month 📅 2024-02-29\n- [x] leap 🔁 every month 📅 2024-01-31 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] club 🔁 every month on the last Friday 📅 2026-11-27\n", today,
            "- [ ] club 🔁 every month on the last Friday 📅 2026-12-25\n- [x] club 🔁 every month on the last Friday 📅 2026-11-27 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] board 🔁 every 6 months on the 2nd Wednesday 📅 2026-01-14\n", today,
            "- [ ] board 🔁 every 6 months on the 2nd Wednesday 📅 2026-07-08\n- [x] board 🔁 every 6 months on the 2nd Wednesday 📅 2026-01-14 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] tax 🔁 every January on the 15th 📅 2026-01-15\n", today,
            "- [ ] tax 🔁 every January on the 15th 📅 2027-01-15\n- [x] tax 🔁 every January on the 15th 📅 2026-01-15 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] cards 🔁 every April and December on the 1st and 24th 📅 2026-04-24\n", today,
            "- [ ] cards 🔁 every April and December on the 1st and 24th 📅 2026-12-01\n- [x] cards 🔁 every April and December on the 1st and 24th 📅 2026-04-24 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] gym 🔁 Every Week On Tuesday 📅 2026-12-01\n", today,
            "- [ ] gym 🔁 Every Week On Tuesday 📅 2026-12-08\n- [x] gym 🔁 Every Week On Tuesday 📅 2026-12-01 ✅ 2026-11-30\n"
        ),
        // When done: from today, whatever the dates were.
        (
            "- [ ] filter 🔁 every 10 days when done 📅 2026-11-01\n", today,
            "- [ ] filter 🔁 every 10 days when done 📅 2026-12-10\n- [x] filter 🔁 every 10 days when done 📅 2026-11-01 ✅ 2026-11-30\n"
        ),
        (
            "- [ ] bills 🔁 every month when done ⏳ 2026-01-15\n", "2026-01-31",
            "- [ ] bills 🔁 every month when done ⏳ 2026-02-28\n- [x] bills 🔁 every month when done ⏳ 2026-01-15 ✅ 2026-01-31\n"
        ),
        (
            "- [ ] weigh 🔁 every Monday when done 🛫 2026-11-20 📅 2026-11-23\n", today,
            "- [ ] weigh 🔁 every Monday when done 🛫 2026-12-04 📅 2026-12-07\n- [x] weigh 🔁 every Monday when done 🛫 2026-11-20 📅 2026-11-23 ✅ 2026-11-30\n"
        ),
        // A field may follow the rule with no space between.
        (
            "- [ ] tight 🔁 every day📅 2026-11-30\n", today,
            "- [ ] tight 🔁 every day📅 2026-12-01\n- [x] tight 🔁 every day📅 2026-11-30 ✅ 2026-11-30\n"
        ),
        // A rule in code is text.
        (
            "- [ ] code `🔁 every day` 📅 2026-11-30\n", today,
            "- [x] code `🔁 every day` 📅 2026-11-30 ✅ 2026-11-30\n"
        ),
    ]

    /// Writes `files` into a fresh vault, marks the first task of `note.md` that is not done
    /// done on `today`, and returns the plan and the note's text after it.
    static func done(
        _ note: String, today: String, files: [String: String] = [:], action: TaskAction = .done, allSubtasks: Bool = false
    ) throws -> (plan: TaskEditPlan, text: String) {
        let (folder, vault) = try TemporaryFolder.vault(files.merging(["note.md": note]) { $1 })
        let task = try #require(try vault.tasks().tasks.first { $0.path == "note.md" && $0.state != .done })
        let plan = try vault.editTask(
            try TaskReference(parsing: task.reference), action: action, allSubtasks: allSubtasks, today: CalendarDay(today)!)
        return (plan, try folder.text("note.md"))
    }

    @Test("done writes the lines Obsidian Tasks writes", arguments: table)
    func lines(note: String, today: String, expected: String) throws {
        let (plan, text) = try Self.done(note, today: today)
        #expect(text == expected)
        #expect(plan.warnings.isEmpty)
    }

    @Test("the plan names the next occurrence and the completed task by their lines, in one change of the note")
    func plan() throws {
        let (above, _) = try Self.done("# T\n- [ ] a 🔁 every day 📅 2026-11-30\n", today: Self.today)
        #expect(above.created.map(\.line) == [2] && above.created.map(\.state) == [.open])
        #expect(above.changed.map(\.line) == [3] && above.changed.map(\.state) == [.done])
        #expect(above.rewrite.changePlan("done").changes.count == 1)
        let (gone, _) = try Self.done("# T\n- [ ] a 🏁 delete\n", today: Self.today)
        #expect(gone.removed.map(\.line) == [2] && gone.changed.isEmpty && !gone.isEmpty)
    }
}
