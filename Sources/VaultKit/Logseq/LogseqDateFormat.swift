import VaultMarkdown

/// A date pattern as Logseq's settings write them (`MMM do, yyyy` for journal titles,
/// `yyyy_MM_dd` for journal file names): `yyyy` `yy` years, `MMMM` `MMM` `MM` `M` months,
/// `dd` `d` days and `do` with its English ordinal (`2nd`), `EEEE` and `E`…`EEE` weekdays,
/// anything else in quotes or not a letter is written as it is.
public struct LogseqDateFormat: Equatable, Sendable, CustomStringConvertible {
    enum Token: Equatable, Sendable {
        case literal(String)
        case year4, year2, monthName, monthShort, month2, month1, day2, day1, dayOrdinal, weekdayName, weekdayShort
    }

    /// The pattern as written.
    public let pattern: String
    let tokens: [Token]

    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// Logseq's default journal title, `Feb 2nd, 2021`.
    public static let defaultTitle = LogseqDateFormat(pattern: "MMM do, yyyy")!
    /// Logseq's default journal file name, `2021_02_02`.
    public static let defaultFileName = LogseqDateFormat(pattern: "yyyy_MM_dd")!

    /// The format of a pattern; nil when it holds a letter run this reader does not know
    /// (`Q`, `HH`, `yyy`), which no date could be written in for certain.
    public init?(pattern: String) {
        self.pattern = pattern
        var tokens: [Token] = []
        let characters = Array(pattern)
        var index = 0
        var literal = ""
        func flush() {
            if !literal.isEmpty { tokens.append(.literal(literal)) }
            literal = ""
        }
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                var end = index + 1
                while end < characters.count && characters[end] != "'" { end += 1 }
                literal += end == index + 1 ? "'" : String(characters[(index + 1)..<end])
                index = min(end + 1, characters.count)
                continue
            }
            guard character.isASCII && character.isLetter else {
                literal.append(character)
                index += 1
                continue
            }
            var end = index
            while end < characters.count && characters[end] == character { end += 1 }
            var run = String(characters[index..<end])
            if run == "d" && end < characters.count && characters[end] == "o" {
                run = "do"
                end += 1
            }
            let token: Token
            switch run {
            case "yyyy": token = .year4
            case "yy": token = .year2
            case "MMMM": token = .monthName
            case "MMM": token = .monthShort
            case "MM": token = .month2
            case "M": token = .month1
            case "dd": token = .day2
            case "d": token = .day1
            case "do": token = .dayOrdinal
            case "EEEE": token = .weekdayName
            case "E", "EE", "EEE": token = .weekdayShort
            default: return nil
            }
            flush()
            tokens.append(token)
            index = end
        }
        flush()
        self.tokens = tokens
    }

    public var description: String { pattern }

    /// The day written in this format.
    public func format(_ day: CalendarDay) -> String {
        var text = ""
        for token in tokens {
            switch token {
            case .literal(let literal): text += literal
            case .year4: text += Self.padded(day.year, 4)
            case .year2: text += Self.padded(day.year % 100, 2)
            case .monthName: text += Self.months[day.month - 1]
            case .monthShort: text += String(Self.months[day.month - 1].prefix(3))
            case .month2: text += Self.padded(day.month, 2)
            case .month1: text += String(day.month)
            case .day2: text += Self.padded(day.day, 2)
            case .day1: text += String(day.day)
            case .dayOrdinal: text += String(day.day) + Self.ordinalSuffix(day.day)
            case .weekdayName: text += Self.weekdays[Self.weekday(day)]
            case .weekdayShort: text += String(Self.weekdays[Self.weekday(day)].prefix(3))
            }
        }
        return text
    }

    /// The day a text written in this format names, compared without regard to case; nil
    /// when it is not one (or names a day that does not exist).
    public func day(from text: String) -> CalendarDay? {
        let characters = Array(text.lowercased())
        var index = 0
        var year: Int?
        var month: Int?
        var dayOfMonth: Int?
        func digits(_ minimum: Int, _ maximum: Int) -> Int? {
            var end = index
            while end < characters.count && end - index < maximum && characters[end].isASCII && characters[end].isNumber { end += 1 }
            guard end - index >= minimum, let value = Int(String(characters[index..<end])) else { return nil }
            index = end
            return value
        }
        func word(_ names: [String], length: Int?) -> Int? {
            for (number, name) in names.enumerated() {
                let candidate = Array((length.map { String(name.prefix($0)) } ?? name).lowercased())
                if characters.count - index >= candidate.count && Array(characters[index..<index + candidate.count]) == candidate {
                    index += candidate.count
                    return number
                }
            }
            return nil
        }
        for token in tokens {
            switch token {
            case .literal(let literal):
                let expected = Array(literal.lowercased())
                guard characters.count - index >= expected.count, Array(characters[index..<index + expected.count]) == expected
                else { return nil }
                index += expected.count
            case .year4: guard let value = digits(4, 4) else { return nil }; year = value
            case .year2: guard let value = digits(2, 2) else { return nil }; year = 2000 + value
            case .monthName: guard let value = word(Self.months, length: nil) else { return nil }; month = value + 1
            case .monthShort: guard let value = word(Self.months, length: 3) else { return nil }; month = value + 1
            case .month2: guard let value = digits(2, 2) else { return nil }; month = value
            case .month1: guard let value = digits(1, 2) else { return nil }; month = value
            case .day2: guard let value = digits(2, 2) else { return nil }; dayOfMonth = value
            case .day1: guard let value = digits(1, 2) else { return nil }; dayOfMonth = value
            case .dayOrdinal:
                guard let value = digits(1, 2) else { return nil }
                dayOfMonth = value
                let suffix = Array(Self.ordinalSuffix(value))
                guard characters.count - index >= 2, Array(characters[index..<index + 2]) == suffix else { return nil }
                index += 2
            case .weekdayName: if word(Self.weekdays, length: nil) == nil { return nil }
            case .weekdayShort: if word(Self.weekdays, length: 3) == nil { return nil }
            }
        }
        guard index == characters.count, let year, let month, let dayOfMonth else { return nil }
        return CalendarDay(year: year, month: month, day: dayOfMonth)
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    static func ordinalSuffix(_ day: Int) -> String {
        if (11...13).contains(day % 100) { return "th" }
        switch day % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    /// 0 for Sunday, by Sakamoto's method.
    static func weekday(_ day: CalendarDay) -> Int {
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let year = day.month < 3 ? day.year - 1 : day.year
        return (year + year / 4 - year / 100 + year / 400 + offsets[day.month - 1] + day.day) % 7
    }
}
