import Dispatch
import FoundationEssentials
import Glibc
import VaultRPC
import VaultSystem

/// The Model Context Protocol over a channel (stdio, one JSON message a line): a reader that
/// takes every message as it comes, and one worker that answers requests in order, so that
/// a ping is answered at once and a cancellation reaches a request still waiting or running.
public final class MCPServer: @unchecked Sendable {
    private let session: MCPSession
    private let channel: RPCChannel
    private let queue = RequestQueue()
    private let sendLock = Lock()
    /// Set when an answer could not be sent: the client is gone, nothing more is run.
    private var clientGone = false

    public init(session: MCPSession, channel: RPCChannel) {
        self.session = session
        self.channel = channel
    }

    /// Serves until the client closes the input, answering every request it sent before;
    /// returns when the last answer is sent.
    public func run() {
        FreedMemory.mapLargeBlocks()
        DetachedThread.start { [self] in watch() }
        defer { watching.withLock { $0 = false } }
        let done = DispatchSemaphore(value: 0)
        // A search or a rename may recurse deep (PCRE2's JIT, the outline scan of deep lists).
        DetachedThread.start(stackSize: 8 << 20) { [self] in
            work()
            done.signal()
        }
        read()
        queue.close()
        done.wait()
    }

    private func read() {
        while let incoming = channel.receive() {
            switch incoming {
            case .malformed(let error, let id):
                send(.failure(id: id, error: error))
            case .woken:
                continue
            case .message(.request(let id, let method, let params)):
                // Answered at once, even while a long request runs.
                if method == "ping" {
                    send(.response(id: id, result: .object([])))
                } else {
                    queue.add(RequestQueue.Request(id: id, method: method, params: params))
                }
            case .message(.notification(let method, let params)):
                if method == "notifications/cancelled", let id = params?["requestId"].flatMap(Self.id) { queue.cancel(id) }
            case .message(.response), .message(.failure):
                // The server asks the client nothing, so it waits for no answer.
                break
            }
            if isClientGone { break }
        }
    }

    private func work() {
        while let request = queue.next() {
            let message: RPCMessage
            do {
                message = .response(id: request.id, result: try session.answer(request.method, request.params))
            } catch {
                message = .failure(id: request.id, error: error)
            }
            if queue.finish() { send(message) }
            notifyChanges()
        }
    }

    /// Looks at the subscribed notes now and then, so that a change another program makes
    /// is told too, not only those the server's own tools make.
    private func watch() {
        while watching.withLock({ $0 }) {
            usleep(Self.watchInterval)
            notifyChanges()
        }
    }

    /// How often the subscribed notes are looked at, in microseconds.
    static let watchInterval: UInt32 = 500_000

    private let watching = Locked(true)
    private let notifying = Lock()

    private func notifyChanges() {
        guard !session.subscriptions.isEmpty, !isClientGone else { return }
        // One look at a time, so that a change is told once.
        notifying.withLock {
            for uri in session.subscriptions.changed() {
                send(.notification(method: "notifications/resources/updated", params: .object([("uri", .string(uri))])))
            }
        }
    }

    private var isClientGone: Bool { sendLock.withLock { clientGone } }

    private func send(_ message: RPCMessage) {
        do {
            try channel.send(message)
        } catch {
            sendLock.withLock { clientGone = true }
            queue.close(dropping: true)
        }
    }

    /// The request id a cancellation names.
    private static func id(_ json: JSONValue) -> RPCID? {
        switch json {
        case .string(let text): return .string(text)
        case .number(let text): return Int(text).map { .number($0) }
        default: return nil
        }
    }
}
