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

    @Test("a stream delivers every result once, in index order, one delivery at a time")
    func streamOrder() {
        for count in [0, 1, 63, 64, 1_000, 20_000] {
            for window in [1, 7, 1024] {
                var delivered: [Int] = []
                var inside = false
                var overlapped = false
                ParallelMap.stream(count, window: window, state: {}) { _, index in index * 2 } deliver: { index, value in
                    if inside { overlapped = true }
                    inside = true
                    defer { inside = false }
                    delivered.append(value / 2)
                    return index == value / 2
                }
                #expect(delivered == Array(0..<count), "\(count) items, window \(window)")
                #expect(!overlapped)
            }
        }
    }

    @Test("a stream hands out the first result while later ones are still being worked on")
    func streamStartsAtOnce() {
        let started = DispatchSemaphore(value: 0)
        let count = 2_000
        let waitedInVain = Tally()
        // The last index waits for the first delivery: were results kept until the end, it would wait in vain.
        ParallelMap.stream(count, minimumPerWorker: 1, state: {}) { _, index -> Int in
            if index == count - 1 && started.wait(timeout: .now() + 5) == .timedOut { waitedInVain.add() }
            return index
        } deliver: { index, _ in
            if index == 0 { started.signal() }
            return true
        }
        #expect(waitedInVain.value == 0)
    }

    @Test("a stream whose receiver stops starts no more work beyond its window")
    func streamStops() {
        let transformed = Tally()
        var delivered = 0
        ParallelMap.stream(100_000, window: 16, state: {}) { _, index in
            transformed.add()
            return index
        } deliver: { _, _ in
            delivered += 1
            return delivered < 10
        }
        #expect(delivered == 10)
        #expect(transformed.value <= 10 + 16 + ProcessInfo.processInfo.activeProcessorCount)
    }

    @Test("a stream lets go of each result once it is delivered, not when its whole run is")
    func streamLetsGoOfResults() {
        final class Box: @unchecked Sendable { let value: Int; init(_ value: Int) { self.value = value } }
        weak var previous: Box?
        var held = 0
        var seen = 0
        ParallelMap.stream(5_000, window: 64, state: {}) { _, index in Box(index) } deliver: { index, box in
            if previous != nil { held += 1 }
            previous = box
            if box.value == index { seen += 1 }
            return true
        }
        #expect(held == 0)
        #expect(seen == 5_000)
    }

    @Test("a stream whose receiver is slow keeps at most its window of results waiting")
    func streamKeepsItsWindow() {
        let made = Tally()
        var most = 0
        var delivered = 0
        ParallelMap.stream(3_000, window: 32, minimumPerWorker: 1, state: {}) { _, index in
            made.add()
            return index
        } deliver: { _, _ in
            delivered += 1
            most = max(most, made.value - delivered)
            if delivered % 100 == 0 { usleep(200) }
            return true
        }
        #expect(delivered == 3_000)
        #expect(most <= 32)
    }

    @Test("a lock lets one worker at a time change what it guards, and hands back what its body returns")
    func lockExcludes() {
        final class Guarded: @unchecked Sendable {
            let lock = Lock()
            var values: [Int] = []
        }
        let guarded = Guarded()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for step in 0..<5_000 {
                let count = guarded.lock.withLock { () -> Int in
                    guarded.values.append(worker * 5_000 + step)
                    return guarded.values.count
                }
                precondition(count >= 1)
            }
        }
        #expect(guarded.values.count == 40_000)
        #expect(Set(guarded.values).count == 40_000)
        #expect(guarded.lock.withLock { Optional<Int>.none } == nil)
    }

    /// A count kept across workers.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }
}
