import Dispatch
import Testing
@testable import VaultSystem

/// A count added to from many threads at once loses nothing.
@Suite("A count kept in stripes")
struct StripedCountTests {
    @Test("adds from many threads at once sum to their total", arguments: [1, 2, 8, 33])
    func concurrentAdds(threads: Int) {
        let count = StripedCount()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for step in 0..<10_000 { count.add(step % 3 == 0 ? 2 : 1) }
            if thread == 0 { count.add(-5) }
        }
        let perThread = (0..<10_000).reduce(0) { $0 + ($1 % 3 == 0 ? 2 : 1) }
        #expect(count.total == threads * perThread - 5)
    }

    @Test("a new count is zero")
    func startsAtZero() {
        #expect(StripedCount().total == 0)
    }
}
