/// What a command saw of a file when it read it, so a later write can tell whether the file
/// changed in between (DESIGN.md 7, optimistic concurrency).
public struct FileSnapshot: Equatable, Sendable {
    /// The file's status when it was read; nil when the file did not exist.
    public var status: FileStatus?
    /// A hash of the bytes that were read.
    public var contentHash: UInt64

    /// A snapshot of a file that did not exist: writing succeeds only if it still does not.
    public static let absent = FileSnapshot(status: nil, contentHash: ContentHash.of([]))

    public init(status: FileStatus?, contentHash: UInt64) {
        self.status = status
        self.contentHash = contentHash
    }

    /// A snapshot of bytes read from a file with the given status.
    public init(status: FileStatus, bytes: [UInt8]) {
        self.init(status: status, contentHash: ContentHash.of(bytes))
    }
}

/// A fast 64-bit FNV-1a hash: enough to tell two versions of a note apart, not cryptographic.
public enum ContentHash {
    /// Hashes a byte sequence.
    public static func of<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
