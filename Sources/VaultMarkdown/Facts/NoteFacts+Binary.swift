import VaultSystem

extension NoteFacts {
    /// Bumped whenever the binary form below, or what the scanner reads into the facts,
    /// changes: a cache written by another version is then rebuilt, never misread.
    public static let formatVersion: UInt64 = 12

    /// Appends the facts in a compact binary form, each part (headings, block ids, links,
    /// tasks) behind its length so a reader that needs less skips it unread.
    ///
    /// What many notes repeat (tags, link targets, headings, the shapes of task lines) goes
    /// into the writer's table when it has one, each once; positions and line numbers are
    /// written as the distance from the one before, which is short.
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
    ///
    /// - Parameter titleIsStem: true when the title is the note's file name without its
    ///   extension, byte for byte (as most titles of a vault whose notes are named after
    ///   them are): it is then not written, and the reader, who knows the name, gives it
    ///   back (`Header.titleIsStem`).
    public func encodeHeader(to writer: inout ByteWriter, titleIsStem: Bool = false) {
        writer.byte(parts.rawValue)
        writer.byte((isUTF8 ? 1 : 0) | (hasFrontmatter ? 2 : 0) | (optsOutOfTasks ? 4 : 0) | (titleIsStem ? 8 : 0))
        if !titleIsStem { writer.optionalString(title) }
        writer.strings(aliases)
        writer.sharedStrings(tags)
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
        writer.lengthPrefixed { writer in
            writer.unsigned(UInt64(headings.count))
            var line = 0
            for heading in headings {
                writer.shared { shape in
                    shape.unsigned(UInt64(heading.level))
                    shape.string(heading.text)
                }
                writer.int(heading.line - line)
                line = heading.line
            }
        }
        writer.lengthPrefixed { writer in
            writer.unsigned(UInt64(blockIDs.count))
            for block in blockIDs {
                writer.string(block.id)
                writer.int(block.line)
                writer.range(block.range)
            }
        }
        writer.lengthPrefixed { writer in
            writer.unsigned(UInt64(links.count))
            var previous = (start: 0, line: 0)
            for link in links {
                Self.encode(link, after: previous, to: &writer)
                previous = (link.range.lowerBound, link.line)
            }
        }
        writer.lengthPrefixed { writer in
            writer.unsigned(UInt64(tasks.count))
            let lines = taskLines?.count == tasks.count ? taskLines : nil
            var previous = (start: 0, line: 0)
            for (index, task) in tasks.enumerated() {
                Self.encode(task, number: index, line: lines?[index], after: previous, to: &writer)
                previous = (task.listMarker.lowerBound, task.line)
            }
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
        restrict(to: wanted)
    }

    /// What `encodeHeader` wrote: the facts with their body's parts empty and unclaimed (a
    /// record without its body answers no question of it), and what `decodeBody` needs.
    public struct Header: Sendable {
        public var facts: NoteFacts
        /// The parts the note's facts were read for, body parts included.
        public var stored: Parts
        /// The opt-out from tasks, which counts only with the tasks part.
        public var optsOutOfTasks: Bool
        /// True when the title was not written, being the file's name without its extension:
        /// `facts.title` is then nil until the reader sets it.
        public var titleIsStem: Bool
    }

    /// Reads what `encodeHeader` wrote.
    public static func header(from reader: inout ByteReader) throws(ByteReader.Malformed) -> Header {
        let stored = Parts(rawValue: try reader.byte())
        let flags = try reader.byte()
        return Header(
            facts: try NoteFacts(header: &reader, stored: stored, flags: flags), stored: stored, optsOutOfTasks: flags & 4 != 0,
            titleIsStem: flags & 8 != 0)
    }

    private init(header reader: inout ByteReader, stored: Parts, flags: UInt8) throws(ByteReader.Malformed) {
        parts = stored.intersection(Self.headerParts)
        isUTF8 = flags & 1 != 0
        hasFrontmatter = flags & 2 != 0
        optsOutOfTasks = false
        title = flags & 8 != 0 ? nil : try reader.optionalString()
        aliases = try reader.strings()
        tags = try reader.sharedStrings()
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
            var line = 0
            for _ in 0..<(try reader.count()) {
                let (level, text) = try reader.shared { shape throws(ByteReader.Malformed) in
                    (Int(truncatingIfNeeded: try shape.unsigned()), try shape.string())
                }
                line += try reader.int()
                headings.append(Heading(level: level, text: text, line: line))
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
            var previous = (start: 0, line: 0)
            for _ in 0..<count {
                let link = try Self.decodeLink(&reader, after: previous)
                links.append(link)
                previous = (link.range.lowerBound, link.line)
            }
        }
        if try Self.enter(&reader, wanted.contains(.tasks)) {
            let count = try reader.count()
            tasks.reserveCapacity(count)
            var lines: [[UInt8]] = []
            lines.reserveCapacity(count)
            var previous = (start: 0, line: 0)
            for number in 0..<count {
                let (task, line) = try Self.decodeTask(&reader, number: number, after: previous)
                tasks.append(task)
                if let line { lines.append(line) }
                previous = (task.listMarker.lowerBound, task.line)
            }
            if let taskLines, lines.count == count { taskLines.pointee = lines }
        }
    }

    /// True when a link of the body `reader` reads (as `decodeBody` would) has a target whose
    /// bytes `matches` accepts, the target as written and as decoded both asked; no link is
    /// decoded, no string made: for a search that passes over most notes.
    ///
    /// - Parameters:
    ///   - answers: what `matches` said of each link shape of the table, kept across the
    ///     records of one search (nil to ask it of every link).
    ///   - targetAnswers: what `matches` said of each target of the table, kept the same way
    ///     and apart from `answers`: most shapes are a record's own (an alias, a heading),
    ///     while their targets are shared by many.
    public static func anyLinkTarget(
        in reader: inout ByteReader, answers: EntryAnswers? = nil, targetAnswers: EntryAnswers? = nil,
        _ matches: (UnsafeBufferPointer<UInt8>) -> Bool
    ) throws(ByteReader.Malformed) -> Bool {
        var any = false
        try eachLink(
            in: &reader, answers: answers,
            asking: { shape throws(ByteReader.Malformed) in try targetMatches(&shape, targetAnswers, matches) }
        ) {
            _, _ throws(ByteReader.Malformed) in
            any = true
            return false
        }
        return any
    }

    /// The links of the body `reader` reads whose targets `matches` accepts (as
    /// `anyLinkTarget` asks it), each decoded as `decodeBody` decodes it; the others are
    /// passed over undecoded: a note that links once to what is asked about, among a
    /// hundred other links, costs one link made.
    public static func links(
        in reader: inout ByteReader, answers: EntryAnswers? = nil, targetAnswers: EntryAnswers? = nil,
        withTarget matches: (UnsafeBufferPointer<UInt8>) -> Bool
    ) throws(ByteReader.Malformed) -> [Link] {
        var links: [Link] = []
        try eachLink(
            in: &reader, answers: answers,
            asking: { shape throws(ByteReader.Malformed) in try targetMatches(&shape, targetAnswers, matches) }
        ) {
            link, previous throws(ByteReader.Malformed) in
            links.append(try decodeLink(&link, after: previous))
            return true
        }
        return links
    }

    /// The links of the body `reader` reads that `wanted` accepts, each decoded as
    /// `decodeBody` decodes it; `wanted` is asked once a shape (through `answers`), of the
    /// link as its shape alone tells it: at the note's first byte, on line 0. The others
    /// are passed over undecoded. Leaves `reader` after the facts, at what a record keeps
    /// behind them.
    ///
    /// For a question whose answer depends on what a link says and not on where it is
    /// (`check`: does it lead nowhere, or to one of several files?).
    public static func links(
        in reader: inout ByteReader, answers: EntryAnswers? = nil, whereShape wanted: (Link) -> Bool
    ) throws(ByteReader.Malformed) -> [Link] {
        var links: [Link] = []
        try eachLink(
            in: &reader, answers: answers,
            asking: { shape throws(ByteReader.Malformed) in wanted(try link(try decodeShape(&shape), start: 0, line: 0, at: shape.offset)) }
        ) { link, previous throws(ByteReader.Malformed) in
            links.append(try decodeLink(&link, after: previous))
            return true
        }
        _ = try enter(&reader, false)
        return links
    }

    /// Whether `matches` accepts a link's target, as written or as decoded, read from its shape.
    private static func targetMatches(
        _ shape: inout ByteReader, _ answers: EntryAnswers?, _ matches: (UnsafeBufferPointer<UInt8>) -> Bool
    ) throws(ByteReader.Malformed) -> Bool {
        guard Link.Form(number: try shape.byte()) != nil else { throw ByteReader.Malformed(offset: shape.offset - 1) }
        let flags = try shape.byte()
        // A bare link keeps no lengths (see `encode(_:after:to:)`).
        if flags & 64 == 0 { for _ in 0..<3 { _ = try shape.int() } }
        if try shape.sharedBuffer(answers: answers, matches) { return true }
        guard flags & 8 == 0 else { return false }
        return try shape.sharedBuffer(answers: answers, matches)
    }

    /// Walks the links of a body, asking `asks` of each one's shape (through `answers`), and
    /// hands `found` each link whose shape it accepts: a reader at the link, and where the
    /// link before it was. Stops when `found` says false.
    private static func eachLink(
        in reader: inout ByteReader, answers: EntryAnswers?, asking asks: (inout ByteReader) throws(ByteReader.Malformed) -> Bool,
        found: (inout ByteReader, (start: Int, line: Int)) throws(ByteReader.Malformed) -> Bool
    ) throws(ByteReader.Malformed) {
        _ = try enter(&reader, false)
        _ = try enter(&reader, false)
        guard try enter(&reader, true) else { return }
        var previous = (start: 0, line: 0)
        for _ in 0..<(try reader.count()) {
            var link = reader
            let hit = try reader.sharedAside(answers: answers, asks)
            let start = previous.start &+ (try reader.int())
            let line = previous.line &+ (try reader.int())
            if hit, try !found(&link, previous) { return }
            previous = (start, line)
        }
    }

    /// Reads a section's length; skips the section and answers false when it is not wanted.
    private static func enter(_ reader: inout ByteReader, _ wanted: Bool) throws(ByteReader.Malformed) -> Bool {
        let length = try reader.count()
        if !wanted { try reader.skip(length) }
        return wanted
    }
}

extension NoteFacts {
    /// What a search of titles learns from a header `encodeHeader` wrote, no string made.
    public struct HeaderTexts: Sendable {
        /// True when `accepts` took the title, when written, or one of the aliases.
        public var accepted: Bool
        /// True when the header holds frontmatter issues, which a reader of the note says.
        public var hasIssues: Bool
    }

    /// Reads what `encodeHeader` wrote as far as its frontmatter issues, asking `accepts` of
    /// the title's bytes (when written: a title not written is the file's name) and of each
    /// alias's until it takes one: a search that passes over most notes decides on their
    /// bytes, without the strings a header decoded makes.
    public static func headerTexts(
        from reader: inout ByteReader, accepting accepts: (UnsafeBufferPointer<UInt8>) -> Bool
    ) throws(ByteReader.Malformed) -> HeaderTexts {
        _ = try reader.byte()
        let flags = try reader.byte()
        var accepted = false
        if flags & 8 == 0, try reader.bool() { accepted = accepts(try reader.dataView()) }
        for _ in 0..<(try reader.count()) {
            let alias = try reader.dataView()
            if !accepted { accepted = accepts(alias) }
        }
        for _ in 0..<(try reader.count()) { try reader.skip(try reader.count()) }
        _ = try reader.unsigned()
        return HeaderTexts(accepted: accepted, hasIssues: try reader.count() > 0)
    }
}
