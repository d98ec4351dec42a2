import VaultSystem

extension LineSearch {
    /// Up to this limit a fuzzy ranking bounds every matching line while it reads the notes
    /// and scores them afterwards, best bound first: scoring as the notes come would score
    /// every line that beats the matches found so far, most of them early and weak.
    static let boundOrderLimit = 1_000

    /// Scores the `pending` lines (bounded, not scored) best bound first, handing each match
    /// to `keep` with its note's place by path, until the ranking holds matches that no line
    /// left can beat (`level` gives its worst once it holds `limit`); returns the lines left
    /// unscored.
    func scoreByBound(
        _ pending: [LeftOut], limit: Int, vault: Vault, notes: [Note], notesByRank: [Int], level: () -> RankBar.Level?,
        keep: (LineMatch, Int) -> Void
    ) -> [LeftOut] {
        // Literal lines first, then by bound; the rest of the order only makes runs repeatable.
        let order = pending.sorted { a, b in
            if a.key.literal != b.key.literal { return a.key.literal }
            if a.key.score != b.key.score { return a.key.score > b.key.score }
            return (a.key.pathRank, a.key.line) < (b.key.pathRank, b.key.line)
        }
        var next = 0
        while next < order.count {
            let key = order[next].key
            if let level = level(), level.excludes(bound: Int(key.score), literal: { key.literal }) { break }
            // Each round reads its notes again, across the cores: a few lines scored too many
            // cost less than more rounds.
            let end = min(order.count, next + max(limit, 128))
            for (match, rank) in rescore(order[next..<end], vault: vault, notes: notes, notesByRank: notesByRank) { keep(match, rank) }
            next = end
        }
        return Array(order[next...])
    }

    /// The matches of some lines, read again from their notes (a line that no longer matches,
    /// or whose note cannot be read, is dropped), each with its note's place by path.
    func rescore(_ keys: ArraySlice<LeftOut>, vault: Vault, notes: [Note], notesByRank: [Int]) -> [(LineMatch, Int)] {
        var lines: [Int32: [Int]] = [:]
        for left in keys { lines[left.key.pathRank, default: []].append(Int(left.key.line)) }
        let wanted = lines
        let ranks = wanted.keys.sorted()
        var found: [(LineMatch, Int)] = []
        ParallelMap.stream(ranks.count, state: { FileSearcher(search: self) }) { searcher, index -> [LineMatch] in
            let note = notes[notesByRank[Int(ranks[index])]]
            guard let bytes = try? contents(of: note, vault: vault) else { return [] }
            return searcher.search(bytes, path: note.path, lines: wanted[ranks[index]]!.sorted())
        } deliver: { index, matches in
            for match in matches { found.append((match, Int(ranks[index]))) }
            return true
        }
        return found
    }
}
