import FoundationEssentials
import VaultSystem

/// A progress line on stderr for long work (DESIGN.md 9): shown only on a terminal, only
/// once the work has taken half a second, and erased when it ends.
final class Progress: @unchecked Sendable {
    private let start = Date()
    private let lock = Lock()
    private var shown = false
    private let label: String

    init(_ label: String) {
        self.label = label
    }

    /// Reports `done` of `total`; cheap when nothing is shown.
    func update(_ done: Int, _ total: Int) {
        guard Date().timeIntervalSince(start) > 0.5 else { return }
        lock.withLock {
            shown = true
            _ = ProcessStreams.writeAll(Array("\r\u{1B}[Kvault: \(label) \(done)/\(total)".utf8), to: 2)
        }
    }

    /// Erases the line, if one was shown.
    func finish() {
        lock.withLock {
            if shown { _ = ProcessStreams.writeAll(Array("\r\u{1B}[K".utf8), to: 2) }
            shown = false
        }
    }
}
