import Testing
import Foundation
@testable import VaultSystem

@Suite("The parallel read loop")
struct ParallelMapTests {
    @Test("workers filling the results at once lose no value and never copy the buffer under each other")
    func concurrentFill() {
        for _ in 0..<20 {
            let count = 20_000
            #expect(ParallelMap.map(count) { String($0) } == (0..<count).map { String($0) })
        }
    }

    @Test("each worker keeps a state of its own, and every index is taken once")
    func workerState() {
        let results = ParallelMap.map(5_000, state: { [Int]() }) { seen, index -> Int in
            seen.append(index)
            // Indices taken by one worker only go up.
            return seen.count < 2 || seen[seen.count - 2] < index ? index : -1
        }
        #expect(results == Array(0..<5_000))
    }

    @Test("the runs of a fold cover every index once, in order, and join as the input was")
    func foldRuns() {
        for count in [0, 1, 255, 256, 257, 10_000] {
            let runs = ParallelMap.fold(count, into: { [Int]() }) { run, index in run.append(index) }
            #expect(runs.count == ParallelMap.workerCount(count, minimumPerWorker: 256))
            #expect(runs.flatMap { $0 } == Array(0..<count), "\(count) items")
        }
    }

    @Test("nothing to map gives nothing, and a small job is one worker")
    func small() {
        #expect(ParallelMap.map(0) { $0 }.isEmpty)
        #expect(ParallelMap.workerCount(63, minimumPerWorker: 64) == 1)
    }

    @Test("progress is reported every 256 items, up to the total")
    func progress() {
        let seen = Seen()
        _ = ParallelMap.map(1_024, progress: { done, total in seen.add(done, total) }) { $0 }
        #expect(seen.values.sorted() == [256, 512, 768, 1_024])
        #expect(seen.totals == [1_024])
    }

    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [Int] = []
        private(set) var totals: Set<Int> = []

        func add(_ done: Int, _ total: Int) {
            lock.withLock {
                values.append(done)
                totals.insert(total)
            }
        }
    }
}
