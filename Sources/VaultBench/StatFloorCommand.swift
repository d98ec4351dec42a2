import Foundation
import Glibc

/// `vault-bench stat-floor`: the least a cache checked by each note's status can cost, run
/// as the benchmark's "stat floor" row.
///
/// Every command that trusts a cache of note facts first lists every folder and takes the
/// status of every note (size, times, inode), or it could answer from a stale record.
/// This does that and nothing else: folders listed by one worker a core, each note's status
/// taken through its folder's descriptor as it is listed, no name sorted, no record read,
/// nothing printed but the count. `rg --files` takes no status, so a command held to a multiple of
/// it is held to a multiple of a walk this one must exceed.
struct StatFloorCommand: BenchCommand {
    static let name = "stat-floor"
    static let summary = "list every folder and take every note's status, on every core"
    static let usage = """
        usage: vault-bench stat-floor [FOLDER]

        Lists every folder under FOLDER (default: the working folder), skipping names that
        start with a dot as vault does, takes the status (lstat) of every .md and .markdown
        file, and prints how many it took, with one worker a core.
        """

    static func run(_ arguments: inout BenchArguments) throws {
        let folder = arguments.optionalPositional() ?? "."
        try arguments.finish()
        let taken = try walk(folder)
        print(taken)
    }

    /// The folders still to list, shared by the workers: a worker that lists a folder adds
    /// the folders in it, and the walk ends when none is left and none is being listed.
    private final class FolderQueue: @unchecked Sendable {
        private let condition = NSCondition()
        private var folders: [String]
        private var listing = 0
        private(set) var failure: String?

        init(_ root: String) { folders = [root] }

        /// The next folder to list, waiting while others may still add one; nil at the end.
        func next() -> String? {
            condition.lock()
            defer { condition.unlock() }
            while folders.isEmpty && listing > 0 && failure == nil { condition.wait() }
            guard failure == nil, let folder = folders.popLast() else { return nil }
            listing += 1
            return folder
        }

        /// Ends the listing of one folder, with the folders found in it.
        func finish(adding found: [String], failure reason: String?) {
            condition.lock()
            folders += found
            listing -= 1
            if failure == nil { failure = reason }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The number of notes under `root` whose status was taken.
    ///
    /// One worker a core, each taking the next folder to list and the status of each note in
    /// it as it is listed, through the folder's descriptor and the name as the listing gave
    /// it: no name is made a string, sorted or kept.
    static func walk(_ root: String) throws -> Int {
        let queue = FolderQueue(root)
        let taken = Locked(0)
        DispatchQueue.concurrentPerform(iterations: max(1, ProcessInfo.processInfo.activeProcessorCount)) { _ in
            var count = 0
            while let folder = queue.next() {
                let (found, reason) = list(folder, counting: &count)
                queue.finish(adding: found, failure: reason)
            }
            taken.withLock { $0 += count }
        }
        if let failure = queue.failure { throw BenchError(failure) }
        return taken.withLock { $0 }
    }

    /// Lists `folder`, taking the status of each note in it (added to `count`): the folders
    /// in it, or why it could not be listed.
    private static func list(_ folder: String, counting count: inout Int) -> ([String], String?) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0, let stream = fdopendir(descriptor) else {
            let reason = "cannot list \(folder): \(String(cString: strerror(errno)))"
            if descriptor >= 0 { close(descriptor) }
            return ([], reason)
        }
        defer { closedir(stream) }
        var folders: [String] = []
        var status = stat()
        while let entry = readdir(stream) {
            let type = Int32(entry.pointee.d_type)
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let name = raw.bindMemory(to: CChar.self)
                guard let base = name.baseAddress, name[0] != CChar(UInt8(ascii: ".")) else { return }
                var isFolder = type == Int32(DT_DIR)
                // A file system that gives no type: the status tells, as vault asks it then.
                if type == Int32(DT_UNKNOWN) {
                    guard fstatat(descriptor, base, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return }
                    isFolder = status.st_mode & S_IFMT == S_IFDIR
                    if !isFolder && isNote(raw) { count += 1 }
                } else if !isFolder && isNote(raw) && fstatat(descriptor, base, &status, AT_SYMLINK_NOFOLLOW) == 0 {
                    count += 1
                }
                if isFolder { folders.append(folder + "/" + String(cString: base)) }
            }
        }
        return (folders, nil)
    }

    /// True for a name (NUL-terminated in `raw`) ending in `.md` or `.markdown`, in any
    /// case, told from its last bytes.
    static func isNote(_ raw: UnsafeRawBufferPointer) -> Bool {
        let length = raw.firstIndex(of: 0) ?? raw.count
        func ends(with suffix: String) -> Bool {
            let bytes = Array(suffix.utf8)
            guard length >= bytes.count else { return false }
            return bytes.indices.allSatisfy { raw[length - bytes.count + $0] | 0x20 == bytes[$0] }
        }
        return ends(with: ".md") || ends(with: ".markdown")
    }
}
