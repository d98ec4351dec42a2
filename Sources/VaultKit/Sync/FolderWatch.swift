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
    /// The vault-relative folder of each watch ("" for the vault's own).
    private var folders: [Int32: String] = [:]

    /// What changed since the last call.
    public enum Changes: Equatable, Sendable {
        case none
        /// These vault-relative paths, each a file or a folder (whatever is under it changed too).
        case paths(Set<String>)
        /// Anything: the first call, a queue that overflowed, a folder that could not be watched.
        case everything

        /// True when `path` (vault-relative) may have changed.
        public func touches(_ path: String) -> Bool {
            switch self {
            case .none: return false
            case .everything: return true
            case .paths(let paths):
                if paths.contains(path) { return true }
                var folder = Substring(path)
                while let slash = folder.lastIndex(of: "/") {
                    folder = folder[..<slash]
                    if paths.contains(String(folder)) { return true }
                }
                return paths.contains("")
            }
        }
    }

    private static let events = UInt32(
        IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_CLOSE_WRITE | IN_DELETE_SELF
            | IN_MOVE_SELF)

    /// A descriptor that becomes readable when something changed, until `changes()` reads
    /// it: for a loop that waits on it beside its input; -1 where inotify cannot be had.
    public var readiness: Int32 { armed ? descriptor : -1 }

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
    public func changed() -> Bool { changes() != .none }

    /// What may have changed since the last call, by path where the kernel names the files
    /// (`.everything` on the first call); as `changed()`, every folder is then watched again.
    public func changes() -> Changes {
        guard descriptor >= 0 else { return .everything }
        var everything = !armed
        var paths = Set<String>()
        // Drained whole: the events not read now would be told again by the next call.
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                everything = collect(buffer[..<count], into: &paths) || everything
                continue
            }
            if count < 0 && errno == EINTR { continue }
            break
        }
        guard everything || !paths.isEmpty else { return .none }
        armed = watchFolders()
        return everything ? .everything : .paths(paths)
    }

    /// Adds the path each event of `events` names to `paths`; true when one names no path
    /// that can be known (an overflow, a folder not watched).
    private func collect(_ events: ArraySlice<UInt8>, into paths: inout Set<String>) -> Bool {
        var unknown = false
        events.withUnsafeBytes { raw in
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= raw.count {
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                let length = Int(event.len)
                defer { offset += header + length }
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { unknown = true; continue }
                if event.mask & UInt32(IN_IGNORED) != 0 { continue }
                guard let folder = folders[event.wd] else { unknown = true; continue }
                let nameBytes = UnsafeRawBufferPointer(rebasing: raw[(offset + header)..<min(raw.count, offset + header + length)])
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                // No name: the watched folder itself was moved or removed.
                paths.insert(name.isEmpty ? folder : folder.isEmpty ? name : folder + "/" + name)
            }
        }
        return unknown
    }

    /// Watches the vault's folder and every folder under it that the walk goes into (not
    /// hidden ones, not links); false when one cannot be watched.
    private func watchFolders() -> Bool {
        folders = [:]
        var pending = [""]
        while let folder = pending.popLast() {
            let absolute = folder.isEmpty ? vault.root : vault.root + "/" + folder
            let watch = inotify_add_watch(descriptor, absolute, Self.events)
            guard watch >= 0 else { return false }
            folders[watch] = folder
            guard let entries = try? vault.fileSystem.entries(absolute) else { continue }
            for entry in entries where entry.kind == .directory && entry.nameIsUTF8 && !entry.name.hasPrefix(".") {
                pending.append(folder.isEmpty ? entry.name : folder + "/" + entry.name)
            }
        }
        return true
    }
}
