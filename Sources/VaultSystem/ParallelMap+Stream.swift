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
    /// after which no index is started and no result is delivered.
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
        withoutActuallyEscaping(deliver) { deliver in
            let receiver = Receiver(deliver: deliver)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                var local = state()
                while let index = order.claim() {
                    let output = transform(&local, index)
                    if index % progressInterval == progressInterval - 1 { progress?(index + 1, count) }
                    order.fill(index, with: output, receiver)
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

        init(count: Int, window: Int) {
            self.count = count
            self.window = window
            slots = Array(repeating: nil, count: window)
        }

        /// The next index to work on, once its slot is free; nil when every index is handed
        /// out or the receiver stopped.
        func claim() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while !stopped && next < count && next >= delivered + window { condition.wait() }
            guard !stopped && next < count else { return nil }
            next += 1
            return next - 1
        }

        /// Leaves `output` in its slot; unless another worker is delivering, delivers every
        /// result now ready in order (outside the lock, so the others keep working).
        func fill(_ index: Int, with output: consuming Output, _ receiver: Receiver<Output>) {
            condition.lock()
            defer { condition.unlock() }
            slots[index % window] = consume output
            guard !delivering else { return }
            delivering = true
            while !stopped, delivered < count, let ready = slots[delivered % window].take() {
                let at = delivered
                delivered += 1
                condition.broadcast()
                condition.unlock()
                let goOn = receiver.deliver(at, ready)
                condition.lock()
                if !goOn {
                    stopped = true
                    condition.broadcast()
                }
            }
            delivering = false
        }
    }
}
