import FoundationEssentials
import VaultSystem

/// A day of the proleptic Gregorian calendar, without time or time zone: what a due date, a
/// journal's name or "today" means in a vault.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// `YYYYMMDD` as one number: four bytes, ordered like the days (tasks hold several).
    private let packed: Int32

    public var year: Int { Int(packed / 10000) }
    public var month: Int { Int(packed / 100 % 100) }
    public var day: Int { Int(packed % 100) }

    /// A day from its parts; nil when they name no real day (`2026-02-30`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= Self.daysIn(month: month, year: year)
        else { return nil }
        packed = Int32(year * 10000 + month * 100 + day)
    }

    /// Reads `YYYY-MM-DD`; nil for anything else.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, let day = Self.parse(bytes, at: 0) else { return nil }
        self = day
    }

    /// Reads `YYYY-MM-DD` at `offset` in `bytes`.
    package static func parse(_ bytes: [UInt8], at offset: Int) -> CalendarDay? {
        guard offset + 10 <= bytes.count, bytes[offset + 4] == UInt8(ascii: "-"), bytes[offset + 7] == UInt8(ascii: "-")
        else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<start + count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = number(offset, 4), let month = number(offset + 5, 2), let day = number(offset + 8, 2) else {
            return nil
        }
        return CalendarDay(year: year, month: month, day: day)
    }

    /// The day a moment falls on in a time zone (the machine's by default).
    public init(_ date: Date, zone: WallTime.Zone = .local) {
        let time = WallTime(date, in: zone)
        self = CalendarDay(year: time.year, month: time.month, day: time.day)!
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> CalendarDay {
        Self(dayNumber: dayNumber + count)
    }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(to other: CalendarDay) -> Int { other.dayNumber - dayNumber }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.packed < rhs.packed }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = CalendarDay(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a YYYY-MM-DD day"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Days since 0000-03-01, a count that makes month lengths regular (Howard Hinnant's
    /// civil-from-days algorithm).
    private var dayNumber: Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        return era * 146_097 + (yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear)
    }

    private init(dayNumber: Int) {
        let era = (dayNumber >= 0 ? dayNumber : dayNumber - 146_096) / 146_097
        let dayOfEra = dayNumber - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        packed = Int32(year * 10000 + month * 100 + day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension CalendarDay {
    /// Reads a day as a person types it: `today`, `yesterday`, `tomorrow`, `YYYY-MM-DD`, or
    /// `-N` / `+N` days from today. Nil when it is none of these.
    public static func relative(_ text: String, today: CalendarDay) -> CalendarDay? {
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow": return today.adding(days: 1)
        default: break
        }
        if let sign = text.first, sign == "-" || sign == "+", let count = Int(text.dropFirst()), count <= 100_000,
            text.dropFirst().allSatisfy(\.isASCIIDigit)
        {
            return today.adding(days: sign == "-" ? -count : count)
        }
        return CalendarDay(text)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
