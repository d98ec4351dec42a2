import VaultMarkdown
import VaultSystem

extension FuzzyMatcher {
    /// A score no fuzzy match of `pattern` in `text` can beat, found in one pass without the
    /// optimal match's table; nil when the pattern is not in the text at all (exactly when
    /// `match(.fuzzy, ...)` is nil).
    ///
    /// Each pattern character can earn at most its match points and the best bonus it has
    /// anywhere in the text; right after its predecessor (in a run) at most the best of its
    /// own bonus, `consecutive` and the bonuses along the run of places that leads to it; a
    /// character that can never follow its predecessor directly pays at least a gap start.
    /// Gaps never add points, so the optimal score is at most this sum. A search uses it to
    /// skip scoring lines that cannot rank among those already kept.
    public mutating func bound(_ pattern: [UInt32], in text: FuzzyText, caseSensitive: Bool) -> Int? {
        let m = pattern.count
        if m == 0 { return 0 }
        guard m <= text.count else { return nil }
        // Rows are tracked as bits; a longer pattern is simply scored.
        guard m <= 64 else { return match(.fuzzy, pattern, in: text, caseSensitive: caseSensitive, positions: false)?.score }
        let chars = caseSensitive ? text.chars : text.lower
        return chars.withUnsafeBufferPointer { chars in
            text.classes.withUnsafeBufferPointer { classes in
                bound(pattern, in: DecodedLine(chars: chars, classes: classes))
            }
        }
    }

    /// `bound(_:in:caseSensitive:)` of a line made only of ASCII bytes, read as they are:
    /// the same number its `FuzzyText` would give, without decoding it.
    mutating func bound(_ pattern: [UInt32], asciiLine bytes: UnsafeBufferPointer<UInt8>, caseSensitive: Bool) -> Int? {
        let m = pattern.count
        if m == 0 { return 0 }
        guard m <= bytes.count else { return nil }
        guard m <= 64 else {
            var text = FuzzyText()
            text.load(bytes)
            return match(.fuzzy, pattern, in: text, caseSensitive: caseSensitive, positions: false)?.score
        }
        return CharacterClass.ascii.withUnsafeBufferPointer { table in
            bound(pattern, in: ASCIILine(bytes: bytes, lowered: !caseSensitive, classes: table))
        }
    }

    /// A line as `bound` reads it: characters as compared, and the class of each.
    protocol BoundLine {
        var count: Int { get }
        func char(_ index: Int) -> UInt32
        func characterClass(_ index: Int) -> CharacterClass
    }

    /// A decoded `FuzzyText`.
    struct DecodedLine: BoundLine {
        let chars: UnsafeBufferPointer<UInt32>
        let classes: UnsafeBufferPointer<CharacterClass>
        var count: Int { chars.count }
        @inline(__always) func char(_ index: Int) -> UInt32 { chars[index] }
        @inline(__always) func characterClass(_ index: Int) -> CharacterClass { classes[index] }
    }

    /// ASCII bytes: each byte one character, lower-cased as `FuzzyText` does when `lowered`.
    struct ASCIILine: BoundLine {
        let bytes: UnsafeBufferPointer<UInt8>
        let lowered: Bool
        let classes: UnsafeBufferPointer<CharacterClass>
        var count: Int { bytes.count }
        @inline(__always) func char(_ index: Int) -> UInt32 {
            let byte = bytes[index]
            return UInt32(lowered && byte &- 0x41 < 26 ? byte | 0x20 : byte)
        }
        @inline(__always) func characterClass(_ index: Int) -> CharacterClass { classes[Int(bytes[index])] }
    }

    private mutating func bound(_ pattern: [UInt32], in line: some BoundLine) -> Int? {
        let masks = scratch.rowMasks(pattern)
        return pattern.withUnsafeBufferPointer { pattern in
            Self.bound(pattern, line: line, masks: masks, rows: scratch.boundRows, places: scratch.places(line.count), bonuses: scratch.bonusTable)
        }
    }

    @inline(__always)
    private static func bound(
        _ pattern: UnsafeBufferPointer<UInt32>, line: some BoundLine, masks: UnsafePointer<UInt64>, rows: Scratch.BoundRows,
        places: Scratch.Places, bonuses: UnsafeMutablePointer<Int32>
    ) -> Int? {
        let m = pattern.count, n = line.count
        // Row i is kept in slot i + 1: slot 0 stands for the row before the first (never
        // seen), and `sink` takes the writes of a place outside its row's span, so that the
        // common case runs without branches.
        let first = rows.first, last = rows.last, best = rows.best, seen = rows.seen, gap = rows.gap
        let sink = Scratch.BoundRows.sink
        // Where each pattern character can stand in a match of the whole pattern: from its
        // earliest place to its latest.
        var row = 0
        var index = 0
        while index < n {
            if line.char(index) == pattern[row] {
                first[row &+ 1] = index
                row &+= 1
                if row == m { break }
            }
            index &+= 1
        }
        guard row == m else { return nil }
        row = m - 1
        index = n - 1
        while true {
            if line.char(index) == pattern[row] {
                last[row &+ 1] = index
                if row == 0 { break }
                row &-= 1
            }
            index &-= 1
        }
        best.update(repeating: -1, count: m + 1)
        rows.inRun.update(repeating: -1, count: m + 1)
        seen.update(repeating: Int.min / 2, count: m + 1)
        gap.update(repeating: Int.max, count: m + 1)
        // First the places of pattern characters, with their rows, gathered without a branch
        // (most characters of a line are in no row); only they are visited after.
        let indices = places.indices, rowsAt = places.masks
        var found = 0
        index = first[1]
        let end = last[m]
        while index <= end {
            let char = line.char(index)
            let mask: UInt64 = char < 128 ? masks[Int(char)] : rowMask(char, pattern)
            indices[found] = Int32(truncatingIfNeeded: index)
            rowsAt[found] = mask
            // 1 when some row holds the character, in arithmetic: a branch here would be
            // mispredicted at every other character.
            found &+= Int(truncatingIfNeeded: (mask | (0 &- mask)) >> 63)
            index &+= 1
        }
        // Per row: the best bonus it can take right after the row before (in a run), and the
        // best own bonus along the run of places ending at its last place seen, any of which
        // may start the run the DP keeps there (fzf gives a run's later characters at most the
        // best of their own bonus, `consecutive` and the bonus where the run starts).
        let inRun = rows.inRun, chain = rows.chain
        @inline(__always) func visit(_ slot: Int, _ index: Int, _ bonus: Int32) {
            if bonus > best[slot] { best[slot] = bonus }
            let distance = index &- seen[slot &- 1]
            let adjacent = distance == 1
            let chained = chain[slot &- 1]
            let runBonus = max(bonus, max(FuzzyScoring.consecutive, chained))
            if adjacent && runBonus > inRun[slot] { inRun[slot] = runBonus }
            chain[slot] = adjacent ? max(bonus, chained) : bonus
            if distance >= 2 && distance < gap[slot] { gap[slot] = distance }
            seen[slot] = index
        }
        for place in 0..<found {
            let index = Int(indices[place])
            var mask = rowsAt[place]
            let previous = index > 0 ? line.characterClass(index - 1) : .white
            let bonus = bonuses[Int(previous.rawValue) &* 8 &+ Int(line.characterClass(index).rawValue)]
            if mask & (mask &- 1) == 0 {
                var slot = mask.trailingZeroBitCount &+ 1
                slot = index >= first[slot] && index <= last[slot] ? slot : sink
                visit(slot, index, bonus)
                continue
            }
            // Rows from the last, so that `seen` of the row before is still an earlier place.
            while mask != 0 {
                let row = 63 - mask.leadingZeroBitCount
                mask &= ~(1 << UInt64(row))
                if index >= first[row + 1] && index <= last[row + 1] { visit(row + 1, index, bonus) }
            }
        }
        // The best a row can hold, row by row: after a gap the DP may also start afresh from 0.
        var total = Int(FuzzyScoring.match + best[1] * FuzzyScoring.firstCharMultiplier)
        for row in 1..<m {
            let slot = row + 1
            let gap = gap[slot]
            var next = Int.min
            if gap != Int.max {
                // A gap of `distance - 1` characters costs a start and an extension for each
                // character after the first.
                let cost = Int(FuzzyScoring.gapStart) + Int(FuzzyScoring.gapExtension) * (gap - 2)
                next = max(total + cost, 0) + Int(FuzzyScoring.match + best[slot])
            }
            if inRun[slot] >= 0 { next = max(next, total + Int(FuzzyScoring.match + inRun[slot])) }
            total = next
        }
        return total
    }

    /// The rows of `pattern` that hold `char`, as bits.
    static func rowMask(_ char: UInt32, _ pattern: UnsafeBufferPointer<UInt32>) -> UInt64 {
        var mask: UInt64 = 0
        for (row, wanted) in pattern.enumerated() where wanted == char { mask |= 1 << UInt64(row) }
        return mask
    }
}
