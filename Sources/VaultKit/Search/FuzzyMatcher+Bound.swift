import VaultMarkdown
import VaultSystem

extension FuzzyMatcher {
    /// A score no fuzzy match of `pattern` in `text` can beat, found in one pass without the
    /// optimal match's table; nil when the pattern is not in the text at all (exactly when
    /// `match(.fuzzy, ...)` is nil).
    ///
    /// Each pattern character can earn at most its match points and the best bonus it has
    /// anywhere in the text; inside a run it may take a bonus from where the run starts, and
    /// a character that can never follow its predecessor directly pays at least a gap start.
    /// Gaps never add points, so the optimal score is at most this sum. A search uses it to
    /// skip scoring lines that cannot rank among those already kept.
    public mutating func bound(_ pattern: [UInt32], in text: FuzzyText, caseSensitive: Bool) -> Int? {
        let m = pattern.count
        if m == 0 { return 0 }
        guard m <= text.count else { return nil }
        // Rows are tracked as bits; a longer pattern is simply scored.
        guard m <= 64 else { return match(.fuzzy, pattern, in: text, caseSensitive: caseSensitive, positions: false)?.score }
        let masks = scratch.rowMasks(pattern)
        let chars = caseSensitive ? text.chars : text.lower
        return chars.withUnsafeBufferPointer { chars in
            text.classes.withUnsafeBufferPointer { classes in
                pattern.withUnsafeBufferPointer { pattern in
                    Self.bound(
                        pattern, chars: chars, classes: classes, masks: masks, rows: scratch.boundRows, bonuses: scratch.bonusTable)
                }
            }
        }
    }

    private static func bound(
        _ pattern: UnsafeBufferPointer<UInt32>, chars: UnsafeBufferPointer<UInt32>, classes: UnsafeBufferPointer<CharacterClass>,
        masks: UnsafePointer<UInt64>, rows: Scratch.BoundRows, bonuses: UnsafeMutablePointer<Int32>
    ) -> Int? {
        let m = pattern.count, n = chars.count
        // Row i is kept in slot i + 1: slot 0 stands for the row before the first (never
        // seen), and `sink` takes the writes of a character in no row, so that the common
        // case runs without branches.
        let first = rows.first, last = rows.last, best = rows.best, seen = rows.seen, gap = rows.gap
        let sink = Scratch.BoundRows.sink
        // Where each pattern character can stand in a match of the whole pattern: from its
        // earliest place to its latest.
        var row = 0
        for index in 0..<n where row < m && chars[index] == pattern[row] {
            first[row + 1] = index
            row += 1
        }
        guard row == m else { return nil }
        row = m - 1
        for index in stride(from: n - 1, through: 0, by: -1) where row >= 0 && chars[index] == pattern[row] {
            last[row + 1] = index
            row -= 1
        }
        best.update(repeating: -1, count: m + 1)
        seen.update(repeating: Int.min / 2, count: m + 1)
        gap.update(repeating: Int.max, count: m + 1)
        // Bit i + 1 (mod 64): pattern character i can stand right after character i - 1.
        var adjacent: UInt64 = 0
        @inline(__always) func visit(_ slot: Int, _ index: Int, _ bonus: Int32) {
            if bonus > best[slot] { best[slot] = bonus }
            let distance = index &- seen[slot &- 1]
            adjacent |= UInt64(distance == 1 ? 1 : 0) &<< UInt64(slot)
            if distance >= 2 && distance < gap[slot] { gap[slot] = distance }
            seen[slot] = index
        }
        for index in first[1]...last[m] {
            let char = chars[index]
            var mask: UInt64 = char < 128 ? masks[Int(char)] : rowMask(char, pattern)
            let previous = index > 0 ? classes[index - 1] : .white
            let bonus = bonuses[Int(previous.rawValue) &* 8 &+ Int(classes[index].rawValue)]
            if mask & (mask &- 1) == 0 {
                // At most one row: 64 trailing zeros make the sink's slot.
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
        // The best bonus of a run's start, for the run that may reach the current row.
        var runStart = best[1]
        for row in 1..<m {
            let slot = row + 1
            let gap = gap[slot]
            let best = best[slot]
            var next = Int.min
            if gap != Int.max {
                // A gap of `distance - 1` characters costs a start and an extension for each
                // character after the first.
                let cost = Int(FuzzyScoring.gapStart) + Int(FuzzyScoring.gapExtension) * (gap - 2)
                next = max(total + cost, 0) + Int(FuzzyScoring.match + best)
            }
            if adjacent & (1 &<< UInt64(slot)) != 0 {
                next = max(next, total + Int(FuzzyScoring.match + max(best, max(FuzzyScoring.consecutive, runStart))))
                runStart = max(runStart, best)
            } else {
                runStart = best
            }
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
