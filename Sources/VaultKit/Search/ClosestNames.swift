/// Names close to a mistyped one, for a "did you mean" hint: commands, options, note titles.
///
/// Closeness is the Damerau-Levenshtein distance (optimal string alignment: insertions,
/// deletions, substitutions and swaps of two neighbours each count one), ignoring case. A
/// name is suggested only when few edits separate it from the word typed, so a word that
/// resembles nothing gets no suggestion rather than a random one.
public enum ClosestNames {
    /// The names among `candidates` close to `word`, closest first (ties in the order given),
    /// at most `limit`.
    public static func closest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
        let typed = Array(word.lowercased())
        var scored: [(name: String, distance: Int, order: Int)] = []
        for (order, name) in candidates.enumerated() {
            let candidate = Array(name.lowercased())
            let allowed = allowedEdits(min(typed.count, candidate.count))
            guard abs(typed.count - candidate.count) <= allowed else { continue }
            let edits = distance(typed, candidate)
            if edits > 0 && edits <= allowed { scored.append((name, edits, order)) }
        }
        scored.sort { ($0.distance, $0.order) < ($1.distance, $1.order) }
        var seen: Set<String> = []
        return Array(scored.map(\.name).filter { seen.insert($0).inserted }.prefix(limit))
    }

    /// How many edits still count as a typo in a word of `length` characters: one in a short
    /// word, about one in three in a longer one, never more than three.
    public static func allowedEdits(_ length: Int) -> Int {
        min(3, max(1, length / 3))
    }

    /// The number of edits (insert, delete, substitute, swap neighbours) from `a` to `b`.
    public static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a.lowercased()), Array(b.lowercased()))
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows suffice: a swap looks back two rows.
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = min(best, before[j - 2] + 1)
                }
                current[j] = best
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
