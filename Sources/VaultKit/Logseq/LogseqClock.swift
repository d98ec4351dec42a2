import VaultMarkdown
import VaultSystem

/// Logseq's time tracking of a task block, as its own change of a task's word writes it: a
/// task that starts (`LATER` to `NOW`, `TODO` to `DOING`) gains an open entry in its
/// `:LOGBOOK:` drawer, `CLOCK: [2026-12-06 Sun 17:45:10]`, and one that stops (back to
/// `LATER` or `TODO`, or `DONE`) has its last entry closed with the time spent,
/// `CLOCK: [2026-12-06 Sun 17:45:10]--[2026-12-06 Sun 17:50:00] =>  00:04:50`.
enum LogseqClock {
    enum Change: Equatable { case clockIn, clockOut }

    /// What changing a task's word from `old` to `new` does to its clock; nil for nothing
    /// (a cancel, or a change across the two workflows, leaves it as Logseq does).
    static func change(from old: String, to new: String) -> Change? {
        switch (old, new) {
        case ("TODO", "DOING"), ("LATER", "NOW"): return .clockIn
        case ("DOING", "TODO"), ("NOW", "LATER"), ("NOW", "DONE"), ("DOING", "DONE"): return .clockOut
        default: return nil
        }
    }

    /// Clocks the task whose word ends its title line at `lineEnd` in or out, at `now` (the
    /// wall time), its times with `seconds` or without; returns how many lines it added.
    /// A clock-out with no open entry last in the drawer, or one that would end before it
    /// started, changes nothing, as in Logseq.
    static func apply(_ change: Change, lineEnd: Int, org: Bool, in bytes: inout [UInt8], now: WallTime, seconds: Bool) -> Int {
        let body = Body(bytes, titleEnd: lineEnd, org: org)
        guard !body.unclosed else { return 0 }
        let stamp = text(now, seconds: seconds)
        switch change {
        case .clockIn:
            if let drawer = body.drawer {
                bytes.insert(contentsOf: Array((drawer.indent + "CLOCK: [\(stamp)]").utf8) + body.ending, at: drawer.end)
                return 1
            }
            var lines = [":LOGBOOK:", "CLOCK: [\(stamp)]", ":END:"].flatMap { Array((body.indent + $0).utf8) + body.ending }
            // After a last line without its line break, the drawer ends without one, as the page did.
            if body.drawerInsertion == bytes.count && bytes.last != 0x0A { lines = body.ending + lines.dropLast(body.ending.count) }
            bytes.insert(contentsOf: lines, at: body.drawerInsertion)
            return 3
        case .clockOut:
            guard let drawer = body.drawer, let last = drawer.lastEntry else { return 0 }
            let entry = String(decoding: bytes[last], as: UTF8.self).trimmed()
            guard entry.hasPrefix("CLOCK: ["), entry.hasSuffix("]"), !entry.contains("--"),
                let started = parse(String(entry.dropFirst(8).dropLast()))
            else { return 0 }
            let spent = Int(now.utcDate.timeIntervalSince(started.utcDate))
            guard spent >= 0 else { return 0 }
            let span = seconds
                ? "\(Digits.decimal(spent / 3600, width: 2)):\(Digits.decimal(spent / 60 % 60, width: 2)):\(Digits.decimal(spent % 60, width: 2))"
                : "\(Digits.decimal(spent / 3600, width: 2)):\(Digits.decimal(spent / 60 % 60, width: 2))"
            let closed = "\(entry.dropLast())]--[\(stamp)] =>  \(span)"
            var start = last.lowerBound
            while start < last.upperBound && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
            var end = last.upperBound
            while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D) { end -= 1 }
            bytes.replaceSubrange(start..<end, with: Array(closed.utf8))
            return 0
        }
    }

    /// `2026-12-06 Sun 17:45:10`, Logseq's clock time (without the seconds when asked).
    static func text(_ time: WallTime, seconds: Bool) -> String {
        let day = CalendarDay(year: time.year, month: time.month, day: time.day)
        let weekday = day.map { weekdays[$0.weekday] } ?? ""
        return time.dayText + " " + weekday + " " + time.clockText(separator: ":", seconds: seconds)
    }

    /// The wall time of a clock entry's time, with or without its seconds.
    static func parse(_ text: String) -> WallTime? {
        let parts = text.split(separator: " ")
        guard parts.count == 3, let day = CalendarDay(String(parts[0])), parts[1].count == 3 else { return nil }
        let clock = parts[2].split(separator: ":").map { Int($0) }
        guard clock.count == 2 || clock.count == 3, clock.allSatisfy({ $0 != nil }) else { return nil }
        let (hour, minute, second) = (clock[0]!, clock[1]!, clock.count == 3 ? clock[2]! : 0)
        guard hour < 24, minute < 60, second < 60 else { return nil }
        return WallTime(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: second)
    }

    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// The lines of a block after its title, up to its first child or next block.
    private struct Body {
        /// The white space a line of the block's text starts with.
        var indent = ""
        /// The line ending the note writes.
        var ending: [UInt8] = [0x0A]
        /// Where a new drawer goes: after the title and the dates and properties under it.
        var drawerInsertion: Int
        /// The block's `:LOGBOOK:` drawer: the white space of its lines, where its `:END:`
        /// line starts, and its last line before that, if any.
        var drawer: (indent: String, end: Int, lastEntry: Range<Int>?)?
        /// True when a `:LOGBOOK:` under the title has no `:END:` in the block.
        var unclosed = false

        init(_ bytes: [UInt8], titleEnd: Int, org: Bool) {
            var lineStart = titleEnd
            while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            var bullet = lineStart
            while bullet < titleEnd && (bytes[bullet] == 0x20 || bytes[bullet] == 0x09) { bullet += 1 }
            if !org { indent = String(decoding: bytes[lineStart..<bullet], as: UTF8.self) + "  " }
            if titleEnd < bytes.count {
                if titleEnd > 0 && bytes[titleEnd - 1] == 0x0D { ending = [0x0D, 0x0A] }
            } else {
                // A last line without its line break: the note's own breaks say which.
                ending = NoteText.lineEnding(of: bytes)
            }
            // A note whose last line is the title gains the line break it lacks first.
            drawerInsertion = min(titleEnd + 1, bytes.count)
            var position = titleEnd + 1
            var opened: (indent: String, contentStart: Int)?
            var last: Range<Int>?
            while position < bytes.count {
                var start = position
                while start < bytes.count && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
                var end = start
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                let text = String(decoding: bytes[start..<end], as: UTF8.self).trimmed()
                let depth = start - position
                let ends = org ? text.hasPrefix("*") && (text.drop { $0 == "*" }.first == " ") : text.isEmpty || text == "-" || text.hasPrefix("- ") || depth <= bullet - lineStart
                if ends {
                    // A drawer the block does not close is not one to write in: the lines
                    // after the block belong to another.
                    if opened != nil { unclosed = true }
                    break
                }
                if let open = opened {
                    if text.uppercased() == ":END:" {
                        drawer = (open.indent, position, last)
                        break
                    }
                    last = position..<end
                } else if text.uppercased() == ":LOGBOOK:" {
                    opened = (String(decoding: bytes[position..<start], as: UTF8.self), position)
                } else if Self.isHeader(text, org: org) {
                    drawerInsertion = min(end + 1, bytes.count)
                } else {
                    // Logseq's drawer sits under the title, its dates and properties; one
                    // further down (in a code sample) is the block's text.
                    break
                }
                position = end + 1
            }
            if opened != nil && drawer == nil { unclosed = true }
        }

        /// True for a line Logseq keeps above a new drawer: a date, a property.
        private static func isHeader(_ text: String, org: Bool) -> Bool {
            if text.hasPrefix("SCHEDULED:") || text.hasPrefix("DEADLINE:") { return true }
            if org { return text.hasPrefix(":") && text.hasSuffix(":") || text.hasPrefix(":") && text.contains(": ") }
            // A property, `key:: value`: a key of no spaces, then two colons.
            guard let colons = text.firstRange(of: "::"), colons.lowerBound > text.startIndex else { return false }
            return !text[..<colons.lowerBound].contains(" ") && (colons.upperBound == text.endIndex || text[colons.upperBound] == " ")
        }
    }
}
