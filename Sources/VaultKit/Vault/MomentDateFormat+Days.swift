import VaultMarkdown

extension MomentDateFormat {
    /// The day a text written in this pattern names, compared without regard to case; nil
    /// when it is not one, names a day that does not exist, or the pattern holds a token that
    /// tells no day (a week, a time of day).
    ///
    /// Weekday names are checked against the day they stand beside (`Monday 2026-12-01` is
    /// no day).
    public func day(from text: String) -> CalendarDay? {
        var reader = Reader(characters: Array(text.lowercased()))
        var year: Int?
        var month: Int?
        var dayOfMonth: Int?
        var dayOfYear: Int?
        var weekday: Int?
        for piece in pieces {
            switch piece {
            case .literal(let literal):
                guard reader.skip(Array(literal.lowercased())) else { return nil }
            case .token(let token):
                switch token {
                case "YYYY": guard let value = reader.digits(4, 4) else { return nil }; year = value
                // moment reads two-digit years above 68 as the 1900s.
                case "YY": guard let value = reader.digits(2, 2) else { return nil }; year = value > 68 ? 1900 + value : 2000 + value
                case "Q": guard reader.digits(1, 1) != nil else { return nil }
                case "MMMM": guard let value = reader.word(LogseqDateFormat.months, length: nil) else { return nil }; month = value + 1
                case "MMM": guard let value = reader.word(LogseqDateFormat.months, length: 3) else { return nil }; month = value + 1
                case "MM": guard let value = reader.digits(2, 2) else { return nil }; month = value
                case "M": guard let value = reader.digits(1, 2) else { return nil }; month = value
                case "DDDD": guard let value = reader.digits(3, 3) else { return nil }; dayOfYear = value
                case "DDD": guard let value = reader.digits(1, 3) else { return nil }; dayOfYear = value
                case "Do":
                    guard let value = reader.digits(1, 2), reader.skip(Array(LogseqDateFormat.ordinalSuffix(value))) else { return nil }
                    dayOfMonth = value
                case "DD": guard let value = reader.digits(2, 2) else { return nil }; dayOfMonth = value
                case "D": guard let value = reader.digits(1, 2) else { return nil }; dayOfMonth = value
                case "dddd": guard let value = reader.word(LogseqDateFormat.weekdays, length: nil) else { return nil }; weekday = value
                case "ddd": guard let value = reader.word(LogseqDateFormat.weekdays, length: 3) else { return nil }; weekday = value
                case "dd": guard let value = reader.word(LogseqDateFormat.weekdays, length: 2) else { return nil }; weekday = value
                case "d": guard let value = reader.digits(1, 1), value < 7 else { return nil }; weekday = value
                case "E": guard let value = reader.digits(1, 1), (1...7).contains(value) else { return nil }; weekday = value % 7
                // Weeks, their years and the time of day name no one day.
                default: return nil
                }
            }
        }
        guard reader.atEnd, let year else { return nil }
        let day: CalendarDay?
        if let month, let dayOfMonth {
            day = CalendarDay(year: year, month: month, day: dayOfMonth)
        } else if let dayOfYear, month == nil, dayOfMonth == nil, dayOfYear >= 1 {
            day = CalendarDay(year: year, month: 1, day: 1).map { $0.adding(days: dayOfYear - 1) }.flatMap { $0.year == year ? $0 : nil }
        } else {
            day = nil
        }
        guard let day else { return nil }
        if let weekday, weekday != LogseqDateFormat.weekday(day) { return nil }
        return day
    }

    /// True when every day written in this pattern reads back as that day, so that a
    /// journal's file name tells its day: `YYYY-MM-DD`, `DD.MM.YYYY`, `YYYY/MM/dddd D`; not
    /// `MM-DD` (no year), `GGGG-[W]WW` (a week), `YYYYMD` (`2026111` is two days) or
    /// `YYYY-MM-DD HH:mm`.
    public var readsBackDays: Bool {
        Self.sampleDays.allSatisfy { day(from: format(Moment(day: $0))) == $0 }
    }

    /// Days that tell apart the patterns that read back from those that do not: one- and
    /// two-digit months and days, a leap day, the ends of a year, and years of each century.
    private static let sampleDays: [CalendarDay] = [
        (2026, 1, 5), (2026, 11, 30), (2024, 2, 29), (2025, 12, 31), (2026, 10, 1), (1999, 9, 9), (2001, 1, 11), (2030, 7, 22),
    ].compactMap { CalendarDay(year: $0.0, month: $0.1, day: $0.2) }

    /// A cursor over the lowercased text being read.
    private struct Reader {
        let characters: [Character]
        var index = 0

        var atEnd: Bool { index == characters.count }

        /// Between `minimum` and `maximum` ASCII digits, as many as there are.
        mutating func digits(_ minimum: Int, _ maximum: Int) -> Int? {
            var end = index
            while end < characters.count && end - index < maximum && characters[end].isASCII && characters[end].isNumber { end += 1 }
            guard end - index >= minimum, let value = Int(String(characters[index..<end])) else { return nil }
            index = end
            return value
        }

        /// The number of the first name (or its first `length` letters) the text goes on with.
        mutating func word(_ names: [String], length: Int?) -> Int? {
            for (number, name) in names.enumerated() {
                let candidate = Array((length.map { String(name.prefix($0)) } ?? name).lowercased())
                if skip(candidate) { return number }
            }
            return nil
        }

        /// Moves past `expected` when the text goes on with it.
        mutating func skip(_ expected: [Character]) -> Bool {
            guard characters.count - index >= expected.count, Array(characters[index..<index + expected.count]) == expected else {
                return false
            }
            index += expected.count
            return true
        }
    }
}
