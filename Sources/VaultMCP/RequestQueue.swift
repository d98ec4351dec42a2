import FoundationEssentials
import VaultRPC
import VaultSystem

/// The requests waiting to be answered, in the order they came, and the one being answered:
/// a cancelled request that has not started is dropped, and one already running has its
/// answer dropped when it ends (the specification: a cancelled request gets no response).
final class RequestQueue: @unchecked Sendable {
    struct Request {
        let id: RPCID
        let method: String
        let params: JSONValue?
    }

    private let condition = Condition()
    private var waiting: [Request] = []
    private var running: RPCID?
    private var runningCancelled = false
    private var closed = false

    /// Adds a request to answer; none is once the queue is closed.
    func add(_ request: Request) {
        condition.withLock {
            guard !closed else { return }
            waiting.append(request)
            condition.signal()
        }
    }

    /// Cancels the request `id`: it is not answered.
    func cancel(_ id: RPCID) {
        condition.withLock {
            waiting.removeAll { $0.id == id }
            if running == id { runningCancelled = true }
        }
    }

    /// No more requests come (the input ended); those waiting are still answered, unless
    /// `dropping`, when nobody is left to read the answers.
    func close(dropping: Bool = false) {
        condition.withLock {
            closed = true
            if dropping { waiting.removeAll() }
            condition.broadcast()
        }
    }

    /// The next request to answer, waiting for one; nil once closed and empty.
    func next() -> Request? {
        condition.withLock {
            while waiting.isEmpty && !closed { condition.wait() }
            guard !waiting.isEmpty else { return nil }
            let request = waiting.removeFirst()
            running = request.id
            runningCancelled = false
            return request
        }
    }

    /// Ends the running request; false when it was cancelled meanwhile (its answer is dropped).
    func finish() -> Bool {
        condition.withLock {
            defer {
                running = nil
                runningCancelled = false
            }
            return !runningCancelled
        }
    }
}
