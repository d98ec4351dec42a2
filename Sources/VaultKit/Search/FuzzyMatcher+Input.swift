import VaultMarkdown
import VaultSystem

extension FuzzyMatcher {
    /// One text and one pattern, and the matches that need no scratch storage: the greedy
    /// fuzzy match, exact, prefix, suffix and whole-text matches, and the score of a given
    /// span (fzf's `calculateScore`).
    struct Input {
        /// The text's characters, lower-cased when the match ignores case.
        let chars: UnsafeBufferPointer<UInt32>
        let classes: UnsafeBufferPointer<CharacterClass>
        let pattern: UnsafeBufferPointer<UInt32>

        /// The part of the text an optimal match can use: from just before the first place the
        /// pattern can start to just after the last place it can end; nil when the pattern is
        /// not a subsequence of the text.
        func window() -> Range<Int>? {
            var index = 0
            var first = 0
            var last = 0
            for (position, wanted) in pattern.enumerated() {
                while index < chars.count && chars[index] != wanted { index += 1 }
                if index == chars.count { return nil }
                if position == 0 && index > 0 { first = index - 1 }
                last = index
                index += 1
            }
            let tail = pattern[pattern.count - 1]
            var end = chars.count - 1
            while end > last && chars[end] != tail { end -= 1 }
            return first..<(end + 1)
        }

        /// fzf's v1: the first occurrence scanning forward (or backward), shortened from its
        /// end; linear time, for texts too long for the optimal match.
        func greedy(forward: Bool, positions: Bool) -> FuzzyResult? {
            let n = chars.count, m = pattern.count
            @inline(__always) func at(_ index: Int, _ count: Int) -> Int { forward ? index : count - index - 1 }
            var patternIndex = 0
            var start = -1
            var end = -1
            for index in 0..<n where chars[at(index, n)] == pattern[at(patternIndex, m)] {
                if start < 0 { start = index }
                patternIndex += 1
                if patternIndex == m {
                    end = index + 1
                    break
                }
            }
            guard start >= 0, end >= 0 else { return nil }
            patternIndex -= 1
            for index in stride(from: end - 1, through: start, by: -1)
            where chars[at(index, n)] == pattern[at(patternIndex, m)] {
                patternIndex -= 1
                if patternIndex < 0 {
                    start = index
                    break
                }
            }
            if !forward { (start, end) = (n - end, n - start) }
            return score(start..<end, positions: positions)
        }

        /// The pattern as one run: the occurrence whose first character has the best bonus.
        func exact(forward: Bool) -> FuzzyResult? {
            let n = chars.count, m = pattern.count
            if m == 0 { return FuzzyResult(score: 0, start: 0, end: 0, positions: []) }
            guard n >= m else { return nil }
            @inline(__always) func at(_ index: Int, _ count: Int) -> Int { forward ? index : count - index - 1 }
            var patternIndex = 0
            var best = -1
            var firstBonus: Int32 = 0
            var bestBonus: Int32 = -1
            var index = 0
            while index < n {
                let textIndex = at(index, n)
                let wanted = at(patternIndex, m)
                if pattern[wanted] == chars[textIndex] {
                    if wanted == 0 { firstBonus = bonus(at: textIndex) }
                    patternIndex += 1
                    if patternIndex == m {
                        if firstBonus > bestBonus {
                            best = index
                            bestBonus = firstBonus
                        }
                        if firstBonus >= FuzzyScoring.boundary { break }
                        index -= patternIndex - 1
                        patternIndex = 0
                        firstBonus = 0
                    }
                } else {
                    index -= patternIndex
                    patternIndex = 0
                    firstBonus = 0
                }
                index += 1
            }
            guard best >= 0 else { return nil }
            let range = forward ? (best - m + 1)..<(best + 1) : (n - best - 1)..<(n - best + m - 1)
            return score(range, positions: true)
        }

        /// The pattern at the start, after leading white space unless the pattern starts with
        /// white space itself.
        func prefix() -> FuzzyResult? {
            let m = pattern.count
            if m == 0 { return FuzzyResult(score: 0, start: 0, end: 0, positions: []) }
            let start = isWhite(pattern[0]) ? 0 : leadingWhite()
            guard chars.count - start >= m else { return nil }
            for offset in 0..<m where chars[start + offset] != pattern[offset] { return nil }
            return score(start..<(start + m), positions: true)
        }

        /// The pattern at the end, before trailing white space unless the pattern ends with
        /// white space itself.
        func suffix() -> FuzzyResult? {
            let m = pattern.count
            var end = chars.count
            if m == 0 || !isWhite(pattern[m - 1]) { end -= trailingWhite() }
            if m == 0 { return FuzzyResult(score: 0, start: end, end: end, positions: []) }
            let start = end - m
            guard start >= 0 else { return nil }
            for offset in 0..<m where chars[start + offset] != pattern[offset] { return nil }
            return score(start..<end, positions: true)
        }

        /// The pattern is the whole text, white space at either end aside.
        func equal() -> FuzzyResult? {
            let m = pattern.count
            guard m > 0 else { return nil }
            let lead = isWhite(pattern[0]) ? 0 : leadingWhite()
            let trail = isWhite(pattern[m - 1]) ? 0 : trailingWhite()
            guard chars.count - lead - trail == m else { return nil }
            for offset in 0..<m where chars[lead + offset] != pattern[offset] { return nil }
            let score = (FuzzyScoring.match + FuzzyScoring.boundaryWhite) * Int32(m)
                + (FuzzyScoring.firstCharMultiplier - 1) * FuzzyScoring.boundaryWhite
            return FuzzyResult(score: Int(score), start: lead, end: lead + m, positions: Array(lead..<(lead + m)))
        }

        /// The score of matching the pattern, in order, within `range` (fzf's
        /// `calculateScore`): the same rules as the optimal match, applied to one alignment.
        func score(_ range: Range<Int>, positions: Bool) -> FuzzyResult {
            var patternIndex = 0
            var score: Int32 = 0
            var inGap = false
            var run = 0
            var runBonus: Int32 = 0
            var matched: [Int] = []
            var previousClass = range.lowerBound > 0 ? classes[range.lowerBound - 1] : .white
            for index in range {
                let characterClass = classes[index]
                if patternIndex < pattern.count && chars[index] == pattern[patternIndex] {
                    if positions { matched.append(index) }
                    score += FuzzyScoring.match
                    var bonus = FuzzyScoring.bonus(previousClass, characterClass)
                    if run == 0 {
                        runBonus = bonus
                    } else {
                        if bonus >= FuzzyScoring.boundary && bonus > runBonus { runBonus = bonus }
                        bonus = max(max(bonus, runBonus), FuzzyScoring.consecutive)
                    }
                    score += patternIndex == 0 ? bonus * FuzzyScoring.firstCharMultiplier : bonus
                    inGap = false
                    run += 1
                    patternIndex += 1
                } else {
                    score += inGap ? FuzzyScoring.gapExtension : FuzzyScoring.gapStart
                    inGap = true
                    run = 0
                    runBonus = 0
                }
                previousClass = characterClass
            }
            return FuzzyResult(score: Int(score), start: range.lowerBound, end: range.upperBound, positions: matched)
        }

        /// The bonus of the character at `index` (the start of the text is a boundary).
        private func bonus(at index: Int) -> Int32 {
            index == 0 ? FuzzyScoring.boundaryWhite : FuzzyScoring.bonus(classes[index - 1], classes[index])
        }

        private func isWhite(_ char: UInt32) -> Bool { CharacterClass.of(char) == .white }

        private func leadingWhite() -> Int {
            var count = 0
            while count < classes.count && classes[count] == .white { count += 1 }
            return count
        }

        private func trailingWhite() -> Int {
            var count = 0
            while count < classes.count && classes[classes.count - 1 - count] == .white { count += 1 }
            return count
        }
    }
}
