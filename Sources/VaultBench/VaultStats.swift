#if canImport(Glibc)
import Glibc
#endif

/// How many notes a vault holds and how many bytes they take, counted on disk.
struct VaultStats: Sendable, Equatable {
    var notes = 0
    var bytes = 0

    /// Counts `.md` and `.markdown` files under `root`, skipping folders and files whose
    /// name starts with `.` (DESIGN.md section 2).
    static func scan(_ root: String) -> VaultStats {
        var stats = VaultStats()
        var pending = [root]
        while let folder = pending.popLast() {
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR {
                    pending.append(path)
                } else if info.st_mode & S_IFMT == S_IFREG, name.hasSuffix(".md") || name.hasSuffix(".markdown") {
                    stats.notes += 1
                    stats.bytes += Int(info.st_size)
                }
            }
        }
        return stats
    }
}
