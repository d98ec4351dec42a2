import Testing
@testable import VaultKit
import VaultMarkdown

/// Obsidian Tasks' recurrence rules (`🔁 every …`) and the next day each gives, as Tasks
/// computes it with rrule: month ends move back in `every month` and skip in `every month
/// on the 31st`, weekly intervals count from the start's week, `when done` counts from today.
@Suite("Recurrence rules")
struct RecurrenceRuleTests {
    /// (rule, the day it counts from: the reference date, or today for `when done`, the
    /// next day). The dates the Tasks documentation shows are among them.
    static let table: [(String, String, String)] = [
            ("every day", "2026-11-30", "2026-12-01"),
            ("every 3 days", "2026-12-30", "2027-01-02"),
            ("every week", "2026-11-30", "2026-12-07"),
            ("every 2 weeks", "2021-10-30", "2021-11-13"),
            ("every Sunday", "2021-04-25", "2021-05-02"),
            ("every weekday", "2026-12-04", "2026-12-07"),
            ("every weekday", "2026-12-02", "2026-12-03"),
            ("every week on Tuesday, Friday", "2026-12-01", "2026-12-04"),
            ("every week on Tuesday, Friday", "2026-12-04", "2026-12-08"),
            ("every 3 weeks on Friday", "2026-12-04", "2026-12-25"),
            ("every 3 weeks on Friday", "2026-12-02", "2026-12-04"),
            ("every week on Sunday", "2026-12-31", "2027-01-03"),
            ("every month", "2021-10-31", "2021-11-30"),
            ("every month", "2022-01-30", "2022-02-28"),
            ("every month", "2022-02-28", "2022-03-28"),
            ("every month", "2024-01-31", "2024-02-29"),
            ("every 3 months", "2022-01-31", "2022-04-30"),
            ("every 3 months", "2022-04-30", "2022-07-30"),
            ("every 2 months", "2025-12-31", "2026-02-28"),
            ("every month on the last", "2022-01-31", "2022-02-28"),
            ("every month on the last", "2022-02-28", "2022-03-31"),
            ("every month on the last", "2024-01-31", "2024-02-29"),
            ("every month on the 31st", "2022-01-31", "2022-03-31"),
            ("every month on the 31st", "2022-05-31", "2022-07-31"),
            ("every month on the 31st", "2021-11-30", "2021-12-31"),
            ("every month on the 1st", "2026-11-15", "2026-12-01"),
            ("every month on the 15th and last", "2026-02-15", "2026-02-28"),
            ("every month on the last Friday", "2026-11-27", "2026-12-25"),
            ("every month on the 2nd last Friday", "2026-11-20", "2026-12-18"),
            ("every month on the first Monday", "2026-12-07", "2027-01-04"),
            ("every 6 months on the 2nd Wednesday", "2026-01-14", "2026-07-08"),
            ("every January on the 15th", "2026-01-15", "2027-01-15"),
            ("every February on the last", "2027-02-28", "2028-02-29"),
            ("every April and December on the 1st and 24th", "2026-04-24", "2026-12-01"),
            ("every year", "2024-02-29", "2025-02-28"),
            ("every year", "2026-03-10", "2027-03-10"),
            ("every 2 years", "2024-02-29", "2026-02-28"),
            ("every 4 years", "2024-02-29", "2028-02-29"),
            ("every year on the last Friday", "2026-12-25", "2027-12-31"),
            ("every March", "2026-03-10", "2027-03-10"),
            ("every 10 days when done", "2026-11-30", "2026-12-10"),
            ("every week when done", "2022-02-13", "2022-02-20"),
            ("every month when done", "2026-01-31", "2026-02-28"),
            ("every Monday when done", "2026-11-30", "2026-12-07"),
        ]

    @Test("each rule gives the next day Obsidian Tasks gives", arguments: table)
    func next(rule text: String, from start: String, expected: String) throws {
        let rule = try #require(RecurrenceRule(text))
        #expect(rule.next(after: CalendarDay(start)!) == CalendarDay(expected)!, "\(text) from \(start)")
    }

    @Test("the words of a rule are read as Tasks reads them, in any case")
    func words() throws {
        let rule = try #require(RecurrenceRule("Every 2 Weeks On Tue, fri and SUNDAY when done"))
        #expect(rule.frequency == .weekly && rule.interval == 2 && rule.whenDone)
        #expect(rule.weekdays.map(\.day) == [1, 4, 6])
        let nth = try #require(RecurrenceRule("every month on the 2nd last Friday"))
        #expect(nth.weekdays == [RecurrenceRule.Weekday(day: 4, nth: -2)])
        let days = try #require(RecurrenceRule("every April and December on the 1st and 24th"))
        #expect(days.months == [4, 12] && days.monthDays == [1, 24] && days.frequency == .yearly)
        #expect(RecurrenceRule("every month on the last")?.monthDays == [-1])
    }

    @Test(
        "a text with a word Tasks does not read, or parts that do not go together, is no rule",
        arguments: [
            "every blue moon", "every", "", "every 0 days", "every fortnight", "every week foo", "every day for 3 times",
            "every week on the 2nd Friday", "every month on the 32nd", "every month on the 0th", "daily",
            "every 2", "every month in January", "every day on Monday", "every Monday, blue", "when done",
            "every month on the fourth Friday",
        ])
    func refused(text: String) {
        #expect(RecurrenceRule(text) == nil, "\(text)")
    }

    @Test("a rule that never gives a day gives none, and none past the year 9999")
    func never() throws {
        #expect(try #require(RecurrenceRule("every February on the 30th")).next(after: CalendarDay("2026-01-01")!) == nil)
        #expect(try #require(RecurrenceRule("every year")).next(after: CalendarDay("9999-06-01")!) == nil)
        #expect(try #require(RecurrenceRule("every 3 days")).next(after: CalendarDay("9999-12-30")!) == nil)
    }
}
