/// A parsed note: cmark's block structure as Swift values plus what the raw bytes say about
/// inline code and comments, with true line numbers.
///
/// Frontmatter is blanked (newlines kept) before cmark sees the text, so every line number
/// is the line in the file. cmark's inline columns drift, so inline code spans and comments
/// are found by scanning the raw bytes instead.
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
    public let listItems: [ListItem]
    /// Byte ranges of inline code spans, backticks included.
    public let inlineCodeSpans: [Range<Int>]
    /// Byte ranges of HTML comments (`<!-- -->`) and Obsidian comment blocks (`%%` at the
    /// start of a line up to the next `%%`). An inline `%% … %%` hides text when Obsidian
    /// renders, but its links and tags still count there, so they count here too.
    public let comments: [Range<Int>]
    /// For each 1-based line (index 0 unused), true when it is frontmatter or code.
    private let skippedLines: [Bool]

    /// Parses a note. Never fails: any bytes make a document.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        let map = SourceMap(bytes)
        sourceMap = map
        hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let frontmatter = Frontmatter.locate(in: bytes, from: hasByteOrderMark ? 3 : 0)
        self.frontmatter = frontmatter

        var text = bytes
        if let frontmatter {
            for index in frontmatter.byteRange where text[index] != 0x0A { text[index] = 0x20 }
        }
        let blocks = CMarkParser.parse(text)
        headings = blocks.headings
        // A fence left open until its list item or quote ends is reported one line too long,
        // into the next item; only a real closing fence on the last line keeps it.
        var fixed = blocks.codeBlocks
        for check in blocks.fenceChecks where fixed[check.block].lines.upperBound <= map.lineCount {
            let last = map.range(ofLine: fixed[check.block].lines.upperBound, in: bytes)
            let text = bytes[last].drop { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
            if text.prefix(3).count < 3 || !text.prefix(3).allSatisfy({ $0 == check.fence }) {
                let lower = fixed[check.block].lines.lowerBound
                fixed[check.block].lines = lower...max(lower, check.contentEnd)
            }
        }
        // cmark counts the blank lines after indented code as part of the block.
        codeBlocks = fixed.map { block in
            guard !block.isFenced else { return block }
            var trimmed = block
            while trimmed.lines.upperBound > trimmed.lines.lowerBound,
                map.range(ofLine: min(trimmed.lines.upperBound, map.lineCount), in: bytes).allSatisfy({ bytes[$0] == 0x20 || bytes[$0] == 0x09 })
            {
                trimmed.lines = trimmed.lines.lowerBound...(trimmed.lines.upperBound - 1)
            }
            return trimmed
        }
        htmlBlocks = blocks.htmlBlocks
        listItems = blocks.listItems

        var skipped = [Bool](repeating: false, count: map.lineCount + 2)
        if let frontmatter { for line in frontmatter.lines { skipped[line] = true } }
        for block in codeBlocks {
            for line in block.lines where line < skipped.count { skipped[line] = true }
        }
        skippedLines = skipped
        var scanner = InlineScanner(bytes: bytes, sourceMap: map, skippedLines: skipped)
        scanner.scan()
        inlineCodeSpans = scanner.codeSpans
        comments = scanner.comments
    }

    /// True when the 1-based line is frontmatter or part of a code block.
    public func isSkippedLine(_ line: Int) -> Bool {
        line < skippedLines.count && skippedLines[line]
    }

    /// True when the line is inside a fenced or indented code block.
    public func isCodeLine(_ line: Int) -> Bool {
        codeBlocks.contains { $0.lines.contains(line) }
    }

    /// Byte ranges where no tag, link or task can be: inline code spans and comments, sorted.
    public var inlineExclusions: [Range<Int>] {
        (inlineCodeSpans + comments).sorted { $0.lowerBound < $1.lowerBound }
    }
}

/// Finds inline code spans and comments in the lines that are not code or frontmatter.
private struct InlineScanner {
    let bytes: [UInt8]
    let sourceMap: SourceMap
    let skippedLines: [Bool]
    var codeSpans: [Range<Int>] = []
    var comments: [Range<Int>] = []

    mutating func scan() {
        var line = 1
        var position = 0
        while line <= sourceMap.lineCount {
            if skippedLines[line] {
                line += 1
                position = line <= sourceMap.lineCount ? sourceMap.lineStarts[line - 1] : bytes.count
                continue
            }
            let end = lineEnd(line)
            if position >= end {
                line += 1
                if line <= sourceMap.lineCount { position = max(position, sourceMap.lineStarts[line - 1]) }
                continue
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\") {
                position += 2
            } else if byte == UInt8(ascii: "`") {
                position = codeSpan(from: position, line: line)
            } else if byte == UInt8(ascii: "<") && matches("<!--", at: position) {
                position = comment(from: position, opener: 4, closer: Array("-->".utf8))
            } else if byte == UInt8(ascii: "%") && matches("%%", at: position) && startsLine(position) {
                position = comment(from: position, opener: 2, closer: Array("%%".utf8))
            } else {
                position += 1
            }
            // A span or comment may end on a later line; move the line cursor along with it.
            while line < sourceMap.lineCount && position >= sourceMap.lineStarts[line] { line += 1 }
        }
    }

    private func startsLine(_ position: Int) -> Bool {
        var index = position
        while index > 0 && (bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09) { index -= 1 }
        return index == 0 || bytes[index - 1] == 0x0A
    }

    private func lineEnd(_ line: Int) -> Int {
        line < sourceMap.lineCount ? sourceMap.lineStarts[line] : bytes.count
    }

    private func matches(_ text: String, at position: Int) -> Bool {
        let pattern = Array(text.utf8)
        return position + pattern.count <= bytes.count && Array(bytes[position..<position + pattern.count]) == pattern
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
        var position = start + length
        var currentLine = line
        while position < bytes.count {
            if currentLine < sourceMap.lineCount && position >= sourceMap.lineStarts[currentLine] {
                currentLine += 1
                if skippedLines[currentLine] || isBlank(currentLine) { break }
            }
            if bytes[position] == UInt8(ascii: "`") {
                let run = runLength(at: position)
                if run == length {
                    codeSpans.append(start..<position + run)
                    return position + run
                }
                position += run
            } else {
                position += 1
            }
        }
        return start + length
    }

    /// A comment runs to its closer, across lines and blank lines; unclosed, to the end.
    private mutating func comment(from start: Int, opener: Int, closer: [UInt8]) -> Int {
        var position = start + opener
        while position + closer.count <= bytes.count {
            if bytes[position] == closer[0] && Array(bytes[position..<position + closer.count]) == closer {
                comments.append(start..<position + closer.count)
                return position + closer.count
            }
            position += 1
        }
        comments.append(start..<bytes.count)
        return bytes.count
    }

    private func isBlank(_ line: Int) -> Bool {
        let start = sourceMap.lineStarts[line - 1]
        let end = lineEnd(line)
        return bytes[start..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
