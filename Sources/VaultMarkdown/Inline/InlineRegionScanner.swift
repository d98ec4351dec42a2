import VaultSystem

/// Finds the inline regions of a note where text is not read as markdown text: code spans and
/// comments, in one pass over the lines that are not code or frontmatter.
///
/// - A backslash escapes the next byte.
/// - A run of N backticks in inline text (a paragraph, a heading, a table row) opens a code
///   span that closes at the next run of exactly N in the same run of inline text, as in
///   cmark: never across a blank line, into another block, or into a paragraph, list item or
///   table row that starts on the next line.
/// - `<!--` opens an HTML comment and `%%` at the start of a line (after white space only)
///   an Obsidian comment block; a comment runs to its closer across lines and blocks, and to
///   the end of the note when unclosed. An inline `%% … %%` hides text when Obsidian renders,
///   but its links and tags still count there, so it is not a comment here.
struct InlineRegionScanner {
    let text: UnsafeBufferPointer<UInt8>
    /// Byte offset where each line starts; `lineStarts[0]` is line 1.
    let lineStarts: UnsafeBufferPointer<Int>
    /// What each line is, indexed by its 1-based number.
    let kinds: UnsafeBufferPointer<LineKind>
    private(set) var codeSpans: [Range<Int>] = []
    private(set) var comments: [Range<Int>] = []
    /// What a search for a closing backtick run that failed saw (see `BacktickRuns`).
    private var runs = BacktickRuns()

    init(text: UnsafeBufferPointer<UInt8>, lineStarts: UnsafeBufferPointer<Int>, kinds: UnsafeBufferPointer<LineKind>) {
        self.text = text
        self.lineStarts = lineStarts
        self.kinds = kinds
    }

    private var lineCount: Int { lineStarts.count }

    private func kind(_ line: Int) -> LineKind { line < kinds.count ? kinds[line] : [] }

    /// The start of the line after `line` (the end of `line`, its newline included).
    private func nextLineStart(_ line: Int) -> Int { line < lineCount ? lineStarts[line] : text.count }

    mutating func scan() {
        var line = 1
        var position = 0
        while line <= lineCount {
            if !kind(line).isDisjoint(with: [.code, .frontmatter]) {
                line += 1
                position = line <= lineCount ? max(position, lineStarts[line - 1]) : text.count
                continue
            }
            let end = nextLineStart(line)
            if position >= end {
                line += 1
                if line <= lineCount { position = max(position, lineStarts[line - 1]) }
                continue
            }
            // Most bytes open nothing: pass over them eight at a time, then one at a time.
            scanning: while position < end {
                if position + 8 <= end && !Self.mayHoldSpecial(text, at: position) {
                    position += 8
                    continue
                }
                let byte = text[position]
                if byte > UInt8(ascii: "`") {
                    position += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\\"): position += 2
                case UInt8(ascii: "`"), UInt8(ascii: "<"), UInt8(ascii: "%"): break scanning
                default: position += 1
                }
            }
            if position < end {
                let byte = text[position]
                if byte == UInt8(ascii: "`") {
                    position = kind(line).contains(.inline) ? codeSpan(from: position, line: line) : runEnd(position)
                } else if byte == UInt8(ascii: "<") && matches("<!--", at: position) {
                    position = comment(from: position, opener: 4, closer: "-->")
                } else if byte == UInt8(ascii: "%") && matches("%%", at: position) && startsLine(position) {
                    position = comment(from: position, opener: 2, closer: "%%")
                } else {
                    position += 1
                }
            }
            // A span or comment may end on a later line; move the line cursor along with it.
            while line < lineCount && position >= lineStarts[line] { line += 1 }
        }
    }

    /// True when one of the eight bytes at `position` is `\\`, `` ` ``, `<` or `%`: the
    /// classic test for a zero byte in a word, once per byte sought.
    @inline(__always)
    private static func mayHoldSpecial(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        let word = UnsafeRawPointer(text.baseAddress! + position).loadUnaligned(as: UInt64.self)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroByte(_ mixed: UInt64) -> UInt64 { (mixed &- ones) & ~mixed & highs }
        let found =
            zeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C) | zeroByte(word ^ 0x6060_6060_6060_6060)
            | zeroByte(word ^ 0x3C3C_3C3C_3C3C_3C3C) | zeroByte(word ^ 0x2525_2525_2525_2525)
        return found != 0
    }

    private func matches(_ pattern: StaticString, at position: Int) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard position + count <= text.count else { return false }
        for index in 0..<count where text[position + index] != pattern.utf8Start[index] { return false }
        return true
    }

    private func runEnd(_ position: Int) -> Int {
        var end = position
        while end < text.count && text[end] == UInt8(ascii: "`") { end += 1 }
        return end
    }

    /// A span from the run at `start` to the next run of the same length in the same run of
    /// inline text; where there is none, the run is literal text.
    private mutating func codeSpan(from start: Int, line: Int) -> Int {
        let length = runEnd(start) - start
        if runs.knowsNoCloser(after: start, length: length) { return start + length }
        var position = start + length
        var currentLine = line
        while position < text.count {
            if currentLine < lineCount && position >= lineStarts[currentLine] {
                currentLine += 1
                let next = kind(currentLine)
                if !next.contains(.inline) || next.contains(.leafStart) { break }
            }
            if text[position] == UInt8(ascii: "`") {
                let run = runEnd(position) - position
                if run == length {
                    codeSpans.append(start..<position + run)
                    return position + run
                }
                position += run
            } else {
                position += 1
            }
        }
        runs.record(text, from: start + length, to: position)
        return start + length
    }

    /// A comment runs to its closer, across lines and blank lines; unclosed, to the end.
    private mutating func comment(from start: Int, opener: Int, closer: StaticString) -> Int {
        var position = start + opener
        let count = closer.utf8CodeUnitCount
        while position + count <= text.count {
            if matches(closer, at: position) {
                comments.append(start..<position + count)
                return position + count
            }
            position += 1
        }
        comments.append(start..<text.count)
        return text.count
    }

    private func startsLine(_ position: Int) -> Bool {
        var index = position
        while index > 0 && (text[index - 1] == 0x20 || text[index - 1] == 0x09) { index -= 1 }
        return index == 0 || text[index - 1] == 0x0A
    }
}
