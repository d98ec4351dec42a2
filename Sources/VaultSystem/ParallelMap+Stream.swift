import Dispatch
import FoundationEssentials

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
    ///
    /// Public and inlinable, so that it is made for each caller's own types (a package
    /// function's body is not offered to other modules): as a generic function, each result's
    /// move in and out of a run went through the type's metadata at run time, about 900
    /// instructions a note of a search.
    @inlinable
    public static func stream<State, Output: Sendable>(
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
                while let indices = order.claim(upTo: batch) {
                    var outputs: [Output?] = []
                    outputs.reserveCapacity(indices.count)
                    for index in indices {
                        outputs.append(transform(&local, index))
                        if index % progressInterval == progressInterval - 1 { progress?(index + 1, count) }
                    }
                    order.fill(from: indices.lowerBound, with: consume outputs, receiver)
                }
            }
        }
    }

    /// The caller's `deliver`, which `Reorder` lets only one worker call at a time.
    @usableFromInline
    struct Receiver<Output>: @unchecked Sendable {
        @usableFromInline let deliver: (Int, consuming Output) -> Bool

        @inlinable
        init(deliver: @escaping (Int, consuming Output) -> Bool) { self.deliver = deliver }
    }

    /// The results done but not yet delivered, and the indices handed out; one lock guards them.
    ///
    /// Results are left and taken a claimed run at a time, as one array moved whole: left one
    /// by one, each result (a note, a dozen references) was copied into its slot and out again
    /// under the lock, and the workers waited on each other there for a sixth of a warm listing. The lock is
    /// `Lock`, which spins briefly before it sleeps; only a worker that finds the window full
    /// sleeps, on `room`.
    @usableFromInline
    final class Reorder<Output>: @unchecked Sendable {
        @usableFromInline let lock = Lock()
        /// Where a worker that found the window full sleeps until the deliverer frees some.
        @usableFromInline let room = Condition()
        /// The runs left and not yet delivered, each in the slot of its first index modulo
        /// `window`: the runs out at any time lie within `window` indices of `delivered`, so
        /// no two share a slot.
        @usableFromInline var slots: [[Output?]?]
        @usableFromInline let count: Int
        @usableFromInline let window: Int
        /// The next index to hand to a worker.
        @usableFromInline var next = 0
        /// Every index below has been delivered.
        @usableFromInline var delivered = 0
        /// True while a worker delivers: the others only leave their results.
        @usableFromInline var delivering = false
        @usableFromInline var stopped = false
        /// Workers asleep in `claim`, waiting for the window to move on.
        @usableFromInline var waiting = 0

        @inlinable
        init(count: Int, window: Int) {
            self.count = count
            self.window = window
            slots = Array(repeating: nil, count: window)
        }

        /// What a worker asking for indices is told.
        @usableFromInline
        enum Claim {
            case indices(Range<Int>)
            case done
            case full
        }

        /// The next indices to work on (at most `most`), once they are within the window; nil
        /// when every index is handed out or the receiver stopped.
        @inlinable
        func claim(upTo most: Int) -> Range<Int>? {
            while true {
                let claim = lock.withLock { () -> Claim in
                    guard !stopped && next < count else { return .done }
                    guard next < delivered + window else {
                        waiting += 1
                        return .full
                    }
                    let end = min(count, next + most, delivered + window)
                    defer { next = end }
                    return .indices(next..<end)
                }
                switch claim {
                case .indices(let indices): return indices
                case .done: return nil
                case .full:
                    // Checked again under `room`'s lock, which the deliverer takes to wake the
                    // sleepers after it moved the window: a wake cannot fall between the check
                    // and the sleep.
                    room.lock()
                    while lock.withLock({ !stopped && next < count && next >= delivered + window }) { room.wait() }
                    room.unlock()
                    lock.withLock { waiting -= 1 }
                }
            }
        }

        /// Wakes the workers asleep for room.
        @inlinable
        func wakeSleepers() {
            room.lock()
            room.broadcast()
            room.unlock()
        }

        /// Leaves `outputs`, the results of the run from `start` on; unless another worker is
        /// delivering, delivers every result now ready in order (outside the lock, so the
        /// others keep working).
        @inlinable
        func fill(from start: Int, with outputs: consuming [Output?], _ receiver: Receiver<Output>) {
            var outputs: [Output?]? = consume outputs
            let delivers = lock.withLock { () -> Bool in
                slots[start % window] = outputs.take()
                guard !delivering else { return false }
                delivering = true
                return true
            }
            guard delivers else { return }
            // The run is held here alone: a second reference to it would copy it whole at the
            // first result moved out of it.
            var run: [Output?] = []
            var at = 0
            while true {
                // Sleepers are woken outside the lock: they take `room` before the lock.
                var wake = false
                let taken = lock.withLock { () -> Bool in
                    // The run delivered last frees its part of the window only now, so that no
                    // more than `window` results are ever made and not yet delivered.
                    let freed = run.count
                    delivered += freed
                    guard !stopped, delivered < count, let ready = slots[delivered % window].take() else {
                        delivering = false
                        wake = waiting > 0 && next < delivered + window
                        return false
                    }
                    run = ready
                    at = delivered
                    // Sleepers are woken once half the window is free, not for every run:
                    // woken for each, they woke to find no room and slept again.
                    wake = waiting > 0 && freed > 0 && delivered + window - next >= window / 2
                    return true
                }
                if wake { wakeSleepers() }
                guard taken else { return }
                for offset in run.indices {
                    // Moved out of the run, never copied: a result is delivered as it was made.
                    guard receiver.deliver(at, run[offset].take()!) else {
                        lock.withLock {
                            stopped = true
                            delivering = false
                        }
                        wakeSleepers()
                        return
                    }
                    at += 1
                }
            }
        }
    }
}
