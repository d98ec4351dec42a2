import Glibc
import VaultSystem

/// Whether anything changed in the vault's folders since it was last asked, as the kernel
/// tells it (inotify): a file made, written, moved, removed or its status changed, in any
/// folder the walk reads. Where inotify cannot be had, or its queue overflowed, everything is
/// taken as changed, so the answer is never "unchanged" by mistake. For the servers, which
/// would otherwise walk every note's status before each answer.
public final class FolderWatch: @unchecked Sendable {
    private let vault: Vault
    private let descriptor: Int32
    /// False until every folder is watched, and again after an event (new folders may need watching).
    private var armed = false

    private static let events = UInt32(
        IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_CLOSE_WRITE | IN_DELETE_SELF
            | IN_MOVE_SELF)

    /// Watches nothing yet: the first `changed()` says true and watches every folder.
    public init(vault: Vault) {
        self.vault = vault
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// True when something may have changed since the last call (and on the first call);
    /// every folder is then watched again before this returns, so that a change made after it
    /// returns is told by the next call.
    public func changed() -> Bool {
        guard descriptor >= 0 else { return true }
        var changed = !armed
        // Drained whole: one event is enough to know, but the rest must not be told again.
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                changed = true
                continue
            }
            if count < 0 && errno == EINTR { continue }
            break
        }
        if changed { armed = watchFolders() }
        return changed
    }

    /// Watches the vault's folder and every folder under it that the walk goes into (not
    /// hidden ones, not links); false when one cannot be watched.
    private func watchFolders() -> Bool {
        var pending = [vault.root]
        while let folder = pending.popLast() {
            guard inotify_add_watch(descriptor, folder, Self.events) >= 0 else { return false }
            guard let entries = try? vault.fileSystem.entries(folder) else { continue }
            for entry in entries where entry.kind == .directory && entry.nameIsUTF8 && !entry.name.hasPrefix(".") {
                pending.append(folder + "/" + entry.name)
            }
        }
        return true
    }
}
