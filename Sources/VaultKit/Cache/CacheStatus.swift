import FoundationEssentials
import VaultSystem

/// What `vault cache status` tells of a vault's cache.
public struct CacheStatus: Sendable, Codable, Equatable {
    /// The cache file.
    public var path: String
    /// Its size in bytes, with its delta file's and the check memo's; 0 when there is none yet.
    public var bytes: Int64
    /// The notes it holds records of.
    public var notes: Int
    /// When it was last written; nil when there is none yet.
    public var lastRefresh: Date?
    /// The records the last run that used the cache found valid, and the notes it read.
    public var lastRunHits: Int?
    public var lastRunMisses: Int?
    /// True when the file was written by another version or build of vault: none of its
    /// records is read, and the next command that reads notes writes it anew (nil otherwise).
    public var otherBuild: Bool?
}

extension FactsCache {
    /// The cache as it is on disk now.
    public func status() -> CacheStatus {
        let mainSize = ((try? fileSystem.status(location.file)) ?? nil)?.size ?? 0
        // The delta file and the check and folder memos, when there are, count with the main
        // file (not a folder in the place of one).
        let beside = [location.deltaFile, location.checkFile, location.foldersFile].reduce(Int64(0)) { sum, path in
            sum + (((try? fileSystem.linkStatus(path)) ?? nil).flatMap { $0.kind == .file ? $0.size : nil } ?? 0)
        }
        let size = mainSize == 0 ? 0 : mainSize + beside
        let run = lastRun()
        return CacheStatus(
            path: location.file, bytes: size, notes: size == 0 ? 0 : count, lastRefresh: size == 0 ? nil : writtenAt,
            lastRunHits: run?.hits, lastRunMisses: run?.misses, otherBuild: mainSize > 0 && isOfOtherBuild() ? true : nil)
    }

    /// True when the cache file's header says another version or build wrote it (it then
    /// holds no record this build reads, however large it is).
    private func isOfOtherBuild() -> Bool {
        guard let start = try? fileSystem.readPrefix(location.file, limit: CacheFileFormat.headerLength).bytes,
            let header = try? CacheFileFormat.header(start)
        else { return false }
        return !header.isCurrent
    }
}
