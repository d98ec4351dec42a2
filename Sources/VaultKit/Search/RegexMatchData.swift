internal import CPCRE2

/// What one thread needs to match a `RegexPattern`: PCRE2's match data (where a match's
/// offsets land) and match context. Made once per worker and kept from note to note; never
/// shared between threads, as the compiled pattern is.
final class RegexMatchData {
    let matchData: OpaquePointer
    let matchContext: OpaquePointer

    init() {
        // Only the whole match is read: one pair of offsets is enough, whatever the groups.
        matchData = pcre2_match_data_create_8(1, nil)!
        matchContext = pcre2_match_context_create_8(nil)!
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(matchContext)
    }
}
