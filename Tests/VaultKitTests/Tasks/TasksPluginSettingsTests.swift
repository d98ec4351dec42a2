import Foundation
import Testing
@testable import VaultKit
import VaultMarkdown
import VaultSystem

/// What completing a task writes under the Obsidian Tasks plugin's settings, and the tasks
/// done as plain ones, with a warning, when Tasks' fields cannot be followed.
@Suite("Completing tasks with Tasks' settings and fields it cannot follow")
struct TasksPluginSettingsTests {
    static let today = RecurringTaskEditTests.today
    static let settings = TasksPluginSettings.path

    func done(_ note: String, settings json: String? = nil, action: TaskAction = .done, allSubtasks: Bool = false) throws -> (
        plan: TaskEditPlan, text: String
    ) {
        try RecurringTaskEditTests.done(
            note, today: Self.today, files: json.map { [Self.settings: $0] } ?? [:], action: action, allSubtasks: allSubtasks)
    }

    @Test("recurrenceOnNextLine puts the next occurrence below, and the plan says so")
    func below() throws {
        let (plan, text) = try done(
            "- [ ] a 🔁 every day 📅 2026-11-30\n    - [ ] child\n", settings: #"{"recurrenceOnNextLine": true}"#)
        #expect(text == "- [x] a 🔁 every day 📅 2026-11-30 ✅ 2026-11-30\n- [ ] a 🔁 every day 📅 2026-12-01\n    - [ ] child\n")
        #expect(plan.changed.map(\.line) == [1] && plan.created.map(\.line) == [2])
    }

    @Test("setCreatedDate dates the next occurrence today, before its dates, or replaces its created date")
    func created() throws {
        let json = #"{"setCreatedDate": true}"#
        #expect(
            try done("- [ ] a 🔁 every Sunday 📅 2021-04-25\n", settings: json).text
                == "- [ ] a 🔁 every Sunday ➕ 2026-11-30 📅 2021-05-02\n- [x] a 🔁 every Sunday 📅 2021-04-25 ✅ 2026-11-30\n")
        #expect(
            try done("- [ ] a ➕ 2026-01-01 🔁 every day 📅 2026-11-30\n", settings: json).text
                == "- [ ] a ➕ 2026-11-30 🔁 every day 📅 2026-12-01\n- [x] a ➕ 2026-01-01 🔁 every day 📅 2026-11-30 ✅ 2026-11-30\n")
        #expect(
            try done("- [ ] a 🔁 every day ^id\n", settings: json).text
                == "- [ ] a 🔁 every day ➕ 2026-11-30\n- [x] a 🔁 every day ✅ 2026-11-30 ^id\n")
    }

    @Test("removeScheduledDateOnRecurrence drops ⏳ when a start or due date is left, and counts from the start date first")
    func removeScheduled() throws {
        let json = #"{"removeScheduledDateOnRecurrence": true}"#
        #expect(
            try done("- [ ] a 🔁 every week 🛫 2026-11-30 ⏳ 2026-11-26\n", settings: json).text
                == "- [ ] a 🔁 every week 🛫 2026-12-07\n- [x] a 🔁 every week 🛫 2026-11-30 ⏳ 2026-11-26 ✅ 2026-11-30\n")
        #expect(
            try done("- [ ] a 🔁 every week ⏳ 2026-11-26\n", settings: json).text
                == "- [ ] a 🔁 every week ⏳ 2026-12-03\n- [x] a 🔁 every week ⏳ 2026-11-26 ✅ 2026-11-30\n")
    }

    @Test("setDoneDate decides the done date when the vault has the settings: off, none; on, even without emoji dates")
    func doneDate() throws {
        #expect(
            try done("- [ ] a 🔁 every day 📅 2026-11-30\n", settings: #"{"setDoneDate": false}"#).text
                == "- [ ] a 🔁 every day 📅 2026-12-01\n- [x] a 🔁 every day 📅 2026-11-30\n")
        #expect(try done("- [ ] plain\n", settings: #"{"setDoneDate": true}"#).text == "- [x] plain ✅ 2026-11-30\n")
        #expect(try done("- [ ] plain\n", settings: "{}").text == "- [x] plain ✅ 2026-11-30\n")
        #expect(try done("- [ ] plain\n").text == "- [x] plain\n")
    }

    @Test(
        "a task with no text of its own, or whose text is its done date alone, is done and read again",
        arguments: [
            ("- [ ] \n", TaskAction.done, "- [x] ✅ 2026-11-30 \n"),
            ("- [ ]\n", .done, "- [x] ✅ 2026-11-30\n"),
            ("- [ ] ✅ 2026-11-01\n", .done, "- [x] ✅ 2026-11-30\n"),
            ("- [ ]\t✅ 2026-11-01\n", .done, "- [x]\t✅ 2026-11-30\n"),
        ])
    func textless(note: String, action: TaskAction, expected: String) throws {
        #expect(try done(note, settings: #"{"setDoneDate": true}"#, action: action).text == expected)
        let tasks = TaskScanner.tasks(in: Array(expected.utf8), origin: .init(path: "a.md", kind: .page))
        #expect(tasks.count == 1 && tasks[0].description.isEmpty)
    }

    @Test(
        "a task that stops being done or cancelled loses its ✅ or ❌ date; one cancelled gains ❌ where Tasks' settings or the note ask",
        arguments: [
            ("- [x] pay ✅ 2026-11-01\n", TaskAction.reopen, "{}" as String?, "- [ ] pay\n"),
            ("- [x] pay ✅ 2026-11-01 ^id\n", .start, nil, "- [/] pay ^id\n"),
            ("- [x] pay ✅ 2026-11-01\n", .toggle, nil, "- [ ] pay\n"),
            ("- [x] pay ✅ 2026-11-01\n", .cancel, "{}", "- [-] pay ❌ 2026-11-30\n"),
            ("- [ ] pay ^id\n", .cancel, "{}", "- [-] pay ❌ 2026-11-30 ^id\n"),
            ("- [ ] pay\n", .cancel, #"{"setCancelledDate": false}"#, "- [-] pay\n"),
            ("- [ ] pay\n", .cancel, nil, "- [-] pay\n"),
            ("- [ ] pay 📅 2026-12-01\n", .cancel, nil, "- [-] pay 📅 2026-12-01 ❌ 2026-11-30\n"),
            ("- [-] pay ❌ 2026-11-01\n", .reopen, "{}", "- [ ] pay\n"),
            ("- [-] pay ❌ 2026-11-01\n", .done, "{}", "- [x] pay ✅ 2026-11-30\n"),
            ("- [x] `✅ 2026-11-01` in code\n", .reopen, "{}", "- [ ] `✅ 2026-11-01` in code\n"),
            ("- [x] ✅ 2026-11-01\n", .reopen, "{}", "- [ ] \n"),
            ("- [x] two ✅ 2026-11-01 ✅ 2026-11-02\n", .reopen, "{}", "- [ ] two\n"),
            ("- [-] ❌ 2026-11-01\n", .reopen, "{}", "- [ ] \n"),
            // A date with words after it is the person's text, not Tasks' field: it stays.
            ("- [x] wrote ✅ 2026-11-01 notes ✅ 2026-11-02\n", .reopen, "{}", "- [ ] wrote ✅ 2026-11-01 notes\n"),
            ("- [x] checked ✅ 2026-11-01 twice\n", .reopen, "{}", "- [ ] checked ✅ 2026-11-01 twice\n"),
        ])
    func closingDates(note: String, action: TaskAction, settings: String?, expected: String) throws {
        let (folder, vault) = try TemporaryFolder.vault(settings.map { ["note.md": note, Self.settings: $0] } ?? ["note.md": note])
        let task = try #require(try vault.tasks().tasks.first { $0.path == "note.md" })
        _ = try vault.editTask(try TaskReference(parsing: task.reference), action: action, today: try #require(CalendarDay(Self.today)))
        #expect(try folder.text("note.md") == expected)
    }

    @Test(
        "in a vault set to Tasks' Dataview format, dates are written and read as [completion:: …] and its kin",
        arguments: [
            ("- [ ] pay [due:: 2026-12-01]\n", TaskAction.done, "- [x] pay [due:: 2026-12-01]  [completion:: 2026-11-30]\n"),
            ("- [ ] pay ^id\n", .cancel, "- [-] pay  [cancelled:: 2026-11-30] ^id\n"),
            ("- [x] pay  [completion:: 2026-11-01]\n", .reopen, "- [ ] pay\n"),
            ("- [-] pay (cancelled:: 2026-11-01)\n", .toggle, "- [ ] pay\n"),
            ("- [ ] a [repeat:: every day] [due:: 2026-11-30]\n", .done,
             "- [ ] a [repeat:: every day] [due:: 2026-12-01]\n- [x] a [repeat:: every day] [due:: 2026-11-30]  [completion:: 2026-11-30]\n"),
            ("- [ ] once [onCompletion:: delete]\n- [ ] next\n", .done, "- [ ] next\n"),
            ("- [ ] g [ repeat:: every day] [due:: 2026-11-30]\n", .done,
             "- [ ] g [ repeat:: every day] [due:: 2026-12-01]\n- [x] g [ repeat:: every day] [due:: 2026-11-30]  [completion:: 2026-11-30]\n"),
            ("- [ ] d [repeat::every day][due::2026-11-30]\n", .done,
             "- [ ] d [repeat::every day][due::2026-12-01]\n- [x] d [repeat::every day][due::2026-11-30]  [completion:: 2026-11-30]\n"),
            ("- [ ] h [repeat:: every day] [due:: 2026-02-30]\n", .done, "- [x] h [repeat:: every day] [due:: 2026-02-30]  [completion:: 2026-11-30]\n"),
            ("- [x] h [completion::2024-01-01][due:: 2024-01-01]\n", .reopen, "- [ ] h [due:: 2024-01-01]\n"),
        ])
    func dataview(note: String, action: TaskAction, expected: String) throws {
        let (folder, vault) = try TemporaryFolder.vault(["note.md": note, Self.settings: #"{"taskFormat": "dataview"}"#])
        let task = try #require(try vault.tasks().tasks.first { $0.path == "note.md" })
        _ = try vault.editTask(try TaskReference(parsing: task.reference), action: action, today: try #require(CalendarDay(Self.today)))
        #expect(try folder.text("note.md") == expected)
    }

    @Test("a task's reference stays the same across done and reopen, its done date in either format")
    func referenceKept() throws {
        for settings in [#"{"taskFormat": "dataview"}"#, "{}"] {
            let (folder, vault) = try TemporaryFolder.vault(["note.md": "# N\n- [ ] f plain\n", Self.settings: settings])
            defer { withExtendedLifetime(folder) {} }
            let before = try #require(try vault.tasks().tasks.first).reference
            for action in [TaskAction.done, .reopen, .done, .cancel, .reopen, .cancel, .toggle] {
                _ = try vault.editTask(try TaskReference(parsing: before), action: action, today: try #require(CalendarDay(Self.today)))
                #expect(try vault.tasks().tasks.first?.reference == before, "\(settings) \(action)")
            }
        }
    }

    @Test("Dataview's fields are a task's dates, priority and rules, in brackets or parentheses, not words of it")
    func dataviewFields() throws {
        let text = "- [x] pay rent [ due:: 2026-12-01] (scheduled:: 2026-11-29) [priority:: high] [completion:: 2026-11-30] [repeat:: every day]\n"
        let task = try #require(TaskScanner.tasks(in: Array(text.utf8), origin: .init(path: "a.md", kind: .page)).first)
        #expect(task.description == "pay rent")
        #expect(task.due == CalendarDay("2026-12-01") && task.scheduled == CalendarDay("2026-11-29") && task.doneDate == CalendarDay("2026-11-30"))
        #expect(task.priority == .high)
        // Not a field: another key, no date, no closing bracket.
        let words = "- [ ] a [note:: x] [due:: soon] [due:: 2026-12-01\n"
        #expect(TaskScanner.tasks(in: Array(words.utf8), origin: .init(path: "a.md", kind: .page)).first?.due == nil)
        // Nor one with words after it: Tasks reads its fields at the end of the text only.
        let inside = "- [ ] call [due:: 2026-12-01] about it\n"
        let task2 = try #require(TaskScanner.tasks(in: Array(inside.utf8), origin: .init(path: "a.md", kind: .page)).first)
        #expect(task2.due == nil && task2.description == "call [due:: 2026-12-01] about it")
        // A comma may follow a Dataview field at the end, as Tasks allows.
        let comma = "- [ ] call [due:: 2026-12-01],\n"
        #expect(TaskScanner.tasks(in: Array(comma.utf8), origin: .init(path: "a.md", kind: .page)).first?.due == CalendarDay("2026-12-01"))
    }

    @Test("a ❌ cancelled date and a ➕ created date are fields, not words of the task")
    func cancelledAndCreatedAreFields() {
        let tasks = TaskScanner.tasks(in: Array("- [-] pay rent ❌ 2026-11-01 ➕ 2026-10-01\n".utf8), origin: .init(path: "a.md", kind: .page))
        #expect(tasks.map(\.description) == ["pay rent"])
        // With words after them they are words too, as Tasks reads them.
        let inside = TaskScanner.tasks(in: Array("- [-] pay ❌ 2026-11-01 rent\n".utf8), origin: .init(path: "a.md", kind: .page))
        #expect(inside.map(\.description) == ["pay ❌ 2026-11-01 rent"])
    }

    @Test("with Tasks' global filter, only the items that hold it are tasks, nested under their nearest task, the filter left out of descriptions when asked")
    func globalFilter() throws {
        let note = "- [ ] #task parent\n    - [ ] plain child\n        - [x] #task grandchild\n- [ ] plain\n- [ ] a `#task` in code counts, as in Tasks\n"
        for removed in [true, false] {
            let (folder, vault) = try TemporaryFolder.vault([
                "note.md": note, ".obsidian/plugins/obsidian-tasks-plugin/data.json": #"{"globalFilter": " #task ", "removeGlobalFilter": \#(removed)}"#,
            ])
            defer { withExtendedLifetime(folder) {} }
            let tasks = try vault.tasks().tasks
            #expect(tasks.map(\.line) == [1, 3, 5])
            #expect(tasks.map(\.description) == (removed
                ? ["parent", "grandchild", "a `` in code counts, as in Tasks"]
                : ["#task parent", "#task grandchild", "a `#task` in code counts, as in Tasks"]))
            #expect(tasks[1].parentLine == 1 && tasks[1].depth == 1 && tasks[0].rollup == TaskRollup(done: 1, total: 1))
            // A plain item is no task to edit.
            #expect(throws: TaskError.noTaskAtLine(reference: "note.md:4@000000")) {
                try vault.editTask(TaskReference(parsing: "note.md:4@000000"), action: .done, today: try #require(CalendarDay(Self.today)))
            }
        }
        // Without the setting, every checklist item is a task.
        let (plain, vault) = try TemporaryFolder.vault(["note.md": note, ".obsidian/plugins/obsidian-tasks-plugin/data.json": "{}"])
        defer { withExtendedLifetime(plain) {} }
        #expect(try vault.tasks().tasks.count == 5)
    }

    @Test("settings that are not a JSON object give a warning and the defaults")
    func badSettings() throws {
        let (plan, text) = try done("- [ ] a 🔁 every day 📅 2026-11-30\n", settings: "{not json")
        #expect(text == "- [ ] a 🔁 every day 📅 2026-12-01\n- [x] a 🔁 every day 📅 2026-11-30 ✅ 2026-11-30\n")
        #expect(plan.warnings.map(\.description) == [
            "\(Self.settings): cannot be read as Obsidian Tasks' settings (not a JSON object); its defaults are used"
        ])
    }

    @Test(
        "a rule or date Tasks cannot follow: done as a plain task, with a warning, nothing else rewritten",
        arguments: [
            ("- [ ] moon 🔁 every blue moon 📅 2026-11-30", "🔁 every blue moon is not a recurrence rule Obsidian Tasks reads"),
            ("- [ ] bare 🔁 📅 2026-11-30", "🔁 has no rule after it"),
            ("- [ ] feb 🔁 every February on the 30th 📅 2026-11-30", "🔁 every February on the 30th gives no day after 2026-11-30"),
            (
                "- [ ] Do stuff 🔁 every year 🛫 2024-02-27 ⏳ 2024-02-28 📅 2024-02-30",
                "📅 2024-02-30 is not a day of the calendar"
            ),
        ])
    func plainDone(line: String, reason: String) throws {
        let (plan, text) = try done(line + "\n")
        var expected = line.replacingOccurrences(of: "[ ]", with: "[x]")
        expected += " ✅ 2026-11-30\n"
        #expect(text == expected)
        #expect(plan.created.isEmpty && plan.changed.map(\.line) == [1])
        #expect(plan.warnings.map(\.description) == ["note.md: line 1: \(reason); the task is done without a next occurrence"])
    }

    @Test("🏁 delete keeps a task with nested lines, and an action Tasks does not know keeps the task, each with a warning")
    func keptWithWarning() throws {
        let (nested, text) = try done("- [ ] parent 🏁 delete\n    - [ ] child\n")
        #expect(text == "- [x] parent 🏁 delete ✅ 2026-11-30\n    - [ ] child\n")
        #expect(nested.warnings.map(\.message) == [
            "line 1: 🏁 delete would leave the lines nested under the task without their list; the task is kept, done"
        ])
        let (unknown, kept) = try done("- [ ] a 🏁 archive\n")
        #expect(kept == "- [x] a 🏁 archive ✅ 2026-11-30\n")
        #expect(unknown.warnings.map(\.message) == ["line 1: 🏁 archive is not an action Obsidian Tasks knows (keep, delete); the task is kept"])
    }

    @Test("only done recurs: toggle does, reopen, start and cancel do not")
    func onlyDone() throws {
        let line = "- [ ] a 🔁 every day 📅 2026-11-30\n"
        #expect(try done(line, action: .toggle).text == "- [ ] a 🔁 every day 📅 2026-12-01\n" + "- [x] a 🔁 every day 📅 2026-11-30 ✅ 2026-11-30\n")
        #expect(try done(line, action: .start).text == "- [/] a 🔁 every day 📅 2026-11-30\n")
        #expect(try done(line, action: .cancel).text == "- [-] a 🔁 every day 📅 2026-11-30 ❌ 2026-11-30\n")
        #expect(try done("- [/] a 🏁 delete\n", action: .reopen).text == "- [ ] a 🏁 delete\n")
    }

    @Test("a whole subtree: each recurring task gets its occurrence, and the lines of the plan follow them")
    func subtree() throws {
        let (plan, text) = try done(
            "- [ ] week 🔁 every week 📅 2026-11-30\n    - [ ] day 🔁 every day 📅 2026-11-30\n    - [ ] once 🏁 delete\n    - [ ] plain\n",
            allSubtasks: true)
        #expect(
            text == """
                - [ ] week 🔁 every week 📅 2026-12-07
                - [x] week 🔁 every week 📅 2026-11-30 ✅ 2026-11-30
                    - [ ] day 🔁 every day 📅 2026-12-01
                    - [x] day 🔁 every day 📅 2026-11-30 ✅ 2026-11-30
                    - [x] plain ✅ 2026-11-30

                """)
        #expect(plan.created.map(\.line) == [1, 3] && plan.changed.map(\.line) == [2, 4, 5])
        #expect(plan.removed.map(\.description) == ["once 🏁 delete"])
    }

    @Test("a Logseq task has no 🔁 of Tasks: TODO becomes DONE, and no occurrence is added")
    func logseq() throws {
        let folder = TemporaryFolder()
        let root = try folder.copy(fixture: "logseq")
        try folder.write("logseq/pages/Chores.md", "- TODO water 🔁 every day\n")
        let vault = try Vault(root: root)
        let task = try #require(try vault.tasks().tasks.first { $0.path == "pages/Chores.md" })
        let plan = try vault.editTask(try TaskReference(parsing: task.reference), action: .done, today: CalendarDay(Self.today)!)
        #expect(try folder.text("logseq/pages/Chores.md") == "- DONE water 🔁 every day\n")
        #expect(plan.created.isEmpty && plan.warnings.isEmpty)
    }

    @Test("--dry-run plans the occurrence and writes nothing")
    func dryRun() throws {
        let note = "- [ ] a 🔁 every day 📅 2026-11-30\n"
        let (folder, vault) = try TemporaryFolder.vault(["note.md": note])
        let task = try #require(try vault.tasks().tasks.first)
        let plan = try vault.editTask(
            try TaskReference(parsing: task.reference), action: .done, today: CalendarDay(Self.today)!, dryRun: true)
        #expect(plan.created.count == 1)
        #expect(try folder.text("note.md") == note)
    }
}
