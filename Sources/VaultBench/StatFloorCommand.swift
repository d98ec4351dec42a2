import Foundation
import Glibc

/// `vault-bench stat-floor`: the least a cache checked by each note's status can cost, run
/// as the benchmark's "stat floor" row.
///
/// Every command that trusts a cache of note facts first lists every folder and takes the
/// status of every note (size, times, inode), or it could answer from a stale record.
/// This does that and nothing else: each depth's folders listed across the cores, each note's
/// status taken through its folder's descriptor, no name sorted, no record read, nothing
/// printed but the count. `rg --files` takes no status, so a command held to a multiple of
/// it is held to a multiple of a walk this one must exceed.
struct StatFloorCommand: BenchCommand {
    static let name = "stat-floor"
    static let summary = "list every folder and take every note's status, on every core"
    static let usage = """
        usage: vault-bench stat-floor [FOLDER]

        Lists every folder under FOLDER (default: the working folder), skipping names that
        start with a dot as vault does, takes the status (lstat) of every .md and .markdown
        file, and prints how many it took. The folders of a depth are listed in parallel,
        then the statuses are taken in parallel.
        """

    static func run(_ arguments: inout BenchArguments) throws {
        let folder = arguments.optionalPositional() ?? "."
        try arguments.finish()
        let taken = try walk(folder)
        print(taken)
    }

    /// What listing one folder gave: its folders and its notes' names.
    private struct Listed: Sendable {
        var folders: [String] = []
        var notes: [String] = []
        var failure: String?
    }

    /// The notes of one folder whose statuses one core takes.
    private struct Part: Sendable {
        var folder: String
        var names: ArraySlice<String>
    }

    /// The number of notes under `root` whose status was taken.
    ///
    /// The folders of each depth are listed across the cores, then the notes' statuses are
    /// taken in parts of at most 512 across the cores: a vault holds a few folders of
    /// thousands of notes, which one core listing and taking would leave the others idle.
    static func walk(_ root: String) throws -> Int {
        var depth = [root]
        var parts: [Part] = []
        while !depth.isEmpty {
            let folders = depth
            let listed = Locked([Listed](repeating: Listed(), count: folders.count))
            DispatchQueue.concurrentPerform(iterations: folders.count) { index in
                let result = list(folders[index])
                listed.withLock { $0[index] = result }
            }
            depth = []
            for (folder, result) in zip(folders, listed.withLock({ $0 })) {
                if let failure = result.failure { throw BenchError(failure) }
                depth += result.folders
                parts += stride(from: 0, to: result.notes.count, by: 512).map { start in
                    Part(folder: folder, names: result.notes[start..<min(start + 512, result.notes.count)])
                }
            }
        }
        let taken = Locked(0)
        let all = parts
        DispatchQueue.concurrentPerform(iterations: all.count) { index in
            let count = statuses(all[index])
            taken.withLock { $0 += count }
        }
        return taken.withLock { $0 }
    }

    /// Lists `folder`: the folders and notes in it.
    private static func list(_ folder: String) -> Listed {
        var listed = Listed()
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0, let stream = fdopendir(descriptor) else {
            if descriptor >= 0 { close(descriptor) }
            listed.failure = "cannot list \(folder): \(String(cString: strerror(errno)))"
            return listed
        }
        defer { closedir(stream) }
        var status = stat()
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.hasPrefix(".") { continue }
            var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            // A file system that gives no type: the status tells, as vault asks it then.
            if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                isFolder = status.st_mode & S_IFMT == S_IFDIR
            }
            if isFolder {
                listed.folders.append(folder + "/" + name)
            } else if isNote(name) {
                listed.notes.append(name)
            }
        }
        return listed
    }

    /// Takes the status of each note of `part` through one descriptor of its folder; the
    /// number taken.
    private static func statuses(_ part: Part) -> Int {
        let descriptor = open(part.folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var status = stat()
        return part.names.reduce(0) { taken, name in taken + (fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? 1 : 0) }
    }

    /// True for a name ending in `.md` or `.markdown`, in any case; told from its last
    /// bytes, so that the floor spends nothing on names.
    static func isNote(_ name: String) -> Bool {
        let tail = name.utf8.suffix(9).map { $0 | 0x20 }
        return tail.count >= 3 && (tail.suffix(3) == Array(".md".utf8) || tail.suffix(9) == Array(".markdown".utf8))
    }
}
