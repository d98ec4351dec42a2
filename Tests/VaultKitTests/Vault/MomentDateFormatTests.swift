import Testing
@testable import VaultKit
import VaultMarkdown

/// Obsidian's daily note formats read back into the day they name (a journal's file name
/// is its day), and the formats that cannot are told apart.
@Suite("Moment date formats read back")
struct MomentDateFormatTests {
    static let day = CalendarDay(year: 2026, month: 11, day: 30)!

    @Test("a name written in a format reads back as its day", arguments: [
        ("YYYY-MM-DD", "2026-11-30"), ("DD.MM.YYYY", "30.11.2026"), ("YYYY/MM/YYYY-MM-DD", "2026/11/2026-11-30"),
        ("YYYY/MM-DD ddd", "2026/11-30 Mon"), ("dddd, MMMM Do YYYY", "Monday, November 30th 2026"), ("D MMM YY", "30 Nov 26"),
        ("[Journal] YYYY-DDDD", "Journal 2026-334"), ("gggg YYYYMMDD", "gggg 20261130"),
    ])
    func readsBack(pattern: String, name: String) {
        let format = MomentDateFormat(pattern)
        #expect(format.format(.init(day: Self.day)) == name)
        #expect(format.day(from: name) == Self.day)
        #expect(format.day(from: name.uppercased()) == Self.day)
        #expect(format.readsBackDays)
    }

    @Test("a name that is not in the format, or names no day, gives none", arguments: [
        ("YYYY-MM-DD", "2026-11-31"), ("YYYY-MM-DD", "2026-11-30 copy"), ("YYYY-MM-DD", "26-11-30"),
        ("YYYY/MM-DD ddd", "2026/11-30 Tue"), ("DD.MM.YYYY", "2026-11-30"), ("Do MMMM YYYY", "30nd November 2026"),
    ])
    func noDay(pattern: String, name: String) {
        #expect(MomentDateFormat(pattern).day(from: name) == nil)
    }

    @Test("a format without a year, of a week, of a time, or whose days run together does not read back", arguments: [
        "MM-DD", "GGGG-[W]WW", "YYYY-MM-DD HH:mm", "YYYYMD", "[Daily]", "dddd",
    ])
    func unreadable(pattern: String) {
        #expect(!MomentDateFormat(pattern).readsBackDays)
    }
}
