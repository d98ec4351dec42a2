import VaultSystem

/// The binary form of one link and one task (see `NoteFacts.encode(to:taskLines:)`).
///
/// Each is split into its shape, which many notes repeat and which goes into the writer's
/// table once, and what is its own (where it is, its description). A task's line is kept as
/// the bytes before its text, its description, and the bytes after it: the first and last
/// are part of the shape, and the description is kept as its words, each a number in the
/// table (notes repeat their words), so most lines cost a few bytes a word.
///
/// A link's shape, and the strings within it, go into the writer's side table: a reader of
/// links alone (`backlinks`, `check`) then reads none of the other values (at 100,000 notes,
/// a third of the values' bytes).
extension NoteFacts {
    static func encode(_ link: Link, after previous: (start: Int, line: Int), to writer: inout ByteWriter) {
        writer.sharedAside { shape in
            shape.byte(link.form.number)
            // By bytes: strings compare equal across Unicode normalization forms, and a
            // target written decomposed is kept as the scanner composed it.
            let sameTarget = link.target.utf8.elementsEqual(link.rawTarget.utf8)
            let targetOffset = link.targetRange.lowerBound - link.range.lowerBound
            // Most links are written around their target alone (`[[Target]]`, `![[Target]]`),
            // the target's bytes as written: their lengths and offset are then not kept, but
            // told (at 100,000 notes, a tenth of the side table).
            let around = Self.around(embed: link.isEmbed)
            let bare = targetOffset == around.before && link.range.count == around.before + link.targetRange.count + around.after
                && link.targetRange.count == link.rawTarget.utf8.count
            shape.byte(
                (link.isEmbed ? 1 : 0) | (link.escapedPipe ? 2 : 0) | (link.angleBrackets ? 4 : 0) | (sameTarget ? 8 : 0)
                    | (link.fragment != nil ? 16 : 0) | (link.alias != nil ? 32 : 0) | (bare ? 64 : 0))
            if !bare {
                shape.int(link.range.count)
                shape.int(targetOffset)
                shape.int(link.targetRange.count)
            }
            shape.sharedString(link.rawTarget)
            if !sameTarget { shape.sharedString(link.target) }
            if let fragment = link.fragment { shape.sharedString(fragment) }
            if let alias = link.alias { shape.sharedString(alias) }
        }
        writer.int(link.range.lowerBound - previous.start)
        writer.int(link.line - previous.line)
    }

    /// What a link's shape holds: all of it but where it is.
    typealias LinkShape = (
        form: Link.Form, flags: UInt8, count: Int, targetOffset: Int, targetCount: Int, rawTarget: String, target: String,
        fragment: String?, alias: String?
    )

    static func decodeLink(_ reader: inout ByteReader, after previous: (start: Int, line: Int)) throws(ByteReader.Malformed) -> Link {
        let shape = try reader.sharedAside(decodeShape)
        let start = previous.start &+ (try reader.int())
        let line = previous.line &+ (try reader.int())
        return try link(shape, start: start, line: line, at: reader.offset)
    }

    /// Reads a link's shape, as `encode(_:after:to:)` wrote it into the table.
    static func decodeShape(_ shape: inout ByteReader) throws(ByteReader.Malformed) -> LinkShape {
        guard let form = Link.Form(number: try shape.byte()) else { throw ByteReader.Malformed(offset: shape.offset - 1) }
        let flags = try shape.byte()
        let bare = flags & 64 != 0
        var (count, targetOffset, targetCount) = bare ? (0, 0, 0) : (try shape.int(), try shape.int(), try shape.int())
        guard count >= 0, targetCount >= 0 else { throw ByteReader.Malformed(offset: shape.offset) }
        let rawTarget = try shape.sharedString()
        if bare {
            let around = around(embed: flags & 1 != 0)
            targetCount = rawTarget.utf8.count
            (count, targetOffset) = (around.before + targetCount + around.after, around.before)
        }
        let target = flags & 8 != 0 ? rawTarget : try shape.sharedString()
        let fragment = flags & 16 != 0 ? try shape.sharedString() : nil
        let alias = flags & 32 != 0 ? try shape.sharedString() : nil
        return (form, flags, count, targetOffset, targetCount, rawTarget, target, fragment, alias)
    }

    /// The bytes a link written around its target alone has before it and after it:
    /// `[[` or `![[`, and `]]`.
    private static func around(embed: Bool) -> (before: Int, after: Int) { (embed ? 3 : 2, 2) }

    /// The link of `shape` that starts at byte `start`, on line `line`.
    static func link(_ shape: LinkShape, start: Int, line: Int, at offset: Int) throws(ByteReader.Malformed) -> Link {
        let range = try span(start, shape.count, offset)
        let targetRange = try span(start &+ shape.targetOffset, shape.targetCount, offset)
        return Link(
            form: shape.form, isEmbed: shape.flags & 1 != 0, range: range, targetRange: targetRange, rawTarget: shape.rawTarget, target: shape.target,
            fragment: shape.fragment, alias: shape.alias, line: line, escapedPipe: shape.flags & 2 != 0,
            angleBrackets: shape.flags & 4 != 0)
    }

    /// How a task's line is kept: not at all, whole, or split around its description.
    private enum LineForm: UInt8 {
        case none = 0, whole = 1, split = 2
    }

    static func encode(
        _ task: TaskFact, number: Int, line: [UInt8]?, after previous: (start: Int, line: Int), to writer: inout ByteWriter
    ) {
        let base = task.listMarker.lowerBound
        let textStart = task.text.lowerBound - base
        let description = Array(task.description.utf8)
        let split =
            line.map { line in
                textStart >= 0 && textStart <= line.count && textStart + task.text.count == line.count
                    && line[textStart...].starts(with: description)
            } ?? false
        let form: LineForm = split ? .split : line == nil ? .none : .whole
        writer.int(task.line - previous.line)
        writer.int(base - previous.start)
        writer.shared { shape in
            shape.byte(form.rawValue)
            shape.int(task.lastLine - task.line)
            shape.int(Self.relative(parent: task.parent, of: number))
            shape.int(task.listMarker.count)
            shape.int(task.marker.lowerBound - base)
            shape.int(task.marker.count)
            shape.int(textStart)
            shape.byte(UInt8(TaskState.allCases.firstIndex(of: task.state)!))
            if split, let line { shape.data(Array(line[..<textStart])) }
        }
        switch form {
        case .split:
            let words = description.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            writer.unsigned(UInt64(words.count))
            // Each word with the space after it, but the last: the words join back exactly.
            var start = 0
            for word in words {
                let end = min(description.count, start + word.count + 1)
                writer.sharedBytes(description[start..<end])
                start = end
            }
        case .whole:
            writer.data(line!)
            writer.int(task.text.count)
            writer.string(task.description)
        case .none:
            writer.int(task.text.count)
            writer.string(task.description)
        }
        writer.shared { shape in
            if split, let line { shape.data(Array(line[(textStart + description.count)...])) }
            for day in [task.due, task.scheduled, task.start, task.done] {
                shape.unsigned(day.map { UInt64($0.year * 10000 + $0.month * 100 + $0.day) } ?? 0)
            }
            shape.byte(task.priority.map { UInt8(TaskPriority.allCases.firstIndex(of: $0)! + 1) } ?? 0)
            shape.sharedStrings(task.tags)
            shape.bool(task.usesEmojiDates)
            shape.bool(task.doneField != nil)
            // From the text's end, where the field usually is, so that the shape repeats.
            if let done = task.doneField { shape.range(done.lowerBound - task.text.upperBound..<done.upperBound - task.text.upperBound) }
            shape.bool(task.cancelledField != nil)
            if let cancelled = task.cancelledField {
                shape.range(cancelled.lowerBound - task.text.upperBound..<cancelled.upperBound - task.text.upperBound)
            }
        }
    }

    static func decodeTask(_ reader: inout ByteReader, number: Int, after previous: (start: Int, line: Int))
        throws(ByteReader.Malformed) -> (TaskFact, [UInt8]?)
    {
        let line = previous.line &+ (try reader.int())
        let base = previous.start &+ (try reader.int())
        typealias Head = (
            form: LineForm, lastLine: Int, parent: Int, markerCount: Int, marker: Range<Int>, textStart: Int, state: TaskState,
            prefix: UnsafeBufferPointer<UInt8>
        )
        // The shapes are shared, and the reader's tables outlive this decoding: the line's
        // prefix and suffix are looked at where they are, and copied once, into the line.
        let head = try reader.shared { shape throws(ByteReader.Malformed) -> Head in
            guard let form = LineForm(rawValue: try shape.byte()) else { throw ByteReader.Malformed(offset: shape.offset - 1) }
            let lastLine = line &+ (try shape.int())
            let parent = Self.parent(relative: try shape.int(), of: number)
            let markerCount = try shape.int()
            let markerStart = try shape.int()
            let markerLength = try shape.int()
            let textStart = try shape.int()
            let stateIndex = Int(try shape.byte())
            guard markerCount >= 0, markerLength >= 0, stateIndex < TaskState.allCases.count else {
                throw ByteReader.Malformed(offset: shape.offset)
            }
            let prefix = form == .split ? try shape.dataView() : UnsafeBufferPointer(start: nil, count: 0)
            let marker = try span(base &+ markerStart, markerLength, shape.offset)
            return (form, lastLine, parent, markerCount, marker, textStart, TaskState.allCases[stateIndex], prefix)
        }
        let form = head.form
        var taskLine: [UInt8]?
        let description: String
        var textCount = 0
        switch form {
        case .split:
            var bytes: [UInt8] = []
            // Room for the words and a short suffix (a done date), so the line grows once at most.
            bytes.reserveCapacity(head.prefix.count + 96)
            bytes.append(contentsOf: head.prefix)
            for _ in 0..<(try reader.count()) { try reader.sharedBytes(into: &bytes) }
            description = bytes.withUnsafeBufferPointer { line in
                String(decoding: UnsafeBufferPointer(rebasing: line[head.prefix.count...]), as: UTF8.self)
            }
            textCount = bytes.count - head.prefix.count
            taskLine = bytes
        case .whole:
            taskLine = try reader.data()
            textCount = try reader.int()
            description = try reader.string()
        case .none:
            textCount = try reader.int()
            description = try reader.string()
        }
        typealias Tail = (
            suffix: UnsafeBufferPointer<UInt8>, days: (CalendarDay?, CalendarDay?, CalendarDay?, CalendarDay?), priority: TaskPriority?,
            tags: [String], usesEmojiDates: Bool, done: Range<Int>?, cancelled: Range<Int>?
        )
        let tail = try reader.shared { shape throws(ByteReader.Malformed) -> Tail in
            let suffix = form == .split ? try shape.dataView() : UnsafeBufferPointer(start: nil, count: 0)
            func day() throws(ByteReader.Malformed) -> CalendarDay? {
                let packed = Int(truncatingIfNeeded: try shape.unsigned())
                return packed == 0 ? nil : CalendarDay(year: packed / 10000, month: packed / 100 % 100, day: packed % 100)
            }
            let days = (try day(), try day(), try day(), try day())
            let priorityIndex = Int(try shape.byte())
            guard priorityIndex <= TaskPriority.allCases.count else { throw ByteReader.Malformed(offset: shape.offset - 1) }
            let tags = try shape.sharedStrings()
            let usesEmojiDates = try shape.bool()
            let done = try shape.bool() ? try shape.range() : nil
            let cancelled = try shape.bool() ? try shape.range() : nil
            return (suffix, days, priorityIndex == 0 ? nil : TaskPriority.allCases[priorityIndex - 1], tags, usesEmojiDates, done, cancelled)
        }
        if form == .split {
            taskLine!.append(contentsOf: tail.suffix)
            textCount += tail.suffix.count
        }
        let text = try span(base &+ head.textStart, textCount, reader.offset)
        let listMarker = try span(base, head.markerCount, reader.offset)
        let doneField = try tail.done.map { done throws(ByteReader.Malformed) in
            try span(text.upperBound &+ done.lowerBound, done.count, reader.offset)
        }
        let cancelledField = try tail.cancelled.map { cancelled throws(ByteReader.Malformed) in
            try span(text.upperBound &+ cancelled.lowerBound, cancelled.count, reader.offset)
        }
        return (
            TaskFact(
                line: line, lastLine: head.lastLine, listMarker: listMarker, marker: head.marker, text: text,
                state: head.state, parent: head.parent, description: description, due: tail.days.0, scheduled: tail.days.1,
                start: tail.days.2, done: tail.days.3, priority: tail.priority, tags: tail.tags,
                doneField: doneField, cancelledField: cancelledField,
                usesEmojiDates: tail.usesEmojiDates), taskLine
        )
    }

    /// A task's parent as the distance back to it, the same for most tasks; zero for none.
    private static func relative(parent: Int, of number: Int) -> Int {
        guard parent != -1 else { return 0 }
        let distance = number &- parent
        return distance >= 1 ? distance : distance &- 1
    }

    private static func parent(relative: Int, of number: Int) -> Int {
        relative == 0 ? -1 : number &- (relative > 0 ? relative : relative &+ 1)
    }

    /// The range of `count` bytes from `start`; damage that makes it no range is malformed.
    private static func span(_ start: Int, _ count: Int, _ offset: Int) throws(ByteReader.Malformed) -> Range<Int> {
        guard count >= 0, start <= Int.max - count else { throw ByteReader.Malformed(offset: offset) }
        return start..<start + count
    }
}
