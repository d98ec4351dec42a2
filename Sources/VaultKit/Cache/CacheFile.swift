import Glibc
import VaultSystem

/// The cache file as one run opened it: its header and index read through one descriptor,
/// and the records' bodies read through the same one, by range, when they are needed.
///
/// The descriptor keeps reading the file that was opened when another run renames a new
/// one into place, so the bodies always belong to the index read with them.
final class CacheFile: @unchecked Sendable {
    let path: String
    let header: CacheFileFormat.Header
    /// The file up to the end of its index.
    let index: [UInt8]
    let contents: CacheFileFormat.Index
    private let fileSystem: any FileSystem
    private let descriptor: Int32

    /// Opens the file; nil when it is of another version or build (rebuilt quietly).
    ///
    /// - Throws: `CacheFileFormat.Damage` for a file that is no cache file or whose index is
    ///   damaged, and the file system's error when it cannot be read.
    static func open(_ path: String, fileSystem: any FileSystem) throws -> CacheFile? {
        let descriptor = try fileSystem.openForReading(path)
        do {
            let start = try fileSystem.read(descriptor, at: 0, count: CacheFileFormat.headerLength, path: path)
            let header = try CacheFileFormat.header(start)
            guard header.isCurrent else {
                try? fileSystem.close(descriptor, path: path)
                return nil
            }
            let index = try fileSystem.read(descriptor, at: 0, count: header.indexEnd, path: path)
            let contents = try CacheFileFormat.index(index, header: header)
            return CacheFile(
                path: path, header: header, index: index, contents: contents, fileSystem: fileSystem, descriptor: descriptor)
        } catch {
            try? fileSystem.close(descriptor, path: path)
            throw error
        }
    }

    private init(
        path: String, header: CacheFileFormat.Header, index: [UInt8], contents: CacheFileFormat.Index, fileSystem: any FileSystem,
        descriptor: Int32
    ) {
        self.path = path
        self.header = header
        self.index = index
        self.contents = contents
        self.fileSystem = fileSystem
        self.descriptor = descriptor
    }

    deinit {
        try? fileSystem.close(descriptor, path: path)
    }

    /// The entry of the note at `path`, found by its bytes among the sorted entries.
    func entry(for path: String) -> CacheFileFormat.Entry? {
        var path = path
        return path.withUTF8 { wanted in
            index.withUnsafeBufferPointer { bytes in
                var low = 0
                var high = contents.entries.count
                while low < high {
                    let middle = (low + high) / 2
                    let entry = contents.entries[middle]
                    let order = Self.compare(UnsafeBufferPointer(rebasing: bytes[entry.path]), wanted)
                    if order == 0 { return entry }
                    if order < 0 { low = middle + 1 } else { high = middle }
                }
                return nil
            }
        }
    }

    /// Calls `body` with the file's table, its references counting from entry `first`.
    func withTable<Result>(first: Int, _ body: (ByteTable) throws -> Result) rethrows -> Result {
        try index.withUnsafeBufferPointer { bytes in
            try contents.tableStarts.withUnsafeBufferPointer { starts in
                try body(ByteTable(bytes: bytes, starts: starts, first: first))
            }
        }
    }

    /// The path an entry is of.
    func path(of entry: CacheFileFormat.Entry) -> String {
        index.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[entry.path]), as: UTF8.self) }
    }

    private static func compare(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(first.count, second.count)
        if common > 0 {
            let order = memcmp(first.baseAddress!, second.baseAddress!, common)
            if order != 0 { return Int(order) }
        }
        return first.count - second.count
    }

    /// The body of `entry`, or nil when it cannot be read whole or its checksum does not
    /// match (its record is then read afresh).
    func body(of entry: CacheFileFormat.Entry) -> [UInt8]? {
        guard let bytes = try? bytes(entry.body), bytes.count == entry.body.count, CacheFileFormat.sum(bytes) == entry.bodySum
        else { return nil }
        return bytes
    }

    /// The bytes of `range`, as they are (for copying bodies into the next file, checksums and all).
    func bytes(_ range: Range<Int>) throws -> [UInt8] {
        try fileSystem.read(descriptor, at: range.lowerBound, count: range.count, path: path)
    }
}
