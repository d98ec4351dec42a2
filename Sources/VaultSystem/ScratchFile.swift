import FoundationEssentials
import Glibc

/// A file of the system's temporary folder that holds what a command cannot keep in memory
/// (a ranking's results past its budget), written once and read back in any order.
///
/// It is removed from its folder as soon as it is opened, so nothing is left behind however
/// the process ends, and it is never inside a vault.
package final class ScratchFile {
    private let descriptor: Int32
    private var pending: [UInt8] = []
    /// Bytes written to the file so far (not counting `pending`).
    private var written = 0
    /// Whether the disk refused a write: what is pending stays readable, nothing more is added.
    private var full = false
    /// At most how many bytes it takes, as if the disk were full past them.
    private let capacity: Int

    /// How a scratch file's name begins, in the moment between its making and its unlinking.
    package static let namePrefix = "vault-scratch."

    /// `$TMPDIR` when set, else `/tmp`.
    static var temporaryFolder: String {
        guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
        return String(cString: value)
    }

    /// Opens a fresh scratch file in `folder` (default `$TMPDIR`, else `/tmp`) that takes at
    /// most `capacity` bytes; nil when none can be made there.
    package init?(folder: String? = nil, capacity: Int = .max) {
        self.capacity = capacity
        var base = folder ?? Self.temporaryFolder
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/" + Self.namePrefix + "XXXXXX").utf8CString)
        let opened = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard opened >= 0 else { return nil }
        _ = fcntl(opened, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = opened
    }

    deinit { close(descriptor) }

    /// Adds `bytes` at the end and returns where they start; nil once the file cannot grow
    /// (a full disk).
    package func append(_ bytes: [UInt8]) -> Int? {
        guard !full, written + pending.count + bytes.count <= capacity else {
            full = true
            return nil
        }
        let offset = written + pending.count
        pending += bytes
        // A record is always wholly pending or wholly written, so reads never straddle.
        if pending.count >= 1 << 20 && !flush() { full = true }
        return offset
    }

    /// `count` bytes from `offset`, or nil when they cannot be read back.
    package func read(at offset: Int, count: Int) -> [UInt8]? {
        if offset >= written {
            let start = offset - written
            guard start + count <= pending.count else { return nil }
            return Array(pending[start..<start + count])
        }
        guard offset + count <= written else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }

    /// Writes what is pending; false when the disk refused it.
    private func flush() -> Bool {
        var done = 0
        while done < pending.count {
            let wrote = pending.withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress! + done, pending.count - done, off_t(written + done))
            }
            if wrote < 0 && errno == EINTR { continue }
            guard wrote > 0 else { return false }
            done += wrote
        }
        written += pending.count
        pending.removeAll(keepingCapacity: true)
        return true
    }
}
