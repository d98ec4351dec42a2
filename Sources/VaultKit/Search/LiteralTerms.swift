/// An exact search's terms when each is a run of ASCII characters: a line where no character
/// that folds into their letters, nor a mark, may stand in an occurrence (`decidesOnBytes`)
/// is then matched on its bytes, with no decoding and no scoring, since an exact search does
/// not rank and no other character can stand in a run of ASCII.
///
/// What it finds is what `FuzzyQuery.match` followed by every occurrence finds: the line
/// matches when each group has a term that stands in it (or an inverse term that does not),
/// and every occurrence of every term that is not inverse is highlighted. Only terms whose
/// occurrences cannot overlap are taken (not `aa`, nor `abab`): with those, the occurrence
/// the scored match picks is always one found left to right.
struct LiteralTerms: Sendable {
    /// A term's run of bytes (lower-case unless case-sensitive), and whether it excludes.
    struct Literal: Sendable {
        var run: BytePrefilter.Needle
        var inverse: Bool
        var bytes: [UInt8] { run.bytes }
    }

    let groups: [[Literal]]

    /// The literal form of `query`, or nil when some term is not an exact run of ASCII whose
    /// occurrences cannot overlap.
    init?(_ query: FuzzyQuery) {
        var groups: [[Literal]] = []
        for group in query.groups {
            var literals: [Literal] = []
            for term in group {
                guard term.algorithm == .exact, !term.pattern.isEmpty, term.pattern.allSatisfy({ $0 < 0x80 }) else { return nil }
                let bytes = term.pattern.map { UInt8($0) }
                guard term.inverse || !Self.mayOverlap(bytes) else { return nil }
                let (rare, partner) = ByteScan.rarestPair(bytes)
                let run = BytePrefilter.Needle(bytes: bytes, contiguous: true, caseSensitive: term.caseSensitive, rare: rare, partner: partner)
                literals.append(Literal(run: run, inverse: term.inverse))
            }
            groups.append(literals)
        }
        guard !groups.isEmpty else { return nil }
        self.groups = groups
    }

    /// True when `line` of `buffer` can be matched on its bytes: none of its characters that
    /// fold to a term's letter, or vanish as a mark, may stand in an occurrence of that term,
    /// inverse ones too (`ByteScan.mayStandInRun`).
    func decidesOnBytes(_ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        for literal in groups.joined() {
            var from = line.lowerBound
            while let position = ByteScan.firstFoldable(buffer, line, from: from, standingIn: literal.bytes) {
                if ByteScan.mayStandInRun(literal.bytes, buffer, line, at: position) { return false }
                from = position + 1
            }
        }
        return true
    }

    /// The byte ranges to highlight in `line` (without its line ending, and one that
    /// `decidesOnBytes`), neighbours merged; nil when it does not match.
    func match(_ line: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        var found: [Range<Int>] = []
        for group in groups {
            var matched = false
            for literal in group {
                let before = found.count
                collect(literal, in: line, all: !literal.inverse, into: &found)
                let stands = found.count > before
                if literal.inverse {
                    found.removeLast(found.count - before)
                    matched = matched || !stands
                } else {
                    matched = matched || stands
                }
            }
            if !matched { return nil }
        }
        guard found.count > 1 else { return found }
        found.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = [found[0]]
        for range in found.dropFirst() {
            let last = merged[merged.count - 1]
            if range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// Appends the occurrences of `literal` in `line` to `found`: every one, or the first.
    private func collect(_ literal: Literal, in line: UnsafeBufferPointer<UInt8>, all: Bool, into found: inout [Range<Int>]) {
        let count = literal.bytes.count
        var from = 0
        while from < line.count, let start = BytePrefilter.firstRun(literal.run, line, from..<line.count) {
            found.append(start..<(start + count))
            guard all else { return }
            from = start + count
        }
    }

    /// True when two occurrences of `bytes` can overlap: some proper prefix is also a suffix.
    static func mayOverlap(_ bytes: [UInt8]) -> Bool {
        (1..<max(1, bytes.count)).contains { length in bytes[..<length].elementsEqual(bytes[(bytes.count - length)...]) }
    }
}
