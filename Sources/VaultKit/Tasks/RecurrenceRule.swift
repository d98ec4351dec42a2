import VaultMarkdown

/// An Obsidian Tasks recurrence rule, the text after `🔁` (`every 2 weeks on Friday`,
/// `every month on the last`, `every 10 days when done`).
///
/// Tasks reads rules with the English grammar of the rrule library and computes the next day
/// with rrule's RFC 5545 semantics; this reads the same words, strictly: a rule with a word
/// left over (`every blue moon`) is not a rule, so a task is never recurred on a guess.
public struct RecurrenceRule: Sendable, Equatable {
    /// What the rule counts in: days, weeks, months or years.
    public enum Frequency: Sendable, Equatable { case daily, weekly, monthly, yearly }

    /// A day of the week, Monday first (0) as rrule counts them, and for monthly and yearly
    /// rules which one of the month or year (`2` the second, `-1` the last), nil for every.
    public struct Weekday: Sendable, Equatable {
        public var day: Int
        public var nth: Int?
    }

    public var frequency: Frequency
    /// Every `interval` days, weeks, months or years.
    public var interval: Int
    public var weekdays: [Weekday] = []
    /// Days of the month, negative from its end (`-1` the last).
    public var monthDays: [Int] = []
    /// Months, 1 to 12.
    public var months: [Int] = []
    /// True for `when done`: the next day counts from the day the task is done.
    public var whenDone: Bool
    /// True for `every [N] months` and `every [N] years` as Tasks treats them: a day the
    /// month or year lacks (Jan 31 plus a month) moves back to the month's last day instead
    /// of skipping a month.
    var movesBackToMonthEnd: Bool

    /// Reads a rule; nil when the text is not one Tasks would recur by.
    public init?(_ text: String) {
        guard var words = RuleWords(text) else { return nil }
        whenDone = words.dropSuffix("when", "done")
        guard words.accept("every") else { return nil }
        interval = words.acceptNumber() ?? 1
        guard interval >= 1, let word = words.next() else { return nil }
        movesBackToMonthEnd = false
        switch word {
        case "day", "days":
            frequency = .daily
        case "weekday", "weekdays":
            frequency = .weekly
            weekdays = (0..<5).map { Weekday(day: $0, nth: nil) }
        case "week", "weeks":
            frequency = .weekly
            guard readOn(&words) else { return nil }
        case "month", "months":
            frequency = .monthly
            guard readOn(&words) else { return nil }
            movesBackToMonthEnd = weekdays.isEmpty && monthDays.isEmpty
        case "year", "years":
            frequency = .yearly
            guard readOn(&words) else { return nil }
            movesBackToMonthEnd = true
        default:
            if let day = RuleWords.weekday(word) {
                frequency = .weekly
                weekdays = [Weekday(day: day, nth: nil)]
                while words.acceptComma() {
                    guard let next = words.next().flatMap(RuleWords.weekday) else { return nil }
                    weekdays.append(Weekday(day: next, nth: nil))
                }
            } else if let month = RuleWords.month(word) {
                frequency = .yearly
                months = [month]
                while words.acceptComma() {
                    guard let next = words.next().flatMap(RuleWords.month) else { return nil }
                    months.append(next)
                }
                guard readOn(&words) else { return nil }
            } else {
                return nil
            }
        }
        guard words.isEmpty, isMeaningful else { return nil }
    }

    /// Reads `on the 1st and 15th`, `on the last Friday`, `on Tuesday, Friday`, `in January`:
    /// false when the words after `on` are not days, weekdays or months.
    private mutating func readOn(_ words: inout RuleWords) -> Bool {
        guard words.accept("on") || words.accept("in") || words.accept("the") else { return true }
        repeat {
            while words.accept("the") || words.accept("on") || words.accept("in") {}
            if let nth = words.acceptNth() {
                if let day = words.peek().flatMap(RuleWords.weekday) {
                    _ = words.next()
                    weekdays.append(Weekday(day: day, nth: nth))
                } else {
                    _ = words.accept("day")
                    monthDays.append(nth)
                }
            } else if let day = words.peek().flatMap(RuleWords.weekday) {
                _ = words.next()
                weekdays.append(Weekday(day: day, nth: nil))
            } else if words.accept("weekday") || words.accept("weekdays") {
                weekdays += (0..<5).map { Weekday(day: $0, nth: nil) }
            } else if let month = words.peek().flatMap(RuleWords.month) {
                _ = words.next()
                months.append(month)
            } else {
                return false
            }
        } while words.acceptComma() || words.peek() == "the" || words.peek() == "on" || words.peek() == "in"
        return true
    }

    /// False for rules whose parts do not go together: a weekly rule on a day of the month or
    /// on "the second Friday", a day of the month past 31, a month in a monthly rule.
    private var isMeaningful: Bool {
        if monthDays.contains(where: { $0 == 0 || abs($0) > 31 }) { return false }
        switch frequency {
        case .daily: return weekdays.isEmpty && monthDays.isEmpty && months.isEmpty
        case .weekly: return monthDays.isEmpty && months.isEmpty && weekdays.allSatisfy { $0.nth == nil }
        case .monthly: return months.isEmpty && weekdays.allSatisfy { abs($0.nth ?? 1) <= 5 }
        case .yearly: return weekdays.allSatisfy { abs($0.nth ?? 1) <= (months.isEmpty ? 53 : 5) }
        }
    }
}

/// The words of a rule, lower-cased, with `,`, `and` and `or` read as one separator.
struct RuleWords {
    private var words: [Substring]
    private var index = 0

    init?(_ text: String) {
        var words: [Substring] = []
        for piece in text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            var rest = piece[...]
            while let comma = rest.firstIndex(of: ",") {
                if comma > rest.startIndex { words.append(rest[..<comma]) }
                words.append(",")
                rest = rest[rest.index(after: comma)...]
            }
            if !rest.isEmpty { words.append(rest) }
        }
        guard !words.isEmpty else { return nil }
        self.words = words
    }

    var isEmpty: Bool { index >= words.count }

    func peek() -> Substring? { index < words.count ? words[index] : nil }

    mutating func next() -> Substring? {
        defer { index += 1 }
        return peek()
    }

    mutating func accept(_ word: String) -> Bool {
        guard peek() == word[...] else { return false }
        index += 1
        return true
    }

    /// Removes `words` from the end; true when they were there.
    mutating func dropSuffix(_ suffix: String...) -> Bool {
        guard words.count > suffix.count, words.suffix(suffix.count).elementsEqual(suffix.map { $0[...] }) else { return false }
        words.removeLast(suffix.count)
        return true
    }

    mutating func acceptNumber() -> Int? {
        guard let word = peek(), word.first != "0", let number = Int(word), number <= 10_000 else { return nil }
        index += 1
        return number
    }

    mutating func acceptComma() -> Bool {
        var found = false
        while accept(",") || accept("and") || accept("or") { found = true }
        return found
    }

    /// `first`, `second`, `third`, `last`, `2nd`, `15th`, `1.`, each optionally followed by
    /// `last` (`2nd last`): a positive or negative count.
    mutating func acceptNth() -> Int? {
        guard let word = peek() else { return nil }
        let value: Int
        switch word {
        case "last":
            index += 1
            return -1
        case "first": value = 1
        case "second": value = 2
        case "third": value = 3
        default:
            let digits = word.prefix(while: \.isNumber)
            let suffix = word.dropFirst(digits.count)
            guard !digits.isEmpty, digits.first != "0", ["st", "nd", "rd", "th", "."].contains(String(suffix)),
                let number = Int(digits), number <= 366
            else { return nil }
            value = number
        }
        index += 1
        return accept("last") ? -value : value
    }

    /// Monday 0 to Sunday 6, for the spellings rrule reads whole (`mo`, `mon`, `monday`).
    static func weekday(_ word: Substring) -> Int? {
        let spellings: [[String]] = [
            ["mo", "mon", "monday"], ["tu", "tue", "tues", "tuesday"], ["we", "wed", "wedn", "wednesday"],
            ["th", "thu", "thur", "thursday"], ["fr", "fri", "friday"], ["sa", "sat", "saturday"], ["su", "sun", "sunday"],
        ]
        return spellings.firstIndex { $0.contains(String(word)) }
    }

    /// 1 to 12, for a month's name or its first three letters (`sept` too).
    static func month(_ word: Substring) -> Int? {
        let names = [
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
            "december",
        ]
        if let index = names.firstIndex(of: String(word)) { return index + 1 }
        if word == "sept" { return 9 }
        return word.count == 3 ? names.firstIndex { $0.hasPrefix(word) }.map { $0 + 1 } : nil
    }
}
