import VaultSystem

/// What a search for a code span's closing backtick run saw when it failed: where the last
/// run of each length starts, up to the end of the paragraph it searched.
///
/// A run of N backticks closes at the next run of exactly N in the same paragraph. Searched
/// afresh from every opener that has no closer, a paragraph of runs of many lengths costs
/// the square of its size; cmark remembers the runs it has seen, and so does this: after one
/// failed search, an opener later in the same paragraph has a closer exactly when a run of
/// its length starts after it.
struct BacktickRuns {
    /// The searched bytes: from an opener's end to the end of its paragraph.
    private var searched = 0..<0
    /// The start of the last run of each length within `searched`.
    private var lastStart: [Int: Int] = [:]

    /// True when the opener at `start`, `length` backticks long, is known to have no closer.
    func knowsNoCloser(after start: Int, length: Int) -> Bool {
        guard searched.contains(start) else { return false }
        return (lastStart[length] ?? -1) <= start
    }

    /// Remembers the runs in `range`, the bytes a failed search walked.
    mutating func record(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        searched = start..<end
        lastStart.removeAll(keepingCapacity: true)
        var position = start
        while position < end {
            guard bytes[position] == UInt8(ascii: "`") else {
                position += 1
                continue
            }
            let runStart = position
            while position < bytes.count && bytes[position] == UInt8(ascii: "`") { position += 1 }
            lastStart[position - runStart] = runStart
        }
    }

    mutating func record(_ bytes: [UInt8], from start: Int, to end: Int) {
        bytes.withUnsafeBufferPointer { record($0, from: start, to: end) }
    }
}
