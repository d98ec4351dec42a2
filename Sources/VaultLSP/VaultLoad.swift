import FoundationEssentials
import VaultSystem
import VaultKit

/// The facts of a vault being read on a thread of their own, so that `initialize` is answered
/// at once: a message that needs them waits in `wait()` until every note is read and every
/// link resolved, never seeing half of them.
final class VaultLoad: @unchecked Sendable {
    /// Reads a vault's facts; tests give one that waits for their word.
    typealias Reader = @Sendable (Vault) throws -> LiveVault

    private let condition = Condition()
    /// Set once, under `condition`, when the read ends.
    private var result: Result<LiveVault, any Error>?

    /// Starts reading `vault` with `read`.
    init(_ vault: Vault, read: @escaping Reader) {
        DetachedThread.start { [self] in
            let read = Result { try read(vault) }
            condition.lock()
            result = read
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The vault as read, or why it could not be, once the read has ended.
    func wait() -> Result<LiveVault, any Error> {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}
