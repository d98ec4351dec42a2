import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The check memo answers for a note only while the note's file and the vault's names are
/// as they were. Each test plants a finding no check would make (a dangling `[[Planted]]`
/// in a note that has none) and first shows a check reports it, so that it would fail if
/// the memo were trusted after the change it makes.
@Suite("The check memo")
struct CheckMemoTests {
    let folder = TemporaryFolder()
    var root: String { folder.path + "/vault" }
    var runs: CachedRuns { CachedRuns(root: root, cacheFolder: folder.path + "/cache") }

    /// A check with the cache, as a new process makes it.
    func check(_ runs: CachedRuns? = nil) throws -> VaultCheck {
        try (runs ?? self.runs).run { vault in VaultCheck(vault: vault, scan: try vault.scan(detail: .summary)) }.value
    }

    /// The same check with no cache.
    func uncached() throws -> VaultCheck {
        try runs.uncached { vault in VaultCheck(vault: vault, scan: try vault.scan(detail: .summary)) }
    }

    /// Two notes, one with a dangling link, checked until the memo holds both.
    func warmVault() throws {
        try folder.write("vault/pages/Alpha.md", "# Alpha\n\nSee [[Beta]] and [[Nowhere]].\n")
        try folder.write("vault/pages/Beta.md", "# Beta\n\nBack to [[Alpha]].\n")
        // The first check reads the links afresh; the second finds their records valid.
        _ = try check()
        CachedRuns.nextTick()
        _ = try check()
        CachedRuns.nextTick()
    }

    /// The memo as the next check would find it, with the paths of the vault's notes.
    func storedMemo() throws -> (memo: StoredMemo?, paths: [String], key: UInt64) {
        let (vault, cache) = try runs.opened()
        let scan = try vault.scan(detail: .summary)
        let paths = scan.notes.map(\.path)
        let index = LinkIndex.key(notes: paths, assets: scan.assets, layout: vault.layout, pages: vault.logseqPages(scan.notes))
        let key = CheckMemo.key(index: index, location: cache.location, isLogseqGraph: vault.isLogseqGraph)
        return (StoredMemo.load(cache.location.checkFile, key: key, paths: paths, fileSystem: vault.fileSystem), paths, key)
    }

    /// Adds a dangling `[[Planted]]` to the entry of Beta, at `path`, which must be there.
    func plant(_ path: String = "pages/Beta.md") throws {
        let (found, paths, _) = try storedMemo()
        var memo = try #require(found)
        let position = try #require(paths.firstIndex(of: path))
        try #require(memo.entries[position] != nil, "the memo holds Beta")
        memo.entries[position]!.findings.reports.append(
            LinkReport(
                source: path, line: 3, text: "[[Planted]]", form: .wikilink, embed: false, target: "Planted", fragment: nil,
                resolved: nil, candidates: 0, context: "Back to [[Planted]]."))
        memo.save(to: folder.path + "/cache/check", folder: folder.path + "/cache", fileSystem: LocalFileSystem())
        #expect(try check().dangling.map(\.text) == ["[[Nowhere]]", "[[Planted]]"], "the planted finding is the memo's")
    }

    /// The next check with the cache says what one without it says, and again from the memo it wrote.
    func expectFresh(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fresh = try uncached()
        #expect(try check() == fresh, sourceLocation: sourceLocation)
        #expect(!fresh.dangling.contains { $0.text == "[[Planted]]" }, sourceLocation: sourceLocation)
        CachedRuns.nextTick()
        #expect(try check() == fresh, sourceLocation: sourceLocation)
    }

    @Test("a check of an unchanged vault says what one without the cache says, and holds every note in the memo")
    func unchanged() throws {
        try warmVault()
        let (memo, paths, _) = try storedMemo()
        #expect(memo?.entries.allSatisfy { $0 != nil } == true && paths.count == 2)
        #expect(try check() == uncached())
        #expect(try check().dangling.map { "\($0.source):\($0.line) \($0.text) \($0.context)" } == [
            "pages/Alpha.md:3 [[Nowhere]] See [[Beta]] and [[Nowhere]]."
        ])
    }

    @Test("a first check after a listing, whose records lack the notes' links, leaves a memo of every note")
    func afterListing() throws {
        try folder.write("vault/pages/Alpha.md", "# Alpha\n\nSee [[Beta]] and [[Nowhere]].\n")
        try folder.write("vault/pages/Beta.md", "# Beta\n\nBack to [[Alpha]].\n")
        _ = try runs.run { vault in try vault.scan(detail: .summary) }
        CachedRuns.nextTick()
        let first = try check()
        #expect(first == (try uncached()))
        let (memo, paths, _) = try storedMemo()
        #expect(memo?.entries.allSatisfy { $0 != nil } == true && paths.count == 2)
        try plant()
    }

    @Test("an edit in place that keeps the size and restores the modification time is checked afresh")
    func editKeepingSizeAndTime() throws {
        try warmVault()
        try plant()
        let path = root + "/pages/Beta.md"
        let before = CachedRuns.modified(path)
        try CachedRuns.overwriteInPlace(path, "# Beta\n\nBack to [[Gamma]].\n")
        CachedRuns.setModified(path, seconds: before.seconds, nanoseconds: before.nanoseconds)
        try expectFresh()
        #expect(try check().dangling.map(\.text) == ["[[Nowhere]]", "[[Gamma]]"])
    }

    @Test("a new note that a link now resolves to changes the names, and every note is checked afresh")
    func newNote() throws {
        try warmVault()
        try plant()
        try folder.write("vault/pages/Nowhere.md", "# Nowhere\n")
        try expectFresh()
        #expect(try check().dangling.isEmpty)
    }

    @Test("a deleted note, a renamed folder and a case-only rename each change the names")
    func names() throws {
        try warmVault()
        try plant()
        #expect(rename(root + "/pages", root + "/notes") == 0)
        try expectFresh()
        try plant("notes/Beta.md")
        #expect(rename(root + "/notes/Alpha.md", root + "/notes/alpha.md") == 0)
        try expectFresh()
    }

    @Test("a note replaced by a rename is checked afresh, the others still from the memo")
    func replaced() throws {
        try warmVault()
        try plant()
        try folder.write("vault/pages/.Alpha.new", "# Alpha\n\nSee [[Beta]] and [[Elsewhere]].\n")
        #expect(rename(root + "/pages/.Alpha.new", root + "/pages/Alpha.md") == 0)
        // Beta is unchanged and the names are the same: its planted finding still stands.
        #expect(try check().dangling.map(\.text) == ["[[Elsewhere]]", "[[Planted]]"])
    }

    @Test("a note whose record is racy is never answered from the memo, even under the status it has")
    func racy() throws {
        var recent = runs
        recent.racyWindow = 3_600_000_000_000
        try folder.write("vault/pages/Alpha.md", "# Alpha\n\nSee [[Beta]] and [[Nowhere]].\n")
        try folder.write("vault/pages/Beta.md", "# Beta\n\nBack to [[Alpha]].\n")
        _ = try check(recent)
        _ = try check(recent)
        let (found, paths, key) = try storedMemo()
        #expect(found == nil, "a racy record's findings are not kept")
        var memo = StoredMemo(key: key, entries: Array(repeating: nil, count: paths.count))
        // An entry for each note as it is now, Beta's with a finding no check makes.
        for (position, path) in paths.enumerated() {
            let status = try #require(try LocalFileSystem().status(root + "/" + path))
            let planted = LinkReport(
                source: path, line: 3, text: "[[Planted]]", form: .wikilink, embed: false, target: "Planted", fragment: nil,
                resolved: nil, candidates: 0, context: "Back to [[Planted]].")
            memo.entries[position] = CheckMemo.Entry(
                status: status, findings: CheckMemo.Findings(reports: path == "pages/Beta.md" ? [planted] : []))
        }
        memo.save(to: folder.path + "/cache/check", folder: folder.path + "/cache", fileSystem: LocalFileSystem())
        let checked = try check(recent)
        #expect(!checked.dangling.contains { $0.text == "[[Planted]]" })
        #expect(checked == (try uncached()))
    }

    @Test("a damaged, truncated or foreign memo is read as none, and the next check writes a sound one")
    func damaged() throws {
        try warmVault()
        let memoPath = folder.path + "/cache/check"
        for damage in 0..<3 {
            try plant()
            var bytes = try folder.read("cache/check")
            switch damage {
            case 0: bytes[bytes.count / 2] ^= 0x40
            case 1: bytes.removeLast(bytes.count / 3)
            default: bytes = Array("VAULTCM".utf8) + [9] + Array(repeating: 7, count: 40)
            }
            #expect(FileManager.default.createFile(atPath: memoPath, contents: Data(bytes)))
            #expect(try storedMemo().memo == nil)
            try expectFresh()
            #expect(try storedMemo().memo != nil)
        }
    }

    @Test("a memo made under another key answers nothing")
    func otherKey() throws {
        try warmVault()
        try plant()
        let (found, _, key) = try storedMemo()
        var memo = try #require(found)
        memo = StoredMemo(key: key &+ 1, entries: memo.entries)
        memo.save(to: folder.path + "/cache/check", folder: folder.path + "/cache", fileSystem: LocalFileSystem())
        try expectFresh()
    }

    @Test("clearing the cache removes the memo")
    func cleared() throws {
        try warmVault()
        #expect(FileManager.default.fileExists(atPath: folder.path + "/cache/check"))
        let (_, cache) = try runs.opened()
        try cache.clear()
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/cache/check"))
    }

    @Test("a status changed in any one field the memo answers for gets another stamp, and kind and permissions change none")
    func stamps() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let status = FileStatus(
                kind: .file, size: Int64.random(in: 0...1 << 40, using: &generator),
                modifiedNanoseconds: Int64.random(in: -1 << 62...1 << 62, using: &generator),
                changedNanoseconds: Int64.random(in: -1 << 62...1 << 62, using: &generator), device: UInt64.random(in: 0...UInt64.max, using: &generator),
                inode: UInt64.random(in: 0...UInt64.max, using: &generator))
            let delta = Int64.random(in: 1...1 << 32, using: &generator)
            var changed = [status, status, status, status, status]
            changed[0].size &+= delta
            changed[1].modifiedNanoseconds &+= delta
            changed[2].changedNanoseconds &-= delta
            changed[3].device &+= UInt64(delta)
            changed[4].inode ^= UInt64(delta)
            for other in changed { #expect(other.sameFileStamp != status.sameFileStamp) }
            var alike = status
            alike.kind = .other
            alike.permissions = 0o600
            #expect(alike.sameFileStamp == status.sameFileStamp)
            #expect(status.sameFileStamp != 0)
        }
    }

    @Test("a memo of many pieces reads back entry by entry, and damage in any piece or another key makes it none")
    func pieces() throws {
        let paths = (0..<3000).map { "pages/Note \($0).md" }
        let entries: [CheckMemo.Entry?] = paths.enumerated().map { number, path in
            guard number % 7 != 0 else { return nil }
            let status = FileStatus(
                kind: .file, size: Int64(number), modifiedNanoseconds: Int64(number) * 1_000, changedNanoseconds: Int64(number) * 999,
                device: 3, inode: UInt64(number))
            let report = LinkReport(
                source: path, line: number, text: "[[Gone \(number)]]", form: number % 2 == 0 ? .wikilink : .markdown,
                embed: number % 3 == 0, target: number % 6 == 1 ? "gone-\(number).md" : "Gone \(number)", fragment: number % 5 == 0 ? "part" : nil,
                resolved: number % 11 == 0 ? "pages/Twin.md" : nil, candidates: number % 11 == 0 ? 2 : 0,
                context: number % 4 == 0 ? String(repeating: "context ", count: 30) : String(repeating: "words ", count: 40) + "see [[Gone \(number)]], café.")
            let broken = number % 5 == 0 ? [VaultWarning(path: path, message: "broken \(number)")] : []
            return CheckMemo.Entry(status: status, findings: CheckMemo.Findings(reports: [report], broken: broken))
        }
        let file = folder.path + "/memo"
        StoredMemo(key: 42, entries: entries).save(to: file, folder: folder.path, fileSystem: LocalFileSystem())
        let bytes = try folder.read("memo")
        #expect(bytes.count > 2 << 18, "three pieces and more")
        let loaded = try #require(StoredMemo.load(file, key: 42, paths: paths, fileSystem: LocalFileSystem()))
        #expect(loaded.entries.count == entries.count)
        for (read, written) in zip(loaded.entries, entries) {
            #expect((read == nil) == (written == nil))
            guard let read, let written else { continue }
            #expect(read.stamp == written.stamp)
            #expect(read.findings.reports == written.findings.reports && read.findings.broken == written.findings.broken)
        }
        #expect(StoredMemo.load(file, key: 43, paths: paths, fileSystem: LocalFileSystem()) == nil)
        #expect(StoredMemo.load(file, key: 42, paths: Array(paths.dropLast()), fileSystem: LocalFileSystem()) == nil)
        for offset in [12, bytes.count / 2, bytes.count - 12] {
            var damaged = bytes
            damaged[offset] ^= 0x10
            #expect(FileManager.default.createFile(atPath: file, contents: Data(damaged)))
            #expect(StoredMemo.load(file, key: 42, paths: paths, fileSystem: LocalFileSystem()) == nil, "damage at \(offset)")
        }
    }

    @Test("a report's context kept cut stands for itself, however long, and reads back from JSON as it was")
    func cutContext() throws {
        let long = "…" + String(repeating: "word ", count: 400) + "[[" + String(repeating: "x", count: 900) + "]]…"
        let report = LinkReport(
            source: "a.md", line: 1, text: "[[" + String(repeating: "x", count: 900) + "]]", form: .wikilink, embed: false,
            target: String(repeating: "x", count: 900), fragment: nil, resolved: nil, candidates: 0, context: long)
        #expect(report.context == long)
        let again = try JSONDecoder().decode(LinkReport.self, from: JSONEncoder().encode(report))
        #expect(again.context == long && again == report)
    }
}

/// A whole check memo held in memory, as a test reads, changes and writes one back.
struct StoredMemo {
    /// What the entries hold for.
    let key: UInt64
    /// By position among the notes of the scan the key was made of; nil for a note not kept.
    var entries: [CheckMemo.Entry?]

    /// The memo in the file at `path` when it is whole and holds entries for `key` and `paths`.
    static func load(_ path: String, key: UInt64, paths: [String], fileSystem: any FileSystem) -> StoredMemo? {
        var entries = [CheckMemo.Entry?](repeating: nil, count: paths.count)
        let whole = CheckMemo.read(path, key: key, paths: paths, fileSystem: fileSystem) { position, entry in
            entries[position] = entry
            return true
        }
        return whole ? StoredMemo(key: key, entries: entries) : nil
    }

    /// Writes the memo to `path`, replacing the file there whole.
    func save(to path: String, folder: String, fileSystem: any FileSystem) {
        CheckMemo.save(key: key, count: entries.count, to: path, folder: folder, fileSystem: fileSystem) { entries[$0] }
    }
}
