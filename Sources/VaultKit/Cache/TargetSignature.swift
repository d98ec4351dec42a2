import Glibc
import VaultMarkdown
import VaultSystem

/// A note's link targets in a few bytes: a Bloom filter of every three-byte run of each
/// target, as written and as decoded, read as `LinkNeedles` reads a target (ASCII case
/// aside, escapes read as what they stand for, see `step`).
///
/// A record read this run ends its index entry with its filter and the filter's length
/// (its signature byte). The cache file keeps only the signature there, and the filters
/// apart, after the index (`CacheFile.mayHold`): every command holds the index, and the
/// filters (2 MB at 100,000 notes) were 2 MiB of a first `check`'s highest point.
///
/// A question about the links to a few notes (`backlinks`, a rename's planner) passes over
/// a record whose filter lacks a run of every needle without reading its body. A needle
/// found in a target has each of its runs there, so the filter never passes over a record
/// the needles would have matched: it only spares the reading. At 100,000 notes, reading
/// and checking the body of every record was most of a warm `backlinks`.
enum TargetSignature {
    /// The last byte of an index entry that holds no filter (a record without its links, a
    /// note not valid UTF-8, a target with a backslash or too long to be read from each of
    /// its bytes).
    static let absent: UInt8 = 0xFF
    /// The largest filter, in bytes: 256 bits. A note with more runs than that keeps a fuller
    /// filter, which passes over fewer notes; every byte here is a byte of the cache file
    /// (100,000 notes: 1.8 MB in all) and of what a question about links holds.
    static let maximumLength = 32
    /// A target with escapes is read from each of its bytes (a needle may begin inside an
    /// escape): past this length, no filter is kept.
    private static let longestEscapedTarget = 1024

    /// What a question looks for, as runs of the filter: each needle's runs' hashes. Nil from
    /// `LinkNeedles` when a needle is shorter than a run, or when every note may match.
    struct Probe: Sendable {
        let needles: [[UInt32]]

        /// The probe of `needles` (lower-cased bytes); nil when one has fewer than three bytes.
        init?(needles: [[UInt8]]) {
            var hashed: [[UInt32]] = []
            for needle in needles {
                guard needle.count >= 3 else { return nil }
                var runs = Set<UInt32>()
                for start in 0...(needle.count - 3) {
                    runs.insert(TargetSignature.hash(needle[start], needle[start + 1], needle[start + 2]))
                }
                hashed.append(Array(runs))
            }
            self.needles = hashed
        }
    }

    /// Appends the filter of `links`' targets and its length (`absent` alone when `known` is false).
    static func append(of links: [Link], known: Bool, to writer: inout ByteWriter) {
        guard known, let runs = runs(of: links) else { return writer.byte(absent) }
        // A bit a distinct run: about half the bits set, so a needle of nine runs passes a
        // note it is not in once in a few hundred. How many runs are distinct is told by
        // the bits they set in the largest filter (sorting them was a sixth of a first run).
        let set = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { widest in
            widest.initialize(repeating: 0)
            for run in runs {
                let bit = place(run, bits: maximumLength * 8)
                widest[bit >> 3] |= 1 << UInt8(bit & 7)
            }
            return widest.reduce(0) { $0 + $1.nonzeroBitCount }
        }
        let bits = Double(maximumLength * 8)
        let distinct = set == 0 ? 0 : set >= Int(bits) - 8 ? Int(bits) : Int((-bits * log(1 - Double(set) / bits)).rounded(.up))
        let length = distinct == 0 ? 0 : min(maximumLength, (distinct + 63) / 64 * 8)
        var filter = [UInt8](repeating: 0, count: length)
        for run in runs where length > 0 {
            let bit = place(run, bits: length * 8)
            filter[bit >> 3] |= 1 << UInt8(bit & 7)
        }
        writer.raw(filter[...])
        writer.byte(UInt8(length))
    }

    /// False when `filter`, of signature `signature`, shows that no target of the record
    /// holds a needle of `probe`; true when one may, or when there is no filter.
    static func mayHold(_ probe: Probe, signature: UInt8, filter: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = Int(signature)
        guard isFilter(length), filter.count == length else { return true }
        guard length > 0 else { return false }
        return probe.needles.contains { runs in
            runs.allSatisfy { run in
                let bit = place(run, bits: length * 8)
                return filter[bit >> 3] & (1 << UInt8(bit & 7)) != 0
            }
        }
    }

    /// The length of the filter a signature byte announces; 0 for `absent` or a byte no
    /// filter has.
    static func filterLength(_ signature: UInt8) -> Int {
        isFilter(Int(signature)) ? Int(signature) : 0
    }

    /// A record's index entry as this run encoded it, split into what a cache file keeps in
    /// its index (the entry without its filter, then its signature) and the filter.
    static func split(_ entry: ArraySlice<UInt8>) -> (index: ArraySlice<UInt8>, signature: UInt8, filter: ArraySlice<UInt8>) {
        guard let signature = entry.last else { return (entry, absent, []) }
        let length = Int(signature)
        guard signature != absent, isFilter(length), length + 1 <= entry.count else { return (entry.dropLast(), absent, []) }
        let end = entry.endIndex - 1
        return (entry[..<(end - length)], signature, entry[(end - length)..<end])
    }

    /// Reads past what ends an index entry, the reader at its start: a filter and its
    /// signature (a record read this run), or the signature alone (a cache file's).
    static func skip(_ reader: inout ByteReader) throws(ByteReader.Malformed) {
        let count = reader.remaining
        guard count >= 1 else { throw ByteReader.Malformed(offset: reader.offset) }
        try reader.skip(count - 1)
        let length = Int(try reader.byte())
        guard count == 1 ? length == Int(absent) || isFilter(length) : isFilter(length) && count == length + 1 else {
            throw ByteReader.Malformed(offset: reader.offset - 1)
        }
    }

    /// True when `length` is one a filter can have: none, or a multiple of 8 bytes up to the largest.
    private static func isFilter(_ length: Int) -> Bool {
        length % 8 == 0 && length <= maximumLength
    }

    /// A run's bit in a filter of `bits` bits: its hash scaled to them.
    private static func place(_ run: UInt32, bits: Int) -> Int {
        Int((UInt64(run) &* UInt64(bits)) >> 32)
    }

    /// The hashes of every run of the targets of `links`; nil when a target is too long to
    /// be read from each of its bytes.
    private static func runs(of links: [Link]) -> [UInt32]? {
        var runs: [UInt32] = []
        var decoded: [UInt8] = []
        for link in links {
            var raw = link.rawTarget
            var target = link.target
            let same = raw.utf8.elementsEqual(target.utf8)
            let complete = raw.withUTF8 { add($0, to: &runs, decoded: &decoded) }
                && (same || target.withUTF8 { add($0, to: &runs, decoded: &decoded) })
            guard complete else { return nil }
        }
        return runs
    }

    /// Adds the runs of `target` as a needle may meet them from any of its bytes; false when
    /// it is too long for that, or holds a backslash.
    private static func add(_ target: UnsafeBufferPointer<UInt8>, to runs: inout [UInt32], decoded: inout [UInt8]) -> Bool {
        // `\_` reads two ways (see `step`): a note with a backslash in a target keeps no filter.
        if target.contains(UInt8(ascii: "\\")) { return false }
        let escaped = target.contains { $0 == UInt8(ascii: "%") || $0 >= 0xCD }
        guard escaped else {
            guard target.count >= 3 else { return true }
            for start in 0...(target.count - 3) {
                runs.append(hash(lower(target[start]), lower(target[start + 1]), lower(target[start + 2])))
            }
            return true
        }
        guard target.count <= longestEscapedTarget else { return false }
        // Read from each byte: from inside an escape, the bytes read differently (a
        // character beyond ASCII is read from its first byte: no needle starts inside one).
        let percent = target.contains(UInt8(ascii: "%"))
        for start in target.indices where percent || start == 0 {
            decoded.removeAll(keepingCapacity: true)
            var position = start
            while position < target.count {
                position = step(target, at: position) { decoded.append($0); return true } ?? target.count
            }
            guard decoded.count >= 3 else { continue }
            for run in 0...(decoded.count - 3) { runs.append(hash(decoded[run], decoded[run + 1], decoded[run + 2])) }
        }
        return true
    }

    /// Reads what the target's bytes at `position` stand for, handing `unit` each byte of it
    /// lower-cased (ASCII); returns where the next begins, or nil when `unit` says false.
    ///
    /// A YAML escape (`\x74`, `\u00e9`, `\U0001F600`, `\ `, `\N`, as a double-quoted
    /// frontmatter value may spell a link) stands for its character, `\(` for its punctuation
    /// (CommonMark's backslash escapes), `%XX` for its byte, and `\%XX` too (a destination's
    /// escaped percent sign, which its decoding then reads); the Kelvin sign, the Greek
    /// question mark and the Greek varia for the ASCII letters NFC makes of them (`K`, `;`,
    /// `` ` ``). Any other byte stands for itself. `\_` is read as `_`, not YAML's no-break
    /// space: `LinkNeedles` lets a needle with either match any note that has it.
    ///
    /// A `%` or `\` read as itself is no needle's byte (a name with one is looked for in
    /// every note), so where an escape can be read as written or decoded, only the decoded
    /// reading can match.
    ///
    /// The one reading of escapes in a target: the needles' matching and the filter's runs
    /// both read them through it, so the filter holds every run a needle can match.
    static func step(_ target: UnsafeBufferPointer<UInt8>, at position: Int, _ unit: (UInt8) -> Bool) -> Int? {
        let byte = target[position]
        let next = position + 1 < target.count ? target[position + 1] : 0
        if byte == UInt8(ascii: "\\") {
            if let (scalar, end) = YAMLQuoting.hexEscape(target, at: position) { return units(of: scalar, end, unit) }
            if next == UInt8(ascii: "%"), let decoded = percent(target, at: position + 1) {
                return unit(lower(decoded)) ? position + 4 : nil
            }
            if PercentEncoding.isPunctuation(next) { return unit(lower(next)) ? position + 2 : nil }
            if let scalar = YAMLQuoting.simpleEscape(next) { return units(of: scalar, position + 2, unit) }
        } else if byte == UInt8(ascii: "%"), let decoded = percent(target, at: position) {
            return unit(lower(decoded)) ? position + 3 : nil
        } else if byte >= 0xCD, let (ascii, length) = singleton(target, at: position) {
            return unit(lower(ascii)) ? position + length : nil
        }
        return unit(lower(byte)) ? position + 1 : nil
    }

    /// The byte `%XX` at `position` stands for; nil when there is no such escape.
    private static func percent(_ target: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt8? {
        guard position + 2 < target.count, target[position] == UInt8(ascii: "%"), let high = PercentEncoding.hexValue(target[position + 1]),
            let low = PercentEncoding.hexValue(target[position + 2])
        else { return nil }
        return high << 4 | low
    }

    /// The ASCII character NFC makes of the character at `position`, and its length in
    /// bytes, for the three whose canonical form is ASCII: U+212A KELVIN SIGN, U+037E GREEK
    /// QUESTION MARK, U+1FEF GREEK VARIA.
    private static func singleton(_ target: UnsafeBufferPointer<UInt8>, at position: Int) -> (UInt8, Int)? {
        func holds(_ bytes: [UInt8]) -> Bool {
            position + bytes.count <= target.count && bytes.indices.allSatisfy { target[position + $0] == bytes[$0] }
        }
        if holds([0xE2, 0x84, 0xAA]) { return (UInt8(ascii: "K"), 3) }
        if holds([0xCD, 0xBE]) { return (UInt8(ascii: ";"), 2) }
        if holds([0xE1, 0xBF, 0xAF]) { return (UInt8(ascii: "`"), 3) }
        return nil
    }

    /// Hands `unit` the bytes of `scalar`, lower-cased (ASCII); `end`, or nil when `unit` says false.
    private static func units(of scalar: Unicode.Scalar, _ end: Int, _ unit: (UInt8) -> Bool) -> Int? {
        for code in UTF8.encode(scalar)! {
            guard unit(lower(code)) else { return nil }
        }
        return end
    }

    static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// A run's hash, spread over 32 bits: its top bits pick its place in a filter.
    fileprivate static func hash(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> UInt32 {
        (UInt32(first) | UInt32(second) << 8 | UInt32(third) << 16) &* 0x9E37_79B1
    }
}
