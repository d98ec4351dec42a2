import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Each change made on disk behind the cache's back: the next run must answer from the
/// files, exactly as a run without the cache does. Each test first shows the cache is used
/// (the second run reads no note), so it would fail if the record were trusted.
@Suite("The cache is never stale")
struct CacheStalenessTests {
    let folder = TemporaryFolder()
    /// The disk as a disk of this machine's own, so that the folders' listings are kept too
    /// (see `FolderListingMemo`), and each change below must be seen through them as well.
    let disk = FaultyFileSystem.localDisk()
    var root: String { folder.path + "/vault" }
    var runs: CachedRuns {
        var runs = CachedRuns(root: root, cacheFolder: folder.path + "/cache")
        runs.fileSystem = disk
        runs.fineRacyWindow = 0
        return runs
    }

    /// A vault of three notes, read once into the cache and once from it, its folders too.
    func warmVault() throws {
        try folder.write("vault/pages/Alpha.md", "# Alpha\n\nSee [[Beta]] and #one.\n\n- [ ] first task 📅 2026-12-02\n")
        try folder.write("vault/pages/Beta.md", "# Beta\n\nBack to [[Alpha]].\n")
        try folder.write("vault/journals/2026-11-30.md", "- [x] done thing\n")
        CachedRuns.ageFolders()
        _ = try runs.run(CachedRuns.digest)
        let listedBefore = disk.listedFolders.count
        let warm = try runs.run(CachedRuns.digest)
        #expect(warm.misses == 0 && warm.hits > 0, "the second run reads no note")
        #expect(disk.listedFolders.count == listedBefore, "the second run lists no folder")
        CachedRuns.nextTick()
    }

    /// The next run with the cache says what a run without it says, and `expected` is in it.
    func expectFresh(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let cached = try runs.run(CachedRuns.digest).value
        let fresh = try runs.uncached(CachedRuns.digest)
        #expect(cached == fresh, sourceLocation: sourceLocation)
        #expect(cached.contains(expected), "\(expected) in\n\(cached)", sourceLocation: sourceLocation)
        // And once more, from what the last run recorded.
        #expect(try runs.run(CachedRuns.digest).value == fresh, sourceLocation: sourceLocation)
    }

    @Test("an edit in place that keeps the size and restores the modification time is seen")
    func editKeepingSizeAndTime() throws {
        try warmVault()
        let path = root + "/pages/Alpha.md"
        let before = CachedRuns.modified(path)
        try CachedRuns.overwriteInPlace(path, "# Gamma\n\nSee [[Beta]] and #two.\n\n- [ ] other task 📅 2026-12-03\n")
        CachedRuns.setModified(path, seconds: before.seconds, nanoseconds: before.nanoseconds)
        #expect(CachedRuns.modified(path) == before)
        try expectFresh("note pages/Alpha.md\tGamma\t[\"two\"]")
    }

    @Test("a note replaced by a rename (a new inode) is read again")
    func replaceByRename() throws {
        try warmVault()
        try folder.write("vault/pages/.Alpha.md.new", "# Delta\n\nSee [[Beta]] and #one.\n\n- [ ] first task 📅 2026-12-02\n")
        #expect(rename(root + "/pages/.Alpha.md.new", root + "/pages/Alpha.md") == 0)
        try expectFresh("note pages/Alpha.md\tDelta")
    }

    @Test("a deleted note is gone, and its links dangle")
    func delete() throws {
        try warmVault()
        #expect(unlink(root + "/pages/Beta.md") == 0)
        try expectFresh("dangling pages/Alpha.md:3 [[Beta]]")
        let again = try runs.run(CachedRuns.digest)
        #expect(!again.value.contains("note pages/Beta.md"))
    }

    @Test("a new folder's notes are listed")
    func newFolder() throws {
        try warmVault()
        try folder.write("vault/pages/New/Epsilon.md", "# Epsilon\n\n[[Alpha]]\n")
        try expectFresh("note pages/New/Epsilon.md\tEpsilon")
    }

    @Test("a renamed folder's notes are listed at their new paths")
    func renamedFolder() throws {
        try warmVault()
        #expect(rename(root + "/pages", root + "/notes") == 0)
        try expectFresh("note notes/Alpha.md\tAlpha")
    }

    @Test("a case-only rename gives the new spelling")
    func caseOnlyRename() throws {
        try warmVault()
        #expect(rename(root + "/pages/Beta.md", root + "/pages/beta.md") == 0)
        try expectFresh("note pages/beta.md\tBeta")
    }

    @Test("a note turned into an iCloud placeholder is listed as not downloaded")
    func placeholder() throws {
        try warmVault()
        #expect(unlink(root + "/pages/Beta.md") == 0)
        try folder.write("vault/pages/.Beta.md.icloud", "")
        try expectFresh("note pages/Beta.md\tBeta\t[]\t[]\t[]\tplaceholder")
    }

    @Test("a modification time in the future never lets a same-size edit hide")
    func futureTime() throws {
        try warmVault()
        let path = root + "/pages/Beta.md"
        let future = Int(Date().timeIntervalSince1970) + 86_400
        CachedRuns.setModified(path, seconds: future)
        _ = try runs.run(CachedRuns.digest)
        CachedRuns.nextTick()
        try CachedRuns.overwriteInPlace(path, "# Bexa\n\nBack to [[Alpha]].\n")
        CachedRuns.setModified(path, seconds: future)
        try expectFresh("note pages/Beta.md\tBexa")
    }

    @Test("a modification time set into the past is no hiding place either")
    func pastTime() throws {
        try warmVault()
        let path = root + "/pages/Beta.md"
        CachedRuns.setModified(path, seconds: 1_000_000_000)
        _ = try runs.run(CachedRuns.digest)
        CachedRuns.nextTick()
        try CachedRuns.overwriteInPlace(path, "# Bexa\n\nBack to [[Alpha]].\n")
        CachedRuns.setModified(path, seconds: 1_000_000_000)
        try expectFresh("note pages/Beta.md\tBexa")
    }

    @Test("an edit in the same timestamp tick as the read is caught by the racy window")
    func sameTick() throws {
        // A file system whose times do not move within the test (FAT keeps two seconds): the
        // edit leaves every field of the status as it was. Only the racy rule can tell.
        let fileSystem = FaultyFileSystem()
        try folder.write("vault/pages/Alpha.md", "# Alpha\n")
        let path = root + "/pages/Alpha.md"
        let stamp: Int64 = 1_800_000_000 * 1_000_000_000
        fileSystem.changeTimes[path] = stamp
        CachedRuns.setModified(path, seconds: 1_800_000_000)
        func runs(window: Int64) -> CachedRuns {
            var runs = self.runs
            runs.fileSystem = fileSystem
            runs.racyWindow = window
            // Read half a second after the change: within two seconds, beyond none.
            runs.now = { stamp + 500_000_000 }
            return runs
        }
        func title(_ vault: Vault) throws -> String { try vault.scan(detail: .full).notes[0].title }
        _ = try runs(window: 2_000_000_000).run(title)
        try CachedRuns.overwriteInPlace(path, "# Omega\n")
        CachedRuns.setModified(path, seconds: 1_800_000_000)
        #expect(try runs(window: 2_000_000_000).run(title).value == "Omega")

        // The same with no window: the record is trusted, and the answer is stale. This is
        // what the window is for.
        _ = try runs(window: 0).run(title)
        try CachedRuns.overwriteInPlace(path, "# Sigma\n")
        CachedRuns.setModified(path, seconds: 1_800_000_000)
        #expect(try runs(window: 0).run(title).value == "Omega")
    }

    @Test("a note of any name is found in the cache: cases, spaces, accents, other scripts, nested folders")
    func everyNameIsFound() throws {
        let names = [
            "pages/Zeta.md", "pages/alpha.md", "pages/Ärger.md", "pages/Äa.md", "pages/서울 table.md", "pages/a b.md",
            "pages/a.b.md", "pages/Z/inner.md", "pages/Z-outer.md", "journals/2026-01-01.md", "Top.md",
        ]
        for name in names { try folder.write("vault/" + name, "# \(name)\n\n[[Zeta]] #tag\n\n- [ ] task\n") }
        let first = try runs.run(CachedRuns.digest)
        let second = try runs.run(CachedRuns.digest)
        #expect(second.value == first.value)
        #expect(second.misses == 0, "every note is served from the cache")
        #expect(second.hits >= names.count)
        // A changed note's record replaces its old one and a new note's joins them in order:
        // the run after next reads nothing again.
        CachedRuns.nextTick()
        try folder.write("vault/pages/Äa.md", "# Changed\n")
        try folder.write("vault/pages/Zeta.md", "# Changed too\n")
        try folder.write("vault/pages/Mid.md", "# New\n")
        try folder.write("vault/pages/서울.md", "# New\n")
        let third = try runs.run(CachedRuns.digest)
        #expect(third.value == (try runs.uncached(CachedRuns.digest)))
        #expect(third.misses > 0)
        let fourth = try runs.run(CachedRuns.digest)
        #expect(fourth.value == third.value)
        #expect(fourth.misses == 0, "the merged file holds every record")
    }
}
