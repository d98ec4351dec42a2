import VaultSystem

/// The fields of a task's text (DESIGN.md 5): `due:YYYY-MM-DD`, the Obsidian Tasks emoji
/// dates (`📅` due, `⏳` scheduled, `🛫` start, `✅` done), priorities (`!high !med !low`,
/// `🔺 ⏫ 🔼 🔽 ⏬`) and inline `#tags`. Nothing inside an inline code span (as the note's
/// structure finds them) counts.
package struct TaskFields {
    package var due: CalendarDay?
    package var scheduled: CalendarDay?
    package var start: CalendarDay?
    package var done: CalendarDay?
    package var priority: TaskPriority?
    package var tags: [String] = []
    /// True when the text holds any emoji date field.
    package var usesEmojiDates = false
    /// The `✅ YYYY-MM-DD` field with the white space before it, if any.
    package var doneField: Range<Int>?
    /// The `❌ YYYY-MM-DD` field (or Dataview's `[cancelled:: …]`) with the white space before it.
    package var cancelledField: Range<Int>?
    /// Byte ranges of the fields, cut out of the description.
    var fieldRanges: [Range<Int>] = []
    /// True when the text holds a tab or a run of spaces, which the description collapses.
    var needsCollapse = false
    /// Where the first of Tasks' own fields (an emoji's, a Dataview one) was taken.
    private var firstTasksField: Int?
    /// True when something this reader takes for no field or tag follows that first field.
    private var wordsAfterField = false

    /// The priorities written as words, each with its `!`.
    static let words: [(bytes: [UInt8], priority: TaskPriority)] =
        ([
            ("!high", .high), ("!medium", .medium), ("!med", .medium), ("!low", .low),
        ] as [(String, TaskPriority)]).map { (Array($0.0.utf8), $0.1) }

    /// Reads the fields of `bytes[range]`; `codeSpans` are the note's, sorted.
    package init(_ bytes: [UInt8], _ range: Range<Int>, codeSpans spans: [Range<Int>]) {
        self.init(bytes, range, codeSpans: spans, tasksFieldsFrom: range.lowerBound)
        // Tasks reads its fields in the run at the end of the text only (`TaskEmojiFields`
        // finds where it starts); the rare task with one before it is read again without it.
        // Only fields, tags and white space after the first one: it is in the run already.
        guard let first = firstTasksField, wordsAfterField else { return }
        let trailing = TaskEmojiFields(bytes, range, codeSpans: spans).trailingStart
        if first < trailing { self = TaskFields(bytes, range, codeSpans: spans, tasksFieldsFrom: trailing) }
    }

    /// Reads the fields of `bytes[range]`, Tasks' own from `floor` on only.
    private init(_ bytes: [UInt8], _ range: Range<Int>, codeSpans spans: [Range<Int>], tasksFieldsFrom floor: Int) {
        // The first span that ends inside or after the text.
        var spanIndex = 0
        var high = spans.count
        while spanIndex < high {
            let middle = (spanIndex + high) / 2
            if spans[middle].upperBound <= range.lowerBound { spanIndex = middle + 1 } else { high = middle }
        }
        var position = range.lowerBound
        let end = range.upperBound
        var previous: UInt8 = 0x20
        // The text's inline HTML tags, found once a `#` needs them.
        var htmlTags: [Range<Int>]?
        while position < end {
            let byte = bytes[position]
            // Most bytes start nothing; a field starts at a word (or is an emoji anywhere).
            let wordStart = previous == 0x20 || previous == 0x09
            // Dataview's fields may follow one another with no space (`[a:: 1][b:: 2]`).
            let afterField = previous == UInt8(ascii: "]") || previous == UInt8(ascii: ")")
            previous = byte
            if byte == 0x09 || (byte == 0x20 && wordStart && position > range.lowerBound) { needsCollapse = true }
            guard
                byte >= 0xE2
                    || (wordStart
                        && (byte == UInt8(ascii: "d") || byte == UInt8(ascii: "D") || byte == UInt8(ascii: "!")
                            || byte == UInt8(ascii: "#")))
                    || ((wordStart || afterField) && (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(")))
            else {
                if byte != 0x20 && byte != 0x09 && firstTasksField != nil { wordsAfterField = true }
                position += 1
                continue
            }
            while spanIndex < spans.count && spans[spanIndex].upperBound <= position { spanIndex += 1 }
            if spanIndex < spans.count && spans[spanIndex].contains(position) {
                if firstTasksField != nil { wordsAfterField = true }
                position += 1
                continue
            }
            var next: Int?
            if byte >= 0xE2 {
                if (byte == 0xF0 || byte == 0xE2) && position >= floor && position + 1 < end
                    && TaskFieldEmoji.mayStart(byte, bytes[position + 1])
                {
                    next = readEmoji(bytes, at: position, in: range)
                    if next != nil && firstTasksField == nil { firstTasksField = position }
                }
            } else if byte == UInt8(ascii: "#") {
                let (tag, tagEnd) = TagScanner.readTag(bytes, from: position + 1, limit: end)
                // A colour in an inline HTML tag (`<span style="color: #C0FFEE">`) is no tag.
                if htmlTags == nil { htmlTags = HTMLTagSpans.openTags(bytes, in: range) }
                if let tag, !htmlTags!.contains(where: { $0.contains(position) }) {
                    tags.append(tag)
                } else if firstTasksField != nil {
                    wordsAfterField = true
                }
                next = max(tagEnd, position + 1)
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") {
                if position >= floor {
                    next = DataviewField.read(bytes, at: position, end: end).flatMap { readDataview($0, bytes, in: range) }
                    if next != nil && firstTasksField == nil { firstTasksField = position }
                }
            } else if byte == UInt8(ascii: "!") {
                if let (word, priority) = Self.words.first(where: { Self.startsWith(bytes, position, $0.bytes) }),
                    TaskFieldEmoji.endsWord(bytes, position + word.count, end)
                {
                    if self.priority == nil { self.priority = priority }
                    fieldRanges.append(position..<position + word.count)
                    next = position + word.count
                }
            } else if position + 14 <= end, Self.startsWith(bytes, position, "due:"),
                let day = CalendarDay.parse(bytes, at: position + 4), TaskFieldEmoji.endsWord(bytes, position + 14, end)
            {
                if due == nil { due = day }
                fieldRanges.append(position..<position + 14)
                next = position + 14
            }
            if let next {
                position = next
                previous = bytes[next - 1]
            } else {
                // Only a field this reader passes over (`🔁 every week`, `🆔 a1`) or a word.
                if firstTasksField != nil { wordsAfterField = true }
                position += 1
            }
        }
    }

    /// Takes a field in Dataview's format (`[due:: 2024-01-05]`) as its emoji twin is taken;
    /// returns where it ends, nil for a date field whose value names no day.
    private mutating func readDataview(_ field: DataviewField, _ bytes: [UInt8], in text: Range<Int>) -> Int? {
        let day = field.day(in: bytes)
        switch field.key {
        case .due, .scheduled, .start, .completion, .created, .cancelled:
            guard let day else { return nil }
            usesEmojiDates = true
            switch field.key {
            case .due: if due == nil { due = day }
            case .scheduled: if scheduled == nil { scheduled = day }
            case .start: if start == nil { start = day }
            case .completion:
                if done == nil {
                    done = day
                    // Brackets and all, as `✅`'s field is cut whole: the reference's hash
                    // leaves the field out, and the same task must keep it when done.
                    doneField = Self.withSpaceBefore(field.range, bytes, in: text)
                }
            case .cancelled:
                if cancelledField == nil { cancelledField = Self.withSpaceBefore(field.range, bytes, in: text) }
            default: break
            }
        case .priority:
            guard let level = TaskPriority(name: String(decoding: bytes[field.value], as: UTF8.self)) else { return nil }
            if priority == nil { priority = level }
        case .repeatRule, .onCompletion, .id, .dependsOn: break
        }
        fieldRanges.append(field.range)
        return field.range.upperBound
    }

    /// `range` with the white space before it, within the text.
    private static func withSpaceBefore(_ range: Range<Int>, _ bytes: [UInt8], in text: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        while start > text.lowerBound && (bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09) { start -= 1 }
        return start..<range.upperBound
    }

    /// Reads an emoji field at `position`; returns where it ends, nil when there is none
    /// (or it is one this reader does not take: the recurrence, the dependencies...).
    private mutating func readEmoji(_ bytes: [UInt8], at position: Int, in text: Range<Int>) -> Int? {
        let end = text.upperBound
        guard let (kind, afterEmoji) = TaskFieldEmoji.match(bytes, at: position) else { return nil }
        var cursor = afterEmoji
        switch kind {
        case .priority(let level):
            if priority == nil { priority = level }
            fieldRanges.append(position..<cursor)
            return cursor
        case .due, .scheduled, .start, .done, .cancelled, .created: break
        default: return nil
        }
        while cursor < end && (bytes[cursor] == 0x20 || bytes[cursor] == 0x09) { cursor += 1 }
        guard cursor + 10 <= end, let day = CalendarDay.parse(bytes, at: cursor), TaskFieldEmoji.endsWord(bytes, cursor + 10, end)
        else { return nil }
        usesEmojiDates = true
        // The white space before it, within the text: a task whose text is the field alone
        // (`- [x] ✅ 2026-12-06`) keeps the space after its checkbox.
        var fieldStart = position
        while fieldStart > text.lowerBound && (bytes[fieldStart - 1] == 0x20 || bytes[fieldStart - 1] == 0x09) { fieldStart -= 1 }
        switch kind {
        case .due: if due == nil { due = day }
        case .scheduled: if scheduled == nil { scheduled = day }
        case .start: if start == nil { start = day }
        case .done:
            if done == nil {
                done = day
                doneField = fieldStart..<cursor + 10
            }
        case .cancelled:
            if cancelledField == nil { cancelledField = fieldStart..<cursor + 10 }
        default: break
        }
        fieldRanges.append(position..<cursor + 10)
        return cursor + 10
    }

    /// The text with its fields cut out and white space runs collapsed; `text` itself (no
    /// copy) when that changes nothing.
    package func description(_ bytes: [UInt8], _ range: Range<Int>, text: String) -> String {
        if fieldRanges.isEmpty && !needsCollapse && (range.isEmpty || bytes[range.lowerBound] != 0x20) { return text }
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var position = range.lowerBound
        var pendingSpace = false
        for field in fieldRanges + [range.upperBound..<range.upperBound] {
            while position < field.lowerBound {
                let byte = bytes[position]
                if byte == 0x20 || byte == 0x09 {
                    pendingSpace = !output.isEmpty
                } else {
                    if pendingSpace { output.append(0x20) }
                    pendingSpace = false
                    output.append(byte)
                }
                position += 1
            }
            position = max(position, field.upperBound)
            pendingSpace = pendingSpace || !output.isEmpty
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func startsWith(_ bytes: [UInt8], _ position: Int, _ pattern: [UInt8]) -> Bool {
        guard position + pattern.count <= bytes.count else { return false }
        for index in pattern.indices where bytes[position + index] != pattern[index] { return false }
        return true
    }

    private static func startsWith(_ bytes: [UInt8], _ position: Int, _ pattern: StaticString) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for index in 0..<count where bytes[position + index] | 0x20 != pattern.utf8Start[index] | 0x20 { return false }
        return true
    }
}
