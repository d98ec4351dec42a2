import Dispatch
import Foundation

extension ParallelMap {
    /// `transform` of every index of `0..<count`, spread over the cores as `map` spreads it,
    /// each result handed to `deliver` in index order as soon as it and every one before it
    /// are done: the first result goes out while the rest are still being read, and at most
    /// `window` results wait at any time, so memory does not grow with `count`.
    ///
    /// `deliver` is called by one worker at a time (whichever finished the next result in
    /// order), never twice at once, so it may keep state of its own; it returns false to stop,
    /// after which no more indices are handed out (a worker finishes the few it holds) and no
    /// result is delivered.
    ///
    /// - Parameter progress: as for `map`.
    package static func stream<State, Output: Sendable>(
        _ count: Int, window: Int = 1024, minimumPerWorker: Int = 64, state: @Sendable () -> State,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        _ transform: @Sendable (inout State, Int) -> Output,
        deliver: (_ index: Int, _ result: consuming Output) -> Bool
    ) {
        guard count > 0 else { return }
        let workers = workerCount(count, minimumPerWorker: minimumPerWorker)
        let order = Reorder<Output>(count: count, window: max(1, min(window, count)))
        // Indices are claimed and their results left a few at a time: a lock taken twice per
        // index made the workers wait on each other for small items (a note's lines).
        let batch = max(1, min(16, count / (workers * 64)))
        withoutActuallyEscaping(deliver) { deliver in
            let receiver = Receiver(deliver: deliver)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                var local = state()
                var outputs: [Output] = []
                outputs.reserveCapacity(batch)
                while let indices = order.claim(upTo: batch) {
                    for index in indices {
                        outputs.append(transform(&local, index))
                        if index % progressInterval == progressInterval - 1 { progress?(index + 1, count) }
                    }
                    order.fill(from: indices.lowerBound, with: &outputs, receiver)
                }
            }
        }
    }

    /// The caller's `deliver`, which the lock of `Reorder` lets only one worker call at a time.
    private struct Receiver<Output>: @unchecked Sendable {
        let deliver: (Int, consuming Output) -> Bool
    }

    /// The results done but not yet delivered, in a ring of `window` slots, and the indices
    /// handed out; one lock guards them all.
    private final class Reorder<Output>: @unchecked Sendable {
        private let condition = NSCondition()
        private var slots: [Output?]
        private let count: Int
        private let window: Int
        /// The next index to hand to a worker.
        private var next = 0
        /// Every index below has been taken out of its slot to be delivered.
        private var delivered = 0
        /// True while a worker delivers: the others only leave their results.
        private var delivering = false
        private var stopped = false
        /// Workers asleep in `claim`, waiting for a slot to free.
        private var waiting = 0

        init(count: Int, window: Int) {
            self.count = count
            self.window = window
            slots = Array(repeating: nil, count: window)
        }

        /// The next indices to work on (at most `most`), once their slots are free; nil when
        /// every index is handed out or the receiver stopped.
        func claim(upTo most: Int) -> Range<Int>? {
            condition.lock()
            defer { condition.unlock() }
            while !stopped && next < count && next >= delivered + window {
                waiting += 1
                condition.wait()
                waiting -= 1
            }
            guard !stopped && next < count else { return nil }
            let end = min(count, next + most, delivered + window)
            defer { next = end }
            return next..<end
        }

        /// Leaves `outputs` (emptied) in the slots from `start` on; unless another worker is
        /// delivering, delivers every result now ready in order (outside the lock, so the
        /// others keep working).
        func fill(from start: Int, with outputs: inout [Output], _ receiver: Receiver<Output>) {
            condition.lock()
            defer { condition.unlock() }
            for (offset, output) in outputs.enumerated() { slots[(start + offset) % window] = output }
            outputs.removeAll(keepingCapacity: true)
            guard !delivering else { return }
            delivering = true
            while !stopped, delivered < count, let ready = slots[delivered % window].take() {
                let at = delivered
                delivered += 1
                // Sleepers are woken once half the window is free, not for every result: woken
                // for each, they woke to find no room and slept again for every note delivered.
                if waiting > 0 && (delivered + window - next >= window / 2 || delivered == count) { condition.broadcast() }
                condition.unlock()
                let goOn = receiver.deliver(at, ready)
                condition.lock()
                if !goOn {
                    stopped = true
                    condition.broadcast()
                }
            }
            delivering = false
            // Whatever room this delivery left is offered before a worker may wait on it alone.
            if waiting > 0 && next < delivered + window { condition.broadcast() }
        }
    }
}
