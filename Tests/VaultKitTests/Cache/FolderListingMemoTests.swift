import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The walk's memo of folder listings: a folder whose status did not change is not listed
/// again, and every change to a folder's names is seen, whatever else is done to its times.
@Suite("The memo of folder listings")
struct FolderListingMemoTests {
    let folder = TemporaryFolder()
    let disk = FaultyFileSystem.localDisk()
    var root: String { folder.path + "/vault" }
    var memoFile: String { folder.path + "/cache/folders" }

    func runs(now: (@Sendable () -> Int64)? = nil) -> CachedRuns {
        var runs = CachedRuns(root: root, cacheFolder: folder.path + "/cache")
        runs.fileSystem = disk
        runs.fineRacyWindow = 0
        if let now { runs.now = now }
        return runs
    }

    /// A vault of notes in nested folders, with an asset, listed once into the memo.
    func keptVault(expectingMemo: Bool = true) throws {
        try folder.write("vault/pages/Alpha.md", "# Alpha\n\n[[Beta]] #one\n")
        try folder.write("vault/pages/Beta.md", "# Beta\n\n[[Alpha]]\n")
        try folder.write("vault/pages/Deep/Gamma.md", "# Gamma\n\n- [ ] task\n")
        try folder.write("vault/pages/notes.txt", "not a note\n")
        try folder.write("vault/journals/2026-11-30.md", "- [x] done\n")
        CachedRuns.ageFolders()
        _ = try runs().run(CachedRuns.digest)
        #expect(FileManager.default.fileExists(atPath: memoFile) == expectingMemo)
    }

    /// Where `text`'s bytes first are in `bytes`.
    static func offset(of text: String, in bytes: [UInt8]) throws -> Int {
        let needle = Array(text.utf8)
        return try #require((0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) })
    }

    /// The vault's folders listed by `body`, relative to the vault.
    func foldersListed(during body: () throws -> Void) rethrows -> [String] {
        let before = disk.listedFolders.count
        try body()
        return disk.listedFolders.dropFirst(before).filter { $0.hasPrefix(root) }.map { String($0.dropFirst(root.count)) }
    }

    /// The next run gives what a run without the cache gives, with `expected` in it.
    func expectFresh(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let cached = try runs().run(CachedRuns.digest).value
        let fresh = try runs().uncached(CachedRuns.digest)
        #expect(cached == fresh, sourceLocation: sourceLocation)
        #expect(cached.contains(expected), "\(expected) in\n\(cached)", sourceLocation: sourceLocation)
        #expect(try runs().run(CachedRuns.digest).value == fresh, sourceLocation: sourceLocation)
    }

    @Test("a warm walk lists no folder that did not change, and finds what a walk without the cache finds")
    func warmWalkListsNothing() throws {
        try keptVault()
        var digest = ""
        let listed = try foldersListed { digest = try runs().run(CachedRuns.digest).value }
        #expect(listed.isEmpty)
        #expect(digest == (try runs().uncached(CachedRuns.digest)))
        #expect(digest.contains("note pages/Deep/Gamma.md\tGamma"))
    }

    @Test("a folder whose names changed is listed again, and it alone")
    func changedFolderAlone() throws {
        try keptVault()
        CachedRuns.nextTick()
        try folder.write("vault/pages/Deep/Delta.md", "# Delta\n")
        let listed = try foldersListed { _ = try runs().run(CachedRuns.digest) }
        try expectFresh("note pages/Deep/Delta.md\tDelta")
        #expect(listed.contains("/pages/Deep"))
        #expect(!listed.contains("/pages") && !listed.contains("/journals") && !listed.contains(""))
    }

    @Test("a note added to a folder whose modification time is then set back is seen")
    func addedWithTimeSetBack() throws {
        try keptVault()
        let path = root + "/pages"
        let before = CachedRuns.modified(path)
        CachedRuns.nextTick()
        try folder.write("vault/pages/Epsilon.md", "# Epsilon\n")
        CachedRuns.setModified(path, seconds: before.seconds, nanoseconds: before.nanoseconds)
        #expect(CachedRuns.modified(path) == before)
        try expectFresh("note pages/Epsilon.md\tEpsilon")
    }

    @Test("each change to a folder's names is seen: removed, renamed, an asset made a note, a folder replaced")
    func everyChangeIsSeen() throws {
        let changes: [(String, (String) throws -> Void, String)] = [
            ("a note removed", { root in #expect(unlink(root + "/pages/Beta.md") == 0) }, "dangling pages/Alpha.md:3"),
            ("a note renamed", { root in #expect(rename(root + "/pages/Beta.md", root + "/pages/Zeta.md") == 0) }, "note pages/Zeta.md"),
            ("a case-only rename", { root in #expect(rename(root + "/pages/Beta.md", root + "/pages/beta.md") == 0) }, "note pages/beta.md"),
            ("an asset made a note", { root in #expect(rename(root + "/pages/notes.txt", root + "/pages/notes.md") == 0) }, "note pages/notes.md"),
            (
                "a folder replaced by another of its name",
                { root in
                    #expect(rename(root + "/pages/Deep", root + "/Old") == 0)
                    #expect(mkdir(root + "/pages/Deep", 0o755) == 0)
                    #expect(FileManager.default.createFile(atPath: root + "/pages/Deep/Eta.md", contents: Data("# Eta\n".utf8)))
                }, "note pages/Deep/Eta.md"
            ),
            ("a note made a folder", { root in
                #expect(unlink(root + "/pages/Beta.md") == 0)
                #expect(mkdir(root + "/pages/Beta.md", 0o755) == 0)
            }, "named like a note"),
        ]
        for (name, change, expected) in changes {
            try? FileManager.default.removeItem(atPath: folder.path + "/vault")
            try? FileManager.default.removeItem(atPath: folder.path + "/cache")
            try keptVault()
            CachedRuns.nextTick()
            try change(root)
            let cached = try runs().run(CachedRuns.digest).value
            let fresh = try runs().uncached(CachedRuns.digest)
            #expect(cached == fresh, "\(name)")
            #expect(cached.contains(expected), "\(name): \(expected) in\n\(cached)")
        }
    }

    @Test("a listing is kept for one layout: a conflict copy in the trash is a note until the trash moves")
    func layoutIsPartOfTheKey() throws {
        try folder.write("vault/.zennotes/vault.json", "{\"id\": \"memo-layout\"}\n")
        try folder.write("vault/trash/Plan.sync-conflict-20261130-101010-ABCDEFG.md", "# Plan\n")
        try folder.write("vault/pages/Alpha.md", "# Alpha\n")
        CachedRuns.ageFolders()
        let before = try runs().run(CachedRuns.digest).value
        #expect(before.contains("note trash/Plan.sync-conflict"))
        // The folder is the same; what it is to the vault is not.
        try folder.write("vault/.zennotes/vault.json", "{\"id\": \"memo-layout\", \"systemFolderPaths\": {\"trash\": \"bin\"}}\n")
        let cached = try runs().run(CachedRuns.digest).value
        #expect(cached == (try runs().uncached(CachedRuns.digest)))
        #expect(!cached.contains("note trash/Plan.sync-conflict"))
    }

    @Test("a folder changed within a few ticks of its listing is listed again next time, and kept once it is older")
    func racyFolderIsNotKept() throws {
        try folder.write("vault/pages/Alpha.md", "# Alpha\n")
        var status = stat()
        stat(root + "/pages", &status)
        let changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        // The run's clock says the folder changed a moment ago: nothing of it is kept.
        let soon = changed + FactsCache.folderRacyFloor / 2
        _ = try runs(now: { soon }).run(CachedRuns.digest)
        #expect(try foldersListed { _ = try runs(now: { soon }).run(CachedRuns.digest) }.contains("/pages"))
        // Older than the window, it is kept, and the next run does not list it.
        let later = changed + 2 * FactsCache.folderRacyFloor
        _ = try runs(now: { later }).run(CachedRuns.digest)
        #expect(try !foldersListed { _ = try runs(now: { later }).run(CachedRuns.digest) }.contains("/pages"))
    }

    @Test("on a disk whose times are not this machine's, every folder is listed every time")
    func otherDisks() throws {
        disk.localClock = false
        try keptVault(expectingMemo: false)
        #expect(try foldersListed { _ = try runs().run(CachedRuns.digest) }.contains("/pages/Deep"))
    }

    @Test("on an overlay, whose folder in both layers shows the upper one's times, every folder is listed every time")
    func overlays() throws {
        disk.foldersFollowNames = false
        try keptVault(expectingMemo: false)
        #expect(try foldersListed { _ = try runs().run(CachedRuns.digest) }.contains("/pages/Deep"))
        // The notes' records are still kept there: only the listings are not.
        #expect(try runs().run(CachedRuns.digest).misses == 0)
    }

    @Test("a folder holding a symlink, a placeholder or a conflict copy is listed every time; the others are not")
    func unusualFoldersAreListed() throws {
        try folder.write("vault/linked/Alpha.md", "# Alpha\n")
        try FileManager.default.createSymbolicLink(atPath: root + "/linked/Link.md", withDestinationPath: "Alpha.md")
        try folder.write("vault/cloud/.Beta.md.icloud", "")
        try folder.write("vault/copies/Gamma.md", "# Gamma\n")
        try folder.write("vault/copies/Gamma (Ana's conflicted copy 2026-11-30).md", "# Gamma\n")
        try folder.write("vault/plain/Delta.md", "# Delta\n")
        CachedRuns.ageFolders()
        _ = try runs().run(CachedRuns.digest)
        var digest = ""
        let listed = try foldersListed { digest = try runs().run(CachedRuns.digest).value }
        #expect(Set(listed).isSuperset(of: ["/linked", "/cloud", "/copies"]))
        #expect(!listed.contains("/plain") && !listed.contains(""))
        #expect(digest == (try runs().uncached(CachedRuns.digest)))
    }

    @Test("a folder holding a fifo named like a note, a folder named like a note or a name not UTF-8 is listed, and warned of, every time")
    func warnedFoldersAreListed() throws {
        try folder.write("vault/fifo/Alpha.md", "# Alpha\n")
        #expect(mkfifo(root + "/fifo/Pipe.md", 0o644) == 0)
        try folder.write("vault/odd/Beta.md", "# Beta\n")
        #expect(mkdir(root + "/odd/Shelf.md", 0o755) == 0)
        try folder.write("vault/bytes/Gamma.md", "# Gamma\n")
        let undecodable = Array((root + "/bytes/caf").utf8CString.dropLast()) + [CChar(bitPattern: 0xE9), 0x2E, 0x6D, 0x64, 0]
        let descriptor = open(undecodable, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(descriptor >= 0)
        close(descriptor)
        try folder.write("vault/plain/Delta.md", "# Delta\n")
        CachedRuns.ageFolders()
        _ = try runs().run(CachedRuns.digest)
        var digest = ""
        let listed = try foldersListed { digest = try runs().run(CachedRuns.digest).value }
        #expect(Set(listed).isSuperset(of: ["/fifo", "/odd", "/bytes"]))
        #expect(!listed.contains("/plain"))
        #expect(digest == (try runs().uncached(CachedRuns.digest)))
        #expect(digest.contains("fifo/Pipe.md") && digest.contains("odd/Shelf.md") && digest.contains("bytes/caf"))
    }

    @Test("a warm run leaves the memo as it is, and so does a folder listed too soon after its change")
    func memoWrittenOnlyForNews() throws {
        try keptVault()
        func stamp() -> [Int] {
            var status = stat()
            stat(memoFile, &status)
            return [Int(status.st_ino), status.st_mtim.tv_sec, status.st_mtim.tv_nsec]
        }
        let written = stamp()
        _ = try runs().run(CachedRuns.digest)
        #expect(stamp() == written)
        // Changed a moment ago, the folder is listed, not kept, and its old entry left.
        CachedRuns.nextTick()
        try folder.write("vault/pages/Deep/Delta.md", "# Delta\n")
        _ = try runs().run(CachedRuns.digest)
        #expect(stamp() == written)
        // Once older, it is kept, and the memo written again.
        CachedRuns.ageFolders()
        _ = try runs().run(CachedRuns.digest)
        #expect(stamp() != written)
        #expect(try foldersListed { _ = try runs().run(CachedRuns.digest) }.isEmpty)
    }

    @Test("a walk of one folder keeps the memo of the others, and the next whole walk lists none of them")
    func partialWalkKeepsTheRest() throws {
        try keptVault()
        CachedRuns.nextTick()
        try folder.write("vault/pages/Deep/Delta.md", "# Delta\n")
        CachedRuns.ageFolders()
        let query = NoteQuery(folders: ["pages/Deep"])
        let deep = try runs().run { vault in
            var sink = CollectingSink<Note>()
            _ = try vault.scan(detail: .summary, selecting: query.pathSelection(layout: vault.layout), into: &sink)
            return sink.elements.map(\.path)
        }
        #expect(deep.value == ["pages/Deep/Delta.md", "pages/Deep/Gamma.md"])
        var digest = ""
        let listed = try foldersListed { digest = try runs().run(CachedRuns.digest).value }
        #expect(listed.isEmpty, "listed \(listed)")
        #expect(digest == (try runs().uncached(CachedRuns.digest)))
    }

    @Test("names written against the one before, with the note extension in a bit, read back as they were")
    func namesReadBack() throws {
        try folder.write("vault/pages/Alpha.md", "# Alpha\n")
        let pages = try #require(try LocalFileSystem().status(root + "/pages"))
        let notes = ["a.md", "a.md.md", "ab.md", "abc", "abc.md", "abd.md", "md", ".md", "x.mdx", "é.md", "e\u{301}.md", "日本語.md", "日本.md"]
        // The last names share more with the one before them than the bytes that follow.
        let folders = ["a", "a b", "ab", "b.md", "long shared start 1", "long shared start 2"]
        let entry = FolderListingMemo.entry(
            status: pages, prefix: "pages/".utf8.count, notes: notes.map { "pages/" + $0 }, assets: ["pages/x.png"],
            temporaryFiles: [], folders: folders.map { "pages/" + $0 })
        let read = try #require(FolderListingMemo(entries: [PathBytes("pages"): entry]).listed("pages", status: pages)?.0)
        #expect(read.notes.map { Array($0.utf8) } == notes.map { Array(("pages/" + $0).utf8) })
        #expect(read.folders == folders.map { "pages/" + $0 } && read.assets == ["pages/x.png"] && read.temporaryFiles.isEmpty)
    }

    @Test("names no folder can hold are refused from a memo whose checksums pass: its folder is listed")
    func impossibleNamesAreRefused() throws {
        try keptVault()
        let pages = try #require(try LocalFileSystem().status(root + "/pages"))
        // A note, no other files, and one folder of the name given.
        func entry(folder name: [UInt8]) -> FolderListingMemo.Entry {
            let names = FolderListingMemo.encoded([[Array("Alpha.md".utf8)], [], [], [name]])
            return FolderListingMemo.Entry(stamp: pages.sameFileStamp, names: names)
        }
        for name in ["..", ".", "", "a/b", "a\u{0}b", "x/.md"] {
            let memo = FolderListingMemo(entries: [PathBytes("pages"): entry(folder: Array(name.utf8))])
            #expect(memo.listed("pages", status: pages) == nil, "\(name)")
        }
        let sound = FolderListingMemo(entries: [PathBytes("pages"): entry(folder: Array("Deep".utf8))])
        #expect(sound.listed("pages", status: pages)?.0.folders == ["pages/Deep"])
    }

    @Test("a memo truncated, damaged, of random bytes or of another vault costs a listing, never an answer")
    func damagedMemo() throws {
        try keptVault()
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: memoFile)))
        let fresh = try runs().uncached(CachedRuns.digest)
        var flipped = good
        flipped[try Self.offset(of: "Alpha", in: good) + 1] ^= 0x20
        var header = good
        header[FolderListingMemo.magic.count + 9] ^= 0x01
        var generator = SystemRandomNumberGenerator()
        let damaged: [(String, [UInt8])] = [
            ("truncated", Array(good.prefix(good.count / 2))),
            ("a name's byte flipped", flipped),
            ("a header byte flipped", header),
            ("random bytes", (0..<good.count).map { _ in UInt8.random(in: 0...255, using: &generator) }),
            ("random bytes after the magic", FolderListingMemo.magic + (0..<200).map { _ in UInt8.random(in: 0...255, using: &generator) }),
            ("empty", []),
        ]
        for (name, bytes) in damaged {
            try Data(bytes).write(to: URL(fileURLWithPath: memoFile))
            var digest = ""
            let listed = try foldersListed { digest = try runs().run(CachedRuns.digest).value }
            #expect(digest == fresh, "\(name)")
            #expect(listed.contains("/pages") || name == "a name's byte flipped", "\(name): listed \(listed)")
            // Written again whole, the next run lists nothing.
            #expect(try foldersListed { _ = try runs().run(CachedRuns.digest) }.isEmpty, "\(name)")
        }
        // Another vault's memo, its folders of the same names and statuses, is not this one's.
        let other = CachedRuns(root: root, cacheFolder: folder.path + "/cache")
        let location = CacheLocation(folder: other.cacheFolder, rootRealPath: "/elsewhere")
        let key = FolderListingMemo.key(location: location, layout: .standard, org: false, iCloud: false)
        let memo = try #require(FolderListingMemo.read(memoFile, key: FolderListingMemo.key(
            location: CacheLocation(folder: other.cacheFolder, rootRealPath: root), layout: .standard, org: false, iCloud: false), fileSystem: LocalFileSystem()))
        FolderListingMemo.save(memo.entries, key: key, to: memoFile, folder: other.cacheFolder, fileSystem: LocalFileSystem())
        #expect(try foldersListed { _ = try runs().run(CachedRuns.digest) }.contains(""))
    }

    /// The memo file's pieces, each with its framing, after the magic.
    static func pieces(of bytes: [UInt8]) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var offset = FolderListingMemo.magic.count
        while offset < bytes.count {
            let start = offset
            var (length, shift) = (0, 0)
            while true {
                let byte = bytes[offset]
                offset += 1
                length |= Int(byte & 0x7F) << shift
                shift += 7
                if byte < 0x80 { break }
            }
            offset += length + 8
            pieces.append(Array(bytes[start..<offset]))
        }
        return pieces
    }

    @Test("folders' pieces swapped, or one dropped and another written twice, answer as the folders do")
    func piecesMoved() throws {
        try keptVault()
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: memoFile)))
        let fresh = try runs().uncached(CachedRuns.digest)
        let pieces = Self.pieces(of: good)
        #expect(pieces.count >= 4)
        var swapped = pieces
        swapped.swapAt(1, pieces.count - 1)
        var doubled = pieces
        doubled[1] = pieces[2]
        // Each piece names its folder: swapped, none is listed; doubled, the folder whose
        // piece was dropped alone.
        for (name, moved, listings) in [("swapped", swapped, 0), ("doubled", doubled, 1)] {
            try Data(FolderListingMemo.magic + moved.joined()).write(to: URL(fileURLWithPath: memoFile))
            var digest = ""
            let listed = try foldersListed { digest = try runs().run(CachedRuns.digest).value }
            #expect(digest == fresh, "\(name)")
            #expect(listed.count == listings, "\(name): \(listed)")
        }
    }

    @Test("a name's damaged bytes in the memo send its folder alone to be listed")
    func damagedNames() throws {
        try keptVault()
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: memoFile)))
        // A name of `pages/`: its folder's piece alone is damaged.
        bytes[try Self.offset(of: "Alpha", in: bytes) + 1] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: memoFile))
        let listed = try foldersListed { _ = try runs().run(CachedRuns.digest) }
        #expect(listed == ["/pages"])
    }

    @Test("a folder in the memo's place leaves every answer right, and is left as it is")
    func folderInItsPlace() throws {
        try keptVault()
        try FileManager.default.removeItem(atPath: memoFile)
        #expect(mkdir(memoFile, 0o755) == 0)
        let fresh = try runs().uncached(CachedRuns.digest)
        for _ in 0..<2 { #expect(try runs().run(CachedRuns.digest).value == fresh) }
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: memoFile, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test("clearing the cache removes the memo")
    func clearRemovesIt() throws {
        try keptVault()
        let (_, cache) = try runs().opened()
        try cache.clear()
        #expect(!FileManager.default.fileExists(atPath: memoFile))
    }
}
