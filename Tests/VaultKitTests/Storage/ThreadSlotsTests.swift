import Dispatch
import Testing
@testable import VaultSystem

/// Per-thread slots added to or written from many threads at once lose nothing and mix nothing.
@Suite("Slots kept for each thread")
struct ThreadSlotsTests {
    @Test("adds from many threads at once sum to their total", arguments: [1, 2, 8, 33])
    func concurrentAdds(threads: Int) {
        let count = ThreadSlots()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for step in 0..<10_000 { count.add(step % 3 == 0 ? 2 : 1) }
            if thread == 0 { count.add(-5) }
        }
        let perThread = (0..<10_000).reduce(0) { $0 + ($1 % 3 == 0 ? 2 : 1) }
        #expect(count.total == threads * perThread - 5)
    }

    @Test("new slots hold what they were made with, and sum it over every slot")
    func startsAtInitial() {
        #expect(ThreadSlots().total == 0)
        #expect(ThreadSlots(-1).value == -1)
        #expect(ThreadSlots(-1).total == -16)
    }

    @Test("a thread reads back what it stored, whatever other threads store meanwhile")
    func storesAreThreadsOwn() {
        let slots = ThreadSlots(-1)
        let mixed = ThreadSlots()
        // Few enough threads that each has a slot of its own (see `ThreadNumber`).
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let mine = ThreadNumber.current
            for _ in 0..<10_000 {
                slots.store(mine)
                if slots.value != mine { mixed.add() }
            }
        }
        #expect(mixed.total == 0)
    }
}
