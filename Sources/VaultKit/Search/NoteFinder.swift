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
    let prefilter: BytePrefilter

    /// True for a query of no term (or only `!term`s): it lists notes rather than ranks them.
    var looksForNothing: Bool { query.isEmpty }

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
    /// The notes are ranked in slices on every core, each slice keeping its own best
    /// `limit`, then merged: the order is a total one (the path breaks the last tie), so the
    /// result is the one a single pass gives.
    ///
    /// - Parameters:
    ///   - include: which notes take part (all when nil).
    ///   - frecency: how much each note is used (`UsageLog.noteScore`), which orders the
    ///     notes of an empty query.
    public func rank(
        _ notes: [Note], limit: Int? = nil, where include: (@Sendable (Note) -> Bool)? = nil,
        frecency: ((Note) -> Double)? = nil
    ) -> [NoteMatch] {
        guard !looksForNothing else { return listed(notes, limit: limit, where: include, frecency: frecency) }
        let slices = max(1, min(64, notes.count / 2048))
        let ranked = ParallelMap.map(slices, minimumPerWorker: 1) { slice in
            rank(notes, notes.count * slice / slices..<notes.count * (slice + 1) / slices, limit: limit, where: include)
        }
        var merged = BoundedRanking<RankedNote>(limit: limit ?? Int.max, budget: Int.max)
        for slice in ranked {
            for note in slice { merged.insert(note) }
        }
        var matcher = FuzzyMatcher()
        return merged.sorted().map { spelledOut($0, notes[$0.index], with: &matcher) }
    }

    /// The best `limit` notes of `range` (all that match when nil), best first.
    private func rank(_ notes: [Note], _ range: Range<Int>, limit: Int?, where include: (@Sendable (Note) -> Bool)?) -> [RankedNote] {
        var worker = Worker(finder: self)
        var kept = BoundedRanking<RankedNote>(limit: limit ?? Int.max, budget: Int.max)
        for index in range {
            if let include, !include(notes[index]) { continue }
            if let ranked = worker.rank(notes[index], index: index) { kept.insert(ranked) }
        }
        return kept.sorted()
    }

    /// What one thread ranks notes with: the matcher's buffers, reused from note to note, and
    /// the query held by one reference (see `Matching`).
    struct Worker {
        let finder: NoteFinder
        var matcher = FuzzyMatcher()
        var text = FuzzyText()
        var projection: [UInt8] = []
        // Held by one reference: the closure below, made for each note, copied what it took
        // of the finder and of the note, a retain and a release of each of their arrays and
        // strings, half of a `find`'s time at 100,000 notes.
        let matching: Matching

        init(finder: NoteFinder) {
            self.finder = finder
            matching = Matching(query: finder.query, prefilter: finder.prefilter)
        }

        /// The note ranked by its best field, `index` its place among the notes ranked; nil
        /// when no field matches or a `!term` leaves it out.
        mutating func rank(_ note: Note, index: Int) -> RankedNote? {
            if !finder.exclusions.isEmpty && finder.isExcluded(note, matcher: &matcher, text: &text) { return nil }
            var best: (score: Int, length: Int, field: NoteMatch.Field, alias: Int)?
            let matching = matching
            NoteFinder.forEachField(of: note) { field, alias, buffer in
                guard matching.prefilter.mayMatch(buffer, 0..<buffer.count, projection: &projection) else { return false }
                text.load(buffer)
                // Positions are found only for the notes shown, once ranked.
                guard let match = matching.query.match(text, with: &matcher, positions: false) else { return false }
                // Within a note a field must score higher to win: the title comes first.
                if match.score > best?.score ?? Int.min { best = (match.score, RankedNote.scalarCount(buffer), field, alias) }
                return false
            }
            guard let best else { return nil }
            return RankedNote(
                score: best.score, length: best.length, archived: note.kind == .archive, path: note.path, index: index,
                field: best.field, alias: best.alias)
        }
    }

    /// True when a field of the note holds one of the `!term`s.
    private func isExcluded(_ note: Note, matcher: inout FuzzyMatcher, text: inout FuzzyText) -> Bool {
        var excluded = false
        Self.forEachField(of: note) { _, _, buffer in
            text.load(buffer)
            excluded = exclusions.contains { term in
                matcher.match(term.algorithm, term.pattern, in: text, caseSensitive: term.caseSensitive, positions: false) != nil
            }
            return excluded
        }
        return excluded
    }

    /// The match of a ranked note, with the positions of its matched characters.
    func spelledOut(_ ranked: RankedNote, _ note: Note, with matcher: inout FuzzyMatcher) -> NoteMatch {
        let text: String
        switch ranked.field {
        case .title: text = note.title
        case .alias: text = note.aliases[ranked.alias]
        case .path: text = Self.pathField(note.path)
        }
        let fuzzy = FuzzyText(text)
        let positions = query.match(fuzzy, with: &matcher)?.positions ?? []
        return NoteMatch(note: note, score: ranked.score, field: ranked.field, text: text, ranges: fuzzy.byteRanges(positions))
    }

    /// The notes of a query that looks for nothing: most used first (by `frecency`), else
    /// most recently modified.
    func listed(
        _ notes: [Note], limit: Int?, where include: (@Sendable (Note) -> Bool)?, frecency: ((Note) -> Double)?
    ) -> [NoteMatch] {
        var matcher = FuzzyMatcher()
        var text = FuzzyText()
        var found: [NoteMatch] = []
        for note in notes {
            if let include, !include(note) { continue }
            if !exclusions.isEmpty && isExcluded(note, matcher: &matcher, text: &text) { continue }
            found.append(NoteMatch(note: note, score: 0, field: .title, text: note.title, ranges: []))
        }
        if let frecency {
            let scores = found.map { frecency($0.note) }
            let order = found.indices.sorted { a, b in
                if scores[a] != scores[b] { return scores[a] > scores[b] }
                return (found[a].note.modified, found[b].note.path) > (found[b].note.modified, found[a].note.path)
            }
            found = order.map { found[$0] }
        } else {
            found.sort { ($0.note.modified, $1.note.path) > ($1.note.modified, $0.note.path) }
        }
        if let limit, found.count > limit { found.removeSubrange(limit...) }
        return found
    }

    /// The path without its extension, as a query sees it.
    static func pathField(_ path: String) -> String {
        // Cut where `forEachField` cuts it, so that a note is shown matched on what it was ranked on.
        path.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(path[..<$0]) } ?? path
    }

    /// The bytes of each text of a note a query is matched against, in order: the title, each
    /// alias that differs from it (with its index), the path without extension; none copied.
    /// `body` returns true to stop.
    static func forEachField(
        of note: Note, _ body: (NoteMatch.Field, Int, UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        var title = note.title
        if title.withUTF8({ body(.title, 0, $0) }) { return }
        for (index, alias) in note.aliases.enumerated() where alias != note.title {
            var alias = alias
            if alias.withUTF8({ body(.alias, index, $0) }) { return }
        }
        let path = note.path
        // By its bytes: a search by `Character` from the end took a fifth of this function.
        let stem = path.utf8.lastIndex(of: UInt8(ascii: ".")).map { path[..<$0] } ?? path[...]
        if stem.utf8.withContiguousStorageIfAvailable({ body(.path, 0, $0) }) == nil {
            var copy = String(stem)
            _ = copy.withUTF8 { body(.path, 0, $0) }
        }
    }
}

/// What a finder matches each field of a note with, held by one reference (see `NoteFinder.rank`).
final class Matching: Sendable {
    let query: FuzzyQuery
    let prefilter: BytePrefilter

    init(query: FuzzyQuery, prefilter: BytePrefilter) {
        self.query = query
        self.prefilter = prefilter
    }
}
