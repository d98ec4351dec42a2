import VaultMarkdown
import VaultSystem

/// A regular expression for `vault search --regex` (Swift's regex syntax, which takes
/// PCRE-style patterns), with smart case and `^`/`$` at each line.
struct RegexPattern: @unchecked Sendable {
    // Regex values are immutable once built; matching from several threads is safe.
    private let regex: Regex<AnyRegexOutput>

    /// Compiles `pattern`.
    ///
    /// - Throws: `SearchQueryError.invalidRegex` naming the reason and, when the parser says
    ///   where, the character at which the pattern stops making sense.
    init(_ pattern: String) throws(SearchQueryError) {
        do {
            var regex = try Regex(pattern).anchorsMatchLineEndings()
            if !Self.hasUpperCaseLiteral(pattern) { regex = regex.ignoresCase() }
            self.regex = regex
        } catch {
            throw .invalidRegex(pattern: pattern, reason: "\(error)", offset: Self.offset(of: error, in: pattern))
        }
    }

    /// The matching lines of a note, each line matched on its own (a match never runs into
    /// the next line). A note that is not UTF-8 is matched as its repaired text (each bad
    /// byte read as U+FFFD).
    func search(_ bytes: [UInt8], path: String, context: Int) -> ([LineMatch], lossy: Bool) {
        // A byte-order mark is not text: `^` must see the first line's first character.
        let body = ByteOrderMark.length(of: bytes)
        let valid = String(validating: bytes[body...], as: UTF8.self)
        let text = valid ?? String(decoding: bytes[body...], as: UTF8.self)
        // One pass over the whole note rules out most notes before any line is cut out.
        guard text.contains(regex) else { return ([], valid == nil) }
        let utf8 = valid == nil ? Array(text.utf8) : Array(bytes[body...])
        return utf8.withUnsafeBufferPointer { buffer in
            var matches: [LineMatch] = []
            var start = 0
            var line = 1
            // The empty rest after a final newline is not a line.
            while start < buffer.count {
                let end = ByteScan.lineEnd(buffer, after: start)
                let bounds = LineText.trimmingReturn(buffer, start..<end)
                let lineText = String(decoding: UnsafeBufferPointer(rebasing: buffer[bounds]), as: UTF8.self)
                let found = lineText.matches(of: regex)
                if !found.isEmpty {
                    let ranges = found.map { match in
                        lineText.utf8.distance(from: lineText.startIndex, to: match.range.lowerBound)
                            ..< lineText.utf8.distance(from: lineText.startIndex, to: match.range.upperBound)
                    }.filter { !$0.isEmpty }
                    var match = LineMatch(path: path, line: line, text: lineText, ranges: ranges, score: 0)
                    if context > 0 {
                        (match.before, match.after) = LineText.context(
                            buffer, around: start..<end, line: line, count: context, body: 0)
                    }
                    matches.append(match)
                }
                start = end + 1
                line += 1
            }
            return (matches, valid == nil)
        }
    }

    /// Smart case: an upper-case letter that is not part of an escape (`\S`, `\W`) makes the
    /// pattern case-sensitive.
    static func hasUpperCaseLiteral(_ pattern: String) -> Bool {
        var escaped = false
        for character in pattern {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character.isUppercase {
                return true
            }
        }
        return false
    }

    /// Where the regex parser says the pattern fails, in characters; nil when it does not say.
    ///
    /// The location is not public API of Swift's regex errors, so it is read by reflection
    /// and dropped if its shape ever changes.
    static func offset(of error: any Error, in pattern: String) -> Int? {
        for child in Mirror(reflecting: error).children where child.label == "location" {
            for part in Mirror(reflecting: child.value).children where part.label == "range" {
                guard let range = part.value as? Range<String.Index>,
                    range.lowerBound >= pattern.startIndex, range.lowerBound <= pattern.endIndex
                else { return nil }
                return pattern.distance(from: pattern.startIndex, to: range.lowerBound)
            }
        }
        return nil
    }
}
