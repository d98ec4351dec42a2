import VaultSystem

extension LineSearch {
    /// About how many bytes of fuzzy matches a search holds at once while it ranks them.
    public static let rankingBudget = 18 << 20

    /// Searches `notes` (read from `vault`) and hands each match to `sink` in the order `run`
    /// returns them: exact and regex matches note by note, as soon as a note and those before
    /// it are read; fuzzy matches best first.
    ///
    /// Ranking needs every match, so a fuzzy search keeps only the best that fit in
    /// `rankingBudget` bytes (and `limit`) and writes the others to a scratch file outside
    /// the vault, with a small key for each, read back in rank order after the best; where
    /// no scratch file can be written, those lines are read again from their notes in
    /// windows of that size. Memory stays flat however many lines match.
    public func run(
        vault: Vault, notes: [Note], limit: Int? = nil, rankingBudget: Int = LineSearch.rankingBudget,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil, into sink: inout some ResultSink<LineMatch>
    ) -> SearchSummary {
        var summary = SearchSummary(matches: 0, notesSearched: notes.count, warnings: [])
        if mode == .fuzzy {
            ranked(vault: vault, notes: notes, limit: limit, budget: rankingBudget, progress: progress, into: &sink, &summary)
            return summary
        }
        ParallelMap.stream(notes.count, state: { FileSearcher(search: self) }, progress: progress) { searcher, index in
            read(notes[index], vault: vault, with: &searcher)
        } deliver: { _, result in
            Self.take(result, limit: limit, into: &sink, &summary)
        }
        return summary
    }

    /// Hands on the matches of one note of an exact or regex search, in the order read, up
    /// to `limit`; false when the search stops (the sink stopped, or a pattern failed).
    static func take(
        _ result: NoteResult, limit: Int?, into sink: inout some ResultSink<LineMatch>, _ summary: inout SearchSummary
    ) -> Bool {
        if let warning = result.warning { summary.warnings.append(warning) }
        if let failure = result.failure {
            summary.failure = failure
            return false
        }
        summary.found += result.matches.count
        // Past the limit the notes are still read, for what a person should know of them.
        for match in result.matches {
            if let limit, summary.matches >= limit { break }
            summary.matches += 1
            guard sink.receive(match) else { return false }
        }
        return true
    }

    /// A fuzzy match's place in the ranking, without its text.
    struct RankKey: Comparable {
        var literal: Bool
        var score: Int32
        var length: Int32
        /// The note's place among the notes by path.
        var pathRank: Int32
        var line: Int32

        init(literal: Bool, score: Int32, length: Int32, pathRank: Int32, line: Int32) {
            (self.literal, self.score, self.length, self.pathRank, self.line) = (literal, score, length, pathRank, line)
        }

        init(_ match: LineMatch, pathRank: Int) {
            literal = match.literal
            score = Int32(clamping: match.score)
            length = Int32(clamping: match.text.utf8.count)
            self.pathRank = Int32(pathRank)
            line = Int32(clamping: match.line)
        }

        /// The order of `LineSearch.ranksBefore`.
        static func < (a: RankKey, b: RankKey) -> Bool {
            if a.literal != b.literal { return a.literal }
            if a.score != b.score { return a.score > b.score }
            if a.length != b.length { return a.length < b.length }
            if a.pathRank != b.pathRank { return a.pathRank < b.pathRank }
            return a.line < b.line
        }

        /// About how many bytes its match holds once read.
        var cost: Int { Int(length) + 192 }
    }

    /// A match not kept in memory: its key, and where its record is in the scratch file
    /// (`offset` -1 when it is not there and its note must be read again).
    struct LeftOut {
        var key: RankKey
        var offset: Int
        var length: Int
        /// False for a line left unscored: only its note and line are known.
        var exact = true
    }

    /// A match with its key and what it costs to keep, ranked by its key.
    struct Ranked: Rankable {
        var key: RankKey
        var match: LineMatch
        var cost: Int

        static func < (a: Ranked, b: Ranked) -> Bool { a.key < b.key }
        static func == (a: Ranked, b: Ranked) -> Bool { a.key == b.key }
    }

    static func cost(_ match: LineMatch) -> Int {
        match.text.utf8.count + 192 + 16 * match.ranges.count
            + (match.before + match.after).reduce(0) { $0 + $1.text.utf8.count + 48 }
    }

    private func ranked(
        vault: Vault, notes: [Note], limit: Int?, budget: Int, progress: (@Sendable (Int, Int) -> Void)?,
        into sink: inout some ResultSink<LineMatch>, _ summary: inout SearchSummary
    ) {
        let pathRanks = Self.pathRanks(notes)
        var keys: [LeftOut] = []
        var scratch: ScratchFile?
        var scratchFailed = false
        // Ranked by key: integers compare faster than paths, and ties of score are common.
        var best = BoundedRanking<Ranked>(limit: limit ?? .max, budget: budget)
        // With a small limit no line is scored while the notes are read: the lines are scored
        // best bound first afterwards, so only those that may rank are (see `scoreByBound`).
        let defers = limit.map { $0 <= boundOrderLimit } ?? false
        let bar: RankBar? = defers ? nil : RankBar()
        var pending: [LeftOut] = []
        let state = { @Sendable in
            var searcher = FileSearcher(search: self)
            searcher.ranking = bar.map { .against($0) } ?? .deferred
            return searcher
        }
        // Only the matches not kept need a key, to be found again after the rest.
        func keep(_ match: LineMatch, pathRank: Int) {
            let key = RankKey(match, pathRank: pathRank)
            // With the limit reached, what is left out is read again only if the budget
            // later pushes kept matches out too: it is not written to the scratch file (a
            // terminal's screenful of a search that matches every other line).
            let full = limit.map { best.count >= $0 } ?? false
            best.insert(Ranked(key: key, match: match, cost: Self.cost(match))) { left in
                if full {
                    keys.append(LeftOut(key: left.key, offset: -1, length: 0))
                    return
                }
                if scratch == nil && !scratchFailed {
                    scratch = scratchCapacity > 0 ? ScratchFile(capacity: scratchCapacity) : nil
                    scratchFailed = scratch == nil
                }
                let record = scratch == nil ? [] : LineMatchRecord.bytes(of: left.match)
                let offset = scratch?.append(record) ?? -1
                keys.append(LeftOut(key: left.key, offset: offset, length: record.count))
            }
        }
        ParallelMap.stream(notes.count, state: state, progress: progress) { searcher, index in
            read(notes[index], vault: vault, with: &searcher)
        } deliver: { index, result in
            if let warning = result.warning { summary.warnings.append(warning) }
            summary.found += result.matches.count + result.unscored.count + result.deferred.count
            for line in result.deferred {
                let key = RankKey(literal: line.literal, score: line.bound, length: 0, pathRank: Int32(pathRanks[index]), line: line.line)
                pending.append(LeftOut(key: key, offset: -1, length: 0, exact: false))
            }
            // Each ranks after every match kept when its note was read, so after all kept now.
            for line in result.unscored {
                let key = RankKey(literal: false, score: 0, length: 0, pathRank: Int32(pathRanks[index]), line: Int32(clamping: line))
                keys.append(LeftOut(key: key, offset: -1, length: 0, exact: false))
                best.leaveOut()
            }
            for match in result.matches { keep(match, pathRank: pathRanks[index]) }
            if let bar, let limit, best.count >= limit, let worst = best.worst {
                bar.raise(literal: worst.key.literal, score: Int(worst.key.score))
            }
            return true
        }
        if let limit, defers {
            let level = { best.count >= limit ? best.worst.map { RankBar.Level(literal: $0.key.literal, score: Int($0.key.score)) } : nil }
            let unscored = scoreByBound(pending, limit: limit, vault: vault, notes: notes, notesByRank: Self.notesByRank(pathRanks), level: level) {
                keep($0, pathRank: $1)
            }
            // What is left ranks after every match kept.
            for key in unscored {
                keys.append(key)
                best.leaveOut()
            }
        }
        let leftOut = best.leftOut
        var kept = 0
        for ranked in best.sorted() {
            kept += 1
            summary.matches += 1
            guard sink.receive(ranked.match) else { return }
        }
        guard leftOut else { return }
        // What was kept is the first of the ranking: the rest follow it in key order, which
        // the lines left unscored need their scores for.
        if limit.map({ kept < $0 }) ?? true && keys.contains(where: { !$0.exact }) {
            keys = exactKeys(keys, vault: vault, notes: notes, pathRanks: pathRanks)
        }
        keys.sort { $0.key < $1.key }
        var rest = keys[...]
        if let limit { rest = rest.prefix(max(0, limit - kept)) }
        let notesByRank = Self.notesByRank(pathRanks)
        while let first = rest.first {
            if first.offset >= 0, let scratch {
                rest = rest.dropFirst()
                let path = notes[notesByRank[Int(first.key.pathRank)]].path
                if let bytes = scratch.read(at: first.offset, count: first.length),
                   let match = LineMatchRecord.match(from: bytes, path: path) {
                    summary.matches += 1
                    guard sink.receive(match) else { return }
                } else {
                    guard window([first.key], vault: vault, notes: notes, notesByRank, into: &sink, &summary) else { return }
                }
                continue
            }
            var end = rest.startIndex
            var spent = 0
            while end < rest.endIndex && rest[end].offset < 0
                && (end == rest.startIndex || spent + rest[end].key.cost <= budget) {
                spent += rest[end].key.cost
                end += 1
            }
            let window = ArraySlice(rest[..<end].map(\.key))
            guard self.window(window, vault: vault, notes: notes, notesByRank, into: &sink, &summary) else { return }
            rest = rest[end...]
        }
    }

    /// `keys` with each unscored line scored, read again from its note (a line that no
    /// longer matches is dropped).
    private func exactKeys(_ keys: [LeftOut], vault: Vault, notes: [Note], pathRanks: [Int]) -> [LeftOut] {
        let unscored = keys.filter { !$0.exact }
        var exact = keys.filter(\.exact)
        for (match, rank) in rescore(unscored[...], vault: vault, notes: notes, notesByRank: Self.notesByRank(pathRanks)) {
            exact.append(LeftOut(key: RankKey(match, pathRank: rank), offset: -1, length: 0))
        }
        return exact
    }

    /// Reads again the notes of a window of keys and hands their matches on in key order;
    /// false when the sink stopped.
    private func window(
        _ keys: ArraySlice<RankKey>, vault: Vault, notes: [Note], _ notesByRank: [Int], into sink: inout some ResultSink<LineMatch>,
        _ summary: inout SearchSummary
    ) -> Bool {
        var wanted: [Int32: [Int32: Int]] = [:]
        for (position, key) in keys.enumerated() { wanted[Int32(notesByRank[Int(key.pathRank)]), default: [:]][key.line] = position }
        let lines = wanted
        let indices = lines.keys.sorted()
        var slots = [LineMatch?](repeating: nil, count: keys.count)
        ParallelMap.stream(indices.count, state: { FileSearcher(search: self) }) { searcher, index -> [(Int, LineMatch)] in
            let note = indices[index]
            let wantedLines = lines[note]!
            // Only the lines of the window are matched again.
            guard let bytes = try? contents(of: notes[Int(note)], vault: vault) else { return [] }
            let found = searcher.search(bytes, path: notes[Int(note)].path, lines: wantedLines.keys.map { Int($0) }.sorted())
            return found.compactMap { match in wantedLines[Int32(clamping: match.line)].map { ($0, match) } }
        } deliver: { _, found in
            for (position, match) in found { slots[position] = match }
            return true
        }
        // A line changed since the first reading is left out.
        for case let match? in slots {
            summary.matches += 1
            guard sink.receive(match) else { return false }
        }
        return true
    }

    /// The index of the note at each place by path.
    static func notesByRank(_ pathRanks: [Int]) -> [Int] {
        var notes = [Int](repeating: 0, count: pathRanks.count)
        for (index, rank) in pathRanks.enumerated() { notes[rank] = index }
        return notes
    }

    /// Each note's place among `notes` sorted by path (the notes of a scan already are).
    private static func pathRanks(_ notes: [Note]) -> [Int] {
        if zip(notes, notes.dropFirst()).allSatisfy({ $0.path < $1.path }) { return Array(notes.indices) }
        var ranks = [Int](repeating: 0, count: notes.count)
        for (rank, index) in notes.indices.sorted(by: { notes[$0].path < notes[$1].path }).enumerated() { ranks[index] = rank }
        return ranks
    }
}
