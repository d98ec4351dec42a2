import FoundationEssentials
import VaultSystem
import VaultKit

/// `vault cache status|clear|rebuild`: the cache of note facts kept outside the vault.
enum CacheCommand: Command {
    static let name = "cache"
    static let summary = "show, clear or rebuild the cache of note facts kept outside the vault"
    static let usage = "status|clear|rebuild"
    static let discussion = """
        The cache lives in $XDG_CACHE_HOME/vault/ (~/.cache/vault/ when unset), one folder per vault.
        Every command checks each note's size, times, inode and device against it and reads again
        any note that changed, so it is never stale; clearing it only makes the next run slower.
        `status` shows where it is, its size, the notes it holds, when it was last written and the
        hits and misses of the last run; `clear` removes it; `rebuild` reads every note into it.
        """

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let action = try arguments.required("status|clear|rebuild")
        guard ["status", "clear", "rebuild"].contains(action) else {
            throw UsageError("unknown cache action \"\(action)\": give status, clear or rebuild")
        }
        try arguments.finish()
        let (vault, cache) = try context.vaultWithCache()
        switch action {
        case "clear":
            try cache.clear()
            if context.json {
                try context.emit(["cleared": cache.location.file])
            } else {
                context.line("cleared \(cache.location.file)")
            }
        case "rebuild":
            let progress = Progress("reading notes")
            let shows = context.stderrIsTerminal && !context.quiet
            let report: (@Sendable (Int, Int) -> Void)? = shows ? { @Sendable done, total in progress.update(done, total) } : nil
            let notes = try vault.rebuildCache(progress: report)
            progress.finish()
            if context.json {
                try context.emit(cache.status())
            } else {
                context.line("rebuilt \(cache.location.file): \(notes) note\(notes == 1 ? "" : "s") read")
            }
        default:
            let status = cache.status()
            if context.json {
                try context.emit(status)
                return 0
            }
            context.line("cache: \(status.path)")
            context.line("size: \(status.bytes) bytes")
            if status.otherBuild == true {
                context.line("notes: none this build reads (another version or build of vault wrote the file; the next command reads every note and writes it anew)")
                context.line("last refresh: unknown")
            } else {
                context.line("notes: \(status.notes)")
                context.line("last refresh: \(status.lastRefresh.map(WallTime.iso8601) ?? "never")")
            }
            if let hits = status.lastRunHits, let misses = status.lastRunMisses {
                context.line("last run: \(hits) hit\(hits == 1 ? "" : "s"), \(misses) miss\(misses == 1 ? "" : "es")")
            }
        }
        return 0
    }
}
