import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// What a change writes goes into the cache, and a note's record is trusted as soon as its
/// file system's timestamp tick is past, however coarse the window kept for other disks.
@Suite("The cache keeps what a change wrote")
struct CacheWrittenNotesTests {
    let folder = TemporaryFolder()
    var root: String { folder.path + "/vault" }

    /// Runs on the vault over a file system that says it is this machine's own disk.
    func runs(fine: Int64?, local: Bool = true) -> CachedRuns {
        let fileSystem = FaultyFileSystem()
        fileSystem.localClock = local
        var runs = folder.cachedRuns
        runs.fileSystem = fileSystem
        runs.racyWindow = 2_000_000_000
        runs.fineRacyWindow = fine
        return runs
    }

    func status(device: UInt64, changed: Int64) -> FileStatus {
        FileStatus(kind: .file, size: 10, modifiedNanoseconds: changed, changedNanoseconds: changed, device: device, inode: 7)
    }

    @Test("the fine window serves notes of the vault's own disk whose status-change time has a fraction of a second, and only those")
    func windowByDisk() throws {
        try folder.write("vault/pages/Alpha.md", "# Alpha\n")
        let device = try #require(try LocalFileSystem().status(root)).device
        let (_, cache) = try runs(fine: 100_000_000).opened()
        let second: Int64 = 1_800_000_000 * 1_000_000_000
        #expect(cache.racyWindow(for: status(device: device, changed: second + 250_000_000)) == 100_000_000)
        // Whole seconds: a file system that keeps seconds (ext4 with small inodes) or two (FAT).
        #expect(cache.racyWindow(for: status(device: device, changed: second)) == 2_000_000_000)
        // Another disk mounted inside the vault may be another machine's.
        #expect(cache.racyWindow(for: status(device: device &+ 1, changed: second + 250_000_000)) == 2_000_000_000)
        // A network or FUSE mount: another machine's clock, which may run behind.
        let (_, remote) = try runs(fine: 100_000_000, local: false).opened()
        #expect(remote.racyWindow(for: status(device: device, changed: second + 250_000_000)) == 2_000_000_000)
        // Without a fine window (tests, servers that ask for none), the one window.
        let (_, coarse) = try runs(fine: nil).opened()
        #expect(coarse.racyWindow(for: status(device: device, changed: second + 250_000_000)) == 2_000_000_000)
    }

    @Test("the kernel's own files and a path that is not there are not taken for a disk of this machine's clock")
    func localClockKinds() {
        #expect(!LocalFileSystem().stampsWithThisClock("/proc"))
        #expect(!LocalFileSystem().foldersChangeWithTheirNames("/proc"))
        #expect(!LocalFileSystem().stampsWithThisClock(root + "/nothing here"))
        #expect(LocalFileSystem.localClockKinds.contains(0xEF53), "ext4")
        #expect(LocalFileSystem.localClockKinds.contains(0x0102_1994), "tmpfs")
        #expect(!LocalFileSystem.localClockKinds.contains(0x6969), "NFS")
        #expect(!LocalFileSystem.localClockKinds.contains(0x6573_5546), "FUSE")
    }

    @Test("an edit in the same tick, within the fine window, is still caught")
    func sameTickWithinFineWindow() throws {
        try folder.write("vault/pages/Alpha.md", "# Alpha\n")
        let path = root + "/pages/Alpha.md"
        var runs = runs(fine: 100_000_000)
        let fileSystem = try #require(runs.fileSystem as? FaultyFileSystem)
        let stamp: Int64 = 1_800_000_000 * 1_000_000_000 + 250_000_000
        fileSystem.changeTimes[path] = stamp
        fileSystem.modifyTimes[path] = stamp
        // Read 50 ms after the change: within the fine window.
        runs.now = { stamp + 50_000_000 }
        func title(_ vault: Vault) throws -> String { try vault.scan(detail: .full).notes[0].title }
        _ = try runs.run(title)
        try CachedRuns.overwriteInPlace(path, "# Omega\n")
        #expect(try runs.run(title).value == "Omega")
        // Read 150 ms after: past it, the record is trusted (the status is all that is asked).
        runs.now = { stamp + 150_000_000 }
        _ = try runs.run(title)
        let trusted = try runs.run(title)
        #expect(trusted.misses == 0 && trusted.value == "Omega")
    }

    @Test("the notes a rename rewrote and moved are in the cache for the next run, which reads none of them")
    func renameRecorded() throws {
        try folder.writeLinkedNotes(["Alpha", "Beta", "Gamma", "Delta", "Epsilon"])
        // A note past the fine window as soon as it is written: what a rename of thousands
        // of notes finds of all but its last ones.
        let runs = runs(fine: 0)
        _ = try runs.run(CachedRuns.digest)
        #expect(try runs.run(CachedRuns.digest).misses == 0)
        _ = try runs.run { vault in
            try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("Alpha", to: "Omega"), summary: "test")
        }
        #expect(String(decoding: try folder.read("vault/pages/Gamma.md"), as: UTF8.self) == "# Gamma\n\n[[Omega]] #gamma\n")
        let next = try runs.run(CachedRuns.digest)
        #expect(next.misses == 0, "the rewritten notes and the moved one come from the cache")
        #expect(next.value == (try runs.uncached(CachedRuns.digest)))
        #expect(next.value.contains("note pages/Omega.md\tOmega"))
    }

    @Test("a note a change wrote is no longer taken as found valid by the walk before it")
    func walkMarksTakenBack() throws {
        try folder.writeLinkedNotes(["Alpha", "Beta"])
        var runs = runs(fine: nil)
        // Past the window: every record is trusted, and a walk marks each one valid. Then a
        // clock behind the files: the note the change writes is too young to record.
        let shift = Locked<Int64>(120_000_000_000)
        runs.now = { FactsCache.realTime() + shift.value }
        _ = try runs.run(CachedRuns.digest)
        let (vault, cache) = try runs.opened()
        _ = try vault.scan(detail: .paths)
        func walked() -> NoteRecord? {
            cache.walkedRecord(for: "pages/Beta.md", wanted: .header, taskLines: false, accepting: { _ in true })
        }
        #expect(walked() != nil)
        shift.value = -120_000_000_000
        try CachedRuns.overwriteInPlace(root + "/pages/Beta.md", "# Bexa\n\n[[Omega]] #beta\n")
        vault.recordWritten(["pages/Beta.md"], new: [])
        #expect(walked() == nil, "never the record of the bytes before the change")
        #expect(cache.statistics.misses == 0, "too young to record")
    }

    @Test("a change of more notes than the limit leaves them all to the next run")
    func limit() throws {
        try folder.writeLinkedNotes(["Alpha", "Beta", "Gamma"])
        let runs = runs(fine: 0)
        let paths = ["pages/Alpha.md", "pages/Beta.md", "pages/Gamma.md"]
        for (limit, recorded) in [(2, 0), (3, 3)] {
            let (vault, cache) = try runs.opened()
            vault.recordWritten(paths, new: [], limit: limit)
            #expect(cache.statistics.misses == recorded, "limit \(limit)")
        }
    }

    @Test("a note a change wrote within the window is left to the next run, which reads it")
    func youngNotesLeft() throws {
        try folder.writeLinkedNotes(["Alpha", "Beta", "Gamma"])
        let runs = runs(fine: 60_000_000_000)
        // Past the window before the change: every note read once, into the cache.
        var old = runs
        old.now = { FactsCache.realTime() + 120_000_000_000 }
        _ = try old.run(CachedRuns.digest)
        _ = try runs.run { vault in
            try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("Alpha", to: "Omega"), summary: "test")
        }
        let next = try runs.run(CachedRuns.digest)
        #expect(next.misses >= 3, "the rewritten notes and the moved one are read again")
        #expect(next.value == (try runs.uncached(CachedRuns.digest)))
    }
}
