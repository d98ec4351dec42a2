/// Picks link targets so that a few notes are linked from everywhere (Zipf-like) and the
/// rest are linked now and then, as in a real vault of hubs, people and projects.
struct Popularity: Sendable {
    /// Linkable note indices, most popular first.
    let ranked: [Int]
    /// Prefix sums of the Zipf weights 1/(rank+1), in rank order.
    private let cumulative: [Double]

    /// The share of links drawn by popularity; the others pick any linkable note.
    static let zipfShare = 0.35

    /// How many pages are moved to the top ranks: hubs are pages, not inbox items.
    private static let pageHubs = 20

    init(notes: [PlannedNote], _ random: inout SeededRandom) {
        var linkable = notes.indices.filter { notes[$0].folder.isLinkable }
        random.shuffle(&linkable)
        let hubs = Array(linkable.lazy.filter { notes[$0].folder == .pages }.prefix(Self.pageHubs))
        let hubSet = Set(hubs)
        ranked = hubs + linkable.filter { !hubSet.contains($0) }
        var running = 0.0
        var sums = [Double]()
        sums.reserveCapacity(ranked.count)
        for rank in ranked.indices {
            running += 1.0 / Double(rank + 1)
            sums.append(running)
        }
        cumulative = sums
    }

    /// Whether there is any note to link to.
    var isEmpty: Bool { ranked.isEmpty }

    /// The index of a note to link to.
    func draw(_ random: inout SeededRandom) -> Int {
        guard random.chance(Self.zipfShare), let total = cumulative.last else {
            return ranked[random.below(ranked.count)]
        }
        let point = random.unit() * total
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] <= point { low = middle + 1 } else { high = middle }
        }
        return ranked[low]
    }
}
