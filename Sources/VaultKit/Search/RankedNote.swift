/// A note's place in a `NoteFinder` ranking, before its match is spelled out: enough to
/// order it (score, length of the text, archive, path) and to find the field again.
///
/// Workers keep these rather than `NoteMatch`es: no copy of the note and no matched
/// positions for the many notes that never make the list shown.
struct RankedNote: Rankable {
    var score: Int
    /// The matched text's length in Unicode scalars (fzf's tie-break: shorter first).
    var length: Int
    var archived: Bool
    var path: String
    /// Where the note is in the notes ranked.
    var index: Int
    var field: NoteMatch.Field
    /// Which alias matched, for `.alias`.
    var alias: Int

    var cost: Int { 1 }

    /// Higher score first, then the shorter text, then notes outside the archive, then by path.
    static func < (a: RankedNote, b: RankedNote) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.length != b.length { return a.length < b.length }
        if a.archived != b.archived { return b.archived }
        return a.path < b.path
    }

    /// The number of Unicode scalars in UTF-8 bytes: those that do not continue one.
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
