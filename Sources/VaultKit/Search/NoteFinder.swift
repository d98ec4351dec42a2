import VaultMarkdown
import VaultSystem

/// A quick switcher: ranks notes by how well a fuzzy query matches their title, one of their
/// aliases or their path, as fzf would rank those texts.
///
/// Each note counts with its best field (the title, then aliases, then the path, when they
/// score the same); among equal scores the shorter text wins (fzf's tie-break), then notes
/// outside the archive, then the path. `!term` leaves out a note when
/// any of its fields holds the term. A query of no term (or only `!term`s) lists the notes
/// most used first (by a frecency score, when one is given), then most recently modified.
public struct NoteFinder: Sendable {
    /// The positive part of the query, matched field by field.
    private let query: FuzzyQuery
    /// `!term`s on their own, which apply to the note as a whole.
    private let exclusions: [FuzzyQuery.Term]
    private let prefilter: BytePrefilter

    /// Reads `query` in fzf's extended syntax.
    public init(_ query: String) {
        var parsed = FuzzyQuery(query)
        exclusions = parsed.groups.compactMap { $0.count == 1 && $0[0].inverse ? $0[0] : nil }
        parsed.groups.removeAll { $0.count == 1 && $0[0].inverse }
        self.query = parsed
        prefilter = BytePrefilter(parsed)
    }

    /// The notes that match, best first, at most `limit` of them.
    ///
    /// - Parameter frecency: how much each note is used (`UsageLog.noteScore`), which orders
    ///   the notes of an empty query.
    public func rank(_ notes: [Note], limit: Int? = nil, frecency: ((Note) -> Double)? = nil) -> [NoteMatch] {
        var matcher = FuzzyMatcher()
        var text = FuzzyText()
        var projection: [UInt8] = []
        var found: [NoteMatch] = []
        for note in notes {
            let fields = Self.fields(of: note)
            if !exclusions.isEmpty && fields.contains(where: { field in
                text = FuzzyText(field.text)
                return exclusions.contains { term in
                    matcher.match(term.algorithm, term.pattern, in: text, caseSensitive: term.caseSensitive, positions: false) != nil
                }
            }) {
                continue
            }
            guard !query.isEmpty else {
                found.append(NoteMatch(note: note, score: 0, field: .title, text: note.title, ranges: []))
                continue
            }
            var best: NoteMatch?
            for field in fields {
                var bytes = field.text
                let candidate: NoteMatch? = bytes.withUTF8 { buffer in
                    guard prefilter.mayMatch(buffer, 0..<buffer.count, projection: &projection) else { return nil }
                    text.load(buffer)
                    guard let match = query.match(text, with: &matcher) else { return nil }
                    return NoteMatch(
                        note: note, score: match.score, field: field.kind, text: field.text,
                        ranges: text.byteRanges(match.positions))
                }
                // Within a note a field must score higher to win: the title comes first.
                if let candidate, candidate.score > best?.score ?? Int.min { best = candidate }
            }
            if let best { found.append(best) }
        }
        if query.isEmpty, let frecency {
            let scores = found.map { frecency($0.note) }
            let order = found.indices.sorted { a, b in
                if scores[a] != scores[b] { return scores[a] > scores[b] }
                return (found[a].note.modified, found[b].note.path) > (found[b].note.modified, found[a].note.path)
            }
            found = order.map { found[$0] }
        } else if query.isEmpty {
            found.sort { ($0.note.modified, $1.note.path) > ($1.note.modified, $0.note.path) }
        } else {
            found.sort(by: Self.ranksBefore)
        }
        if let limit, found.count > limit { found.removeSubrange(limit...) }
        return found
    }

    /// The texts of a note a query is matched against: title, aliases, path without extension.
    static func fields(of note: Note) -> [(kind: NoteMatch.Field, text: String)] {
        var fields: [(kind: NoteMatch.Field, text: String)] = [(.title, note.title)]
        for alias in note.aliases where alias != note.title { fields.append((.alias, alias)) }
        let path = note.path
        fields.append((.path, path.lastIndex(of: ".").map { String(path[..<$0]) } ?? path))
        return fields
    }

    /// Higher score first, then the shorter text, then notes outside the archive, then by path.
    static func ranksBefore(_ a: NoteMatch, _ b: NoteMatch) -> Bool {
        if a.score != b.score { return a.score > b.score }
        let lengthA = a.text.unicodeScalars.count, lengthB = b.text.unicodeScalars.count
        if lengthA != lengthB { return lengthA < lengthB }
        let archivedA = a.note.kind == .archive, archivedB = b.note.kind == .archive
        if archivedA != archivedB { return archivedB }
        return a.note.path < b.note.path
    }
}
