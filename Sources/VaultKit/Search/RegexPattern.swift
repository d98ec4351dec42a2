internal import CPCRE2
import VaultMarkdown
import VaultSystem

/// A regular expression for `vault search --regex`: Perl syntax, compiled by PCRE2 (to
/// machine code where its JIT is available), with smart case and `^`/`$` at each line.
///
/// The compiled code is read-only once built and shared by every thread of a search; each
/// thread matches with match data of its own (`RegexMatchData`).
final class RegexPattern: @unchecked Sendable {
    /// The pattern as given.
    let pattern: String
    /// True when the whole note may match otherwise than its lines alone: a lookaround,
    /// `\A`, `\z`, `\Z`, `\G` or a verb sees past the line, and a possessive or atomic
    /// repeat that takes the newline keeps it. Such a pattern is matched line by line.
    let matchesByLine: Bool
    /// The pattern written composed (NFC), when the pattern as given is not: it is matched
    /// against the composed text, so that a decomposed `é` typed or pasted finds either form.
    let composedForm: RegexPattern?
    private let code: OpaquePointer

    /// Compiles `pattern`.
    ///
    /// - Throws: `SearchQueryError.invalidRegex` with PCRE2's reason and the character at
    ///   which the pattern stops making sense.
    convenience init(_ pattern: String) throws(SearchQueryError) {
        try self.init(pattern, composing: true)
    }

    private init(_ pattern: String, composing: Bool) throws(SearchQueryError) {
        self.pattern = pattern
        matchesByLine = Self.needsLines(pattern)
        let composed = composing ? pattern.canonicallyComposed : pattern
        // Compared by bytes: strings compare equal across normal forms.
        composedForm = composed.utf8.elementsEqual(pattern.utf8) ? nil : try RegexPattern(composed, composing: false)
        // UCP: \w, \d, \s and \b know every script, as the letters of notes do.
        var options = UInt32(PCRE2_UTF | PCRE2_UCP | PCRE2_MULTILINE | PCRE2_NEVER_BACKSLASH_C)
        if !Self.hasUpperCaseLiteral(pattern) { options |= UInt32(PCRE2_CASELESS) }
        let compileContext = pcre2_compile_context_create_8(nil)
        defer { pcre2_compile_context_free_8(compileContext) }
        // `$` before "\r\n" as before "\n": a line's carriage return is not part of it.
        pcre2_set_newline_8(compileContext, UInt32(PCRE2_NEWLINE_ANYCRLF))
        var errorCode: Int32 = 0
        var errorOffset = 0
        // A final zero gives even an empty pattern storage to point at; it is not passed.
        let bytes = Array(pattern.utf8) + [0]
        let compiled = bytes.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count - 1, options, &errorCode, &errorOffset, compileContext)
        }
        guard let compiled else {
            throw .invalidRegex(
                pattern: pattern, reason: Self.message(errorCode), offset: Self.characters(in: pattern, before: errorOffset))
        }
        // Without the JIT (a platform it does not know) the interpreter matches the same way.
        _ = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE))
        code = compiled
    }

    deinit { pcre2_code_free_8(code) }

    /// One match of the pattern in `subject[..<length]` from `start`: its byte range, nil
    /// when there is none.
    ///
    /// - Throws: `RegexMatchError` (without a path) when PCRE2 gives up: a match limit, the
    ///   JIT's stack, the heap limit.
    func match(
        _ subject: UnsafePointer<UInt8>, length: Int, from start: Int, options: UInt32 = 0, with data: RegexMatchData
    ) throws(RegexMatchError) -> Range<Int>? {
        let result = pcre2_match_8(
            code, subject, length, start, options | UInt32(PCRE2_NO_UTF_CHECK), data.matchData, data.matchContext)
        if result == PCRE2_ERROR_NOMATCH { return nil }
        guard result >= 0 else {
            throw RegexMatchError(pattern: pattern, path: "", reason: Self.message(result), code: result)
        }
        let ovector = pcre2_get_ovector_pointer_8(data.matchData)!
        // \K can set the start after the end; such a match is empty where it ends.
        return min(ovector[0], ovector[1])..<ovector[1]
    }

    /// PCRE2's sentence for an error code.
    static func message(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer { pcre2_get_error_message_8(code, $0.baseAddress, $0.count) }
        guard length > 0 else { return "error \(code)" }
        return String(decoding: buffer[..<Int(length)], as: UTF8.self)
    }

    /// How many characters (as displayed) of `pattern` come before its UTF-8 byte `offset`.
    static func characters(in pattern: String, before offset: Int) -> Int {
        var count = 0
        var bytes = 0
        // An offset inside a character points at that character.
        for character in pattern {
            bytes += character.utf8.count
            if bytes > offset { break }
            count += 1
        }
        return count
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

    /// True for a pattern with a construct that looks beyond the text it matches at a line's
    /// edge (a lookaround, `\A`, `\z`, `\Z`, `\G`, a `(*` verb), or that never gives back
    /// what it took (`a++`, `a*+`, `a?+`, `a{2,}+`, `(?>...)`), so that taking a newline on the
    /// whole note would make it fail where the line alone matches. Erring towards true only
    /// costs speed.
    static func needsLines(_ pattern: String) -> Bool {
        let bytes = Array(pattern.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let rest = bytes[(index + 1)...]
            if byte == UInt8(ascii: "\\"), let next = rest.first {
                if "AzZG".utf8.contains(next) { return true }
                index += 2
                continue
            }
            if byte == UInt8(ascii: "("),
                ["*", "?=", "?!", "?<=", "?<!", "?*", "?>"].contains(where: { rest.starts(with: $0.utf8) })
            {
                return true
            }
            if "+*?}".utf8.contains(byte), rest.first == UInt8(ascii: "+") { return true }
            index += 1
        }
        return false
    }
}
