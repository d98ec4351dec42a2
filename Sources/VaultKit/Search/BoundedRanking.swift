/// The best results seen so far, at most `limit` of them and about `budget` bytes: a heap
/// with the worst kept result on top, so a better one replaces it in logarithmic time and
/// memory stays bounded however many results arrive.
struct BoundedRanking<Element> {
    let limit: Int
    let budget: Int
    /// True when a result arrived that is not kept (the limit or the budget was reached).
    var leftOut: Bool { bestLeftOut != nil }
    /// The best result not kept: every kept result ranks before it, so what is kept is always
    /// the first results in order, and the rest can be found again after the last of them.
    private var bestLeftOut: Element?
    private var heap: [Element] = []
    private var spent = 0
    private let ranksBefore: (Element, Element) -> Bool
    private let cost: (Element) -> Int

    /// - Parameters:
    ///   - ranksBefore: true when the first result is shown before the second (a total order).
    ///   - cost: about how many bytes a result holds.
    init(limit: Int, budget: Int, ranksBefore: @escaping (Element, Element) -> Bool, cost: @escaping (Element) -> Int) {
        self.limit = limit
        self.budget = budget
        self.ranksBefore = ranksBefore
        self.cost = cost
    }

    var count: Int { heap.count }

    /// Keeps `element` if it is among the best; the worst are let go to stay within bounds
    /// (one result is always kept, whatever it costs).
    mutating func insert(_ element: Element) {
        if let bestLeftOut, !ranksBefore(element, bestLeftOut) { return }
        let price = cost(element)
        if heap.count < limit && (spent + price <= budget || heap.isEmpty) {
            push(element, price)
            return
        }
        guard let worst = heap.first, ranksBefore(element, worst) else {
            bestLeftOut = element
            return
        }
        push(element, price)
        while heap.count > limit || (spent > budget && heap.count > 1) { bestLeftOut = popWorst() }
    }

    /// The results kept, best first.
    consuming func sorted() -> [Element] {
        heap.sort(by: ranksBefore)
        return heap
    }

    private mutating func push(_ element: Element, _ price: Int) {
        spent += price
        heap.append(element)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard ranksBefore(heap[parent], heap[child]) else { break }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func popWorst() -> Element {
        spent -= cost(heap[0])
        heap.swapAt(0, heap.count - 1)
        let removed = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var worst = parent
            if left < heap.count && ranksBefore(heap[worst], heap[left]) { worst = left }
            if right < heap.count && ranksBefore(heap[worst], heap[right]) { worst = right }
            if worst == parent { break }
            heap.swapAt(parent, worst)
            parent = worst
        }
        return removed
    }
}
