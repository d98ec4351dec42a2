import VaultMarkdown
import VaultSystem

/// Searches the lines of one note's bytes at a time, keeping its scratch storage from note
/// to note; one per worker thread.
///
/// The lines worth decoding are found on bytes: the rarest byte of one required term is
/// looked for with `memchr` across the whole note and only the lines that hold it are
/// checked, plus the few lines with letters that fold to ASCII (`Zürich`), which are checked
/// through their ASCII projection.
struct FileSearcher {
    let search: LineSearch
    private let prefilter: BytePrefilter
    /// The needle whose rare byte leads the scan, when one group has a single needle.
    private let driver: BytePrefilter.Needle?
    private var matcher = FuzzyMatcher()
    private var text = FuzzyText()
    private var projection: [UInt8] = []
    private var candidates: [Range<Int>] = []
    /// The worst match a fuzzy ranking keeps, when it is full: lines that cannot beat it are
    /// not scored but listed in `unscored`.
    var bar: RankBar?
    /// The numbers of the lines of the last note searched that match but were not scored,
    /// since `bar` shut them out.
    private(set) var unscored: [Int] = []
    /// This thread's match data, for regex searches.
    private let regexData: RegexMatchData?

    init(search: LineSearch) {
        self.search = search
        regexData = search.expression == nil ? nil : RegexMatchData()
        prefilter = search.terms.map(BytePrefilter.init) ?? BytePrefilter(FuzzyQuery(""))
        driver = prefilter.groups.filter { $0.count == 1 }.map { $0[0] }.min { a, b in
            let rareA = ByteScan.commonness(a.bytes[a.rare]), rareB = ByteScan.commonness(b.bytes[b.rare])
            return rareA != rareB ? rareA < rareB : a.bytes.count > b.bytes.count
        }
    }

    /// The matching lines of a note, and whether some line was not valid UTF-8.
    ///
    /// - Throws: `RegexMatchError` when a regular expression cannot be matched in the note.
    mutating func search(_ bytes: [UInt8], path: String) throws(RegexMatchError) -> ([LineMatch], lossy: Bool) {
        if let expression = search.expression, let regexData {
            return try expression.search(bytes, path: path, context: search.context, with: regexData)
        }
        guard let terms = search.terms else { return ([], false) }
        unscored.removeAll(keepingCapacity: true)
        let level = bar?.current
        return bytes.withUnsafeBufferPointer { buffer in
            let body = ByteOrderMark.length(of: buffer)
            findCandidates(buffer, from: body)
            var matches: [LineMatch] = []
            var lossy = false
            var counted = body
            var line = 1
            for range in candidates {
                line += ByteScan.countLines(buffer, counted..<range.lowerBound)
                counted = range.lowerBound
                if let level {
                    // nil: the line does not match at all.
                    guard let shut = shutOut(terms, buffer, range, by: level) else { continue }
                    if shut {
                        unscored.append(line)
                        lossy = lossy || text.repaired
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

    /// Fills `candidates` with the ranges (without newline) of the lines that may match, in
    /// order.
    private mutating func findCandidates(_ buffer: UnsafeBufferPointer<UInt8>, from body: Int) {
        candidates.removeAll(keepingCapacity: true)
        let end = buffer.count
        guard let driver else {
            var start = body
            while start <= end {
                let lineEnd = ByteScan.lineEnd(buffer, after: start)
                if start < lineEnd && prefilter.mayMatch(buffer, start..<lineEnd, projection: &projection) {
                    candidates.append(start..<lineEnd)
                }
                start = lineEnd + 1
            }
            return
        }
        // A run found where it stands is all the check a one-term query needs.
        let alone = driver.contiguous && prefilter.groups.count == 1
        let rare = driver.bytes[driver.rare]
        let other: UInt8? = !driver.caseSensitive && (0x61...0x7A).contains(rare) ? rare - 0x20 : nil
        var from = body
        while from < end {
            // Ignoring case, the upper-case byte is looked for only before the lower-case one.
            var hit = ByteScan.find(rare, in: buffer, from..<end) ?? end
            if let other, let upper = ByteScan.find(other, in: buffer, from..<hit) { hit = upper }
            if hit == end { break }
            // A run is checked where it would stand, before any line is looked at.
            if driver.contiguous && !BytePrefilter.holdsRun(driver, buffer, at: hit - driver.rare) {
                from = hit + 1
                continue
            }
            let start = ByteScan.lineStart(buffer, before: hit, from: body)
            let lineEnd = ByteScan.lineEnd(buffer, after: hit)
            if alone || prefilter.check(buffer, start..<lineEnd) { candidates.append(start..<lineEnd) }
            from = lineEnd + 1
        }
        // Lines with letters that fold to a wanted ASCII letter may match without holding the
        // ASCII bytes: they are checked through their projection.
        let found = candidates.count
        var next = 0
        from = body
        while from < end, let hit = ByteScan.firstFoldable(buffer, from..<end, into: prefilter.wanted) {
            let start = ByteScan.lineStart(buffer, before: hit, from: from)
            let lineEnd = ByteScan.lineEnd(buffer, after: hit)
            while next < found && candidates[next].lowerBound < start { next += 1 }
            let known = next < found && candidates[next].lowerBound == start
            if !known && (alone
                ? runNearFolding(driver, buffer, start..<lineEnd, first: hit)
                : prefilter.checkProjected(buffer, start..<lineEnd, projection: &projection))
            {
                candidates.append(start..<lineEnd)
            }
            from = lineEnd + 1
        }
        if candidates.count > found { candidates.sort { $0.lowerBound < $1.lowerBound } }
    }

    /// True when the run `needle` stands, folded, around one of the folding characters of
    /// `line` (the first at `first`). The driver pass found the runs made of ASCII alone, so
    /// any other must hold a folding character: only a window around each is projected.
    private mutating func runNearFolding(
        _ needle: BytePrefilter.Needle, _ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, first: Int
    ) -> Bool {
        // A character is at most four bytes: the window holds every run through `position`.
        let reach = 4 * needle.bytes.count
        var position = first
        while true {
            var start = max(line.lowerBound, position - reach)
            while start < position && buffer[start] & 0xC0 == 0x80 { start += 1 }
            let window = start..<min(line.upperBound, position + reach + 4)
            ByteScan.project(buffer, window, into: &projection)
            if projection.withUnsafeBufferPointer({ BytePrefilter.holds(needle, $0, 0..<$0.count) }) { return true }
            guard position + 1 < line.upperBound,
                let next = ByteScan.firstFoldable(buffer, (position + 1)..<line.upperBound, into: prefilter.wanted)
            else { return false }
            position = next
        }
    }

    /// Whether a line's best score cannot beat `level`, found from a bound on the score;
    /// nil when the line does not match.
    private mutating func shutOut(
        _ terms: FuzzyQuery, _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, by level: RankBar.Level
    ) -> Bool? {
        text.load(UnsafeBufferPointer(rebasing: buffer[LineText.trimmingReturn(buffer, range)]))
        guard let bound = terms.bound(text, with: &matcher) else { return nil }
        return level.excludes(literal: holdsLiterally(terms), bound: bound)
    }

    /// The full match of one line: decoded, scored, its matched bytes found.
    mutating func match(
        _ terms: FuzzyQuery, _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> (match: LineMatch, lossy: Bool)? {
        let line = LineText.trimmingReturn(buffer, range)
        text.load(UnsafeBufferPointer(rebasing: buffer[line]))
        guard let found = terms.match(text, with: &matcher) else { return nil }
        var positions = found.positions
        if search.mode == .exact { positions = everyOccurrence(terms, adding: positions) }
        let decoded = LineText.decode(buffer, line, highlighting: text.byteRanges(positions))
        var match = LineMatch(
            path: "", line: 0, text: decoded.text, ranges: decoded.ranges, score: search.mode == .fuzzy ? found.score : 0)
        if search.mode == .fuzzy { match.literal = holdsLiterally(terms) }
        return (match, decoded.lossy)
    }

    /// True when, in every group that looks for something, one term stands in the line as
    /// one run of its characters, as a substring search would find it.
    private func holdsLiterally(_ terms: FuzzyQuery) -> Bool {
        for group in terms.groups where group.contains(where: { !$0.inverse }) {
            let found = group.contains { term in
                !term.inverse && Self.contains(term.caseSensitive ? text.chars : text.lower, term.pattern)
            }
            if !found { return false }
        }
        return true
    }

    private static func contains(_ chars: [UInt32], _ pattern: [UInt32]) -> Bool {
        guard let first = pattern.first, pattern.count <= chars.count else { return pattern.isEmpty }
        var start = 0
        while start + pattern.count <= chars.count {
            if chars[start] == first && chars[start..<(start + pattern.count)].elementsEqual(pattern) { return true }
            start += 1
        }
        return false
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
