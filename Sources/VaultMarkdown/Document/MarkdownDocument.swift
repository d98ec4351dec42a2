import VaultSystem

/// A parsed note: its block structure as Swift values plus what the raw bytes say about
/// inline code and comments, with true line numbers.
///
/// The blocks come from `OutlineScanner`, which follows cmark's block rules in one pass over
/// the bytes (cmark itself reads only the headings' text: see `OutlineBlocks`), so a note
/// of any size and shape costs time and memory in proportion to its bytes. Inline code
/// spans and comments are found by scanning the raw bytes.
public struct MarkdownDocument: Sendable {
    /// The note's bytes, exactly as on disk.
    public let bytes: [UInt8]
    /// Line starts of `bytes`.
    public let sourceMap: SourceMap
    /// True when the file starts with a UTF-8 byte order mark.
    public let hasByteOrderMark: Bool
    /// The frontmatter block, if the note has one.
    public let frontmatter: Frontmatter?
    public let headings: [Heading]
    public let codeBlocks: [CodeBlock]
    /// The 1-based line ranges of HTML blocks.
    public let htmlBlocks: [ClosedRange<Int>]
    /// Byte ranges of inline code spans, backticks included.
    public let inlineCodeSpans: [Range<Int>]
    /// Byte ranges of HTML comments (`<!-- -->`) and Obsidian comment blocks (`%%` at the
    /// start of a line up to the next `%%`). An inline `%% … %%` hides text when Obsidian
    /// renders, but its links and tags still count there, so they count here too.
    public let comments: [Range<Int>]
    /// For each 1-based line (index 0 unused), true when it is frontmatter or code.
    private let skippedLines: [Bool]
    /// Where the body starts: the byte and line after the frontmatter (and a BOM).
    private let body: (start: Int, line: Int)

    /// Parses a note. Never fails: any bytes make a document.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        let map = SourceMap(bytes)
        sourceMap = map
        hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let frontmatter = Frontmatter.locate(in: bytes, from: hasByteOrderMark ? 3 : 0)
        self.frontmatter = frontmatter
        body =
            frontmatter.map { ($0.byteRange.upperBound, $0.lines.upperBound + 1) } ?? (hasByteOrderMark ? 3 : 0, 1)
        let blocks = Self.blocks(of: bytes, from: body.start, firstLine: body.line)
        headings = blocks.headings
        codeBlocks = blocks.codeBlocks
        htmlBlocks = blocks.htmlBlocks

        var skipped = [Bool](repeating: false, count: map.lineCount + 2)
        if let frontmatter { for line in frontmatter.lines { skipped[line] = true } }
        for block in codeBlocks {
            for line in block.lines where line < skipped.count { skipped[line] = true }
        }
        skippedLines = skipped
        (inlineCodeSpans, comments) = bytes.withUnsafeBufferPointer { text in
            map.lineStarts.withUnsafeBufferPointer { starts in
                skipped.withUnsafeBufferPointer { skipped in
                    var scanner = InlineScanner(bytes: text, lineStarts: starts, skippedLines: skipped)
                    scanner.scan()
                    return (scanner.codeSpans, scanner.comments)
                }
            }
        }
    }

    /// The headings, code blocks and HTML blocks of the lines from byte `start` (which begins
    /// line `firstLine`) on.
    package static func blocks(of bytes: [UInt8], from start: Int, firstLine: Int) -> (
        headings: [Heading], codeBlocks: [CodeBlock], htmlBlocks: [ClosedRange<Int>]
    ) {
        let found = bytes.withUnsafeBufferPointer { text -> OutlineBlocks in
            guard start < text.count else { return OutlineBlocks() }
            var scanner = OutlineScanner(text: text, tracksCode: false, recordsItems: false, recordsBlocks: true)
            scanner.scan(from: start, firstLine: firstLine)
            return scanner.blocks ?? OutlineBlocks()
        }
        let texts = CMarkParser.headingTexts(found.headings, in: bytes)
        let headings = zip(found.headings, texts).compactMap { source, text in
            text.map { Heading(level: source.level, text: $0, line: source.line) }
        }
        return (headings, found.codeBlocks, found.htmlBlocks)
    }

    /// The list items: the line of each marker and how deep its list is nested (1 = top).
    /// Read again when asked for: no command needs them, and a note of many items would
    /// keep them all.
    public var listItems: [ListItem] {
        let (start, line) = body
        return bytes.withUnsafeBufferPointer { text in
            guard start < text.count else { return [] }
            var scanner = OutlineScanner(text: text, tracksCode: false)
            scanner.scan(from: start, firstLine: line)
            var depths: [Int] = []
            depths.reserveCapacity(scanner.items.count)
            for item in scanner.items { depths.append(item.parent >= 0 ? depths[item.parent] + 1 : 1) }
            return zip(scanner.items, depths).map { ListItem(line: $0.line, depth: $1) }
        }
    }

    /// True when the 1-based line is frontmatter or part of a code block.
    public func isSkippedLine(_ line: Int) -> Bool {
        line < skippedLines.count && skippedLines[line]
    }

    /// True when the line is inside a fenced or indented code block.
    public func isCodeLine(_ line: Int) -> Bool {
        // The blocks are in order and do not overlap.
        var low = 0
        var high = codeBlocks.count
        while low < high {
            let middle = (low + high) / 2
            if codeBlocks[middle].lines.upperBound < line { low = middle + 1 } else { high = middle }
        }
        return low < codeBlocks.count && codeBlocks[low].lines.contains(line)
    }

    /// Byte ranges where no tag, link or task can be: inline code spans and comments, sorted.
    public var inlineExclusions: [Range<Int>] {
        (inlineCodeSpans + comments).sorted { $0.lowerBound < $1.lowerBound }
    }
}

/// Finds inline code spans and comments in the lines that are not code or frontmatter.
private struct InlineScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Byte offset where each line starts; `lineStarts[0]` is line 1.
    let lineStarts: UnsafeBufferPointer<Int>
    let skippedLines: UnsafeBufferPointer<Bool>
    var codeSpans: [Range<Int>] = []
    var comments: [Range<Int>] = []
    /// What a search for a closing backtick run that failed saw (see `BacktickRuns`).
    private var runs = BacktickRuns()

    init(bytes: UnsafeBufferPointer<UInt8>, lineStarts: UnsafeBufferPointer<Int>, skippedLines: UnsafeBufferPointer<Bool>) {
        self.bytes = bytes
        self.lineStarts = lineStarts
        self.skippedLines = skippedLines
    }

    private var lineCount: Int { lineStarts.count }

    mutating func scan() {
        var line = 1
        var position = 0
        while line <= lineCount {
            if skippedLines[line] {
                line += 1
                position = line <= lineCount ? lineStarts[line - 1] : bytes.count
                continue
            }
            let end = lineEnd(line)
            if position >= end {
                line += 1
                if line <= lineCount { position = max(position, lineStarts[line - 1]) }
                continue
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\") {
                position += 2
            } else if byte == UInt8(ascii: "`") {
                position = codeSpan(from: position, line: line)
            } else if byte == UInt8(ascii: "<") && matches("<!--", at: position) {
                position = comment(from: position, opener: 4, closer: "-->")
            } else if byte == UInt8(ascii: "%") && matches("%%", at: position) && startsLine(position) {
                position = comment(from: position, opener: 2, closer: "%%")
            } else {
                position += 1
            }
            // A span or comment may end on a later line; move the line cursor along with it.
            while line < lineCount && position >= lineStarts[line] { line += 1 }
        }
    }

    private func startsLine(_ position: Int) -> Bool {
        var index = position
        while index > 0 && (bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09) { index -= 1 }
        return index == 0 || bytes[index - 1] == 0x0A
    }

    private func lineEnd(_ line: Int) -> Int {
        line < lineCount ? lineStarts[line] : bytes.count
    }

    private func matches(_ pattern: StaticString, at position: Int) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for index in 0..<count where bytes[position + index] != pattern.utf8Start[index] { return false }
        return true
    }

    private func runLength(at position: Int) -> Int {
        var end = position
        while end < bytes.count && bytes[end] == UInt8(ascii: "`") { end += 1 }
        return end - position
    }

    /// A run of N backticks opens a span that closes at the next run of exactly N backticks
    /// in the same paragraph (no blank line, no code line in between).
    private mutating func codeSpan(from start: Int, line: Int) -> Int {
        let length = runLength(at: start)
        if runs.knowsNoCloser(after: start, length: length) { return start + length }
        let stop = paragraphEnd(from: start + length, line: line, closingRun: length)
        if let close = stop.close {
            codeSpans.append(start..<close + length)
            return close + length
        }
        runs.record(bytes, from: start + length, to: stop.position)
        return start + length
    }

    /// Walks from `position` to the first backtick run of `closingRun` backticks (its start
    /// in `close`), or to the end of the paragraph (in `position`).
    private func paragraphEnd(from start: Int, line: Int, closingRun: Int) -> (position: Int, close: Int?) {
        var position = start
        var currentLine = line
        while position < bytes.count {
            if currentLine < lineCount && position >= lineStarts[currentLine] {
                currentLine += 1
                if skippedLines[currentLine] || isBlank(currentLine) { break }
            }
            if bytes[position] == UInt8(ascii: "`") {
                let run = runLength(at: position)
                if run == closingRun { return (position, position) }
                position += run
            } else {
                position += 1
            }
        }
        return (position, nil)
    }

    /// A comment runs to its closer, across lines and blank lines; unclosed, to the end.
    private mutating func comment(from start: Int, opener: Int, closer: StaticString) -> Int {
        var position = start + opener
        while position + closer.utf8CodeUnitCount <= bytes.count {
            if matches(closer, at: position) {
                comments.append(start..<position + closer.utf8CodeUnitCount)
                return position + closer.utf8CodeUnitCount
            }
            position += 1
        }
        comments.append(start..<bytes.count)
        return bytes.count
    }

    private func isBlank(_ line: Int) -> Bool {
        let start = lineStarts[line - 1]
        let end = lineEnd(line)
        return bytes[start..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
