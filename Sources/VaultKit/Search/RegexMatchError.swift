internal import CPCRE2
import VaultSystem

/// A regular expression PCRE2 gave up matching in a note: it backtracks without end there
/// (nested repeats such as `(a+)+$`), so the search stops rather than hang.
public struct RegexMatchError: UserError, Equatable, Sendable {
    /// The pattern as given.
    public var pattern: String
    /// The vault-relative path of the note it gave up on.
    public var path: String
    /// PCRE2's sentence (`match limit exceeded`).
    public var reason: String
    /// PCRE2's error code.
    var code: Int32

    public var description: String {
        let what = code == PCRE2_ERROR_JIT_STACKLIMIT ? "needs more memory than a search allows" : Self.costly(code) ? "backtracks too much" : "cannot be matched"
        return "the regular expression \(pattern) \(what) in \(path): \(reason)"
    }

    public var hint: String? {
        if code == PCRE2_ERROR_JIT_STACKLIMIT {
            return "a group repeated very many times on one line keeps every repetition; repeat a class instead ([\\w\\s]+) or make the group possessive ((...)++)"
        }
        return Self.costly(code)
            ? "nested repeats such as (a+)+ retry every split of the text; make one of them possessive (a++) or atomic (?>...)"
            : nil
    }

    public var exitCode: Int32 { 1 }
    public var problem: String { description }

    /// True for the codes of a limit on matching (steps, JIT stack, heap, depth).
    static func costly(_ code: Int32) -> Bool {
        [PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_JIT_STACKLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_DEPTHLIMIT].contains(code)
    }
}
