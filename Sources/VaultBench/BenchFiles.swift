import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The file operations of the benchmarks, on POSIX calls: they write benchmark data into
/// folders of their own, never a user's notes, so they need none of the safe writer's care.
enum BenchFiles {
    /// Whether `path` is a folder holding nothing, or nothing at all.
    static func isAbsentOrEmptyFolder(_ path: String) throws -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return true }
        guard isFolder.boolValue else { throw BenchError("\(path) exists and is not a folder") }
        let entries = try FileManager.default.contentsOfDirectory(atPath: path)
        return entries.isEmpty
    }

    /// Whether a file or folder exists at `path`.
    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// Creates `path` and its missing parents.
    static func makeFolders(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw BenchError("cannot create folder \(path): \(error.localizedDescription)")
        }
    }

    /// Creates one folder whose parent exists; an existing folder is fine.
    static func makeFolder(_ path: String) throws {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw BenchError("cannot create folder \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `bytes` to a file that must not exist yet.
    static func writeNew(_ path: String, _ bytes: [UInt8]) throws {
        try write(path, bytes, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC)
    }

    /// Writes `bytes` to `path`, replacing what it held.
    static func replace(_ path: String, _ bytes: [UInt8]) throws {
        try write(path, bytes, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC)
    }

    /// The bytes of `path`, or nil when it cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    private static func write(_ path: String, _ bytes: [UInt8], flags: Int32) throws {
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else {
            throw BenchError("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw BenchError("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}
