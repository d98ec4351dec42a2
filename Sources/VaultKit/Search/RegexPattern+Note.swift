internal import CPCRE2
import VaultMarkdown
import VaultSystem

extension RegexPattern {
    /// The matching lines of a note, each with the byte ranges of its non-empty matches.
    ///
    /// The whole note is matched at once, which finds the next line worth looking at at the
    /// speed of grep; that line alone is then matched again, so that a match never runs into
    /// the next line and each line matches exactly as it would on its own. A note that is not
    /// UTF-8 is matched as its repaired text (each bad byte read as U+FFFD, as it is shown).
    ///
    /// Text written decomposed (an `e` and a combining accent, as macOS writes names and
    /// what is pasted from them) is matched composed as well, so that `café` finds it as
    /// `search --exact` does; a line matched only so is shown composed. A pattern that looks
    /// for the marks themselves (`\x{301}`, `\p{M}`) still finds them in the text as written.
    ///
    /// - Throws: `RegexMatchError` naming `path` when PCRE2 gives up on the note.
    func search(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, context: Int, with data: RegexMatchData
    ) throws(RegexMatchError) -> ([LineMatch], lossy: Bool) {
        var decomposed = false
        let lossy = UTF8Check.validate(UnsafeRawBufferPointer(bytes), decomposed: &decomposed) != .valid
        do {
            let matches =
                lossy
                ? try Array(String(decoding: bytes, as: UTF8.self).utf8).withUnsafeBufferPointer { buffer throws(RegexMatchError) in
                    var repaired = false
                    _ = UTF8Check.validate(UnsafeRawBufferPointer(buffer), decomposed: &repaired)
                    return try linesInEitherForm(buffer, decomposed: repaired, context: context, path: path, with: data)
                } : try linesInEitherForm(bytes, decomposed: decomposed, context: context, path: path, with: data)
            return (matches, lossy)
        } catch {
            var named = error
            named.path = path
            throw named
        }
    }

    /// The matching lines of valid UTF-8 text as written and, where it holds decomposed
    /// characters or the pattern was written decomposed, of its composed form too; a line
    /// found both ways is given as written. Composing never moves a line break, so the
    /// lines of both forms have the same numbers.
    private func linesInEitherForm(
        _ buffer: UnsafeBufferPointer<UInt8>, decomposed: Bool, context: Int, path: String, with data: RegexMatchData
    ) throws(RegexMatchError) -> [LineMatch] {
        let written = try lines(buffer, context: context, path: path, with: data)
        guard decomposed || composedForm != nil else { return written }
        let composer = composedForm ?? self
        let composed = try decomposed
            ? Array(String(decoding: buffer, as: UTF8.self).canonicallyComposed.utf8).withUnsafeBufferPointer {
                buffer throws(RegexMatchError) in try composer.lines(buffer, context: context, path: path, with: data)
            } : composer.lines(buffer, context: context, path: path, with: data)
        guard !composed.isEmpty else { return written }
        let numbers = Set(written.map(\.line))
        return (written + composed.filter { !numbers.contains($0.line) }).sorted { $0.line < $1.line }
    }

    private func lines(
        _ buffer: UnsafeBufferPointer<UInt8>, context: Int, path: String, with data: RegexMatchData
    ) throws(RegexMatchError) -> [LineMatch] {
        // A byte-order mark is not text: `^` must see the first line's first character.
        let body = ByteOrderMark.length(of: buffer)
        guard buffer.count > body, let base = buffer.baseAddress else { return [] }
        var matches: [LineMatch] = []
        var counted = body
        var line = 1
        var from = body
        // The empty rest after a final newline is not a line.
        while from < buffer.count {
            let start: Int
            if matchesByLine {
                start = from
            } else {
                let subject = base + body
                guard let found = try match(subject, length: buffer.count - body, from: from - body, with: data),
                    found.lowerBound + body < buffer.count
                else { break }
                start = ByteScan.lineStart(buffer, before: found.lowerBound + body, from: from)
            }
            let end = ByteScan.lineEnd(buffer, after: start)
            line += ByteScan.countLines(buffer, counted..<start)
            counted = start
            let bounds = LineText.trimmingReturn(buffer, start..<end)
            if let ranges = try matchesOnLine(base + bounds.lowerBound, length: bounds.count, with: data) {
                let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[bounds]), as: UTF8.self)
                var match = LineMatch(path: path, line: line, text: text, ranges: ranges, score: 0)
                if context > 0 {
                    (match.before, match.after) = LineText.context(buffer, around: start..<end, line: line, count: context, body: body)
                }
                matches.append(match)
            }
            from = end + 1
        }
        return matches
    }

    /// The non-empty matches of the pattern on one line (the line alone is the subject), nil
    /// when it does not match at all; a line where it matches only empty text matches, as in
    /// grep, with nothing to highlight.
    func matchesOnLine(
        _ line: UnsafePointer<UInt8>, length: Int, with data: RegexMatchData
    ) throws(RegexMatchError) -> [Range<Int>]? {
        guard var found = try match(line, length: length, from: 0, with: data) else { return nil }
        var ranges: [Range<Int>] = []
        while true {
            if !found.isEmpty { ranges.append(found) }
            var next: Range<Int>?
            if found.isEmpty {
                // After an empty match, a non-empty one where it stands, else one character on.
                guard found.upperBound < length else { break }
                next = try match(
                    line, length: length, from: found.upperBound,
                    options: UInt32(PCRE2_NOTEMPTY_ATSTART | PCRE2_ANCHORED), with: data)
                if next == nil {
                    let step = found.upperBound + Self.characterLength(line, at: found.upperBound, length: length)
                    guard step <= length else { break }
                    next = try match(line, length: length, from: step, with: data)
                }
            } else {
                guard found.upperBound <= length else { break }
                next = try match(line, length: length, from: found.upperBound, with: data)
            }
            guard let following = next else { break }
            found = following
        }
        return ranges
    }

    /// The length in bytes of the UTF-8 character at `index` (the text is valid UTF-8).
    private static func characterLength(_ text: UnsafePointer<UInt8>, at index: Int, length: Int) -> Int {
        var end = index + 1
        while end < length && text[end] & 0xC0 == 0x80 { end += 1 }
        return end - index
    }
}
