import VaultMarkdown
import VaultSystem

/// A `SCHEDULED:` or `DEADLINE:` date of a Logseq task that repeats (`<2024-01-01 Mon .+1d>`).
/// Done, such a task stays to do and its dates move to their next occurrence, as Logseq's
/// own check does: marking it `DONE` would end the repeat.
struct LogseqRepeater: Sendable, Equatable {
    /// How the next date is counted (Logseq's `Tasks` page, org-mode's repeaters).
    enum Kind: Sendable, Equatable {
        /// `+`: from the date written, once.
        case fromDate
        /// `.+`: from the day the task is done.
        case fromToday
        /// `++`: from the date written, as many times as it takes to pass today (a weekly
        /// task stays on its day of the week).
        case pastToday
    }

    /// Where the stamp's date is (its ten bytes) and its day-of-week word, if written.
    var date: Range<Int>
    var weekday: Range<Int>?
    var day: CalendarDay
    var kind: Kind
    var count: Int
    /// `h`, `d`, `w`, `m` or `y`.
    var unit: UInt8

    /// The repeating stamps under the task whose line ends at `lineEnd`, of the lines
    /// `LogseqMarker.stamps` finds (those `LogseqMarker.readFields` reads the dates of).
    static func stamps(in bytes: [UInt8], lineEnd: Int) -> [LogseqRepeater] {
        LogseqMarker.stamps(bytes, lineEnd: lineEnd).compactMap { read(bytes, at: $0.date, end: $0.end) }
    }

    /// Reads `YYYY-MM-DD[ Www][ HH:MM] REPEATER>` at `start`; nil for a stamp that does not
    /// repeat, or one written otherwise.
    private static func read(_ bytes: [UInt8], at start: Int, end: Int) -> LogseqRepeater? {
        guard let day = CalendarDay.parse(bytes, at: start) else { return nil }
        var position = start + 10
        var weekday: Range<Int>?
        func word(_ accepts: (UInt8) -> Bool) -> Range<Int>? {
            guard position < end, bytes[position] == 0x20 else { return nil }
            var stop = position + 1
            while stop < end && accepts(bytes[stop]) { stop += 1 }
            guard stop > position + 1 else { return nil }
            defer { position = stop }
            return position + 1..<stop
        }
        let isLetter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte >= 0x80 }
        if let letters = word(isLetter) { weekday = letters }
        // A time, or a span of time (`07:00-08:30`).
        _ = word { (UInt8(ascii: "0")...UInt8(ascii: ":")).contains($0) || $0 == UInt8(ascii: "-") }
        guard let repeater = word({ $0 != UInt8(ascii: ">") && $0 != 0x20 }) else { return nil }
        // A warning period after the repeater (`-3d`) says when to warn, not when to repeat.
        if position < end && bytes[position] == 0x20 && position + 1 < end && bytes[position + 1] == UInt8(ascii: "-") {
            _ = word { $0 != UInt8(ascii: ">") && $0 != 0x20 }
        }
        guard position < end, bytes[position] == UInt8(ascii: ">") else { return nil }
        var cursor = repeater.lowerBound
        let kind: Kind
        if bytes[cursor] == UInt8(ascii: ".") && bytes[cursor + 1] == UInt8(ascii: "+") {
            (kind, cursor) = (.fromToday, cursor + 2)
        } else if bytes[cursor] == UInt8(ascii: "+") && cursor + 1 < repeater.upperBound && bytes[cursor + 1] == UInt8(ascii: "+") {
            (kind, cursor) = (.pastToday, cursor + 2)
        } else if bytes[cursor] == UInt8(ascii: "+") {
            (kind, cursor) = (.fromDate, cursor + 1)
        } else {
            return nil
        }
        let digits = repeater.upperBound - 1 - cursor
        guard (1...4).contains(digits), let count = Digits.value(of: bytes, at: cursor, count: digits), count > 0,
            Array("hdwmy".utf8).contains(bytes[repeater.upperBound - 1])
        else { return nil }
        return LogseqRepeater(date: start..<start + 10, weekday: weekday, day: day, kind: kind, count: count, unit: bytes[repeater.upperBound - 1])
    }

    /// The stamp's next date, for a task done `today`; nil for an hourly repeater, whose next
    /// time depends on the hour it is done.
    func next(today: CalendarDay) -> CalendarDay? {
        guard unit != UInt8(ascii: "h") else { return nil }
        switch kind {
        case .fromDate: return step(day, times: 1)
        case .fromToday: return step(today, times: 1)
        case .pastToday:
            var times = 1
            while let next = step(day, times: times), next <= today { times += 1 }
            return step(day, times: times)
        }
    }

    /// `from` moved on by `times` repeats; a month or year step keeps the day of the month,
    /// or the month's last day when it has no such day (Jan 31 and a month: Feb 28).
    private func step(_ from: CalendarDay, times: Int) -> CalendarDay? {
        let amount = count * times
        switch unit {
        case UInt8(ascii: "d"): return from.adding(days: amount)
        case UInt8(ascii: "w"): return from.adding(days: 7 * amount)
        case UInt8(ascii: "m"), UInt8(ascii: "y"):
            let months = from.month - 1 + (unit == UInt8(ascii: "y") ? 12 * amount : amount)
            let (year, month) = (from.year + months / 12, months % 12 + 1)
            guard let first = CalendarDay(year: year, month: month, day: 1) else { return nil }
            return CalendarDay(year: year, month: month, day: min(from.day, first.daysInMonth))
        default: return nil
        }
    }

    /// What the stamp's bytes become once it moved to `next`: its date and its day-of-week
    /// word, as Logseq writes them.
    func replacements(to next: CalendarDay) -> [(Range<Int>, [UInt8])] {
        var made = [(date, Array(next.description.utf8))]
        if let weekday { made.append((weekday, Array(Self.weekdayNames[next.weekday].utf8))) }
        return made
    }

    private static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
}
