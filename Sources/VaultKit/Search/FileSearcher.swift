import VaultMarkdown
import VaultSystem

/// Searches the lines of one note's bytes at a time, keeping its scratch storage from note
/// to note; one per worker thread.
///
/// The lines worth decoding are found on bytes (`CandidateLines`). For a fuzzy ranking a line
/// may be bounded instead of scored (`Ranking`).
struct FileSearcher {
    let search: LineSearch
    /// The lines of a note worth decoding.
    private var lines: CandidateLines
    private var matcher = FuzzyMatcher()
    private var text = FuzzyText()
    /// How a fuzzy ranking takes the lines found.
    enum Ranking {
        /// Every matching line is scored.
        case scoreAll
        /// A line that cannot beat the worst match the ranking keeps, once it is full, is not
        /// scored but listed in `unscored`.
        case against(RankBar)
        /// No line is scored: each is bounded and listed in `deferred`, for a ranking that
        /// scores them best bound first once every note is read.
        case deferred
    }

    var ranking = Ranking.scoreAll
    /// The numbers of the lines of the last note searched that match but were not scored,
    /// since the bar shut them out.
    private(set) var unscored: [Int] = []
    /// The lines of the last note searched that match, with their bounds, when deferred.
    private(set) var deferred: [Deferred] = []

    /// A matching line not scored, and the most it can score.
    struct Deferred: Sendable {
        var line: Int32
        var bound: Int32
        /// True when it holds the query literally (it then ranks before every line that does not).
        var literal: Bool
    }
    /// What this thread reads each note into.
    let readBuffer = ReadBuffer()
    /// This thread's match data, for regex searches.
    private let regexData: RegexMatchData?
    /// True when every term is fuzzy: a line of ASCII alone is then bounded on its bytes.
    private let fuzzyOnly: Bool
    /// The terms' patterns as bytes, for telling whether a line of ASCII holds them literally.
    private let asciiPatterns: [[[UInt8]?]]
    /// An exact search's terms, when a line without a character that folds into them can be
    /// matched on its bytes alone.
    private let literals: LiteralTerms?

    /// With `literalLines` false, every line is decoded and scored, even where an exact
    /// search could match its bytes alone (for comparing the two).
    init(search: LineSearch, literalLines: Bool = true) {
        self.search = search
        regexData = search.expression == nil ? nil : RegexMatchData()
        fuzzyOnly = search.terms?.isFuzzyOnly ?? false
        asciiPatterns = search.terms?.asciiPatterns ?? []
        lines = CandidateLines(search.terms ?? FuzzyQuery(""))
        literals = literalLines && search.mode == .exact ? search.terms.flatMap(LiteralTerms.init) : nil
    }

    /// The matching lines of a note, and whether some line was not valid UTF-8.
    ///
    /// - Throws: `RegexMatchError` when a regular expression cannot be matched in the note.
    mutating func search(_ bytes: [UInt8], path: String) throws(RegexMatchError) -> ([LineMatch], lossy: Bool) {
        try bytes.withUnsafeBufferPointer { buffer throws(RegexMatchError) in try search(buffer, path: path) }
    }

    /// `search(_:path:)` of bytes the caller holds.
    mutating func search(_ buffer: UnsafeBufferPointer<UInt8>, path: String) throws(RegexMatchError) -> ([LineMatch], lossy: Bool) {
        if let expression = search.expression, let regexData {
            return try expression.search(buffer, path: path, context: search.context, with: regexData)
        }
        guard let terms = search.terms else { return ([], false) }
        unscored.removeAll(keepingCapacity: true)
        deferred.removeAll(keepingCapacity: true)
        let defers: Bool, level: RankBar.Level?
        switch ranking {
        case .scoreAll: (defers, level) = (false, nil)
        case .against(let bar): (defers, level) = (false, bar.current)
        case .deferred: (defers, level) = (true, nil)
        }
        do {
            let body = ByteOrderMark.length(of: buffer)
            lines.find(buffer, from: body)
            var matches: [LineMatch] = []
            var lossy = false
            var counted = body
            var line = 1
            for range in lines.ranges {
                line += ByteScan.countLines(buffer, counted..<range.lowerBound)
                counted = range.lowerBound
                if defers {
                    var repaired = false
                    guard let (bound, ascii) = bound(terms, buffer, range, lossy: &repaired) else { continue }
                    deferred.append(
                        Deferred(line: Int32(clamping: line), bound: Int32(clamping: bound), literal: holdsLiterally(terms, ascii)))
                    lossy = lossy || repaired
                    continue
                }
                if let level {
                    // nil: the line does not match at all.
                    var repaired = false
                    guard let shut = shutOut(terms, buffer, range, by: level, lossy: &repaired) else { continue }
                    if shut {
                        unscored.append(line)
                        lossy = lossy || repaired
                        continue
                    }
                }
                guard let found = match(terms, buffer, range) else { continue }
                var match = found.match
                match.path = path
                match.line = line
                lossy = lossy || found.lossy
                if search.context > 0 {
                    (match.before, match.after) = LineText.context(buffer, around: range, line: line, count: search.context, body: body)
                }
                matches.append(match)
            }
            return (matches, lossy)
        }
    }

    /// Whether a line's best score cannot beat `level`, found from a bound on the score;
    /// nil when the line does not match.
    private mutating func shutOut(
        _ terms: FuzzyQuery, _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, by level: RankBar.Level,
        lossy: inout Bool
    ) -> Bool? {
        guard let (bound, ascii) = bound(terms, buffer, range, lossy: &lossy) else { return nil }
        return level.excludes(bound: bound) { holdsLiterally(terms, ascii) }
    }

    /// The most a line can score, and the line's bytes when they are ASCII alone (then they
    /// were not decoded); nil when it does not match.
    private mutating func bound(
        _ terms: FuzzyQuery, _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lossy: inout Bool
    ) -> (Int, ascii: UnsafeBufferPointer<UInt8>?)? {
        let line = UnsafeBufferPointer(rebasing: buffer[LineText.trimmingReturn(buffer, range)])
        if fuzzyOnly && ByteScan.isASCII(line, 0..<line.count) {
            return terms.bound(asciiLine: line, with: &matcher).map { ($0, line) }
        }
        text.load(line)
        guard let bound = terms.bound(text, with: &matcher) else { return nil }
        lossy = lossy || text.repaired
        return (bound, nil)
    }

    /// Whether the line last bounded holds the query literally.
    private func holdsLiterally(_ terms: FuzzyQuery, _ ascii: UnsafeBufferPointer<UInt8>?) -> Bool {
        ascii.map { terms.holdsLiterally(asciiLine: $0, patterns: asciiPatterns) } ?? terms.holdsLiterally(text)
    }

    /// The full match of one line: decoded, scored, its matched bytes found.
    mutating func match(
        _ terms: FuzzyQuery, _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> (match: LineMatch, lossy: Bool)? {
        let line = LineText.trimmingReturn(buffer, range)
        if let literals, literals.decidesOnBytes(buffer, line) {
            guard let ranges = literals.match(UnsafeBufferPointer(rebasing: buffer[line])) else { return nil }
            let decoded = LineText.decode(buffer, line, highlighting: ranges)
            return (LineMatch(path: "", line: 0, text: decoded.text, ranges: decoded.ranges, score: 0), decoded.lossy)
        }
        text.load(UnsafeBufferPointer(rebasing: buffer[line]))
        guard let found = terms.match(text, with: &matcher) else { return nil }
        var positions = found.positions
        if search.mode == .exact { positions = everyOccurrence(terms, adding: positions) }
        let decoded = LineText.decode(buffer, line, highlighting: text.byteRanges(positions))
        var match = LineMatch(
            path: "", line: 0, text: decoded.text, ranges: decoded.ranges, score: search.mode == .fuzzy ? found.score : 0)
        if search.mode == .fuzzy { match.literal = terms.holdsLiterally(text) }
        return (match, decoded.lossy)
    }

    /// Every occurrence of each exact term, so that an exact search highlights all of them
    /// as `rg` does, not only the best one.
    private func everyOccurrence(_ terms: FuzzyQuery, adding positions: [Int]) -> [Int] {
        var marked = [Bool](repeating: false, count: text.count)
        for position in positions { marked[position] = true }
        for group in terms.groups {
            for term in group where !term.inverse && term.algorithm == .exact && !term.pattern.isEmpty {
                let chars = term.caseSensitive ? text.chars : text.lower
                let pattern = term.pattern
                var start = 0
                while start + pattern.count <= chars.count {
                    if chars[start] == pattern[0] && chars[start..<(start + pattern.count)].elementsEqual(pattern) {
                        for index in start..<(start + pattern.count) { marked[index] = true }
                        start += pattern.count
                    } else {
                        start += 1
                    }
                }
            }
        }
        return marked.indices.filter { marked[$0] }
    }
}
