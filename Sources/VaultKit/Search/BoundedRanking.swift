/// The best results seen so far, at most `limit` of them and about `budget` bytes: a heap
/// with the worst kept result on top, so a better one replaces it in logarithmic time and
/// memory stays bounded however many results arrive.
///
/// `<` is the ranking (a total order: `a < b` when `a` is shown first), `cost` about how
/// many bytes a result holds; both are static, so the compiler inlines them in the heap.
struct BoundedRanking<Element: Rankable> {
    let limit: Int
    let budget: Int
    /// True when a result arrived that is not kept (the limit or the budget was reached).
    var leftOut: Bool { bestLeftOut != nil || leftOutUnseen }
    /// The best result not kept: every kept result ranks before it, so what is kept is always
    /// the first results in order, and the rest can be found again after the last of them.
    private var bestLeftOut: Element?
    private var heap: [Element] = []
    private var spent = 0
    /// True when a result was left out without being offered (`leaveOut`).
    private var leftOutUnseen = false

    init(limit: Int, budget: Int) {
        self.limit = limit
        self.budget = budget
    }

    var count: Int { heap.count }

    /// The worst result kept.
    var worst: Element? { heap.first }

    /// Records that a result ranking after every kept one was left out without being made.
    mutating func leaveOut() { leftOutUnseen = true }

    /// Keeps `element` if it is among the best; the worst are let go to stay within bounds
    /// (one result is always kept, whatever it costs).
    ///
    /// - Parameter leftOut: called with each result that is not kept, this one or one it
    ///   pushed out.
    mutating func insert(_ element: Element, leftOut: (Element) -> Void = { _ in }) {
        if let bestLeftOut, !(element < bestLeftOut) { return leftOut(element) }
        let price = element.cost
        if heap.count < limit && (spent + price <= budget || heap.isEmpty) {
            push(element, price)
            return
        }
        guard let worst = heap.first, element < worst else {
            bestLeftOut = element
            return leftOut(element)
        }
        push(element, price)
        while heap.count > limit || (spent > budget && heap.count > 1) {
            let worst = popWorst()
            bestLeftOut = worst
            leftOut(worst)
        }
    }

    /// The results kept, best first.
    consuming func sorted() -> [Element] {
        heap.sort()
        return heap
    }

    private mutating func push(_ element: Element, _ price: Int) {
        spent += price
        heap.append(element)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[parent] < heap[child] else { break }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func popWorst() -> Element {
        spent -= heap[0].cost
        heap.swapAt(0, heap.count - 1)
        let removed = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var worst = parent
            if left < heap.count && heap[worst] < heap[left] { worst = left }
            if right < heap.count && heap[worst] < heap[right] { worst = right }
            if worst == parent { break }
            heap.swapAt(parent, worst)
            parent = worst
        }
        return removed
    }
}

/// A result a `BoundedRanking` can keep: ordered as shown, with its size.
protocol Rankable: Comparable {
    /// About how many bytes the result holds.
    var cost: Int { get }
}
