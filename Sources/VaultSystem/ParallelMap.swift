import Dispatch
import FoundationEssentials
import Synchronization

/// The one parallel read loop: work on every index of `0..<count`, spread over the machine's
/// cores, the results kept in index order.
///
/// The scan of a vault, its link graph, its tasks and a search all read notes this way. The
/// results go into one buffer allocated up front and written through a pointer, each index by
/// exactly one worker: a mutating access to an array from several threads at once is a data
/// race even at distinct indices (one thread's uniqueness check can see another's access and
/// copy the buffer under it), which corrupted the heap of scans with more than 64 notes. The
/// buffer is the returned array's own storage, so no result is copied after the workers end.
public enum ParallelMap {
    /// How often, in items, the workers report progress.
    @usableFromInline package static let progressInterval = 256

    /// How many workers `count` items get when each should have at least `minimumPerWorker` of
    /// them: a small job is not worth a thread.
    @usableFromInline package static func workerCount(_ count: Int, minimumPerWorker: Int) -> Int {
        max(1, min(ProcessInfo.processInfo.activeProcessorCount, count / max(1, minimumPerWorker) + 1))
    }

    /// `transform` of every index of `0..<count`, in index order.
    ///
    /// Each worker takes the next index from a shared counter, so one large note does not hold
    /// up a fixed slice of the others, and keeps a state of its own (a searcher's buffers),
    /// made by `state` once per worker.
    ///
    /// - Parameter progress: called from the workers every `progressInterval` items with the
    ///   items taken so far and `count`, for a progress display.
    package static func map<State, Output: Sendable>(
        _ count: Int, minimumPerWorker: Int = 64, state: @Sendable () -> State,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        _ transform: @Sendable (inout State, Int) -> Output
    ) -> [Output] {
        guard count > 0 else { return [] }
        let workers = workerCount(count, minimumPerWorker: minimumPerWorker)
        return [Output](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = Slots(base: buffer.baseAddress!)
            let next = Counter()
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                var local = state()
                while true {
                    let index = next.take()
                    if index >= count { break }
                    slots.fill(index, with: transform(&local, index))
                    if index % progressInterval == progressInterval - 1 { progress?(index + 1, count) }
                }
            }
            initialized = count
        }
    }

    /// `transform` of every index of `0..<count`, in index order, for work that needs no state
    /// of its own per worker.
    package static func map<Output: Sendable>(
        _ count: Int, minimumPerWorker: Int = 64, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        _ transform: @Sendable (Int) -> Output
    ) -> [Output] {
        map(count, minimumPerWorker: minimumPerWorker, state: {}, progress: progress) { _, index in transform(index) }
    }

    /// The indices of `0..<count` cut into one contiguous run per worker, each folded into a
    /// value of its own (`start`, then `body` for each index of the run in order); the runs'
    /// values in order.
    ///
    /// For work that gathers results in one array per run, so that the runs join in index
    /// order with one copy at most.
    ///
    /// - Parameter progress: as for `map`, with the items done so far.
    package static func fold<Run: Sendable>(
        _ count: Int, minimumPerWorker: Int = 256, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        into start: @Sendable () -> Run, _ body: @Sendable (inout Run, Int) -> Void
    ) -> [Run] {
        let runs = workerCount(count, minimumPerWorker: minimumPerWorker)
        let done = Counter()
        return map(runs, minimumPerWorker: 1) { run in
            var value = start()
            for index in count * run / runs..<count * (run + 1) / runs {
                body(&value, index)
                if let progress, index % progressInterval == progressInterval - 1 {
                    progress(progressInterval * (done.take() + 1), count)
                }
            }
            return value
        }
    }

    /// The results' buffer as the workers see it: each index initialised by exactly one.
    private struct Slots<Value>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Value>

        func fill(_ index: Int, with value: Value) {
            (base + index).initialize(to: value)
        }
    }

    /// A counter shared by the workers, taken without a lock.
    private final class Counter: Sendable {
        private let value = Atomic<Int>(0)

        /// The counter's value, which goes up by one.
        func take() -> Int {
            value.add(1, ordering: .relaxed).oldValue
        }
    }
}
