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
            day <= WallTime.daysIn(month: month, year: year)
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
        guard let year = Digits.value(of: bytes, at: offset, count: 4), let month = Digits.value(of: bytes, at: offset + 5, count: 2),
            let day = Digits.value(of: bytes, at: offset + 8, count: 2)
        else {
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
        Digits.decimal(year, width: 4) + "-" + Digits.decimal(month, width: 2) + "-" + Digits.decimal(day, width: 2)
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

    /// Days since 1970-01-01.
    private var dayNumber: Int { WallTime.days(fromCivil: year, month, day) }

    private init(dayNumber: Int) {
        let (year, month, day) = WallTime.civil(fromDays: dayNumber)
        packed = Int32(year * 10000 + month * 100 + day)
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
