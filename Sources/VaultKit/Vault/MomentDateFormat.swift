import VaultMarkdown

/// A date and time pattern as Obsidian's templates write it (moment.js tokens, `{{date:YYYY-MM-DD}}`):
/// `YYYY` `YY` years, `Q` quarter, `MMMM` `MMM` `MM` `M` months, `DDDD` `DDD` day of the year,
/// `DD` `D` `Do` days, `dddd` `ddd` `dd` `d` weekdays, `E` ISO weekday, `WW` `W` ISO weeks and
/// `GGGG` their year, `HH` `H` `hh` `h` `kk` `k` hours, `mm` `m` minutes, `ss` `s` seconds,
/// `A` `a` AM/PM; text in `[brackets]` and every other character are written as they are, as
/// moment writes them.
public struct MomentDateFormat: Sendable, CustomStringConvertible {
    /// A moment in a person's day: the calendar day and the time on the clock.
    public struct Moment: Sendable, Equatable {
        public var day: CalendarDay
        public var hour: Int
        public var minute: Int
        public var second: Int

        public init(day: CalendarDay, hour: Int = 0, minute: Int = 0, second: Int = 0) {
            self.day = day
            self.hour = hour
            self.minute = minute
            self.second = second
        }
    }

    /// The pattern as written.
    public let pattern: String

    public init(_ pattern: String) {
        self.pattern = pattern
    }

    public var description: String { pattern }

    /// The tokens a run of one letter may be, longest first.
    private static let tokens: [Character: [String]] = [
        "Y": ["YYYY", "YY"], "Q": ["Q"], "M": ["MMMM", "MMM", "MM", "M"], "D": ["DDDD", "DDD", "Do", "DD", "D"],
        "d": ["dddd", "ddd", "dd", "d"], "E": ["E"], "W": ["WW", "W"], "G": ["GGGG"], "H": ["HH", "H"], "h": ["hh", "h"],
        "k": ["kk", "k"], "m": ["mm", "m"], "s": ["ss", "s"], "A": ["A"], "a": ["a"],
    ]

    /// One part of a pattern: a token (`YYYY`) or text written as it is.
    enum Piece: Equatable {
        case token(String)
        case literal(String)
    }

    /// The pattern cut into tokens and literal text, as moment reads it: `[text]` is literal,
    /// a run of a token letter is its longest token, any other character is itself.
    var pieces: [Piece] {
        let characters = Array(pattern)
        var pieces: [Piece] = []
        var index = 0
        func literal(_ text: String) {
            if case .literal(let before) = pieces.last {
                pieces[pieces.count - 1] = .literal(before + text)
            } else {
                pieces.append(.literal(text))
            }
        }
        while index < characters.count {
            let character = characters[index]
            if character == "[", let close = characters[(index + 1)...].firstIndex(of: "]") {
                literal(String(characters[(index + 1)..<close]))
                index = close + 1
                continue
            }
            let rest = characters[index...]
            guard let token = Self.tokens[character]?.first(where: { rest.starts(with: $0) }) else {
                literal(String(character))
                index += 1
                continue
            }
            pieces.append(.token(token))
            index += token.count
        }
        return pieces
    }

    /// The moment written in this pattern.
    public func format(_ moment: Moment) -> String {
        var text = ""
        for piece in pieces {
            switch piece {
            case .literal(let literal): text += literal
            case .token(let token): text += Self.value(token, of: moment)
            }
        }
        return text
    }

    private static func value(_ token: String, of moment: Moment) -> String {
        let day = moment.day
        let weekday = LogseqDateFormat.weekday(day)
        let twelve = moment.hour % 12 == 0 ? 12 : moment.hour % 12
        switch token {
        case "YYYY": return LogseqDateFormat.padded(day.year, 4)
        case "YY": return LogseqDateFormat.padded(day.year % 100, 2)
        case "Q": return String((day.month - 1) / 3 + 1)
        case "MMMM": return LogseqDateFormat.months[day.month - 1]
        case "MMM": return String(LogseqDateFormat.months[day.month - 1].prefix(3))
        case "MM": return LogseqDateFormat.padded(day.month, 2)
        case "M": return String(day.month)
        case "DDDD": return LogseqDateFormat.padded(dayOfYear(day), 3)
        case "DDD": return String(dayOfYear(day))
        case "Do": return String(day.day) + LogseqDateFormat.ordinalSuffix(day.day)
        case "DD": return LogseqDateFormat.padded(day.day, 2)
        case "D": return String(day.day)
        case "dddd": return LogseqDateFormat.weekdays[weekday]
        case "ddd": return String(LogseqDateFormat.weekdays[weekday].prefix(3))
        case "dd": return String(LogseqDateFormat.weekdays[weekday].prefix(2))
        case "d": return String(weekday)
        case "E": return String(weekday == 0 ? 7 : weekday)
        case "WW": return LogseqDateFormat.padded(isoWeek(day).week, 2)
        case "W": return String(isoWeek(day).week)
        case "GGGG": return LogseqDateFormat.padded(isoWeek(day).year, 4)
        case "HH": return LogseqDateFormat.padded(moment.hour, 2)
        case "H": return String(moment.hour)
        case "hh": return LogseqDateFormat.padded(twelve, 2)
        case "h": return String(twelve)
        case "kk": return LogseqDateFormat.padded(moment.hour == 0 ? 24 : moment.hour, 2)
        case "k": return String(moment.hour == 0 ? 24 : moment.hour)
        case "mm": return LogseqDateFormat.padded(moment.minute, 2)
        case "m": return String(moment.minute)
        case "ss": return LogseqDateFormat.padded(moment.second, 2)
        case "s": return String(moment.second)
        case "A": return moment.hour < 12 ? "AM" : "PM"
        default: return moment.hour < 12 ? "am" : "pm"
        }
    }

    static func dayOfYear(_ day: CalendarDay) -> Int {
        CalendarDay(year: day.year, month: 1, day: 1).map { $0.days(to: day) + 1 } ?? 1
    }

    /// The ISO 8601 week (weeks start on Monday; week 1 holds the year's first Thursday) and
    /// the year it belongs to, which differs from the day's year around New Year.
    private static func isoWeek(_ day: CalendarDay) -> (year: Int, week: Int) {
        let weekday = LogseqDateFormat.weekday(day)
        let thursday = day.adding(days: 4 - (weekday == 0 ? 7 : weekday))
        return (thursday.year, (dayOfYear(thursday) - 1) / 7 + 1)
    }
}
