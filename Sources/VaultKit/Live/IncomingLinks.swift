/// The notes with a link to each path, by the numbers `LinkPaths` gives both: for each
/// target, its sources in ascending order, each once.
///
/// A sorted list per target, not a set: filling it for every link of a vault at once is a
/// sort of all the pairs (a set per target cost a tenth of opening a 10,000-note vault, in
/// hashing and regrowing), and a note's own edits only insert or remove a few.
struct IncomingLinks: Sendable {
    private var sources: [[Int32]] = []

    init() {}

    /// The sources of each target given as pairs, in any order, repeats allowed.
    init(_ pairs: [(target: Int32, source: Int32)]) {
        var packed = pairs.map { UInt64(UInt32(bitPattern: $0.target)) << 32 | UInt64(UInt32(bitPattern: $0.source)) }
        packed.sort()
        var start = packed.startIndex
        while start < packed.endIndex {
            let target = Int(packed[start] >> 32)
            var end = start
            var list: [Int32] = []
            while end < packed.endIndex && Int(packed[end] >> 32) == target {
                let source = Int32(bitPattern: UInt32(truncatingIfNeeded: packed[end]))
                if list.last != source { list.append(source) }
                end += 1
            }
            grow(to: target)
            sources[target] = list
            start = end
        }
    }

    /// The notes linking to `target`, in ascending order of their numbers.
    subscript(_ target: Int32) -> [Int32] {
        Int(target) < sources.count ? sources[Int(target)] : []
    }

    /// Files a link from `source` to `target` (once, however many links there are).
    mutating func insert(_ source: Int32, into target: Int32) {
        grow(to: Int(target))
        let at = Self.position(of: source, in: sources[Int(target)])
        if at == sources[Int(target)].endIndex || sources[Int(target)][at] != source { sources[Int(target)].insert(source, at: at) }
    }

    /// Forgets that `source` links to `target`.
    mutating func remove(_ source: Int32, from target: Int32) {
        guard Int(target) < sources.count else { return }
        let at = Self.position(of: source, in: sources[Int(target)])
        if at < sources[Int(target)].endIndex && sources[Int(target)][at] == source { sources[Int(target)].remove(at: at) }
    }

    private mutating func grow(to target: Int) {
        if target >= sources.count { sources.append(contentsOf: repeatElement([], count: target + 1 - sources.count)) }
    }

    /// The first position in `list` whose number is not below `source`.
    private static func position(of source: Int32, in list: [Int32]) -> Int {
        var (low, high) = (0, list.count)
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < source { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
