import VaultMarkdown
import VaultSystem

/// A check on raw bytes that rules out most texts a query cannot match, before any decoding
/// or scoring: every group of the query must have an alternative whose ASCII characters are
/// in the text, in order (as one run for exact terms).
///
/// It never rules out a text that matches: a text with letters that fold to ASCII (`ü`,
/// an NFD mark) is checked through its ASCII projection instead.
struct BytePrefilter: Sendable {
    /// The ASCII bytes a term needs.
    struct Needle: Sendable {
        var bytes: [UInt8]
        /// True when the bytes must be one run (an exact term made only of ASCII).
        var contiguous: Bool
        var caseSensitive: Bool
        /// The index of the byte to look for first.
        var rare: Int
        /// The index of the byte looked for beside it in a run (`rare` for a needle of one byte).
        var partner: Int
    }

    /// Per group of the query, the needles of its alternatives. Groups that can match
    /// without ASCII bytes (an inverse term, a term with no ASCII letter) are left out.
    let groups: [[Needle]]
    /// Every needle byte, lower-cased: the letters a folding character matters for.
    let wanted: ByteSet

    init(_ query: FuzzyQuery) {
        var groups: [[Needle]] = []
        for group in query.groups {
            var needles: [Needle] = []
            for term in group {
                let ascii = term.pattern.filter { $0 < 0x80 }.map { UInt8($0) }
                if term.inverse || ascii.isEmpty {
                    needles = []
                    break
                }
                let (rare, partner) = ByteScan.rarestPair(ascii)
                needles.append(
                    Needle(
                        bytes: ascii, contiguous: term.algorithm != .fuzzy && ascii.count == term.pattern.count,
                        caseSensitive: term.caseSensitive, rare: rare, partner: partner))
            }
            if !needles.isEmpty { groups.append(needles) }
        }
        self.groups = groups
        wanted = ByteSet(groups.joined().flatMap(\.bytes).map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 })
    }

    /// True when nothing can be ruled out on bytes.
    var isEmpty: Bool { groups.isEmpty }

    /// True when the text in `bytes` may match: for a caller with no worker's scratch to
    /// lend (a walk asking of a note's texts before it is made), a projection of its own,
    /// allocated only for a text with letters that fold.
    func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var projection: [UInt8] = []
        return mayMatch(bytes, 0..<bytes.count, projection: &projection)
    }

    /// True when the text in `range` may match.
    func mayMatch(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, projection: inout [UInt8]) -> Bool {
        if groups.isEmpty { return true }
        if ByteScan.firstFoldable(buffer, range, into: wanted) == nil { return check(buffer, range) }
        return checkProjected(buffer, range, projection: &projection)
    }

    /// The check on the ASCII projection of `range` (see `ByteScan.project`).
    func checkProjected(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, projection: inout [UInt8]) -> Bool {
        ByteScan.project(buffer, range, into: &projection)
        return projection.withUnsafeBufferPointer { check($0, 0..<$0.count) }
    }

    /// The check on bytes that need no folding.
    func check(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        groups.allSatisfy { alternatives in
            alternatives.contains { Self.holds($0, buffer, range) }
        }
    }

    /// The first place in `range` where the run of `needle` stands, by its `rare` and
    /// `partner` bytes looked for together (`ByteScan.findRun`).
    @inline(__always)
    static func firstRun(_ needle: Needle, _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        needle.bytes.withUnsafeBufferPointer {
            ByteScan.findRun($0, first: needle.rare, second: needle.partner, caseSensitive: needle.caseSensitive, in: buffer, range)
        }
    }

    /// True when the needle is in `range`: as a run or as a subsequence.
    static func holds(_ needle: Needle, _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        if needle.contiguous { return firstRun(needle, buffer, range) != nil }
        return needle.bytes.withUnsafeBufferPointer { bytes in
            // Each byte by the C library's `memchr`, both cases of a letter when case is ignored.
            var from = range.lowerBound
            for byte in bytes {
                var hit = ByteScan.find(byte, in: buffer, from..<range.upperBound) ?? range.upperBound
                if !needle.caseSensitive && byte &- 0x61 < 26, let upper = ByteScan.find(byte - 0x20, in: buffer, from..<hit) {
                    hit = upper
                }
                if hit == range.upperBound { return false }
                from = hit + 1
            }
            return true
        }
    }
}
