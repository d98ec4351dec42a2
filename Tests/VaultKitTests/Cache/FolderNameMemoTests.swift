import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultSystem

/// The memo of a folder's names decides a new note's name only while the folder is as the
/// memo recorded it, and only for a minute after the listing it came from. Tests that show
/// it is not trusted first show, with a planted memo, that a trusted one would change the
/// name.
@Suite("The memo of a folder's names")
struct FolderNameMemoTests {
    let folder = TemporaryFolder()
    var root: String { folder.path + "/vault" }
    var cacheFolder: String { folder.path + "/cache" }
    /// The real time when the test began: the memo is timed by the cache's clock.
    let start = FactsCache.realTime()

    /// A vault with its cache, as a new `vault` process opens it, `seconds` after `start`.
    func vault(after seconds: Int64 = 0, fileSystem: any FileSystem = LocalFileSystem()) throws -> Vault {
        var runs = CachedRuns(root: root, cacheFolder: cacheFolder)
        runs.fileSystem = fileSystem
        let now = start + seconds * 1_000_000_000
        runs.now = { now }
        return try runs.opened().0
    }

    var memoFile: String { FolderNameMemo.file(for: "quick", in: cacheFolder) }

    /// Plants a memo for `quick/` as it stands that holds `names` alone, listed `seconds`
    /// after `start`.
    func plant(_ names: [String], listedAfter seconds: Int64 = 0) throws {
        let status = try #require(try LocalFileSystem().status(root + "/quick"))
        FolderNameMemo(folder: FolderNameMemo.comparable(status), listedAt: start + seconds * 1_000_000_000, keys: names.map(Naming.collisionHash))
            .save(memoFile, fileSystem: LocalFileSystem())
    }

    func create(_ stem: String, after seconds: Int64 = 0, fileSystem: any FileSystem = LocalFileSystem()) throws -> String {
        try vault(after: seconds, fileSystem: fileSystem).createNote(in: "quick", stem: stem, content: Array("\(stem)\n".utf8), dryRun: false)
    }

    @Test("a note made in a folder leaves a memo that holds its name and the names listed")
    func memoAfterCreate() throws {
        try folder.write("vault/quick/Older.md", "older\n")
        #expect(try create("Plan") == "quick/Plan.md")
        let status = try #require(try LocalFileSystem().status(root + "/quick"))
        let memo = try #require(
            FolderNameMemo.read(memoFile, folder: FolderNameMemo.comparable(status), now: start, fileSystem: LocalFileSystem()))
        #expect(memo.holds(Naming.collisionHash("plan.md")))
        #expect(memo.holds(Naming.collisionHash("OLDER.md")))
        #expect(!memo.holds(Naming.collisionHash("Other.md")))
        // The next note goes by it: a name in another case is taken.
        #expect(try create("PLAN") == "quick/PLAN 2.md")
    }

    @Test("a memo for the folder as it stands is what a new name is checked against")
    func plantedMemoIsUsed() throws {
        try folder.write("vault/quick/Older.md", "older\n")
        try plant(["Ghost.md"])
        #expect(try create("ghost") == "quick/ghost 2.md")
    }

    @Test("a name another program added since the memo is seen, as the folder's times changed")
    func outsideChange() throws {
        try folder.write("vault/quick/Older.md", "older\n")
        #expect(try create("First") == "quick/First.md")
        try folder.write("vault/quick/Plan.md", "written by an editor\n")
        #expect(try create("plan") == "quick/plan 2.md")
        #expect(try String(decoding: folder.read("vault/quick/Plan.md"), as: UTF8.self) == "written by an editor\n")
    }

    @Test("a memo a minute old is not trusted, however the folder stands")
    func expiredMemo() throws {
        try folder.write("vault/quick/Plan.md", "plan\n")
        try plant(["Ghost.md"])
        #expect(try create("ghost", after: 61) == "quick/ghost.md")
        try plant(["Other.md"])
        #expect(try create("pLaN", after: 61) == "quick/pLaN 2.md")
    }

    @Test("a memo is timed by the real clock, not by a vault clock that a test or VAULT_NOW fixes")
    func fixedVaultClock() throws {
        try folder.write("vault/quick/Older.md", "older\n")
        try plant(["Ghost.md"])
        var fixed = try vault(after: 61)
        fixed.clock = .fixed(Date(timeIntervalSince1970: Double(start) / 1e9))
        #expect(try fixed.createNote(in: "quick", stem: "ghost", content: Array("x\n".utf8), dryRun: false) == "quick/ghost.md")
    }

    @Test("a name another program makes while a note is written is not missed by the next note")
    func nameMadeDuringWrite() throws {
        try folder.write("vault/quick/Older.md", "older\n")
        let fileSystem = FaultyFileSystem()
        let other = root + "/quick/World.md"
        // When the new note's file is made, as a program watching the folder might.
        fileSystem.actions[.create] = { if !FileManager.default.fileExists(atPath: other) { _ = FileManager.default.createFile(atPath: other, contents: Data("theirs\n".utf8)) } }
        #expect(try create("a", fileSystem: fileSystem) == "quick/a.md")
        #expect(try create("world") == "quick/world 2.md")
        #expect(try String(decoding: folder.read("vault/quick/World.md"), as: UTF8.self) == "theirs\n")
        // Seen, the memo is not kept: the next note lists the folder again.
        #expect(try create("WORLD") == "quick/WORLD 3.md")
    }

    @Test("a name made during a write in the other Unicode form is not missed by the next note")
    func decomposedNameMadeDuringWrite() throws {
        try folder.write("vault/quick/Older.md", "older\n")
        let fileSystem = FaultyFileSystem()
        let other = root + "/quick/cafe\u{301}.md"
        fileSystem.actions[.create] = {
            if !FileManager.default.fileExists(atPath: other) { _ = FileManager.default.createFile(atPath: other, contents: Data("theirs\n".utf8)) }
        }
        #expect(try create("a", fileSystem: fileSystem) == "quick/a.md")
        #expect(try create("caf\u{E9}").utf8.elementsEqual("quick/caf\u{E9} 2.md".utf8))
    }

    @Test("an iCloud placeholder made during a write is not missed by the next note", arguments: ["Idea", "idea", "IDEA"])
    func placeholderMadeDuringWrite(spelled: String) throws {
        try folder.write("vault/quick/Older.md", "older\n")
        let fileSystem = FaultyFileSystem()
        let other = root + "/quick/.\(spelled).md.icloud"
        fileSystem.actions[.create] = { if !FileManager.default.fileExists(atPath: other) { _ = FileManager.default.createFile(atPath: other, contents: Data()) } }
        #expect(try create("a", fileSystem: fileSystem) == "quick/a.md")
        #expect(try create("Idea") == "quick/Idea 2.md")
        #expect(!FileManager.default.fileExists(atPath: root + "/quick/Idea.md"))
    }

    @Test("a note of the name with another extension, or its placeholder, takes the name, listed or in the memo")
    func namesakeWithOtherExtension() throws {
        try folder.write("vault/quick/Idea.markdown", "older\n")
        try folder.write("vault/quick/.Plan.MARKDOWN.icloud", "")
        #expect(try create("Idea") == "quick/Idea 2.md")
        // The memo the first note left holds Idea.markdown's name: the next note checks it.
        #expect(try create("idea") == "quick/idea 3.md")
        #expect(try create("Plan") == "quick/Plan 2.md")
        // A name another program gives the other extension during a write is seen too.
        let fileSystem = FaultyFileSystem()
        let other = root + "/quick/Note.markdown"
        fileSystem.actions[.create] = { if !FileManager.default.fileExists(atPath: other) { _ = FileManager.default.createFile(atPath: other, contents: Data()) } }
        #expect(try create("a", fileSystem: fileSystem) == "quick/a.md")
        #expect(try create("Note") == "quick/Note 2.md")
    }

    @Test("a name's capitals that are another name (STRASSE for straße) are no twin, with the memo as with a listing")
    func capitalsOfAnotherName() throws {
        try folder.write("vault/quick/STRASSE.md", "older\n")
        try folder.write("vault/quick/GASSE.md", "older\n")
        // Listed: `gaße` folds to itself, not to `gasse`, so the name is free.
        #expect(try create("ga\u{DF}e") == "quick/ga\u{DF}e.md")
        #expect(FileManager.default.fileExists(atPath: memoFile))
        // From the memo, whose lookups of other spellings try the capitals `STRASSE.md`.
        #expect(try create("stra\u{DF}e") == "quick/stra\u{DF}e.md")
        #expect(try String(decoding: folder.read("vault/quick/STRASSE.md"), as: UTF8.self) == "older\n")
        // A twin by its key is still one: `Straße` beside the new `straße`.
        #expect(try create("Stra\u{DF}e") == "quick/Stra\u{DF}e 2.md")
    }

    @Test("a folder whose times hold whole seconds keeps no memo")
    func wholeSeconds() throws {
        try folder.write("vault/quick/Older.md", "older\n")
        let fileSystem = FaultyFileSystem()
        let quick = root + "/quick"
        let second = (start / 1_000_000_000) * 1_000_000_000
        fileSystem.changeTimes[quick] = second
        fileSystem.modifyTimes[quick] = second
        #expect(try create("a", fileSystem: fileSystem) == "quick/a.md")
        #expect(!FileManager.default.fileExists(atPath: memoFile))
        // The same with times that are not whole seconds keeps one.
        #expect(try create("b") == "quick/b.md")
        #expect(FileManager.default.fileExists(atPath: memoFile))
    }

    @Test("a memo from the future is not trusted")
    func futureMemo() throws {
        try folder.write("vault/quick/Older.md", "older\n")
        try plant(["Ghost.md"], listedAfter: 5)
        #expect(try create("ghost") == "quick/ghost.md")
    }

    @Test("a damaged or foreign memo costs a listing, nothing else", arguments: ["truncated", "random", "empty", "flipped", "torn", "tail"])
    func damagedMemo(damage: String) throws {
        try folder.write("vault/quick/Plan.md", "plan\n")
        // Written in place: a write cut short leaves the new memo's start on the old one's end.
        try plant(["Old one.md", "Old two.md", "Old three.md", "Old four.md"])
        let old = try LocalFileSystem().readFile(memoFile)
        try plant(["Ghost.md"])
        var bytes = try LocalFileSystem().readFile(memoFile)
        switch damage {
        case "truncated": bytes.removeLast(9)
        case "random": bytes = (0..<bytes.count).map { _ in UInt8.random(in: 0...255) }
        case "empty": bytes = []
        case "torn": bytes = Array(bytes.prefix(bytes.count / 2) + old.dropFirst(bytes.count / 2))
        case "tail": bytes += old.dropFirst(bytes.count)
        default: bytes[FolderNameMemo.magic.count + 10] ^= 0x40
        }
        try SafeWriter(fileSystem: LocalFileSystem()).replaceDerived(memoFile, with: bytes)
        #expect(try create("ghost") == "quick/ghost.md")
        #expect(try create("PLAN") == "quick/PLAN 2.md")
    }

    @Test("names that share a key make one key in the memo, which reads back; keys out of order do not")
    func repeatedKeys() throws {
        try folder.write("vault/quick/Plan.md", "plan\n")
        // `Idea` and `IDEA` collide: one key, twice.
        try plant(["Idea.md", "IDEA.md", "Other.md"])
        let status = FolderNameMemo.comparable(try #require(try LocalFileSystem().status(root + "/quick")))
        let memo = try #require(FolderNameMemo.read(memoFile, folder: status, now: start, fileSystem: LocalFileSystem()))
        #expect(memo.holds(Naming.collisionHash("idea.md")) && memo.holds(Naming.collisionHash("Other.md")))
        #expect(try create("idea") == "quick/idea 2.md")
        // The same keys written in falling order, the sum made right: refused, a listing instead.
        let now = FolderNameMemo.comparable(try #require(try LocalFileSystem().status(root + "/quick")))
        #expect(FolderNameMemo.read(memoFile, folder: now, now: start, fileSystem: LocalFileSystem()) != nil)
        var bytes = try LocalFileSystem().readFile(memoFile)
        let keysStart = bytes.count - 8 - 16
        let first = Array(bytes[keysStart..<keysStart + 8])
        bytes.replaceSubrange(keysStart..<keysStart + 8, with: bytes[keysStart + 8..<keysStart + 16])
        bytes.replaceSubrange(keysStart + 8..<keysStart + 16, with: first)
        bytes.removeLast(8)
        // The memo's one piece begins after the magic and its length, in one byte here.
        #expect(bytes[FolderNameMemo.magic.count] < 0x80)
        withUnsafeBytes(of: Checksum64.of(bytes[(FolderNameMemo.magic.count + 1)...]).littleEndian) { bytes.append(contentsOf: $0) }
        try SafeWriter(fileSystem: LocalFileSystem()).replaceDerived(memoFile, with: bytes)
        #expect(FolderNameMemo.read(memoFile, folder: now, now: start, fileSystem: LocalFileSystem()) == nil)
    }

    @Test("a memo written over a longer one is read back as written, the longer one's end cut off")
    func memoWrittenOverLonger() throws {
        try folder.write("vault/quick/Plan.md", "plan\n")
        try plant(["Old one.md", "Old two.md", "Old three.md"])
        let longer = try LocalFileSystem().readFile(memoFile).count
        try plant(["Ghost.md"])
        #expect(try LocalFileSystem().readFile(memoFile).count == longer - 16)
        let status = try #require(try LocalFileSystem().status(root + "/quick"))
        let memo = try #require(FolderNameMemo.read(memoFile, folder: FolderNameMemo.comparable(status), now: start, fileSystem: LocalFileSystem()))
        #expect(memo.holds(Naming.collisionHash("Ghost.md")) && !memo.holds(Naming.collisionHash("Old one.md")))
        // Trusted: the planted memo, not a listing, decides.
        #expect(try create("ghost") == "quick/ghost 2.md")
    }

    @Test("a memo file with another name (a hard link) is replaced, not written in place: the other name keeps its bytes")
    func memoWithSecondName() throws {
        try folder.write("vault/quick/Plan.md", "plan\n")
        try plant(["Old one.md"])
        let other = folder.path + "/elsewhere"
        #expect(link(memoFile, other) == 0)
        let before = try LocalFileSystem().readFile(other)
        try plant(["Ghost.md", "Another.md"])
        #expect(try LocalFileSystem().readFile(other) == before)
        let status = try #require(try LocalFileSystem().status(root + "/quick"))
        let memo = try #require(FolderNameMemo.read(memoFile, folder: FolderNameMemo.comparable(status), now: start, fileSystem: LocalFileSystem()))
        #expect(memo.holds(Naming.collisionHash("Ghost.md")))
    }

    @Test("a name the memo calls free but that is taken is passed over, and the memo is not kept")
    func staleMemoNeverReplaces() throws {
        try folder.write("vault/quick/Plan.md", "the only copy\n")
        try plant([])
        #expect(try create("Plan") == "quick/Plan 2.md")
        #expect(try String(decoding: folder.read("vault/quick/Plan.md"), as: UTF8.self) == "the only copy\n")
        // The planted memo stays behind for a folder that has changed since: not read again.
        #expect(try create("plan") == "quick/plan 3.md")
    }

    @Test("a placeholder's note name is taken as the note's")
    func placeholderName() throws {
        try folder.write("vault/quick/.Plan.md.icloud", "bplist")
        #expect(try create("other") == "quick/other.md")
        #expect(try create("plan") == "quick/plan 2.md")
    }

    @Test("the names of a folder summed from their bytes are summed as the names are", arguments: [
        "Plan.md", "plan.md", ".Plan.md.icloud", ".hidden", "Café.md", "Cafe\u{301}.md", "日記.md", "ÉTÉ.md", ".x.md.icloud", "οδος.md",
    ])
    func hashesAgree(name: String) {
        var bytes = name
        let fromBytes = bytes.withUTF8 { Naming.collisionHash($0) }
        let placeholder = Placeholders.noteName(forPlaceholder: name)
        #expect(fromBytes == Naming.collisionHash(placeholder ?? name))
    }

    @Test("a name that is not UTF-8 has no key")
    func invalidName() {
        let bytes: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x2E, 0x6D, 0x64]
        #expect(bytes.withUnsafeBufferPointer { Naming.collisionHash($0) } == nil)
    }

    @Test("clearing the cache removes the memos")
    func clearRemoves() throws {
        try folder.write("vault/pages/Home.md", "home\n")
        #expect(try create("Plan") == "quick/Plan.md")
        #expect(FileManager.default.fileExists(atPath: memoFile))
        try #require(try vault().cache).clear()
        #expect(!FileManager.default.fileExists(atPath: memoFile))
    }

    @Test("a vault without a cache keeps no memo, and a dry run writes none")
    func noCacheNoMemo() throws {
        try folder.write("vault/quick/Older.md", "older\n")
        let plain = try Vault(root: root)
        #expect(try plain.createNote(in: "quick", stem: "Plan", content: Array("x\n".utf8), dryRun: false) == "quick/Plan.md")
        #expect(try vault().createNote(in: "quick", stem: "Other", content: Array("x\n".utf8), dryRun: true) == "quick/Other.md")
        #expect(!FileManager.default.fileExists(atPath: memoFile))
        #expect(try create("PLAN") == "quick/PLAN 2.md")
    }
}
