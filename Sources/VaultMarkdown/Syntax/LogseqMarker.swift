
/// The word a Logseq task block starts with (`- TODO call back`): its state, and the word
/// a state is written with, in the workflow the task already follows (`TODO`/`DOING` or
/// `LATER`/`NOW`).
package struct LogseqMarker: Sendable {
    /// The words, each with the state it stands for.
    package static let words: [(word: String, state: TaskState)] = [
        ("TODO", .open), ("LATER", .open), ("WAITING", .open), ("WAIT", .open), ("DOING", .inProgress), ("NOW", .inProgress),
        ("IN-PROGRESS", .inProgress), ("DONE", .done), ("CANCELED", .cancelled), ("CANCELLED", .cancelled),
    ]

    package var range: Range<Int>
    package var state: TaskState

    /// The marker word at `start`, followed by a space, a tab or the end of the line.
    package init?(_ text: UnsafeBufferPointer<UInt8>, at start: Int) {
        guard start < text.count, text[start] >= UInt8(ascii: "C"), text[start] <= UInt8(ascii: "W") else { return nil }
        for (word, state) in Self.words {
            let end = start + word.utf8.count
            guard end <= text.count, word.utf8.elementsEqual(text[start..<end]) else { continue }
            guard end == text.count || [0x20, 0x09, 0x0A, 0x0D].contains(text[end]) else { continue }
            range = start..<end
            self.state = state
            return
        }
        return nil
    }

    /// The word that writes `state` for a task now written `current`: Logseq's `NOW`
    /// workflow (`LATER`, `NOW`) where the task uses it, `TODO` and `DOING` where it uses
    /// that one, and for a task in neither (`DONE`, `WAITING`) the graph's preferred one.
    /// Nil for a state Logseq has no word for (forwarded, other).
    package static func word(for state: TaskState, replacing current: String, prefersNow: Bool = true) -> String? {
        let now = current == "LATER" || current == "NOW" || (current != "TODO" && current != "DOING" && prefersNow)
        switch state {
        case .open: return now ? "LATER" : "TODO"
        case .inProgress: return now ? "NOW" : "DOING"
        case .done: return "DONE"
        case .cancelled: return current == "CANCELLED" ? "CANCELLED" : "CANCELED"
        case .forwarded, .other: return nil
        }
    }

    /// True when some line may start a Logseq task: list markers (bullets, `1.`; in org, a
    /// headline's stars), white space, then a word. Never false where the outline's reading
    /// finds a task (a byte-order mark first, `- - TODO`, `1. TODO`): with no record of a
    /// note, this look decides alone what a record would say.
    package static func mayStartTask(_ bytes: [UInt8], org: Bool = false) -> Bool {
        bytes.withUnsafeBufferPointer { text in
            var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while position < text.count {
                var cursor = position
                var markers = 0
                while cursor < text.count {
                    while cursor < text.count && (text[cursor] == 0x20 || text[cursor] == 0x09 || text[cursor] == UInt8(ascii: ">")) {
                        cursor += 1
                    }
                    guard cursor < text.count else { break }
                    var next = cursor
                    let byte = text[cursor]
                    if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") {
                        next += 1
                        while org && next < text.count && text[next] == UInt8(ascii: "*") { next += 1 }
                    } else {
                        while next < text.count && text[next] >= 0x30 && text[next] <= 0x39 { next += 1 }
                        guard next > cursor, next < text.count, text[next] == UInt8(ascii: ".") || text[next] == UInt8(ascii: ")") else { break }
                        next += 1
                    }
                    guard next < text.count, text[next] == 0x20 || text[next] == 0x09 else { break }
                    markers += 1
                    cursor = next
                }
                if markers > 0 && cursor < text.count && LogseqMarker(text, at: cursor) != nil { return true }
                while position < text.count && text[position] != 0x0A { position += 1 }
                position += 1
            }
            return false
        }
    }

    /// Reads what Logseq writes around a task's text: a priority `[#A]` (high), `[#B]`
    /// (medium) or `[#C]` (low) at its start, and the `SCHEDULED: <2021-02-02 Tue>` and
    /// `DEADLINE: <…>` lines right under it (the deadline is the task's due date).
    package static func readFields(_ bytes: [UInt8], lineEnd: Int, into fact: inout TaskFact) {
        let text = fact.text
        if text.count >= 4, bytes[text.lowerBound] == UInt8(ascii: "["), bytes[text.lowerBound + 1] == UInt8(ascii: "#"),
            bytes[text.lowerBound + 3] == UInt8(ascii: "]"), fact.priority == nil
        {
            switch bytes[text.lowerBound + 2] {
            case UInt8(ascii: "A"): fact.priority = .high
            case UInt8(ascii: "B"): fact.priority = .medium
            case UInt8(ascii: "C"): fact.priority = .low
            default: break
            }
        }
        for stamp in stamps(bytes, lineEnd: lineEnd) {
            guard let day = CalendarDay.parse(bytes, at: stamp.date) else { continue }
            if stamp.isDeadline { fact.due = fact.due ?? day } else { fact.scheduled = fact.scheduled ?? day }
        }
    }

    /// The `SCHEDULED: <…>` and `DEADLINE: <…>` lines of the block whose first line ends at
    /// `lineEnd`: only the lines of the block itself, before any child block or a blank
    /// line. Each with where its stamp's text starts (after `<`) and where its line ends.
    package static func stamps(_ bytes: [UInt8], lineEnd: Int) -> [(isDeadline: Bool, date: Int, end: Int)] {
        var found: [(isDeadline: Bool, date: Int, end: Int)] = []
        var position = lineEnd + 1
        for _ in 0..<4 {
            guard position < bytes.count else { break }
            var start = position
            while start < bytes.count && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            position = end + 1
            let line = bytes[start..<end]
            if line.starts(with: "SCHEDULED: <".utf8) {
                found.append((false, start + 12, end))
            } else if line.starts(with: "DEADLINE: <".utf8) {
                found.append((true, start + 11, end))
            } else if line.isEmpty || line.elementsEqual([0x0D]) || line.starts(with: "- ".utf8) || line.first == UInt8(ascii: "-") && line.count == 1 {
                break
            }
        }
        return found
    }
}
