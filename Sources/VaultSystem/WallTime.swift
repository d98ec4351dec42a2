import FoundationEssentials
import Glibc

/// The date and time a wall clock shows at an instant, in a time zone: what a journal's day,
/// a capture's title or a timestamp is made of.
///
/// The machine's local time is the C library's (the `TZ` variable, else `/etc/localtime`):
/// the time zones of the runtime's own calendar need a library of a megabyte's weight loaded
/// at every start, and this takes a call.
public struct WallTime: Sendable, Equatable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    /// A time zone, as far as a wall clock needs one.
    public enum Zone: Sendable, Equatable {
        /// The machine's local time, daylight saving included.
        case local
        /// A fixed offset east of UTC, in seconds.
        case offset(seconds: Int)

        public static let utc = Zone.offset(seconds: 0)
    }

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// What the clock shows at `date` in `zone` (whole seconds, rounded down).
    public init(_ date: Date, in zone: Zone = .local) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        switch zone {
        case .offset(let offset):
            self.init(secondsSinceEpoch: seconds + offset)
        case .local:
            var time = time_t(seconds)
            var parts = tm()
            guard localtime_r(&time, &parts) != nil else {
                self.init(secondsSinceEpoch: seconds)
                return
            }
            self.init(
                year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday), hour: Int(parts.tm_hour),
                minute: Int(parts.tm_min), second: Int(parts.tm_sec))
        }
    }

    /// The wall time of UTC `seconds` after 1970-01-01T00:00:00.
    private init(secondsSinceEpoch seconds: Int) {
        let (days, rest) = Self.floorDivision(seconds, 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        self.init(year: year, month: month, day: day, hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)
    }

    /// The instant this wall time names in UTC.
    public var utcDate: Date {
        let days = Self.days(fromCivil: year, month, day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// The day, `2026-11-30`.
    public var dayText: String {
        Digits.decimal(year, width: 4) + "-" + Digits.decimal(month, width: 2) + "-" + Digits.decimal(day, width: 2)
    }

    /// The time of day, two digits each, `09:00:00` with `separator` ":" (without the seconds
    /// when `seconds` is false).
    public func clockText(separator: String, seconds: Bool = true) -> String {
        (seconds ? [hour, minute, second] : [hour, minute]).map { Digits.decimal($0, width: 2) }.joined(separator: separator)
    }

    /// `2026-11-30T09:00:00Z`: `date` in UTC, as ISO 8601's internet form writes it.
    public static func iso8601(_ date: Date) -> String {
        let time = WallTime(date, in: .utc)
        return time.dayText + "T" + time.clockText(separator: ":") + "Z"
    }

    /// Reads an ISO 8601 time, `2026-11-30T09:00:00Z`, with a fraction of a second or an offset
    /// (`+02:00`, `+0200`) in the place of `Z`, or a day, `2026-11-30`, taken as midnight UTC;
    /// nil for anything else.
    public static func parseISO8601(_ text: String) -> Date? {
        var reader = DigitReader(bytes: Array(text.utf8))
        guard let year = reader.number(4), year >= 1, reader.skip("-"), let month = reader.number(2), reader.skip("-"), let day = reader.number(2),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        if reader.atEnd { return WallTime(year: year, month: month, day: day).utcDate }
        guard reader.skip("T"), let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2), reader.skip(":"),
            let second = reader.number(2), hour < 24, minute < 60, second < 60
        else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            var scale = 0.1
            var digits = 0
            while let digit = reader.number(1) {
                fraction += Double(digit) * scale
                scale /= 10
                digits += 1
            }
            guard digits > 0 else { return nil }
        }
        var offset = 0
        if !reader.skip("Z") {
            let sign: Int
            if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
            guard let hours = reader.number(2) else { return nil }
            _ = reader.skip(":")
            guard let minutes = reader.number(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard reader.atEnd else { return nil }
        let base = WallTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second).utcDate
        return base.addingTimeInterval(fraction - Double(offset))
    }

    /// Days since 1970-01-01 of a day of the proleptic Gregorian calendar (Howard Hinnant's
    /// days-from-civil algorithm).
    public static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = floorDivision(shifted, 400).quotient
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        return era * 146_097 + (yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear) - 719_468
    }

    /// The day of the proleptic Gregorian calendar `days` after 1970-01-01.
    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days of `month` in `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = (value % divisor + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }

    /// Reads fixed runs of ASCII digits and single marks from a string's bytes.
    private struct DigitReader {
        let bytes: [UInt8]
        var offset = 0

        var atEnd: Bool { offset == bytes.count }

        mutating func number(_ count: Int) -> Int? {
            guard let value = Digits.value(of: bytes, at: offset, count: count) else { return nil }
            offset += count
            return value
        }

        mutating func skip(_ mark: Unicode.Scalar) -> Bool {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: mark) else { return false }
            offset += 1
            return true
        }
    }
}
