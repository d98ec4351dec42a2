import VaultMarkdown
import VaultSystem

/// Where a pattern matched in a text and how well.
public struct FuzzyResult: Equatable, Sendable {
    /// The fzf score: higher is better.
    public var score: Int
    /// The first matched character (a `FuzzyText` index).
    public var start: Int
    /// One past the last matched character.
    public var end: Int
    /// Every matched character, ascending; empty when positions were not asked for.
    public var positions: [Int]
}

/// fzf's matching algorithms over a `FuzzyText`: the optimal fuzzy match (fzf's "v2", a
/// Smith-Waterman-like dynamic programme without omissions), the greedy one ("v1") it falls
/// back to on very long texts, and the exact, prefix, suffix and whole-text matches of the
/// extended syntax. Scores follow `FuzzyScoring`.
///
/// Patterns are given already folded (and lower-cased when the match ignores case), as
/// `FuzzyQuery` prepares them. A matcher keeps scratch storage between calls: use one per
/// thread.
public struct FuzzyMatcher {
    /// How a pattern must appear in the text.
    public enum Algorithm: Sendable, Equatable {
        /// In order, with gaps allowed (the best-scoring alignment).
        case fuzzy
        /// As one run, anywhere.
        case exact
        /// At the start (after leading white space).
        case prefix
        /// At the end (before trailing white space).
        case suffix
        /// The whole text (white space at either end aside).
        case equal
    }

    /// Above this many cells (text window × pattern length) the optimal match would cost too
    /// much time and memory, so the greedy match is used, as fzf does.
    public static let defaultCellBudget = 1 << 20

    /// The budget in force (tests lower it to reach the greedy match).
    var cellBudget = FuzzyMatcher.defaultCellBudget
    let scratch = Scratch()

    public init() {}

    /// Matches `pattern` in `text`; nil when it does not match.
    ///
    /// - Parameters:
    ///   - caseSensitive: compare the characters in their case; otherwise the lower-cased
    ///     ones (the pattern must then be lower-case).
    ///   - forward: which of two equal-scoring matches wins: the first (true) or the last.
    ///   - positions: whether to report every matched character.
    public mutating func match(
        _ algorithm: Algorithm, _ pattern: [UInt32], in text: FuzzyText, caseSensitive: Bool, forward: Bool = true,
        positions: Bool = true
    ) -> FuzzyResult? {
        let chars = caseSensitive ? text.chars : text.lower
        return chars.withUnsafeBufferPointer { chars in
            text.classes.withUnsafeBufferPointer { classes in
                pattern.withUnsafeBufferPointer { pattern in
                    let input = Input(chars: chars, classes: classes, pattern: pattern)
                    switch algorithm {
                    case .fuzzy: return fuzzy(input, forward: forward, positions: positions)
                    case .exact: return input.exact(forward: forward)
                    case .prefix: return input.prefix()
                    case .suffix: return input.suffix()
                    case .equal: return input.equal()
                    }
                }
            }
        }
    }

    private mutating func fuzzy(_ input: Input, forward: Bool, positions: Bool) -> FuzzyResult? {
        let m = input.pattern.count
        if m == 0 { return FuzzyResult(score: 0, start: 0, end: 0, positions: []) }
        guard m <= input.chars.count, let window = input.window() else { return nil }
        if window.count * m > cellBudget {
            return input.greedy(forward: forward, positions: positions)
        }
        return optimal(input, window: window, forward: forward, positions: positions)
    }

    /// fzf's v2: scores every alignment of the pattern in the window and keeps the best.
    private mutating func optimal(_ input: Input, window: Range<Int>, forward: Bool, positions: Bool) -> FuzzyResult? {
        let chars = input.chars, classes = input.classes, pattern = input.pattern
        let m = pattern.count
        let n = window.count
        let base = window.lowerBound
        scratch.reserve(columns: n, rows: m, cells: 0)
        let rowZero = scratch.rowZero, runZero = scratch.runZero, bonuses = scratch.bonuses, firsts = scratch.firsts
        let bonusTable = scratch.bonusTable

        // Row 0 and the bonus of each character; `firsts[i]` is the first place pattern
        // character i can go, `last` the last place the last one can.
        var maxScore: Int32 = 0
        var maxAt = 0
        var found = 0
        var last = 0
        let head = pattern[0]
        var wanted = head
        var previousScore: Int32 = 0
        var previousClass = CharacterClass.white
        var inGap = false
        for offset in 0..<n {
            let char = chars[base + offset]
            let characterClass = classes[base + offset]
            let bonus = bonusTable[Int(previousClass.rawValue) &* 8 &+ Int(characterClass.rawValue)]
            bonuses[offset] = bonus
            previousClass = characterClass
            if char == wanted {
                if found < m {
                    firsts[found] = offset
                    found += 1
                    wanted = pattern[min(found, m - 1)]
                }
                last = offset
            }
            if char == head {
                let score = FuzzyScoring.match + bonus * FuzzyScoring.firstCharMultiplier
                rowZero[offset] = score
                runZero[offset] = 1
                if m == 1 && (forward ? score > maxScore : score >= maxScore) {
                    maxScore = score
                    maxAt = offset
                    if forward && bonus >= FuzzyScoring.boundary { break }
                }
                inGap = false
            } else {
                rowZero[offset] = max(previousScore + (inGap ? FuzzyScoring.gapExtension : FuzzyScoring.gapStart), 0)
                runZero[offset] = 0
                inGap = true
            }
            previousScore = rowZero[offset]
        }
        guard found == m else { return nil }
        if m == 1 {
            return FuzzyResult(
                score: Int(maxScore), start: base + maxAt, end: base + maxAt + 1, positions: positions ? [base + maxAt] : [])
        }

        // The score matrix, one row per pattern character over columns first...last.
        let first0 = firsts[0]
        let width = last - first0 + 1
        scratch.reserve(columns: n, rows: m, cells: width * m)
        let scores = scratch.scores, runs = scratch.runs
        // Row 0 is written whole, and row i from firsts[i] on: only the cells before that
        // are zeroed (the walk back may read them), not the whole matrix for every line.
        for row in 1..<m {
            let unwritten = firsts[row] - first0
            (scores + row * width).update(repeating: 0, count: unwritten)
            (runs + row * width).update(repeating: 0, count: unwritten)
        }
        for column in 0..<width {
            scores[column] = rowZero[first0 + column]
            runs[column] = runZero[first0 + column]
        }
        for row in 1..<m {
            let start = firsts[row]
            let char = pattern[row]
            let rowBase = row * width - first0
            let above = rowBase - width
            var inGap = false
            for offset in start...last {
                let gap = scores[rowBase + offset - 1] + (inGap ? FuzzyScoring.gapExtension : FuzzyScoring.gapStart)
                var diagonal: Int32 = 0
                var run: Int16 = 0
                if char == chars[base + offset] {
                    diagonal = scores[above + offset - 1] + FuzzyScoring.match
                    var bonus = bonuses[offset]
                    run = runs[above + offset - 1] + 1
                    if run > 1 {
                        let runBonus = bonuses[offset - Int(run) + 1]
                        // A boundary inside a run starts a new, stronger run.
                        if bonus >= FuzzyScoring.boundary && bonus > runBonus {
                            run = 1
                        } else {
                            bonus = max(bonus, max(FuzzyScoring.consecutive, runBonus))
                        }
                    }
                    if diagonal + bonus < gap {
                        diagonal += bonuses[offset]
                        run = 0
                    } else {
                        diagonal += bonus
                    }
                }
                runs[rowBase + offset] = run
                inGap = diagonal < gap
                let score = max(max(diagonal, gap), 0)
                if row == m - 1 && (forward ? score > maxScore : score >= maxScore) {
                    maxScore = score
                    maxAt = offset
                }
                scores[rowBase + offset] = score
            }
        }

        // Walk back from the best cell to find which characters made it.
        var column = first0
        var matched: [Int] = []
        if positions {
            matched.reserveCapacity(m)
            var row = m - 1
            column = maxAt
            var preferMatch = true
            while column >= 0 {
                let cell = row * width + column - first0
                let score = scores[cell]
                let diagonal = row > 0 && column >= firsts[row] ? scores[cell - width - 1] : 0
                let left = column > firsts[row] ? scores[cell - 1] : 0
                if score > diagonal && (score > left || score == left && preferMatch) {
                    matched.append(base + column)
                    if row == 0 { break }
                    row -= 1
                }
                preferMatch = runs[cell] > 1 || cell + width + 1 < width * m && runs[cell + width + 1] > 0
                column -= 1
            }
            matched.reverse()
        }
        return FuzzyResult(score: Int(maxScore), start: base + column, end: base + maxAt + 1, positions: matched)
    }
}
