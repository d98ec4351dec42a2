import VaultSystem

/// Where everything is in one note's bytes: the byte order mark, the frontmatter or Logseq
/// properties, fenced and indented code, HTML blocks, headings, list items, link reference
/// definitions, code spans and comments, each found once.
///
/// This is the one place that decides what is code, raw HTML, a comment or text; links,
/// tags, tasks and titles are read from it, never by a scanner deciding for itself. The
/// blocks come from one pass of `OutlineScanner` (cmark's block rules on the bytes), the
/// inline regions from one pass of `InlineRegionScanner` over the lines that hold text, so a
/// note of any size and shape costs time and memory in proportion to its bytes. The tests
/// hold it to cmark-gfm's own parse of every fixture and corpus note.
public struct NoteStructure: Sendable {
    /// How much of a note to look at.
    public enum Extent: Sendable {
        /// The frontmatter (or Logseq properties) and the first block after it: what a title
        /// needs, whatever the note's length.
        case header
        /// Everything.
        case whole
    }

    /// The note's bytes, exactly as on disk.
    public let bytes: [UInt8]
    public let extent: Extent
    /// Whose rules the note was read by.
    public let dialect: NoteDialect
    /// Where the text starts: after a byte order mark, if the note has one.
    public let textStart: Int
    package let frontmatter: FrontmatterBlock?
    /// The Logseq page properties (`key:: value` lines) a note without frontmatter starts
    /// with, if any.
    public let properties: LogseqProperties?
    /// Where the header (BOM, frontmatter or properties) ends and the body starts, and its line.
    public let bodyStart: Int
    public let bodyLine: Int
    /// Byte offset where each line starts (`lineStarts[0]` is line 1), for the lines scanned:
    /// every line of a `.whole` structure, the header and the first block of a `.header` one.
    package let lineStarts: [Int]
    /// What each line is, indexed by its 1-based number (index 0 unused).
    package let kinds: [LineKind]
    let headingSources: [HeadingSource]
    /// The first line after the header that is not blank: where a title heading must start.
    package let firstBlockLine: Int?
    public let codeBlocks: [CodeBlock]
    /// The 1-based line ranges of HTML blocks.
    public let htmlBlocks: [ClosedRange<Int>]
    package let listItems: [OutlineItem]
    /// What the last line leaves open to a line appended after it (`.nothing` in org).
    package let openAtEnd: OutlineScanner.OpenEnd
    public let referenceDefinitions: [ReferenceDefinition]
    /// Byte ranges of inline code spans, backticks included, in order.
    public let codeSpans: [Range<Int>]
    /// Byte ranges of HTML comments (`<!-- -->`) and Obsidian comment blocks (`%%` at the
    /// start of a line up to the next `%%`), in order.
    public let comments: [Range<Int>]

    /// Finds the structure of a note. Never fails: any bytes have one.
    public init(bytes: [UInt8], extent: Extent = .whole, dialect: NoteDialect = .markdown) {
        self.init(bytes: bytes, extent: extent, recordsBlocks: true, dialect: dialect)
    }

    /// The structure of a note; without `recordsBlocks` the headings, code blocks and HTML
    /// blocks are not listed (what each line is still is), which spares the task list the
    /// cost of keeping what it never asks.
    package init(bytes: [UInt8], extent: Extent, recordsBlocks: Bool, dialect: NoteDialect = .markdown) {
        self.bytes = bytes
        self.extent = extent
        self.dialect = dialect
        textStart = ByteOrderMark.length(of: bytes)
        if dialect == .org {
            (frontmatter, properties) = (nil, Self.orgProperties(bytes, from: textStart))
            (bodyStart, bodyLine) = (min(bytes.count, textStart + (properties?.byteCount ?? 0)), 1 + (properties?.entries.count ?? 0))
            let org = OrgScanner(bytes: bytes, from: textStart, bodyLine: bodyLine, stopsAfterFirstBlock: extent == .header)
            lineStarts = org.lineStarts.isEmpty ? [0] : [0] + org.lineStarts.dropFirst()
            kinds = org.kinds
            (headingSources, codeBlocks, htmlBlocks, listItems, referenceDefinitions) = ([], org.codeBlocks, [], org.items, [])
            openAtEnd = .nothing
            firstBlockLine = org.firstBlockLine
            (codeSpans, comments) = extent == .header ? ([], []) : (org.codeSpans, org.comments)
            return
        }
        let frontmatter = FrontmatterBlock.locate(in: bytes, from: textStart)
        self.frontmatter = frontmatter
        let scanStart = frontmatter?.byteRange.upperBound ?? textStart
        let scanLine = frontmatter.map { $0.lines.upperBound + 1 } ?? 1
        let properties = frontmatter == nil ? Self.properties(bytes, from: textStart) : nil
        self.properties = properties
        bodyStart = min(bytes.count, scanStart + (properties?.byteCount ?? 0))
        let firstBodyLine = scanLine + (properties?.entries.count ?? 0)
        bodyLine = firstBodyLine

        var starts = Self.frontmatterLineStarts(bytes, frontmatter)
        var kinds: [LineKind]
        let scan = bytes.withUnsafeBufferPointer { text -> OutlineScanner? in
            guard scanStart < text.count else { return nil }
            var scanner = OutlineScanner(text: text, recordsBlocks: recordsBlocks, recordsKinds: true)
            scanner.readsOutline = dialect.isLogseq
            scanner.scan(
                from: scanStart, firstLine: scanLine, firstBlockFrom: firstBodyLine,
                stopsAfterFirstBlock: extent == .header)
            return scanner
        }
        if let scan {
            starts += scan.lineStarts
            // Line 1 starts at the first byte, the mark included.
            if frontmatter == nil && !starts.isEmpty { starts[0] = 0 }
            kinds = scan.kinds
            headingSources = scan.blocks?.headings ?? []
            codeBlocks = scan.blocks?.codeBlocks ?? []
            htmlBlocks = scan.blocks?.htmlBlocks ?? []
            listItems = scan.items
            openAtEnd = scan.openAtEnd
            referenceDefinitions = scan.referenceDefinitions
            firstBlockLine = scan.firstBlockLine
        } else {
            kinds = [LineKind](repeating: [], count: starts.count + 1)
            headingSources = []
            codeBlocks = []
            htmlBlocks = []
            listItems = []
            openAtEnd = .nothing
            referenceDefinitions = []
            firstBlockLine = nil
        }
        if starts.isEmpty { starts = [0] }
        if let frontmatter {
            for line in frontmatter.lines where line < kinds.count { kinds[line].insert(.frontmatter) }
        }
        self.kinds = kinds
        lineStarts = starts
        (codeSpans, comments) = extent == .header ? ([], []) : Self.inlineRegions(bytes, starts, kinds)
    }

    /// The code spans and comments of the lines that are not code or frontmatter.
    private static func inlineRegions(_ bytes: [UInt8], _ starts: [Int], _ kinds: [LineKind]) -> ([Range<Int>], [Range<Int>]) {
        bytes.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { starts in
                kinds.withUnsafeBufferPointer { kinds in
                    var scanner = InlineRegionScanner(text: text, lineStarts: starts, kinds: kinds)
                    scanner.scan()
                    return (scanner.codeSpans, scanner.comments)
                }
            }
        }
    }

    /// The start of each line of the frontmatter block.
    private static func frontmatterLineStarts(_ bytes: [UInt8], _ block: FrontmatterBlock?) -> [Int] {
        guard let block else { return [] }
        var starts = [0]
        var position = block.byteRange.lowerBound
        while starts.count < block.lines.count {
            position = FrontmatterBlock.line(in: bytes, at: position).next
            starts.append(position)
        }
        return starts
    }

    /// An org page's `#+key: value` lines at `start`.
    private static func orgProperties(_ bytes: [UInt8], from start: Int) -> LogseqProperties? {
        guard bytes[start...].starts(with: "#+".utf8) else { return nil }
        let properties = LogseqProperties(orgText: Substring(bytes.utf8String(start..<min(bytes.count, start + 4096))))
        return properties.entries.isEmpty ? nil : properties
    }

    /// Logseq's properties at `start`: only a first line holding `::` may begin them.
    private static func properties(_ bytes: [UInt8], from start: Int) -> LogseqProperties? {
        var index = start
        while index + 1 < bytes.count && bytes[index] != 0x0A {
            if bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: ":") {
                let properties = LogseqProperties(text: Substring(bytes.utf8String(start..<min(bytes.count, start + 4096))))
                return properties.entries.isEmpty ? nil : properties
            }
            index += 1
        }
        return nil
    }

    /// True when a prefix of a note (a summary reads only the start) holds all that names
    /// the note: it does not stop inside an open frontmatter block, nor inside the first
    /// block after it, which is the title heading when it is one (a paragraph still open may
    /// become a heading on a line of `=` further down, and a note may begin with more blank
    /// lines than the prefix holds).
    public static func holdsHeader(_ prefix: [UInt8]) -> Bool {
        let start = ByteOrderMark.length(of: prefix)
        var offset = start
        if prefix[start...].starts(with: Array("---".utf8)) {
            guard let block = FrontmatterBlock.locate(in: prefix, from: start) else { return false }
            offset = block.byteRange.upperBound
        }
        return prefix.withUnsafeBufferPointer { text in
            var inBlock = false
            while offset < text.count, let newline = text[offset...].firstIndex(of: 0x0A) {
                let end = newline > offset && text[newline - 1] == 0x0D ? newline - 1 : newline
                var first = offset
                while first < end && (text[first] == 0x20 || text[first] == 0x09) { first += 1 }
                let blank = first == end
                if inBlock && blank { return true }
                if !inBlock && !blank {
                    // An ATX heading is a block of one line; indented four or more, code.
                    if first - offset <= 3 && BlockStarts.isATXHeading(text, first, end) { return true }
                    inBlock = true
                }
                offset = newline + 1
            }
            // The prefix ends inside a line, or before the first block ended.
            return false
        }
    }
}
