import Foundation
import Testing
@testable import VaultKit
@testable import VaultSystem

@Suite("Frecency")
struct FrecencyTests {
    let now = Date(timeIntervalSince1970: 1_796_040_000)

    private func daysAgo(_ days: Double) -> Date { now.addingTimeInterval(-days * 86_400) }

    @Test("a use today scores ten, and a week-old use half as much")
    func score() {
        #expect(Frecency.score(uses: 1, lastUsed: now, now: now) == 10)
        #expect(Frecency.score(uses: 3, lastUsed: now, now: now) == 30)
        #expect(Frecency.score(uses: 1, lastUsed: daysAgo(7), now: now) == 5)
        #expect(Frecency.score(uses: 4, lastUsed: daysAgo(21), now: now) == 10)
        #expect(abs(Frecency.score(uses: 1, lastUsed: daysAgo(3.5), now: now) - 10 / 1.5) < 1e-9)
    }

    @Test("a last use after the clock's now counts as now")
    func future() {
        #expect(Frecency.score(uses: 2, lastUsed: now.addingTimeInterval(86_400), now: now) == 20)
    }

    @Test("a note used often a month ago ranks below one used once today")
    func recencyWins() {
        var log = UsageLog()
        for _ in 0..<3 { log.record(notes: ["old.md"], tags: [], at: daysAgo(30)) }
        log.record(notes: ["new.md"], tags: [], at: now)
        let ranked = UsageLog.ranked(["a.md", "old.md", "new.md"]) { log.noteScore($0, at: now) }
        #expect(ranked == ["new.md", "old.md", "a.md"])
    }

    @Test("tags captured with a link from a host count twice for that host only")
    func hostTags() {
        var log = UsageLog()
        log.record(notes: [], tags: ["#swift"], host: "swift.org", at: now)
        log.record(notes: [], tags: ["web"], at: now)
        #expect(log.tagScore("swift", at: now) == 10)
        #expect(log.tagScore("swift", at: now, host: "swift.org") == 20)
        #expect(log.tagScore("web", at: now, host: "swift.org") == 10)
        #expect(UsageLog.ranked(["web", "swift"]) { log.tagScore($0, at: now, host: "Swift.org") } == ["swift", "web"])
        #expect(UsageLog.ranked(["web", "swift"]) { log.tagScore($0, at: now) } == ["web", "swift"])
    }

    @Test("past its limit the log lets go of what scores least, never of what was just used")
    func limit() {
        var log = UsageLog()
        let limit = UsageLog.limit
        // Each older than the one after it, and used as often: the oldest scores least.
        for index in 0..<limit { log.record(notes: ["n\(index).md"], tags: ["t\(index)"], host: "h\(index).org", at: daysAgo(Double(limit - index))) }
        #expect(log.notes.count == limit && log.tags.count == limit && log.hosts.count == limit)
        log.record(notes: ["fresh.md", "n500.md"], tags: ["fresh"], host: "Fresh.org", at: now)
        #expect(log.notes.count == limit && log.tags.count == limit && log.hosts.count == limit)
        // The oldest made way for the one new; the one used again stays, counted twice.
        #expect(log.notes["n0.md"] == nil && log.notes["n1.md"] != nil)
        #expect(log.notes["fresh.md"] != nil && log.notes["n500.md"]?.uses == 2)
        #expect(log.tags["t0"] == nil && log.tags["fresh"] != nil)
        #expect(log.hosts["fresh.org"]?["fresh"] == 1)
        // Used once today, against a thousand used more: kept, and the least used let go.
        var busy = UsageLog()
        for index in 0..<limit { for _ in 0..<(index < 3 ? 5 : 9) { busy.record(notes: ["n\(index).md"], tags: [], at: now) } }
        busy.record(notes: ["once.md"], tags: [], at: now)
        #expect(busy.notes.count == limit && busy.notes["once.md"]?.uses == 1)
        #expect(["n0.md", "n1.md", "n2.md"].filter { busy.notes[$0] == nil }.count == 1)
        #expect((3..<limit).allSatisfy { busy.notes["n\($0).md"] != nil })
    }

    @Test("a journal replayed over a full log counts every use and is cut to the limit once, keeping the last run's uses")
    func replayOverFullLog() throws {
        let limit = UsageLog.limit
        var full = UsageLog()
        for index in 0..<limit { full.record(notes: ["n\(index).md"], tags: ["t\(index)"], host: "h\(index).org", at: daysAgo(Double(limit - index + 10))) }
        // A journal of uses newer than anything in the log: 300 new notes, then one old note again.
        var uses: [UsageLog.Use] = (0..<300).map { (["new\($0).md"], ["new\($0)"], "news.org", daysAgo(5 - Double($0) / 100)) }
        uses.append((["n0.md"], ["t0"], nil, now))
        var replayed = full
        replayed.record(uses: uses)
        #expect(replayed.notes.count == limit && replayed.tags.count == limit && replayed.hosts.count == limit)
        // The newest uses outrank the old notes that made way for them; the last run's oldest note stays.
        #expect((0..<300).allSatisfy { replayed.notes["new\($0).md"] != nil && replayed.tags["new\($0)"] != nil })
        #expect(replayed.notes["n0.md"]?.uses == 2 && replayed.tags["t0"] != nil)
        #expect(replayed.notes["n1.md"] == nil && replayed.notes["n\(limit - 1).md"] != nil)
        #expect(replayed.hosts["news.org"]?.count == 300)

        // Under the limit, a replay counts exactly what recording each use in turn counts.
        var one = UsageLog()
        var batch = UsageLog()
        let few: [UsageLog.Use] = (0..<50).map { (["p\($0 % 7).md"], ["t\($0 % 5)"], "Site.org", daysAgo(Double(50 - $0))) }
        for use in few { one.record(notes: use.notes, tags: use.tags, host: use.host, at: use.at) }
        batch.record(uses: few)
        #expect(one == batch)
    }
}

@Suite("The usage store")
struct UsageStoreTests {
    let now = Date(timeIntervalSince1970: 1_796_040_000)

    @Test("a missing folder is made on the first record, and the file reads back")
    func missingFolder() throws {
        let folder = TemporaryFolder()
        let store = UsageStore(folder: folder.path + "/state/vault/abc")
        #expect(store.load() == UsageLog())
        try store.record(notes: ["pages/A.md"], tags: ["x"], at: now)
        try store.record(notes: ["pages/A.md"], at: now)
        let log = store.load()
        #expect(log.notes["pages/A.md"]?.uses == 2)
        #expect(log.tags["x"]?.uses == 1)
        // Appended to the journal: the file is written when the journal is folded into it.
        #expect(try folder.names(in: "state/vault/abc") == ["usage.log"])
    }

    @Test("uses are appended to a journal, counted with the file, and folded into it once the journal is long")
    func journal() throws {
        let folder = TemporaryFolder()
        let store = UsageStore(folder: folder.path + "/state")
        var expected = UsageLog()
        var folds = 0
        for index in 0..<600 {
            let (notes, tags, host) = (["n\(index % 7).md"], index % 3 == 0 ? ["t\(index % 5)"] : [], index % 4 == 0 ? "Host\(index % 2).org" : nil)
            let at = now.addingTimeInterval(Double(index))
            expected.record(notes: notes, tags: tags, host: host, at: at)
            let before = (try? folder.read("state/usage.json")) ?? []
            try store.record(notes: notes, tags: tags, host: host, at: at)
            let after = (try? folder.read("state/usage.json")) ?? []
            if after != before { folds += 1 }
            #expect(store.load() == expected)
        }
        // The file changes only when the journal passes its limit: a few times, not 600.
        #expect(folds >= 1 && folds <= 12)
        #expect(Int64(try folder.read("state/usage.log").count) <= UsageStore.journalLimit)
    }

    @Test("a journal that cannot be folded keeps every use, and the run that tried says why")
    func foldBlocked() throws {
        let folder = TemporaryFolder()
        let store = UsageStore(folder: folder.path + "/state")
        // A folder where the usage file is written.
        try FileManager.default.createDirectory(atPath: folder.path + "/state/usage.json/kept", withIntermediateDirectories: true)
        var failures = 0
        for index in 0..<400 {
            do {
                try store.record(notes: ["n\(index % 3).md"], at: now.addingTimeInterval(Double(index)))
            } catch VaultError.usageNotFolded(let at, let reason) {
                #expect(at == folder.path + "/state" && reason.contains("usage.json"))
                failures += 1
            }
        }
        #expect(failures > 0)
        #expect(store.load().notes.values.map(\.uses).reduce(0, +) == 400)
        // Once the folder is gone, the next fold takes in every journal set aside.
        try FileManager.default.removeItem(atPath: folder.path + "/state/usage.json")
        try store.fold()
        #expect(try folder.names(in: "state") == ["usage.json", "usage.lock"])
        #expect(store.load().notes.values.map(\.uses).reduce(0, +) == 400)
    }

    @Test("a journal line cut short counts as no use, and a journal a killed fold left aside is counted, then folded once")
    func tornAndLeftAside() throws {
        let folder = TemporaryFolder()
        let store = UsageStore(folder: folder.path + "/state")
        try store.record(notes: ["a.md"], at: now)
        try folder.write("state/usage.log", String(decoding: try folder.read("state/usage.log"), as: UTF8.self) + "{\"at\":1796040000,\"notes\":[\"b.m")
        #expect(store.load().notes.keys.sorted() == ["a.md"])
        // The next use is not lost with the line cut short.
        try store.record(notes: ["d.md"], at: now)
        #expect(store.load().notes.keys.sorted() == ["a.md", "d.md"])
        // As a fold killed after renaming the journal aside leaves it.
        try folder.write("state/usage.log.00000000000000aa", "{\"at\":1796040000,\"notes\":[\"c.md\"],\"tags\":[\"x\"]}\n")
        #expect(store.load().notes.keys.sorted() == ["a.md", "c.md", "d.md"] && store.load().tags["x"]?.uses == 1)
        try store.fold()
        #expect(try folder.names(in: "state") == ["usage.json", "usage.lock"])
        let log = store.load()
        #expect(log.notes.keys.sorted() == ["a.md", "c.md", "d.md"] && log.notes["c.md"]?.uses == 1 && log.tags["x"]?.uses == 1)
        // A fold killed after it wrote the file, before it removed the journal it took in:
        // that journal is not counted again, and the next fold removes it.
        try store.record(notes: ["e.md"], at: now)
        let taken = String(decoding: try folder.read("state/usage.log"), as: UTF8.self)
        try store.fold()
        let json = try JSONValue.parse(try folder.read("state/usage.json"))
        guard case .array(let names)? = json["folded"], case .string(let name)? = names.first else {
            Issue.record("the file names no journal folded into it")
            return
        }
        try folder.write("state/" + name, taken)
        #expect(store.load().notes["e.md"]?.uses == 1)
        try store.record(notes: ["f.md"], at: now)
        try store.fold()
        #expect(store.load().notes["e.md"]?.uses == 1 && store.load().notes["f.md"]?.uses == 1)
        #expect(try folder.names(in: "state") == ["usage.json", "usage.lock"])
    }

    @Test("the file reads back as written, and as Foundation's coders write and read it")
    func fileFormat() throws {
        let folder = TemporaryFolder()
        let store = UsageStore(folder: folder.path + "/state")
        var log = UsageLog()
        log.record(notes: ["pages/A \"quoted\".md", "b/c.md"], tags: ["#x", "y/z"], host: "Swift.org", at: now)
        log.record(notes: ["b/c.md"], tags: [], at: now.addingTimeInterval(0.125))
        try store.save(log)
        #expect(store.load() == log)
        // A file written by an earlier build (Foundation's encoder) reads the same, and the
        // file written now reads with Foundation's decoder, as an earlier build reads it.
        let written = try #require(FileManager.default.contents(atPath: store.file))
        #expect(try JSONDecoder().decode(UsageLog.self, from: written) == log)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        _ = try folder.write("state/usage.json", String(decoding: try encoder.encode(log), as: UTF8.self))
        #expect(store.load() == log)
        #expect(log.notes["b/c.md"]?.uses == 2 && log.hosts["swift.org"]?["z"] == nil && log.hosts["swift.org"]?["y/z"] == 1)
    }

    @Test("a corrupt or truncated file reads as no usage and is replaced whole by the next fold", arguments: [
        "{\"notes\": {", "\u{0}\u{1}garbage", "[]", "{\"version\": 9}", "{\"version\": 1, \"notes\": {\"a.md\": {\"uses\": \"x\", \"last\": 1}}}",
        "{\"version\": 1, \"notes\": {\"a.md\": {\"uses\": 1, \"last\": 1e999}}}", "{\"version\": 1, \"hosts\": []}",
    ])
    func corrupt(text: String) throws {
        let folder = TemporaryFolder()
        _ = try folder.write("state/usage.json", text)
        let store = UsageStore(folder: folder.path + "/state")
        #expect(store.load() == UsageLog())
        try store.record(notes: ["a.md"], at: now)
        #expect(store.load().notes["a.md"]?.uses == 1)
        try store.fold()
        #expect(try folder.names(in: "state") == ["usage.json", "usage.lock"])
        #expect(store.load().notes["a.md"]?.uses == 1)
        #expect(UsageLog(json: try JSONValue.parse(try folder.read("state/usage.json")))?.notes["a.md"]?.uses == 1)
    }

    @Test("a store is kept under XDG_STATE_HOME, else HOME/.local/state, never inside the vault nor without a home")
    func location() throws {
        let folder = TemporaryFolder()
        let root = try folder.copy(fixture: "demo")
        let vault = try Vault(root: root)
        let id = "6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10"
        #expect(UsageStore.find(for: vault, environment: ["XDG_STATE_HOME": folder.path + "/s"])?.folder == folder.path + "/s/vault/" + id)
        #expect(UsageStore.find(for: vault, environment: ["HOME": folder.path])?.folder == folder.path + "/.local/state/vault/" + id)
        #expect(UsageStore.find(for: vault, environment: ["HOME": root]) == nil)
        #expect(UsageStore.find(for: vault, environment: ["XDG_STATE_HOME": root + "/.state"]) == nil)
        #expect(UsageStore.find(for: vault, environment: [:]) == nil)
    }

    @Test("counts at the largest number a file can hold are ranked, used again and folded, never overflowed; a negative one makes the file count as no usage")
    func extremeCounts() throws {
        let folder = TemporaryFolder()
        let store = UsageStore(folder: folder.path + "/state")
        let most = Int.max
        try folder.write(
            "state/usage.json",
            "{\"version\":1,\"notes\":{\"a.md\":{\"uses\":\(most),\"last\":1796040000}},\"tags\":{\"work\":{\"uses\":\(most),\"last\":1}},"
                + "\"hosts\":{\"example.com\":{\"work\":\(most)}}}")
        try store.record(notes: ["a.md"], tags: ["work"], host: "example.com", at: now)
        let log = store.load()
        #expect(log.notes["a.md"]?.uses == most && log.tags["work"]?.uses == most && log.hosts["example.com"]?["work"] == most)
        #expect(log.tagScore("work", at: now, host: "example.com") > 0 && log.noteScore("a.md", at: now) > 0)
        try store.fold()
        #expect(store.load().notes["a.md"]?.uses == most)
        try folder.write("state/usage.json", "{\"version\":1,\"notes\":{\"a.md\":{\"uses\":-3,\"last\":1}}}")
        #expect(store.load().notes.isEmpty)
    }

    @Test("a state folder reached through a symlink into the vault is seen to be inside it before it is made")
    func symlinkIntoVault() throws {
        let folder = TemporaryFolder()
        let root = try folder.copy(fixture: "demo")
        let link = folder.path + "/link"
        #expect(symlink(root, link) == 0)
        let vault = try Vault(root: root)
        #expect(UsageStore.find(for: vault, environment: ["XDG_STATE_HOME": link + "/.state"]) == nil)
        #expect(UsageStore.find(for: vault, environment: ["XDG_STATE_HOME": link + "/.state/deeper/still"]) == nil)
        #expect(CacheLocation.find(for: vault, environment: ["XDG_CACHE_HOME": link + "/.cache"]).location == nil)
        #expect(UsageStore.find(for: vault, environment: ["XDG_STATE_HOME": folder.path + "/state"]) != nil)
        #expect(!FileManager.default.fileExists(atPath: root + "/.state") && !FileManager.default.fileExists(atPath: root + "/.cache"))
    }

    @Test("a cache or state folder whose vault/ is a link into the vault is seen to lead inside it")
    func linkedVaultFolder() throws {
        let folder = TemporaryFolder()
        let root = try folder.copy(fixture: "demo")
        try FileManager.default.createDirectory(atPath: folder.path + "/cache", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/state", withIntermediateDirectories: true)
        #expect(symlink(root + "/assets", folder.path + "/cache/vault") == 0)
        #expect(symlink(root + "/pages", folder.path + "/state/vault") == 0)
        let vault = try Vault(root: root)
        let found = CacheLocation.find(for: vault, environment: ["XDG_CACHE_HOME": folder.path + "/cache"])
        #expect(found.location == nil && found.notices.contains { $0.contains("leads inside the vault") })
        #expect(UsageStore.find(for: vault, environment: ["XDG_STATE_HOME": folder.path + "/state"]) == nil)
    }

    @Test("records made at once by several writers, folds among them, lose a use only as a fold reads and never leave a file that does not read")
    func concurrent() throws {
        let folder = TemporaryFolder()
        let store = UsageStore(folder: folder.path + "/state")
        let now = self.now
        // Enough that the journal is folded several times while the others append.
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<250 {
                try? store.record(notes: ["a.md"], at: now)
                // Every read in between sees a whole file: the old one or the new one.
                if let bytes = FileManager.default.contents(atPath: store.file) {
                    #expect((try? JSONDecoder().decode(UsageLog.self, from: bytes)) != nil)
                }
            }
        }
        // Only a use appended as a fold read the journal may be lost: one a writer, a fold.
        let uses = store.load().notes["a.md"]?.uses ?? 0
        let folds = 1_000 * 70 / Int(UsageStore.journalLimit) + 1
        #expect(uses <= 1_000 && uses >= 1_000 - 3 * folds)
        #expect(try folder.names(in: "state") == ["usage.json", "usage.lock", "usage.log"])
    }
}
