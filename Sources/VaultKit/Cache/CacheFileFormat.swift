import Foundation
import VaultMarkdown
import VaultSystem

/// The cache file: a header that says which program wrote it, for which vault folder and
/// when, a checksum of everything after it, then one record per note, sorted by path.
///
/// Written whole and renamed into place, read whole: a warm run reads one file instead of
/// every note. The checksum tells a torn or damaged file, which is then rebuilt.
enum CacheFileFormat {
    static let magic: [UInt8] = Array("VAULTFC".utf8) + [1]
    /// The layout of this file; `NoteFacts.formatVersion` is that of each record's facts.
    static let version: UInt64 = 1
    /// Where the checksum sits, and where what it covers starts.
    private static let checksumOffset = 24 + 8, bodyOffset = 24 + 16

    /// Why a cache file cannot be used.
    enum Damage: Error, CustomStringConvertible {
        case notACacheFile, checksumMismatch, truncated(offset: Int)

        var description: String {
            switch self {
            case .notACacheFile: return "not a cache file"
            case .checksumMismatch: return "its checksum does not match"
            case .truncated(let offset): return "it ends early or is malformed at byte \(offset)"
            }
        }
    }

    struct Header {
        var isCurrent: Bool
        var root: String
        /// The rules the facts were read by: a folder that became a Logseq graph is read again.
        var dialect: String
        var writtenAt: Int64
    }

    /// The identity of the running program: a cache written by another build, whose scanner
    /// may read notes differently, is not used.
    static let program: UInt64 = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return 0 }
        let parts = [UInt64(info.st_size), UInt64(info.st_mtim.tv_sec), UInt64(info.st_mtim.tv_nsec), UInt64(info.st_ino)]
        return parts.withUnsafeBytes { Checksum64.of($0) }
    }()

    /// A writer holding the header, for `count` records to follow.
    static func begin(root: String, dialect: NoteDialect, count: Int, writtenAt: Int64) -> ByteWriter {
        var writer = ByteWriter(capacity: 1 << 20)
        writer.raw(magic)
        writer.fixed64(version)
        writer.fixed64(NoteFacts.formatVersion)
        writer.fixed64(program)
        writer.fixed64(0)
        writer.fixed64(UInt64(bitPattern: writtenAt))
        writer.string(root)
        writer.string(dialect.rawValue)
        writer.unsigned(UInt64(count))
        return writer
    }

    /// Writes the checksum into a finished file's header.
    static func seal(_ writer: inout ByteWriter) {
        let sum = writer.bytes.withUnsafeBytes { Checksum64.of(UnsafeRawBufferPointer(rebasing: $0[bodyOffset...])) }
        writer.patch64(sum, at: checksumOffset)
    }

    /// The header and where each note's record is; a file of another version gives a header
    /// that is not current and no records.
    static func read(_ bytes: [UInt8]) throws -> (Header, [String: Range<Int>]) {
        guard bytes.count >= bodyOffset + 8, Array(bytes[0..<8]) == magic else { throw Damage.notACacheFile }
        return try bytes.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer, start: 8)
            do {
                let current =
                    try reader.fixed64() == version && reader.fixed64() == NoteFacts.formatVersion && reader.fixed64() == program
                let sum = try reader.fixed64()
                guard current else { return (Header(isCurrent: false, root: "", dialect: "", writtenAt: 0), [:]) }
                guard Checksum64.of(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[bodyOffset...])) == sum
                else { throw Damage.checksumMismatch }
                let writtenAt = Int64(bitPattern: try reader.fixed64())
                let root = try reader.string()
                let dialect = try reader.string()
                let count = try reader.count()
                var entries: [String: Range<Int>] = [:]
                entries.reserveCapacity(count)
                for _ in 0..<count {
                    let path = try reader.string()
                    let length = try reader.count()
                    entries[path] = reader.offset..<reader.offset + length
                    try reader.skip(length)
                }
                return (Header(isCurrent: true, root: root, dialect: dialect, writtenAt: writtenAt), entries)
            } catch let malformed as ByteReader.Malformed {
                throw Damage.truncated(offset: malformed.offset)
            }
        }
    }
}
