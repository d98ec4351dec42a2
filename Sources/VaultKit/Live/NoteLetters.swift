/// Which letters and digits a note's title, aliases and path hold, as bits, so that a query
/// can pass over the notes that cannot match it without looking at their texts: a fuzzy
/// match needs every character of the query in one field, so a note whose fields lack one
/// is out. A field with any byte beyond ASCII (which may fold or normalize to a letter)
/// counts as holding every letter.
enum NoteLetters {
    /// Every bit set: what a note with text beyond ASCII holds.
    static let all = UInt64.max
    /// The bits of the lower-case letters; the upper-case ones follow them, then the digits.
    private static let lower: UInt64 = (1 << 26) - 1

    /// What a query needs of a note's letters: `exact` bits as they are (an upper-case letter
    /// asks for itself, as fzf's smart case has it), `folded` ones in either case.
    struct Wanted: Sendable, Equatable {
        var exact: UInt64 = 0
        var folded: UInt64 = 0

        /// True when nothing is needed (an empty query).
        var isEmpty: Bool { exact == 0 && folded == 0 }

        /// True when a note of `letters` may match.
        func admits(_ letters: UInt64) -> Bool {
            letters & exact == exact && (letters | letters >> 26) & folded == folded
        }
    }

    /// The letters of the fields `NoteFinder` matches: the title, the aliases and the path.
    static func of(_ note: Note) -> UInt64 {
        var letters: UInt64 = 0
        func add(_ text: String) -> Bool {
            for byte in text.utf8 {
                guard byte < 0x80 else { return false }
                letters |= bit(byte)
            }
            return true
        }
        guard add(note.title), add(note.path) else { return all }
        for alias in note.aliases where !add(alias) { return all }
        return letters
    }

    /// What a note must hold to match `query`; nil when the query may match a note without
    /// some of its letters (`a | b`, `!a`). A term with an upper-case letter is matched by
    /// case; one without, in either case.
    static func wanted(by query: String) -> Wanted? {
        var wanted = Wanted()
        for term in query.split(separator: " ") {
            var letters: UInt64 = 0
            var byCase = false
            for byte in term.utf8 {
                if byte == UInt8(ascii: "|") || byte == UInt8(ascii: "!") { return nil }
                // A letter beyond ASCII may match an ASCII one once normalized: it asks for none.
                if byte < 0x80 { letters |= bit(byte) }
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byCase = true }
            }
            if byCase {
                wanted.exact |= letters
            } else {
                wanted.folded |= letters & lower
                wanted.exact |= letters & ~lower
            }
        }
        return wanted
    }

    private static func bit(_ byte: UInt8) -> UInt64 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return 1 << UInt64(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 1 << UInt64(26 + byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 1 << UInt64(52 + byte - UInt8(ascii: "0"))
        default: return 0
        }
    }
}
