/// A proleptic Gregorian day, computed without Foundation's calendars or time zones.
///
/// Journal names and task dates must not depend on the machine's locale or zone.
struct CalendarDate: Sendable, Equatable, Comparable {
    /// Days since 1970-01-01.
    let dayNumber: Int

    /// The last journal day of every generated vault: fixed, so output never depends on
    /// the day the generator runs.
    static let anchor = CalendarDate(year: 2025, month: 6, day: 30)

    init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// The day with the given civil date (Howard Hinnant's days_from_civil).
    init(year: Int, month: Int, day: Int) {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        dayNumber = era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day of this date (civil_from_days).
    var components: (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// The date `days` later (earlier when negative).
    func adding(days: Int) -> CalendarDate {
        CalendarDate(dayNumber: dayNumber + days)
    }

    /// `YYYY-MM-DD`.
    var iso: String {
        let (year, month, day) = components
        return Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
    }

    static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        lhs.dayNumber < rhs.dayNumber
    }

    /// `value` in decimal, left-padded with zeros to `width` digits.
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
