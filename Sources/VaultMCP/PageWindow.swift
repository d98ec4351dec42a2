import VaultKit

/// A sink that keeps only one page of the results handed to it and counts them all, so a
/// paged answer over a vault of half a million tasks holds a page, not every task.
struct PageWindow<Element>: ResultSink {
    let page: Page
    private(set) var items: [Element] = []
    /// How many results there were in all.
    private(set) var total = 0

    init(_ page: Page) {
        self.page = page
    }

    mutating func receive(_ element: consuming Element) -> Bool {
        if total >= page.offset && total - page.offset < page.limit { items.append(element) }
        total += 1
        return true
    }

    /// Where the next page starts, when there is one (as `Page.cut` says of a whole list).
    var next: Int? { page.next(total: total) }
}
