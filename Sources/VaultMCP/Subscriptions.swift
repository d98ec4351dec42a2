import FoundationEssentials
import VaultKit
import VaultSystem

/// The notes a client subscribed to, each with the status its file had when last looked at:
/// a note whose file changed since (by the server's own tools or by any other program) is
/// reported once, for `notifications/resources/updated`.
final class Subscriptions: @unchecked Sendable {
    private let vault: Vault
    private let lock = Lock()
    /// The URI of each subscribed note, with its file's status when last looked at (nil: no file).
    private var watched: [String: (path: String, status: FileStatus?)] = [:]

    init(vault: Vault) {
        self.vault = vault
    }

    var isEmpty: Bool { lock.withLock { watched.isEmpty } }

    /// Watches the note at `path` under `uri` from its file's status now.
    func subscribe(_ uri: String, path: String) {
        let status = self.status(path)
        lock.withLock { watched[uri] = (path, status) }
    }

    func unsubscribe(_ uri: String) {
        lock.withLock { watched[uri] = nil }
    }

    /// The URIs of the notes whose files changed (or came or went) since last looked at.
    func changed() -> [String] {
        let current = lock.withLock { watched }
        var changed: [String] = []
        for (uri, entry) in current.sorted(by: { $0.key < $1.key }) {
            let now = status(entry.path)
            guard !Self.same(now, entry.status) else { continue }
            changed.append(uri)
            lock.withLock { if watched[uri] != nil { watched[uri] = (entry.path, now) } }
        }
        return changed
    }

    private func status(_ path: String) -> FileStatus? {
        (try? vault.fileSystem.status(vault.absolutePath(path))) ?? nil
    }

    private static func same(_ a: FileStatus?, _ b: FileStatus?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.isSameFile(as: b)
    }
}
