import VaultMarkdown
import VaultSystem

/// The lines of a note's bytes a query may match, found without decoding: what a
/// `FileSearcher` decodes and scores. One per searcher, its storage kept from note to note.
///
/// The rarest byte of one required term (the driver) is looked for with `memchr` across the
/// whole note and only the lines that hold it are checked. A line whose letters fold (`Zürich`
/// for `zurich`) is checked through its ASCII projection; a line can only match if it holds
/// the driver's letter, as the byte itself, in the other case, or as a letter that folds to it.
struct CandidateLines {
    private let prefilter: BytePrefilter
    /// The needle whose rare byte leads the scan, when one group has a single needle.
    private let driver: BytePrefilter.Needle?
    /// The lead bytes of the letters that fold to the driver's byte.
    private let driverLeads: [UInt8]
    /// The driver's byte, lower-cased: what a letter that folds to it folds into.
    private let driverLetter: ByteSet
    private var projection: [UInt8] = []
    /// The lines found by the last `find`: ranges without their newline, in order.
    private(set) var ranges: [Range<Int>] = []

    init(_ query: FuzzyQuery) {
        prefilter = BytePrefilter(query)
        driver = prefilter.groups.filter { $0.count == 1 }.map { $0[0] }.min { a, b in
            let rareA = ByteScan.commonness(a.bytes[a.rare]), rareB = ByteScan.commonness(b.bytes[b.rare])
            return rareA != rareB ? rareA < rareB : a.bytes.count > b.bytes.count
        }
        driverLeads = driver.map { DiacriticFolding.leadBytes(foldingTo: $0.bytes[$0.rare]) } ?? []
        let rare = driver.map { $0.bytes[$0.rare] } ?? 0
        driverLetter = ByteSet([rare &- 0x41 < 26 ? rare | 0x20 : rare])
    }

    /// Finds the lines of `buffer` from `body` on that may match.
    mutating func find(_ buffer: UnsafeBufferPointer<UInt8>, from body: Int) {
        ranges.removeAll(keepingCapacity: true)
        let end = buffer.count
        guard let driver else {
            var start = body
            while start <= end {
                let lineEnd = ByteScan.lineEnd(buffer, after: start)
                if start < lineEnd && prefilter.mayMatch(buffer, start..<lineEnd, projection: &projection) {
                    ranges.append(start..<lineEnd)
                }
                start = lineEnd + 1
            }
            return
        }
        let rare = driver.bytes[driver.rare]
        let other: UInt8? = !driver.caseSensitive && (0x61...0x7A).contains(rare) ? rare - 0x20 : nil
        if driver.contiguous {
            findRuns(buffer, from: body, driver, rare, other)
        } else {
            findScattered(buffer, from: body, driver, rare, other)
        }
    }

    /// `find` for a driver whose bytes must stand as one run: each hit is checked where the
    /// run would stand, without looking at its line, then one pass over the note checks the
    /// lines with a letter that folds (or a mark) through their projection.
    private mutating func findRuns(
        _ buffer: UnsafeBufferPointer<UInt8>, from body: Int, _ driver: BytePrefilter.Needle, _ rare: UInt8, _ other: UInt8?
    ) {
        let end = buffer.count
        // A run found where it stands is all the check a one-term query needs.
        let alone = prefilter.groups.count == 1
        var from = body
        while from < end, let hit = BytePrefilter.firstRun(driver, buffer, from..<end) {
            let line = ByteScan.lineStart(buffer, before: hit, from: body)..<ByteScan.lineEnd(buffer, after: hit)
            if alone || prefilter.check(buffer, line) { ranges.append(line) }
            from = line.upperBound + 1
        }
        let found = ranges.count
        var next = 0
        from = body
        // With one term, only a letter that may stand in the run stops the scan.
        while from < end,
            let hit = alone
                ? ByteScan.firstFoldable(buffer, from..<end, from: from, standingIn: driver.bytes)
                : ByteScan.firstFoldable(buffer, from..<end, into: prefilter.wanted)
        {
            let line = ByteScan.lineStart(buffer, before: hit, from: from)..<ByteScan.lineEnd(buffer, after: hit)
            while next < found && ranges[next].lowerBound < line.lowerBound { next += 1 }
            let known = next < found && ranges[next].lowerBound == line.lowerBound
            // A line without the driver's letter in any form cannot match.
            if !known && holdsDriverLetter(buffer, line, rare, other)
                && (alone ? runNearFolding(driver, buffer, line, first: hit) : prefilter.checkProjected(buffer, line, projection: &projection))
            {
                ranges.append(line)
            }
            from = line.upperBound + 1
        }
        if ranges.count > found { ranges.sort { $0.lowerBound < $1.lowerBound } }
    }

    /// `find` for a driver whose bytes may stand apart (a fuzzy term): each line that holds
    /// the byte is checked, on its bytes and, failing that, on its projection; then the lines
    /// that hold the driver's letter only as a letter that folds to it, found by their lead
    /// bytes.
    private mutating func findScattered(
        _ buffer: UnsafeBufferPointer<UInt8>, from body: Int, _ driver: BytePrefilter.Needle, _ rare: UInt8, _ other: UInt8?
    ) {
        let end = buffer.count
        var from = body
        while from < end, let hit = Self.find(rare, other, buffer, from..<end) {
            let line = ByteScan.lineStart(buffer, before: hit, from: body)..<ByteScan.lineEnd(buffer, after: hit)
            if prefilter.check(buffer, line) || matchesProjected(buffer, line) { ranges.append(line) }
            from = line.upperBound + 1
        }
        let found = ranges.count
        for lead in driverLeads {
            from = body
            while from < end, let hit = ByteScan.find(lead, in: buffer, from..<end) {
                guard ByteScan.foldsInto(driverLetter, buffer, at: hit) else {
                    from = hit + 1
                    continue
                }
                let line = ByteScan.lineStart(buffer, before: hit, from: body)..<ByteScan.lineEnd(buffer, after: hit)
                // A line that holds the byte itself was checked above.
                if Self.find(rare, other, buffer, line) == nil && matchesProjected(buffer, line) { ranges.append(line) }
                from = line.upperBound + 1
            }
        }
        if ranges.count > found {
            ranges.sort { $0.lowerBound < $1.lowerBound }
            // Two lead bytes may have found the same line.
            var kept = 0
            for index in ranges.indices where kept == 0 || ranges[index] != ranges[kept - 1] {
                ranges[kept] = ranges[index]
                kept += 1
            }
            ranges.removeLast(ranges.count - kept)
        }
    }

    /// True when `line` holds the driver's letter as its byte, in the other case, or as a
    /// letter that folds to it.
    private func holdsDriverLetter(_ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, _ rare: UInt8, _ other: UInt8?) -> Bool {
        Self.find(rare, other, buffer, line) != nil || ByteScan.firstFoldable(buffer, line, into: driverLetter) != nil
    }

    /// Whether a line may match through its ASCII projection: only a line with a letter that
    /// folds to a wanted one, or a mark, can match there and not on its bytes.
    private mutating func matchesProjected(_ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        guard ByteScan.firstFoldable(buffer, line, into: prefilter.wanted) != nil else { return false }
        return prefilter.checkProjected(buffer, line, projection: &projection)
    }

    /// True when the run `needle` stands, folded, around one of the folding characters of
    /// `line` (the first at `first`): a run of ASCII alone was looked for on the bytes, so
    /// any other must hold a folding character, and only a window around each is projected.
    private mutating func runNearFolding(
        _ needle: BytePrefilter.Needle, _ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, first: Int
    ) -> Bool {
        // A character is at most four bytes: the window holds every run through `position`.
        let reach = 4 * needle.bytes.count
        var position = first
        while true {
            // A letter that folds stands for one letter of the run, with the run's letters
            // beside it: most (`résumé` for `budget`) are ruled out without a projection.
            if ByteScan.mayStandInRun(needle.bytes, buffer, line, at: position) {
                var start = max(line.lowerBound, position - reach)
                while start < position && buffer[start] & 0xC0 == 0x80 { start += 1 }
                let window = start..<min(line.upperBound, position + reach + 4)
                ByteScan.project(buffer, window, into: &projection)
                if projection.withUnsafeBufferPointer({ BytePrefilter.holds(needle, $0, 0..<$0.count) }) { return true }
            }
            guard let next = ByteScan.firstFoldable(buffer, line, from: position + 1, standingIn: needle.bytes) else { return false }
            position = next
        }
    }

    /// The first `byte` (or `other`, its other case) in `range`.
    @inline(__always)
    private static func find(_ byte: UInt8, _ other: UInt8?, _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        // The other case is looked for only before the first hit of the byte.
        let hit = ByteScan.find(byte, in: buffer, range) ?? range.upperBound
        if let other, let upper = ByteScan.find(other, in: buffer, range.lowerBound..<hit) { return upper }
        return hit == range.upperBound ? nil : hit
    }
}
