import VaultMarkdown

extension RecurrenceRule {
    /// The first day after `day` that the rule gives when it starts on `day`, as Tasks
    /// computes it (rrule, then its move back from a day the month lacks); nil when the rule
    /// never gives one (`every February on the 30th`) or it is past the year 9999.
    ///
    /// `every month` from Jan 31 gives Feb 28 (29 in a leap year) and `every year` from
    /// Feb 29 gives Feb 28: Tasks moves the start back a day at a time until the next day is
    /// no more than the interval's months or years away. A rule that names its day (`every
    /// month on the 31st`) skips the months without it instead, as rrule does.
    public func next(after day: CalendarDay) -> CalendarDay? {
        var start = day
        var next = occurrence(after: start)
        for _ in 0..<31 where movesBackToMonthEnd {
            guard let found = next, isTooFar(from: start, to: found) else { break }
            start = start.adding(days: -1)
            next = occurrence(after: start)
        }
        return next.flatMap { $0.year <= 9999 ? $0 : nil }
    }

    /// True when `next` is more months (or years) after `start` than the interval.
    private func isTooFar(from start: CalendarDay, to next: CalendarDay) -> Bool {
        if frequency == .yearly { return next.year - start.year > interval }
        return (next.year - start.year) * 12 + next.month - start.month > interval
    }

    /// rrule's next occurrence after `start` of the rule that starts on `start`: the
    /// periods (weeks, months, years) counted from the start's, every `interval`th one, each
    /// giving its days in order.
    private func occurrence(after start: CalendarDay) -> CalendarDay? {
        switch frequency {
        case .daily:
            return start.adding(days: interval)
        case .weekly:
            let days = weekdays.isEmpty ? [start.weekday] : weekdays.map(\.day)
            // The Monday of the start's week: rrule's weeks start on Monday.
            var monday = start.adding(days: -start.weekday)
            while monday.year < 10_000 {
                for offset in 0..<7 where days.contains(offset) {
                    let candidate = monday.adding(days: offset)
                    if candidate > start { return candidate }
                }
                monday = monday.adding(days: 7 * interval)
            }
            return nil
        case .monthly:
            let monthDays = namesDay ? self.monthDays : [start.day]
            var (year, month) = (start.year, start.month)
            while year <= 9999 {
                let period = CalendarDay.month(year: year, month: month)
                if let found = period.first(where: { $0 > start && matches($0, within: period, monthDays: monthDays) }) {
                    return found
                }
                month += interval
                year += (month - 1) / 12
                month = (month - 1) % 12 + 1
            }
            return nil
        case .yearly:
            var year = start.year
            while year <= 9999 {
                if let found = days(of: year, start: start).first(where: { $0 > start }) { return found }
                year += interval
            }
            return nil
        }
    }

    /// True when the rule names a day (of the month or of the week); else rrule takes the
    /// start's day of the month (and, yearly, its month when none is named).
    private var namesDay: Bool { !weekdays.isEmpty || !monthDays.isEmpty }

    /// The days a yearly rule gives in `year`, in order. An nth weekday counts within each
    /// month when the rule names months, else within the whole year.
    private func days(of year: Int, start: CalendarDay) -> [CalendarDay] {
        let months = self.months.isEmpty ? (namesDay ? Array(1...12) : [start.month]) : self.months.sorted()
        let monthDays = namesDay ? self.monthDays : [start.day]
        if self.months.isEmpty && weekdays.contains(where: { $0.nth != nil }) {
            let wholeYear = (1...12).flatMap { CalendarDay.month(year: year, month: $0) }
            return wholeYear.filter { matches($0, within: wholeYear, monthDays: monthDays) }
        }
        return months.flatMap { month in
            let period = CalendarDay.month(year: year, month: month)
            return period.filter { matches($0, within: period, monthDays: monthDays) }
        }
    }

    /// True when `day` is one of `monthDays` (negative from the month's end; any day when
    /// empty) and one of the rule's weekdays (any when none), an nth weekday counted within
    /// `period`.
    private func matches(_ day: CalendarDay, within period: [CalendarDay], monthDays: [Int]) -> Bool {
        if !monthDays.isEmpty {
            let length = day.daysInMonth
            guard monthDays.contains(where: { $0 > 0 ? $0 == day.day : length + 1 + $0 == day.day }) else { return false }
        }
        guard !weekdays.isEmpty else { return true }
        return weekdays.contains { weekday in
            guard weekday.day == day.weekday else { return false }
            guard let nth = weekday.nth else { return true }
            let same = period.filter { $0.weekday == weekday.day }
            let index = nth > 0 ? nth - 1 : same.count + nth
            return same.indices.contains(index) && same[index] == day
        }
    }
}

extension CalendarDay {
    /// Monday 0 to Sunday 6.
    var weekday: Int {
        let monday = CalendarDay(year: 2000, month: 1, day: 3)!
        return ((monday.days(to: self) % 7) + 7) % 7
    }

    /// How many days this day's month has.
    var daysInMonth: Int {
        (28...31).last { CalendarDay(year: year, month: month, day: $0) != nil }!
    }

    /// The days of a month, in order.
    static func month(year: Int, month: Int) -> [CalendarDay] {
        (1...31).compactMap { CalendarDay(year: year, month: month, day: $0) }
    }

    /// The days of this day's month, in order.
    var monthDays: [CalendarDay] { Self.month(year: year, month: month) }
}
