import Foundation
import Glibc
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Runs of `vault` on one vault with a cache kept between them, each run a fresh `Vault`
/// and `FactsCache` as a new process would have, and what the same questions give with no
/// cache at all.
struct CachedRuns {
    let root: String
    let cacheFolder: String
    var fileSystem: any FileSystem = LocalFileSystem()
    /// No window by default: the tests make their notes old enough by waiting for the next
    /// timestamp tick, or say what the window does on their own.
    var racyWindow: Int64 = 0
    /// The window for notes of a disk whose times this machine's clock stamps; nil for none.
    var fineRacyWindow: Int64?
    var now: @Sendable () -> Int64 = FactsCache.realTime
    /// False to have every save write the main file whole (for tests of its merge).
    var writesDeltas = true
    /// The most bytes a delta file holds beside a small main file; nil for the cache's own.
    var deltaFloor: Int64?
    /// The table's length under which unnamed values stay; nil for the cache's own.
    var compactionFloor: UInt64?
    /// How many notes a pass reads at least before it fills the cache ahead of itself; nil for the cache's own.
    var fillFloor: Int?

    init(root: String, cacheFolder: String) {
        self.root = root
        self.cacheFolder = cacheFolder
    }

    /// One run opened and left open: the vault and its cache, saved when the caller says.
    func opened() throws -> (Vault, FactsCache) {
        var vault = try Vault(root: root, fileSystem: fileSystem)
        let real = fileSystem.resolvedPath(vault.root) ?? vault.root
        let cache = FactsCache(
            location: CacheLocation(folder: cacheFolder, rootRealPath: real), fileSystem: fileSystem, racyWindow: racyWindow,
            fineRacyWindow: fineRacyWindow, now: now)
        cache.writesDeltas = writesDeltas
        if let deltaFloor { cache.deltaFloor = deltaFloor }
        if let compactionFloor { cache.compactionFloor = compactionFloor }
        if let fillFloor { cache.fillFloor = fillFloor }
        vault.cache = cache
        return (vault, cache)
    }

    /// One run with the cache: `body`, then the cache saved; with the run's hits and misses.
    func run<T>(_ body: (Vault) throws -> T) throws -> (value: T, hits: Int, misses: Int) {
        let (vault, cache) = try opened()
        let value = try body(vault)
        try cache.finish()
        let (hits, misses) = cache.statistics
        return (value, hits, misses)
    }

    /// The same question with no cache.
    func uncached<T>(_ body: (Vault) throws -> T) throws -> T {
        try body(try Vault(root: root, fileSystem: fileSystem))
    }

    /// Everything the read commands show of a vault: notes with titles, tags and headings,
    /// every task, every link with its resolution, text and line.
    static func digest(_ vault: Vault) throws -> String {
        var out = ""
        let scan = try vault.scan(detail: .full)
        for note in scan.notes {
            out += "note \(note.path)\t\(note.title)\t\(note.tags)\t\(note.aliases)\t\(note.headings.map(\.text))\t\(note.availability)\t\(note.size)\n"
        }
        for warning in scan.warnings { out += "warning \(warning)\n" }
        let summary = try vault.scan(detail: .summary)
        for note in summary.notes { out += "summary \(note.path)\t\(note.title)\t\(note.tags)\n" }
        for task in try vault.tasks().tasks {
            out += "task \(task.reference)\t\(task.marker)\t\(task.text)\t\(task.due?.description ?? "-")\t\(task.parentLine ?? 0)\n"
        }
        let graph = LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan))
        for edge in graph.edges {
            out += "link \(edge.source):\(edge.link.line)\t\(edge.text)\t\(edge.resolution.path ?? "-")\t\(edge.context)\n"
        }
        let check = VaultCheck(vault: vault, scan: scan)
        for report in check.dangling { out += "dangling \(report.source):\(report.line) \(report.text)\n" }
        for definition in check.brokenDefinitions { out += "broken \(definition)\n" }
        for path in scan.notes.map(\.path) {
            let backlinks = LinkGraph.build(
                vault: vault, scan: scan, index: vault.linkIndex(scan), needles: LinkNeedles(paths: [path]),
                keep: LinkGraph.links(to: path))
            for edge in backlinks.edges { out += "backlink \(path) <- \(edge.source):\(edge.link.line) \(edge.context)\n" }
        }
        return out
    }

    /// Rewrites a file in place, keeping its inode, as an editor that saves in place does.
    static func overwriteInPlace(_ path: String, _ text: String) throws {
        let fd = open(path, O_WRONLY | O_TRUNC)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { throw POSIXError(.EIO) }
    }

    /// Sets a file's modification time (as `touch -d` does); its status-change time moves on.
    static func setModified(_ path: String, seconds: Int, nanoseconds: Int = 0) {
        var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
        utimensat(AT_FDCWD, path, &times, 0)
    }

    /// The modification time of a file, to restore it after an edit.
    static func modified(_ path: String) -> (seconds: Int, nanoseconds: Int) {
        var info = stat()
        stat(path, &info)
        return (info.st_mtim.tv_sec, info.st_mtim.tv_nsec)
    }

    /// Waits past the file system's timestamp tick, so that a change made now has a later
    /// status-change time than anything written before (the kernel stamps files with a
    /// clock that moves in ticks of at most 10 ms).
    static func nextTick() { usleep(25_000) }

    /// Waits past the window within which a folder's listing is not kept (see
    /// `FactsCache.keepsListing`), so that the next walk keeps the folders written before.
    static func ageFolders() { usleep(UInt32(FactsCache.folderRacyFloor / 1_000) + 20_000) }
}

extension TemporaryFolder {
    /// Runs on the vault at `vault/` of this folder, with its cache at `cache/`.
    var cachedRuns: CachedRuns { CachedRuns(root: path + "/vault", cacheFolder: path + "/cache") }

    /// Writes `vault/pages/NAME.md` for each name: a heading, a link and a tag in each.
    func writeLinkedNotes(_ names: [String] = ["Alpha", "Beta", "Gamma", "Delta"]) throws {
        for name in names { try write("vault/pages/\(name).md", "# \(name)\n\n[[Alpha]] #\(name.lowercased())\n") }
    }
}
