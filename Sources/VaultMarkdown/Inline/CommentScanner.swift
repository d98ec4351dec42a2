import Glibc
import VaultSystem

/// Finds HTML comments (`<!-- -->`) and Obsidian comments (`%% %%`) outside code, with the
/// same rules as `MarkdownDocument.comments`: a backslash escapes the next byte, a backtick run
/// opens an inline code span that closes at an equal run in the same paragraph, and a comment
/// runs to its closer across lines (to the end of the note when unclosed).
///
/// The outline scan already knows which lines are code, so the tasks of a note with comments
/// are found without a cmark parse.
package struct CommentScanner {
    let text: UnsafeBufferPointer<UInt8>
    /// Byte offset where each line starts; `lineStarts[0]` is line 1.
    let lineStarts: [Int]
    /// For each 1-based line, true when it is code or frontmatter.
    let skipped: [Bool]
    package var comments: [Range<Int>] = []
    /// What a search for a closing backtick run that failed saw (see `BacktickRuns`).
    private var runs = BacktickRuns()

    package init(text: UnsafeBufferPointer<UInt8>, lineStarts: [Int], skipped: [Bool]) {
        self.text = text
        self.lineStarts = lineStarts
        self.skipped = skipped
    }

    /// The offset of the first `<!--` or `%%` in the note, nil when there is none: only a
    /// task after it can be inside a comment.
    package static func firstOpener(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = text.baseAddress else { return nil }
        var first: Int?
        for opener in [UInt8(ascii: "<"), UInt8(ascii: "%")] {
            var position = 0
            let limit = first ?? text.count
            while position < limit, let found = memchr(base + position, Int32(opener), limit - position) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if opener == UInt8(ascii: "%") {
                    if index + 1 < text.count && text[index + 1] == opener { return min(index, first ?? index) }
                } else if index + 3 < text.count && text[index + 1] == UInt8(ascii: "!")
                    && text[index + 2] == UInt8(ascii: "-")
                    && text[index + 3] == UInt8(ascii: "-")
                {
                    first = index
                    break
                }
                position = index + 1
            }
        }
        return first
    }

    private var lineCount: Int { lineStarts.count }

    private func isSkipped(_ line: Int) -> Bool { line < skipped.count && skipped[line] }

    /// The start of the line after `line` (the end of `line`, its newline included).
    private func nextLineStart(_ line: Int) -> Int { line < lineCount ? lineStarts[line] : text.count }

    /// Scans up to `limit`: comments that start after it are not looked for.
    package mutating func scan(until limit: Int) {
        var line = 1
        var position = 0
        while line <= lineCount && position <= limit {
            if isSkipped(line) {
                line += 1
                position = line <= lineCount ? lineStarts[line - 1] : text.count
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
                    position = codeSpan(from: position, line: line)
                } else if byte == UInt8(ascii: "<") && matches("<!--", at: position) {
                    position = comment(from: position, opener: 4, closer: "-->")
                } else if byte == UInt8(ascii: "%") && matches("%%", at: position) && startsLine(position) {
                    // Only a `%%` that starts a line opens a comment block, as in
                    // `MarkdownDocument`: Obsidian still reads what an inline `%% %%` holds.
                    position = comment(from: position, opener: 2, closer: "%%")
                } else {
                    position += 1
                }
            }
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

    private func runLength(at position: Int) -> Int {
        var end = position
        while end < text.count && text[end] == UInt8(ascii: "`") { end += 1 }
        return end - position
    }

    private mutating func codeSpan(from start: Int, line: Int) -> Int {
        let length = runLength(at: start)
        if runs.knowsNoCloser(after: start, length: length) { return start + length }
        var position = start + length
        var currentLine = line
        while position < text.count {
            if currentLine < lineCount && position >= lineStarts[currentLine] {
                currentLine += 1
                if isSkipped(currentLine) || isBlank(currentLine) { break }
            }
            if text[position] == UInt8(ascii: "`") {
                let run = runLength(at: position)
                if run == length { return position + run }
                position += run
            } else {
                position += 1
            }
        }
        runs.record(text, from: start + length, to: position)
        return start + length
    }

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

    private func isBlank(_ line: Int) -> Bool {
        for index in lineStarts[line - 1]..<nextLineStart(line) {
            let byte = text[index]
            if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return false }
        }
        return true
    }

    private func startsLine(_ position: Int) -> Bool {
        var index = position
        while index > 0 && (text[index - 1] == 0x20 || text[index - 1] == 0x09) { index -= 1 }
        return index == 0 || text[index - 1] == 0x0A
    }
}
