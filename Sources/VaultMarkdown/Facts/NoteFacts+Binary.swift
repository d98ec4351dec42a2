import VaultSystem

extension NoteFacts {
    /// Bumped whenever the binary form below, or what the scanner reads into the facts,
    /// changes: a cache written by another version is then rebuilt, never misread.
    public static let formatVersion: UInt64 = 4

    /// Appends the facts in a compact binary form, each part (headings, block ids, links,
    /// tasks) behind its length so a reader that needs less skips it unread.
    ///
    /// - Parameter taskLines: each task's bytes from its list marker to the end of its text,
    ///   kept with the task; a description that starts the text is then written as a length.
    public func encode(to writer: inout ByteWriter, taskLines: [[UInt8]]? = nil) {
        encodeHeader(to: &writer)
        encodeBody(to: &writer, taskLines: taskLines)
    }

    /// The parts a summary asks for, which `encodeHeader` writes; the rest is the body.
    public static let headerParts: Parts = [.header, .tags]

    /// Appends the header facts (title, aliases, tags, frontmatter), which a listing needs
    /// of every note, so they can be kept apart from the larger body.
    public func encodeHeader(to writer: inout ByteWriter) {
        writer.byte(parts.rawValue)
        writer.byte((isUTF8 ? 1 : 0) | (hasFrontmatter ? 2 : 0) | (optsOutOfTasks ? 4 : 0))
        writer.optionalString(title)
        writer.strings(aliases)
        writer.strings(tags)
        writer.unsigned(UInt64(headerTagCount))
        writer.unsigned(UInt64(frontmatterIssues.count))
        for issue in frontmatterIssues {
            writer.int(issue.line)
            writer.string(issue.message)
        }
        writer.strings(verbatimKeys)
    }

    /// Appends the headings, block ids, links and tasks, each behind its length.
    public func encodeBody(to writer: inout ByteWriter, taskLines: [[UInt8]]? = nil) {
        Self.section(&writer) { writer in
            writer.unsigned(UInt64(headings.count))
            for heading in headings {
                writer.unsigned(UInt64(heading.level))
                writer.string(heading.text)
                writer.int(heading.line)
            }
        }
        Self.section(&writer) { writer in
            writer.unsigned(UInt64(blockIDs.count))
            for block in blockIDs {
                writer.string(block.id)
                writer.int(block.line)
                writer.range(block.range)
            }
        }
        Self.section(&writer) { writer in
            writer.unsigned(UInt64(links.count))
            for link in links { Self.encode(link, to: &writer) }
        }
        Self.section(&writer) { writer in
            writer.unsigned(UInt64(tasks.count))
            let lines = taskLines?.count == tasks.count ? taskLines : nil
            for (index, task) in tasks.enumerated() { Self.encode(task, line: lines?[index], to: &writer) }
        }
    }

    /// Reads facts `encode(to:)` wrote, decoding only `wanted` of the parts (the others are
    /// skipped and left empty, as `restricted(to:)` leaves them).
    ///
    /// - Parameter taskLines: receives each task's line, when the facts were written with them.
    public init(from reader: inout ByteReader, wanted: Parts = .all, taskLines: UnsafeMutablePointer<[[UInt8]]>? = nil)
        throws(ByteReader.Malformed)
    {
        let header = try Self.header(from: &reader)
        self = header.facts
        try decodeBody(from: &reader, header: header, wanted: wanted, taskLines: taskLines)
        self = restricted(to: wanted)
    }

    /// What `encodeHeader` wrote: the facts with their body's parts empty and unclaimed (a
    /// record without its body answers no question of it), and what `decodeBody` needs.
    public struct Header: Sendable {
        public var facts: NoteFacts
        /// The parts the note's facts were read for, body parts included.
        public var stored: Parts
        /// The opt-out from tasks, which counts only with the tasks part.
        public var optsOutOfTasks: Bool
    }

    /// Reads what `encodeHeader` wrote.
    public static func header(from reader: inout ByteReader) throws(ByteReader.Malformed) -> Header {
        let stored = Parts(rawValue: try reader.byte())
        let flags = try reader.byte()
        return Header(facts: try NoteFacts(header: &reader, stored: stored, flags: flags), stored: stored, optsOutOfTasks: flags & 4 != 0)
    }

    private init(header reader: inout ByteReader, stored: Parts, flags: UInt8) throws(ByteReader.Malformed) {
        parts = stored.intersection(Self.headerParts)
        isUTF8 = flags & 1 != 0
        hasFrontmatter = flags & 2 != 0
        optsOutOfTasks = false
        title = try reader.optionalString()
        aliases = try reader.strings()
        tags = try reader.strings()
        headerTagCount = Int(truncatingIfNeeded: try reader.unsigned())
        let issueCount = try reader.count()
        frontmatterIssues = []
        for _ in 0..<issueCount {
            let line = try reader.int()
            frontmatterIssues.append(Frontmatter.Issue(line: line, message: try reader.string()))
        }
        verbatimKeys = try reader.strings()
        guard headerTagCount >= 0, headerTagCount <= tags.count else { throw ByteReader.Malformed(offset: reader.offset) }
        headings = []
        blockIDs = []
        links = []
        tasks = []
    }

    /// Reads what `encodeBody` wrote, decoding only `wanted` of its parts.
    ///
    /// - Parameter taskLines: receives each task's line, when the facts were written with them.
    public mutating func decodeBody(
        from reader: inout ByteReader, header: Header, wanted: Parts = .all, taskLines: UnsafeMutablePointer<[[UInt8]]>? = nil
    ) throws(ByteReader.Malformed) {
        parts = header.stored
        optsOutOfTasks = header.optsOutOfTasks && wanted.contains(.tasks)
        if try Self.enter(&reader, wanted.contains(.headings)) {
            for _ in 0..<(try reader.count()) {
                let level = Int(truncatingIfNeeded: try reader.unsigned())
                let text = try reader.string()
                headings.append(Heading(level: level, text: text, line: try reader.int()))
            }
        }
        if try Self.enter(&reader, wanted.contains(.blockIDs)) {
            for _ in 0..<(try reader.count()) {
                let id = try reader.string()
                let line = try reader.int()
                blockIDs.append(BlockID(id: id, line: line, range: try reader.range()))
            }
        }
        if try Self.enter(&reader, wanted.contains(.links)) {
            let count = try reader.count()
            links.reserveCapacity(count)
            for _ in 0..<count { links.append(try Self.decodeLink(&reader)) }
        }
        if try Self.enter(&reader, wanted.contains(.tasks)) {
            let count = try reader.count()
            tasks.reserveCapacity(count)
            var lines: [[UInt8]] = []
            lines.reserveCapacity(count)
            for _ in 0..<count {
                let (task, line) = try Self.decodeTask(&reader)
                tasks.append(task)
                if let line { lines.append(line) }
            }
            if let taskLines, lines.count == count { taskLines.pointee = lines }
        }
    }

    /// Writes what `body` writes behind its length.
    private static func section(_ writer: inout ByteWriter, _ body: (inout ByteWriter) -> Void) {
        var inner = ByteWriter()
        body(&inner)
        writer.data(inner.bytes)
    }

    /// Reads a section's length; skips the section and answers false when it is not wanted.
    private static func enter(_ reader: inout ByteReader, _ wanted: Bool) throws(ByteReader.Malformed) -> Bool {
        let length = try reader.count()
        if !wanted { try reader.skip(length) }
        return wanted
    }

    private static let forms: [Link.Form] = [.wikilink, .markdown, .frontmatter, .reference, .referenceUse, .tag, .property]

    private static func encode(_ link: Link, to writer: inout ByteWriter) {
        let form: UInt8
        switch link.form {
        case .wikilink: form = 0
        case .markdown: form = 1
        case .frontmatter: form = 2
        case .reference: form = 3
        case .referenceUse: form = 4
        case .tag: form = 5
        case .property: form = 6
        }
        writer.byte(form)
        let sameTarget = link.target == link.rawTarget
        writer.byte(
            (link.isEmbed ? 1 : 0) | (link.escapedPipe ? 2 : 0) | (link.angleBrackets ? 4 : 0) | (sameTarget ? 8 : 0)
                | (link.fragment != nil ? 16 : 0) | (link.alias != nil ? 32 : 0))
        writer.range(link.range)
        writer.int(link.targetRange.lowerBound - link.range.lowerBound)
        writer.int(link.targetRange.count)
        writer.string(link.rawTarget)
        if !sameTarget { writer.string(link.target) }
        if let fragment = link.fragment { writer.string(fragment) }
        if let alias = link.alias { writer.string(alias) }
        writer.int(link.line)
    }

    private static func decodeLink(_ reader: inout ByteReader) throws(ByteReader.Malformed) -> Link {
        let formIndex = Int(try reader.byte())
        guard formIndex < forms.count else { throw ByteReader.Malformed(offset: reader.offset - 1) }
        let flags = try reader.byte()
        let range = try reader.range()
        let targetStart = range.lowerBound + (try reader.int())
        let targetCount = try reader.int()
        guard targetCount >= 0 else { throw ByteReader.Malformed(offset: reader.offset) }
        let rawTarget = try reader.string()
        let target = flags & 8 != 0 ? rawTarget : try reader.string()
        let fragment = flags & 16 != 0 ? try reader.string() : nil
        let alias = flags & 32 != 0 ? try reader.string() : nil
        return Link(
            form: forms[formIndex], isEmbed: flags & 1 != 0, range: range, targetRange: targetStart..<targetStart + targetCount,
            rawTarget: rawTarget, target: target, fragment: fragment, alias: alias, line: try reader.int(),
            escapedPipe: flags & 2 != 0, angleBrackets: flags & 4 != 0)
    }

    private static func encode(_ task: TaskFact, line: [UInt8]?, to writer: inout ByteWriter) {
        let base = task.listMarker.lowerBound
        writer.bool(line != nil)
        if let line { writer.data(line) }
        writer.int(task.line)
        writer.int(task.lastLine - task.line)
        writer.range(task.listMarker)
        writer.int(task.marker.lowerBound - base)
        writer.int(task.marker.count)
        writer.int(task.text.lowerBound - base)
        writer.int(task.text.count)
        writer.byte(UInt8(TaskState.allCases.firstIndex(of: task.state)!))
        writer.int(task.parent)
        // Most descriptions are the text without the fields at its end: a length says it.
        let text = line.flatMap { line -> ArraySlice<UInt8>? in
            let start = task.text.lowerBound - base, end = task.text.upperBound - base
            return start >= 0 && start <= end && end <= line.count ? line[start..<end] : nil
        }
        let description = Array(task.description.utf8)
        if let text, text.starts(with: description) {
            writer.unsigned(UInt64(description.count) << 1 | 1)
        } else {
            writer.unsigned(UInt64(description.count) << 1)
            writer.raw(description)
        }
        for day in [task.due, task.scheduled, task.start, task.done] {
            writer.unsigned(day.map { UInt64($0.year * 10000 + $0.month * 100 + $0.day) } ?? 0)
        }
        writer.byte(task.priority.map { UInt8(TaskPriority.allCases.firstIndex(of: $0)! + 1) } ?? 0)
        writer.strings(task.tags)
        writer.bool(task.usesEmojiDates)
        writer.bool(task.doneField != nil)
        if let done = task.doneField { writer.range(done) }
    }

    private static func decodeTask(_ reader: inout ByteReader) throws(ByteReader.Malformed) -> (TaskFact, [UInt8]?) {
        func relative(_ base: Int) throws(ByteReader.Malformed) -> Range<Int> {
            let start = base + (try reader.int())
            let count = try reader.int()
            guard count >= 0 else { throw ByteReader.Malformed(offset: reader.offset) }
            return start..<start + count
        }
        func day() throws(ByteReader.Malformed) -> CalendarDay? {
            let packed = Int(truncatingIfNeeded: try reader.unsigned())
            return packed == 0 ? nil : CalendarDay(year: packed / 10000, month: packed / 100 % 100, day: packed % 100)
        }
        let taskLine = try reader.bool() ? try reader.data() : nil
        let line = try reader.int()
        let lastLine = line + (try reader.int())
        let listMarker = try reader.range()
        let marker = try relative(listMarker.lowerBound)
        let text = try relative(listMarker.lowerBound)
        let stateIndex = Int(try reader.byte())
        guard stateIndex < TaskState.allCases.count else { throw ByteReader.Malformed(offset: reader.offset - 1) }
        let parent = try reader.int()
        let described = try reader.unsigned()
        let description: String
        if described & 1 == 1 {
            let start = text.lowerBound - listMarker.lowerBound
            let length = Int(truncatingIfNeeded: described >> 1)
            guard let taskLine, start >= 0, length >= 0, start <= taskLine.count - length else {
                throw ByteReader.Malformed(offset: reader.offset)
            }
            description = String(decoding: taskLine[start..<start + length], as: UTF8.self)
        } else {
            description = try reader.string(length: Int(truncatingIfNeeded: described >> 1))
        }
        let due = try day(), scheduled = try day(), start = try day(), done = try day()
        let priorityIndex = Int(try reader.byte())
        guard priorityIndex <= TaskPriority.allCases.count else { throw ByteReader.Malformed(offset: reader.offset - 1) }
        let tags = try reader.strings()
        let usesEmojiDates = try reader.bool()
        let doneField = try reader.bool() ? try reader.range() : nil
        return (TaskFact(
            line: line, lastLine: lastLine, listMarker: listMarker, marker: marker, text: text,
            state: TaskState.allCases[stateIndex], parent: parent, description: description, due: due,
            scheduled: scheduled, start: start, done: done,
            priority: priorityIndex == 0 ? nil : TaskPriority.allCases[priorityIndex - 1], tags: tags,
            doneField: doneField, usesEmojiDates: usesEmojiDates), taskLine)
    }
}
