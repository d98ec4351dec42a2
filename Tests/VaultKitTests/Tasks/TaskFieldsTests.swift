import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Dates, priorities and tags on task lines (DESIGN.md 5).
@Suite("Task fields")
struct TaskFieldsTests {
    static func task(_ line: String, path: String = "pages/Note.md", journalDay: CalendarDay? = nil) throws -> VaultTask
    {
        try #require(
            TaskScanner.tasks(
                in: Array((line + "\n").utf8),
                origin: .init(path: path, kind: journalDay == nil ? .page : .journal, journalDay: journalDay)
            ).first)
    }

    static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    @Test("due: and the calendar emoji give the due date")
    func due() throws {
        #expect(try Self.task("- [ ] Finish due:2026-12-01 !high").due == Self.day("2026-12-01"))
        #expect(try Self.task("- [ ] Post office 📅 2026-12-03").due == Self.day("2026-12-03"))
        #expect(try Self.task("- [ ] Glued 📅2022-07-29").due == Self.day("2022-07-29"))
        #expect(try Self.task("- [ ] Other calendar 🗓 2021-09-12").due == Self.day("2021-09-12"))
        #expect(try Self.task("- [ ] No date 📅 soon").due == nil)
        #expect(try Self.task("- [ ] Not a real day due:2026-02-30").due == nil)
        #expect(try Self.task("- [ ] Inside a word overdue:2026-12-01").due == nil)
    }

    @Test("scheduled, start and done dates are read from their emoji")
    func otherDates() throws {
        let task = try Self.task("- [x] Bike 🛫 2026-11-29 ⏳ 2026-12-02 ✅ 2026-11-30 due:2026-12-05")
        #expect(task.start == Self.day("2026-11-29"))
        #expect(task.scheduled == Self.day("2026-12-02"))
        #expect(task.doneDate == Self.day("2026-11-30"))
        #expect(task.due == Self.day("2026-12-05"))
        #expect(task.description == "Bike")
    }

    @Test(
        "priorities in both notations",
        arguments: [
            ("!high", TaskPriority.high), ("!med", .medium), ("!medium", .medium), ("!low", .low), ("🔺", .highest),
            ("⏫", .high), ("🔼", .medium), ("🔽", .low), ("⏬", .lowest), ("⏫\u{FE0F}", .high),
        ])
    func priorities(field: String, priority: TaskPriority) throws {
        // Tasks reads its emoji at the end of the text (a tag after it allowed); `!high` is read anywhere.
        let task = try Self.task(field.hasPrefix("!") ? "- [ ] Something \(field) more" : "- [ ] Something more \(field) #tag")
        #expect(task.priority == priority)
        #expect(task.description == (field.hasPrefix("!") ? "Something more" : "Something more #tag"))
    }

    @Test(
        "Tasks' fields are read at the end of the text only, after its words, as Obsidian Tasks reads them",
        arguments: [
            ("- [ ] Call 📅 2026-01-05 about the move", nil, "Call 📅 2026-01-05 about the move"),
            ("- [ ] Call about the move 📅 2026-01-05", "2026-01-05", "Call about the move"),
            ("- [ ] Pay 📅 2026-01-05 #bills #home", "2026-01-05", "Pay #bills #home"),
            ("- [ ] Pay 📅 2026-01-05 ^pay-1", "2026-01-05", "Pay ^pay-1"),
            ("- [ ] Water 📅 2026-01-05 🔁 every week ⏫", "2026-01-05", "Water 🔁 every week"),
            ("- [ ] Water 📅 2026-01-05 !high", "2026-01-05", "Water"),
            ("- [ ] Fix 📅 2026-01-05, then test", nil, "Fix 📅 2026-01-05, then test"),
            ("- [ ] Ship due:2026-01-05 on time", "2026-01-05", "Ship on time"),
            ("- [ ] Glued 📅 2026-01-05⏫", "2026-01-05", "Glued"),
            ("- [ ] Glued 📅2026-01-05⏳2026-01-04", "2026-01-05", "Glued"),
            ("- [ ] Tagged 📅 2026-01-05 #123 #a+b", "2026-01-05", "Tagged #123 #a+b"),
            ("- [ ] Blocked 📅 2026-01-05 ⛔ x1, x2", "2026-01-05", "Blocked ⛔ x1, x2"),
        ] as [(String, String?, String)])
    func trailingFields(line: String, due: String?, description: String) throws {
        let task = try Self.task(line)
        #expect(task.due == due.map(Self.day))
        #expect(task.description == description)
    }

    @Test("a done date or a priority with words after it is part of the description")
    func midLineDoneDate() throws {
        let task = try Self.task("- [x] Wrote the ✅ 2026-01-02 report 🔼 today ✅ 2026-01-03")
        #expect(task.doneDate == Self.day("2026-01-03") && task.priority == nil)
        #expect(task.description == "Wrote the ✅ 2026-01-02 report 🔼 today")
        #expect(try Self.task("- [x] Checked ✅ 2026-01-02 twice").doneDate == nil)
    }

    @Test("a word that merely starts like a priority is text")
    func notPriorities() throws {
        #expect(try Self.task("- [ ] Say !hello").priority == nil)
        #expect(try Self.task("- [ ] Wow!high").priority == nil)
    }

    @Test("inline tags are the task's own, nested ones included, not in code or URLs")
    func tags() throws {
        let task = try Self.task("- [ ] Task #to-do with #project/vault and `#code` and a.com/#frag, #123")
        #expect(task.tags == ["to-do", "project/vault"])
        #expect(task.description.contains("#to-do"))
        // A colour in an inline HTML tag is HTML, as in the note's own tags.
        #expect(try Self.task("- [ ] Task <span style=\"color: #C0FFEE\">x</span> #real 📅 2026-01-02").tags == ["real"])
        // A tag in a comment is the task's, as Obsidian Tasks reads it.
        #expect(try Self.task("- [ ] Task <!-- #kept --> #seen").tags == ["kept", "seen"])
    }

    @Test("fields inside inline code are text")
    func fieldsInCode() throws {
        let task = try Self.task("- [ ] Document `due:2026-01-01` and `📅 2026-01-02`")
        #expect(task.due == nil)
        #expect(task.description == "Document `due:2026-01-01` and `📅 2026-01-02`")
    }

    @Test("a journal's task without a due date is due on the journal's day, in either name form")
    func journalDue() throws {
        let journal = try Self.task("- [ ] Call", path: "journals/2026_11_16.md", journalDay: Self.day("2026-11-16"))
        #expect(journal.due == Self.day("2026-11-16") && journal.dueFromJournal)
        let explicit = try Self.task(
            "- [ ] Dentist 📅 2026-11-19", path: "journals/2026-11-16.md", journalDay: Self.day("2026-11-16"))
        #expect(explicit.due == Self.day("2026-11-19") && !explicit.dueFromJournal)
        #expect(Vault.journalDay("journals/2026_11_16.md") == Self.day("2026-11-16"))
        #expect(Vault.journalDay("Daily/2026-11-29.markdown") == Self.day("2026-11-29"))
        #expect(Vault.journalDay("journals/2026-11_16.md") == nil)
        #expect(Vault.journalDay("journals/Notes.md") == nil)
    }

    @Test("the description drops the fields and collapses white space, keeping tags and links")
    func description() throws {
        #expect(try Self.task("- [ ] Ship 0.1 📅 2026-12-15 ⏫").description == "Ship 0.1")
        #expect(try Self.task("- [ ]   spaced\tout  text").description == "spaced out text")
        #expect(try Self.task("- [ ] See [[Roadmap]] #project").description == "See [[Roadmap]] #project")
        #expect(try Self.task("- [ ] due:2026-12-01 first").description == "first")
    }
}

/// Days as the task commands read them.
@Suite("Calendar days")
struct CalendarDayTests {
    @Test("days parse strictly and count across months, years and leap days")
    func arithmetic() throws {
        #expect(CalendarDay("2024-02-29") != nil)
        #expect(CalendarDay("2026-02-29") == nil)
        #expect(CalendarDay("2026-13-01") == nil)
        #expect(CalendarDay("2026-1-01") == nil)
        let day = try #require(CalendarDay("2026-11-30"))
        #expect(day.adding(days: 1).description == "2026-12-01")
        #expect(day.adding(days: 32).description == "2027-01-01")
        #expect(day.adding(days: -365).description == "2025-11-30")
        #expect(CalendarDay("2024-02-28")!.adding(days: 1).description == "2024-02-29")
        #expect(CalendarDay("2000-03-01")!.adding(days: -1).description == "2000-02-29")
        #expect(day.days(to: CalendarDay("2026-12-25")!) == 25)
    }

    @Test("relative days as a person types them")
    func relative() {
        let today = CalendarDay("2026-11-30")!
        #expect(CalendarDay.relative("today", today: today) == today)
        #expect(CalendarDay.relative("Yesterday", today: today)?.description == "2026-11-29")
        #expect(CalendarDay.relative("tomorrow", today: today)?.description == "2026-12-01")
        #expect(CalendarDay.relative("-7", today: today)?.description == "2026-11-23")
        #expect(CalendarDay.relative("+2", today: today)?.description == "2026-12-02")
        #expect(CalendarDay.relative("2026-12-24", today: today)?.description == "2026-12-24")
        #expect(CalendarDay.relative("next week", today: today) == nil)
        #expect(CalendarDay.relative("-x", today: today) == nil)
    }
}
