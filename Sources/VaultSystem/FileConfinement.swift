import Glibc
internal import CSystem

/// A folder that file reads under it may not leave: the vault's, open for the life of the
/// value, so that a symbolic link swapped in after the walk checked it (a note replaced by a
/// link to `~/.ssh/config`, a folder by a link to `/`) is refused at the open, not read.
///
/// A path under the folder is opened relative to it with `openat2` and `RESOLVE_BENEATH`:
/// links that stay inside are followed, none that leads out. A link written absolute, which
/// `RESOLVE_BENEATH` refuses even when it stays inside, is resolved, and its target opened
/// beneath the folder with no link at all on the way.
///
/// Writes under the folder name their files from the file's own folder, opened beneath it
/// with no symbolic link at all on the way (`folder(of:)`): a folder swapped for a link after
/// a write checked where it leads cannot lead the write out either.
///
/// The folder is the one open when the value was made: a long-running server whose vault
/// folder is moved away and made again reads the old one until it opens the vault again.
final class FileConfinement: Sendable {
    /// The folder's path as callers write it, with a final `/`.
    let prefix: String
    /// `prefix` as bytes.
    private let prefixBytes: [UInt8]
    /// The folder's real path, with a final `/`.
    private let realPrefix: String
    private let descriptor: Int32

    /// Confines reads to `root`; nil when it cannot be opened, or where the kernel has no
    /// `openat2` (before Linux 5.6) or a sandbox forbids it: reads then go as they did.
    init?(root: String) {
        let descriptor = vault_open_folder(root)
        guard descriptor >= 0 else { return nil }
        // Asked once: a kernel or sandbox that refuses it refuses every call.
        guard vault_beneath_works(descriptor) == 1, let real = realpath(root, nil) else {
            close(descriptor)
            return nil
        }
        defer { free(real) }
        let realRoot = String(cString: real)
        self.descriptor = descriptor
        prefix = root.hasSuffix("/") ? root : root + "/"
        prefixBytes = Array(prefix.utf8)
        realPrefix = realRoot == "/" ? "/" : realRoot + "/"
    }

    deinit { close(descriptor) }

    /// True when `path` is under the folder, compared by bytes: `String` compares characters
    /// as equal in Unicode, and a name starting with a combining mark would not match.
    func holds(_ path: String) -> Bool {
        // Asked once a read: a generic walk of the two views was a thirtieth of a search's reads.
        var path = path
        return path.withUTF8 { bytes in
            prefixBytes.withUnsafeBufferPointer { wanted in
                bytes.count >= wanted.count && memcmp(bytes.baseAddress!, wanted.baseAddress!, wanted.count) == 0
            }
        }
    }

    /// The folder that holds `path` (under the folder: see `holds`), open to name files in
    /// beneath the folder with no link on the way, and the path's last name; the caller
    /// closes the descriptor. -1 with `errno` set when the folder cannot be opened so.
    func folder(of path: String) -> (descriptor: Int32, name: String) {
        let relative = Substring(decoding: path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
        let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { String(relative[..<$0]) } ?? "."
        let name = slash.map { String(relative[relative.utf8.index(after: $0)...]) } ?? String(relative)
        return (folder.withCString { vault_open_folder_beneath(descriptor, $0) }, name)
    }

    /// True when `root` names the folder itself, as callers write it.
    func isFolder(_ root: String) -> Bool {
        var root = root
        return root.withUTF8 { bytes in
            guard let start = bytes.baseAddress, bytes.count + 1 == prefixBytes.count else { return false }
            return prefixBytes.withUnsafeBufferPointer { memcmp(start, $0.baseAddress!, bytes.count) == 0 }
        }
    }

    /// `open(_:_:)` of the path `relative` to the folder: a reader of every note of the
    /// folder names each from it, with no absolute path made for each.
    func open(relative: String, _ flags: Int32) -> Int32 {
        let fd = relative.withCString { name in vault_open_beneath(descriptor, name, flags, 1) }
        guard fd < 0, errno == EXDEV else { return fd }
        return openResolved(prefix + relative, flags)
    }

    /// Opens `path` (under the folder: see `holds`) with `flags`, or fails with `EXDEV`
    /// when it would lead out; -1 with `errno` set on failure.
    func open(_ path: String, _ flags: Int32) -> Int32 {
        let skipped = prefix.utf8.count
        let fd = path.withCString { name in vault_open_beneath(descriptor, name + skipped, flags, 1) }
        guard fd < 0, errno == EXDEV else { return fd }
        return openResolved(path, flags)
    }

    /// Opens `path`, which `RESOLVE_BENEATH` refused (`EXDEV`), by where it resolves: an
    /// absolute link inside is opened beneath the folder with no link on the way, a way out
    /// fails with `EXDEV`.
    private func openResolved(_ path: String, _ flags: Int32) -> Int32 {
        guard let real = realpath(path, nil) else { return -1 }
        let resolved = String(cString: real)
        free(real)
        guard resolved.utf8.starts(with: realPrefix.utf8) else {
            errno = EXDEV
            return -1
        }
        let inside = realPrefix.utf8.count
        return resolved.withCString { name in vault_open_beneath(descriptor, name + inside, flags, 0) }
    }
}
