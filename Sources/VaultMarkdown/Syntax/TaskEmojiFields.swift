/// The Obsidian Tasks fields of one task's text, each with its bytes, for an edit that moves,
/// drops or adds them: the dates (`📅 ⏳ 🛫 ✅ ❌ ➕`, and `due:`), the recurrence rule `🔁`,
/// the action on completion `🏁`, and the dependency fields `🆔` and `⛔`. Nothing inside an
/// inline code span (as the note's structure finds them) counts.
///
/// A date field is read by its shape (`DDDD-DD-DD`), so a day that does not exist
/// (`2024-02-30`) is found too, with a nil `day`: an edit must not move what it cannot read.
package struct TaskEmojiFields {
    package enum Kind: Sendable, Equatable {
        case due, scheduled, start, done, cancelled, created
        case recurrence, onCompletion, id, dependsOn

        /// True for the dates a next occurrence moves.
        package var isPlanningDate: Bool { self == .due || self == .scheduled || self == .start }

        /// The kind of a field of the shared table; nil for a priority, which an edit keeps
        /// where it is.
        init?(_ shared: TaskFieldEmoji.Kind) {
            switch shared {
            case .due: self = .due
            case .scheduled: self = .scheduled
            case .start: self = .start
            case .done: self = .done
            case .cancelled: self = .cancelled
            case .created: self = .created
            case .recurrence: self = .recurrence
            case .onCompletion: self = .onCompletion
            case .id: self = .id
            case .dependsOn: self = .dependsOn
            case .priority: return nil
            }
        }
    }

    package struct Field: Sendable, Equatable {
        package var kind: Kind
        /// The field with the white space before it: what is cut when it is dropped.
        package var range: Range<Int>
        /// The value after the emoji and its white space (the date, the rule, the action).
        package var value: Range<Int>
        /// The day of a date field; nil when the date names no real day.
        package var day: CalendarDay?
    }

    /// The fields, in the order written: Tasks' own in the run at the end of the text only,
    /// `due:` anywhere.
    package var fields: [Field] = []
    /// Where the run of fields, tags and white space that ends the text starts (a block id
    /// after it allowed). Obsidian Tasks reads its fields from the end of a task's text back,
    /// so a field with words after it (`📅 2026-01-05 at noon`) is part of the description.
    package private(set) var trailingStart: Int

    /// Reads the fields of `bytes[range]`; `codeSpans` are the note's, sorted.
    package init(_ bytes: [UInt8], _ range: Range<Int>, codeSpans spans: [Range<Int>]) {
        var found: [(field: Field, anywhere: Bool)] = []
        // What the run at the end may be made of: every field, priority and tag, from its
        // first byte (the white space before it left out).
        var parts: [Range<Int>] = []
        var position = range.lowerBound
        var previous: UInt8 = 0x20
        while position < range.upperBound {
            let byte = bytes[position]
            let wordStart = previous == 0x20 || previous == 0x09
            let afterField = previous == UInt8(ascii: "]") || previous == UInt8(ascii: ")")
            previous = byte
            guard byte == 0xF0 || byte == 0xE2
                || (wordStart && ((byte | 0x20) == UInt8(ascii: "d") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "!")))
                || ((wordStart || afterField) && (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "("))),
                !TaskSyntax.contains(spans, position)
            else {
                position += 1
                continue
            }
            let next: Int?
            if let field = Self.field(bytes, at: position, in: range) {
                found.append((field, (byte | 0x20) == UInt8(ascii: "d")))
                next = field.range.upperBound
            } else {
                next = Self.otherPart(bytes, at: position, end: range.upperBound)
            }
            if let next {
                parts.append(position..<next)
                position = next
                previous = bytes[position - 1]
            } else {
                position += 1
            }
        }
        let trailing = Self.trailingStart(bytes, range, parts: parts)
        trailingStart = trailing
        fields = found.filter { $0.anywhere || $0.field.value.lowerBound >= trailing }.map(\.field)
    }

    /// Where a priority (`🔼`, `[priority:: high]`, `!high`) or a tag at `position` ends: parts
    /// of the run at the end that are not fields of this reader.
    private static func otherPart(_ bytes: [UInt8], at position: Int, end: Int) -> Int? {
        switch bytes[position] {
        case UInt8(ascii: "#"):
            // What Tasks takes for a tag at the end of a task (`#123` and `#a+b` too): up to
            // white space or one of its stop characters.
            var cursor = position + 1
            while cursor < end && !Self.endsHashTag(bytes[cursor]) { cursor += 1 }
            return cursor > position + 1 ? cursor : nil
        case UInt8(ascii: "!"):
            guard let word = TaskFields.words.first(where: { bytes[position..<end].starts(with: $0.bytes) }) else { return nil }
            let after = position + word.bytes.count
            return TaskFieldEmoji.endsWord(bytes, after, end) ? after : nil
        case UInt8(ascii: "["), UInt8(ascii: "("):
            guard let field = DataviewField.read(bytes, at: position, end: end), field.key == .priority else { return nil }
            return field.range.upperBound
        default:
            guard let emoji = TaskFieldEmoji.match(bytes, at: position), case .priority = emoji.kind else { return nil }
            return emoji.end
        }
    }

    /// The start of the run at the end of `range` made of `parts` (sorted), white space, a
    /// comma after a Dataview field, and a last block id (`^abc-1`), which Tasks sets aside first.
    private static func trailingStart(_ bytes: [UInt8], _ range: Range<Int>, parts: [Range<Int>]) -> Int {
        func isSpace(_ at: Int) -> Bool { bytes[at] == 0x20 || bytes[at] == 0x09 }
        var start = range.upperBound
        var cursor = start
        while cursor > range.lowerBound && (isLetter(bytes[cursor - 1]) || isDigit(bytes[cursor - 1]) || bytes[cursor - 1] == UInt8(ascii: "-")) {
            cursor -= 1
        }
        if cursor < start, cursor - 1 > range.lowerBound, bytes[cursor - 1] == UInt8(ascii: "^"), isSpace(cursor - 2) { start = cursor - 1 }
        var index = parts.count - 1
        while true {
            while start > range.lowerBound && isSpace(start - 1) { start -= 1 }
            while index >= 0 && parts[index].upperBound > start { index -= 1 }
            guard index >= 0 else { break }
            var end = start
            if end > range.lowerBound && bytes[end - 1] == UInt8(ascii: ",") && [UInt8(ascii: "]"), UInt8(ascii: ")")].contains(bytes[parts[index].upperBound - 1]) {
                end -= 1
                while end > range.lowerBound && isSpace(end - 1) { end -= 1 }
            }
            guard parts[index].upperBound == end else { break }
            start = parts[index].lowerBound
            index -= 1
        }
        return start
    }

    /// The fields of one kind.
    package func all(_ kind: Kind) -> [Field] { fields.filter { $0.kind == kind } }

    /// The first field of one kind.
    package func first(_ kind: Kind) -> Field? { fields.first { $0.kind == kind } }

    /// The field that starts at `position`, if one does.
    private static func field(_ bytes: [UInt8], at position: Int, in range: Range<Int>) -> Field? {
        let end = range.upperBound
        var start = position
        while start > range.lowerBound && (bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09) { start -= 1 }
        if bytes[position] == UInt8(ascii: "[") || bytes[position] == UInt8(ascii: "(") {
            return dataview(bytes, at: position, from: start, in: range)
        }
        if (bytes[position] | 0x20) == UInt8(ascii: "d") {
            let word = Array("due:".utf8)
            guard position + 14 <= end, zip(bytes[position..<position + 4], word).allSatisfy({ $0 | 0x20 == $1 }),
                isDateShape(bytes, position + 4), TaskFieldEmoji.endsWord(bytes, position + 14, end)
            else { return nil }
            return Field(
                kind: .due, range: start..<position + 14, value: position + 4..<position + 14,
                day: CalendarDay.parse(bytes, at: position + 4))
        }
        guard let (shared, afterEmoji) = TaskFieldEmoji.match(bytes, at: position), let kind = Kind(shared) else { return nil }
        var cursor = afterEmoji
        while cursor < end && (bytes[cursor] == 0x20 || bytes[cursor] == 0x09) { cursor += 1 }
        let valueStart = cursor
        switch kind {
        case .recurrence:
            // Tasks reads a rule as letters, digits, spaces, commas and `!`; a `due:` date
            // after it is a field of its own.
            while cursor < end && isRuleByte(bytes[cursor]) {
                if bytes[cursor - 1] == 0x20 && (bytes[cursor] | 0x20) == UInt8(ascii: "d"),
                    field(bytes, at: cursor, in: range)?.kind == .due
                {
                    break
                }
                cursor += 1
            }
            while cursor > valueStart && (bytes[cursor - 1] == 0x20 || bytes[cursor - 1] == 0x09) { cursor -= 1 }
        case .onCompletion:
            while cursor < end && isLetter(bytes[cursor]) { cursor += 1 }
        case .id, .dependsOn:
            func isIDByte(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") }
            while cursor < end {
                if isIDByte(bytes[cursor]) {
                    cursor += 1
                    continue
                }
                // Dependencies are a list, white space allowed around its commas (`x1, x2`).
                guard kind == .dependsOn else { break }
                var next = cursor
                while next < end && bytes[next] == 0x20 { next += 1 }
                guard next < end, bytes[next] == UInt8(ascii: ",") else { break }
                next += 1
                while next < end && bytes[next] == 0x20 { next += 1 }
                guard next < end, isIDByte(bytes[next]) else { break }
                cursor = next
            }
        default:
            guard cursor + 10 <= end, isDateShape(bytes, cursor), TaskFieldEmoji.endsWord(bytes, cursor + 10, end) else { return nil }
            return Field(kind: kind, range: start..<cursor + 10, value: cursor..<cursor + 10, day: CalendarDay.parse(bytes, at: cursor))
        }
        // A `🔁` without a rule is kept, for the warning that it has none.
        guard cursor > valueStart || kind == .recurrence else { return nil }
        return Field(kind: kind, range: start..<cursor, value: valueStart..<cursor, day: nil)
    }

    /// A field in Dataview's format (`[completion:: 2024-01-05]`) as the field of its kind;
    /// nil for a priority (kept where it is, as an emoji's is) or a date that is no date.
    private static func dataview(_ bytes: [UInt8], at position: Int, from start: Int, in range: Range<Int>) -> Field? {
        guard let field = DataviewField.read(bytes, at: position, end: range.upperBound) else { return nil }
        let kind: Kind
        switch field.key {
        case .due: kind = .due
        case .scheduled: kind = .scheduled
        case .start: kind = .start
        case .created: kind = .created
        case .completion: kind = .done
        case .cancelled: kind = .cancelled
        case .repeatRule: kind = .recurrence
        case .onCompletion: kind = .onCompletion
        case .id: kind = .id
        case .dependsOn: kind = .dependsOn
        case .priority: return nil
        }
        let day = field.day(in: bytes)
        // A date that names no day (`2026-02-30`) is still the field, as an emoji's is.
        if [.due, .scheduled, .start, .created, .done, .cancelled].contains(kind)
            && (field.value.count != 10 || !isDateShape(bytes, field.value.lowerBound))
        {
            return nil
        }
        return Field(kind: kind, range: start..<field.range.upperBound, value: field.value, day: day)
    }

    private static func isDateShape(_ bytes: [UInt8], _ at: Int) -> Bool {
        guard at + 10 <= bytes.count else { return false }
        for index in 0..<10 {
            let byte = bytes[at + index]
            if index == 4 || index == 7 {
                if byte != UInt8(ascii: "-") { return false }
            } else if !isDigit(byte) {
                return false
            }
        }
        return true
    }

    private static func endsHashTag(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || Array(#"!@#$%^&*(),.?":{}|<>"#.utf8).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private static func isRuleByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == 0x20 || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "!")
    }
}
