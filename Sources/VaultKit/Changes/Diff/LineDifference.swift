/// The lines two texts differ in: Myers' algorithm (the one `git diff` uses by default) on
/// what lies between their common first and last lines.
///
/// Myers costs O((N+M)·D) for D differing lines. The common ends are cut off first, so one
/// changed line in a 20 MB note costs a pass over its bytes. Past a budget (many scattered
/// changes in a big note), a part is cut at the lines it holds once in each text, as patience
/// diff does, and each piece is diffed on its own; a piece without such a line shows as
/// replaced whole. The result is always a correct diff; only its minimality is given up.
enum LineDifference {
    /// Old lines replaced by new lines, by index; either range may be empty.
    struct Edit: Equatable {
        var old: Range<Int>
        var new: Range<Int>
    }

    /// Snake steps Myers may take on one part before the part is cut at unique lines.
    static let budget = 8_000_000
    /// The most differing lines Myers looks for in one part (its trace grows with the square).
    static let maxCost = 1_000

    /// The edits that turn `old` into `new`, in order.
    static func edits(from old: DiffLines, to new: DiffLines) -> [Edit] {
        var prefix = 0
        while prefix < old.count && prefix < new.count && old.same(prefix, as: prefix, in: new) { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix
            && old.same(old.count - 1 - suffix, as: new.count - 1 - suffix, in: new)
        {
            suffix += 1
        }
        let parts = Parts(old: old, new: new, oldBase: prefix, newBase: prefix, oldEnd: old.count - suffix, newEnd: new.count - suffix)
        var edits: [Edit] = []
        var pending = [(old: prefix..<(old.count - suffix), new: prefix..<(new.count - suffix))]
        // Leftmost part first, so the edits come out in order.
        while let (a, b) = pending.popLast() {
            let (inner, innerNew) = parts.trimmed(a, b)
            if inner.isEmpty || innerNew.isEmpty {
                if !inner.isEmpty || !innerNew.isEmpty { edits.append(Edit(old: inner, new: innerNew)) }
                continue
            }
            if let found = parts.myers(inner, innerNew) {
                edits += found
                continue
            }
            let anchors = parts.uniqueMatches(inner, innerNew)
            guard !anchors.isEmpty else {
                edits.append(Edit(old: inner, new: innerNew))
                continue
            }
            var pieces: [(old: Range<Int>, new: Range<Int>)] = []
            var (x, y) = (inner.lowerBound, innerNew.lowerBound)
            for (i, j) in anchors {
                pieces.append((x..<i, y..<j))
                (x, y) = (i + 1, j + 1)
            }
            pieces.append((x..<inner.upperBound, y..<innerNew.upperBound))
            pending += pieces.reversed()
        }
        return edits
    }

    /// The lines between the common ends of both texts, hashed once.
    private struct Parts {
        let old: DiffLines
        let new: DiffLines
        let oldBase: Int
        let newBase: Int
        let oldHashes: [UInt64]
        let newHashes: [UInt64]

        init(old: DiffLines, new: DiffLines, oldBase: Int, newBase: Int, oldEnd: Int, newEnd: Int) {
            self.old = old
            self.new = new
            self.oldBase = oldBase
            self.newBase = newBase
            oldHashes = old.hashes(oldBase..<max(oldBase, oldEnd))
            newHashes = new.hashes(newBase..<max(newBase, newEnd))
        }

        func same(_ i: Int, _ j: Int) -> Bool {
            oldHashes[i - oldBase] == newHashes[j - newBase] && old.same(i, as: j, in: new)
        }

        /// A part without the lines it starts and ends with in both texts.
        func trimmed(_ a: Range<Int>, _ b: Range<Int>) -> (Range<Int>, Range<Int>) {
            var (start, newStart) = (a.lowerBound, b.lowerBound)
            while start < a.upperBound && newStart < b.upperBound && same(start, newStart) { (start, newStart) = (start + 1, newStart + 1) }
            var (end, newEnd) = (a.upperBound, b.upperBound)
            while end > start && newEnd > newStart && same(end - 1, newEnd - 1) { (end, newEnd) = (end - 1, newEnd - 1) }
            return (start..<end, newStart..<newEnd)
        }

        /// Myers' greedy forward search with its trace kept for the walk back; nil when the
        /// part differs in more lines than its budget allows.
        func myers(_ a: Range<Int>, _ b: Range<Int>) -> [Edit]? {
            let (n, m) = (a.count, b.count)
            let limit = min(n + m, LineDifference.maxCost, max(16, LineDifference.budget / (n + m)))
            let offset = limit + 1
            var v = [Int](repeating: 0, count: 2 * offset + 1)
            // trace[d] is v as it stood before step d, from k = -d to d.
            var trace: [[Int]] = []
            var found = false
            search: for d in 0...limit {
                trace.append(Array(v[(offset - d)...(offset + d)]))
                for k in stride(from: -d, through: d, by: 2) {
                    var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                    var y = x - k
                    while x < n && y < m && same(a.lowerBound + x, b.lowerBound + y) { (x, y) = (x + 1, y + 1) }
                    v[offset + k] = x
                    if x >= n && y >= m {
                        found = true
                        break search
                    }
                }
            }
            guard found else { return nil }
            // Walk back from the end, one differing line a step, gathering runs of them.
            var edits: [Edit] = []
            var (x, y) = (n, m)
            for d in stride(from: trace.count - 1, to: 0, by: -1) {
                let before = trace[d]
                func at(_ k: Int) -> Int { before[k + d] }
                let k = x - y
                let previous = k == -d || (k != d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
                let px = at(previous)
                let py = px - previous
                // The diagonal run back to where this step's line left off.
                let (sx, sy) = previous == k + 1 ? (px, py + 1) : (px + 1, py)
                x = sx
                y = sy
                let edit = Edit(old: (a.lowerBound + px)..<(a.lowerBound + x), new: (b.lowerBound + py)..<(b.lowerBound + y))
                if let last = edits.last, last.old.lowerBound == edit.old.upperBound, last.new.lowerBound == edit.new.upperBound {
                    edits[edits.count - 1] = Edit(old: edit.old.lowerBound..<last.old.upperBound, new: edit.new.lowerBound..<last.new.upperBound)
                } else {
                    edits.append(edit)
                }
                (x, y) = (px, py)
            }
            return edits.reversed()
        }

        /// Pairs of lines found exactly once in each side of the part, in an order both texts
        /// agree on (the longest such run, by patience sorting).
        func uniqueMatches(_ a: Range<Int>, _ b: Range<Int>) -> [(Int, Int)] {
            // For each line's hash: how often each side has it, and where (the last seen).
            var seen: [UInt64: Sightings] = [:]
            for i in a { seen[oldHashes[i - oldBase], default: Sightings()].old += 1 }
            for j in b where seen[newHashes[j - newBase]] != nil { seen[newHashes[j - newBase]]!.sawNew(at: j) }
            let pairs = a.compactMap { i -> (Int, Int)? in
                guard let entry = seen[oldHashes[i - oldBase]], entry.old == 1, entry.new == 1, same(i, entry.newAt) else { return nil }
                return (i, entry.newAt)
            }
            // Patience sorting on the new indexes: the longest increasing run.
            var tops: [Int] = []
            var back = [Int](repeating: -1, count: pairs.count)
            for (index, pair) in pairs.enumerated() {
                var (low, high) = (0, tops.count)
                while low < high {
                    let middle = (low + high) / 2
                    if pairs[tops[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
                }
                if low > 0 { back[index] = tops[low - 1] }
                if low == tops.count { tops.append(index) } else { tops[low] = index }
            }
            var run: [(Int, Int)] = []
            var index = tops.last ?? -1
            while index >= 0 {
                run.append(pairs[index])
                index = back[index]
            }
            return run.reversed()
        }

        /// How often a line occurs in each side of a part, and where it was last seen.
        struct Sightings {
            var old = 0
            var new = 0
            var newAt = 0

            mutating func sawNew(at index: Int) {
                new += 1
                newAt = index
            }
        }
    }
}
