internal import CPCRE2

/// What one thread needs to match a `RegexPattern`: PCRE2's match data (where a match's
/// offsets land) and match context. Made once per worker and kept from note to note; never
/// shared between threads, as the compiled pattern is.
final class RegexMatchData {
    let matchData: OpaquePointer
    let matchContext: OpaquePointer
    private let jitStack: OpaquePointer?

    /// The most stack the JIT's code may use on one thread. Its default, 32 KB, runs out on a
    /// group repeated a few thousand times (`(\w+\s)+` over a long paragraph); the stack is
    /// reserved, not used, until a match needs it.
    static let jitStackLimit = 8 << 20

    init() {
        // Only the whole match is read: one pair of offsets is enough, whatever the groups.
        matchData = pcre2_match_data_create_8(1, nil)!
        matchContext = pcre2_match_context_create_8(nil)!
        jitStack = pcre2_jit_stack_create_8(32 << 10, Self.jitStackLimit, nil)
        if let jitStack { pcre2_jit_stack_assign_8(matchContext, nil, UnsafeMutableRawPointer(jitStack)) }
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(matchContext)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
    }
}
