import Foundation
import Glibc
import TestSupport
import Testing
@testable import VaultCLI
@testable import VaultKit
import VaultSystem

/// Hundreds of random changes, made on disk behind vault's back and through vault itself;
/// after each, read commands with the cache print byte for byte what `--no-cache` prints.
@Suite("The cache against no cache")
struct CacheDifferentialTests {
    final class World {
        let sandbox: Sandbox
        var random: SeededGenerator
        var hits = 0
        var environment: [String: String]
        var log: [String] = []

        init(seed: UInt64, fixture: String) throws {
            sandbox = try Sandbox(fixture: fixture)
            random = SeededGenerator(seed: seed)
            environment = [
                "VAULT_NOW": "2026-11-30T12:00:00Z", "VAULT_TODAY": "2026-11-30", "HOME": sandbox.root,
                "XDG_CACHE_HOME": sandbox.root + "/cache",
                // Beyond the kernel's timestamp tick, so notes this test just wrote are read again.
                "VAULT_TEST_CACHE_RACY_NS": "30000000",
            ]
            // Odd seeds have the cache filled ahead of a pass as a large vault's is, even
            // sets left to the pass (see `CacheFill`): both paths meet every change.
            if seed % 2 == 1 { environment["VAULT_TEST_CACHE_FILL_FLOOR"] = "2" }
        }

        var root: String { sandbox.vault }

        func notes() -> [String] {
            let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
            return all.filter { $0.hasSuffix(".md") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted()
        }

        func folders() -> [String] {
            let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
            return all.filter { path in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) && isFolder.boolValue
                    && !path.split(separator: "/").contains { $0.hasPrefix(".") }
            }.sorted()
        }

        func pick<T>(_ values: [T]) -> T? { values.isEmpty ? nil : values[Int.random(in: 0..<values.count, using: &random)] }

        func stem(_ path: String) -> String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }

        /// A note's text: links to other notes in every form, tags, tasks, code.
        func text() -> String {
            let names = notes().map(stem)
            var lines: [String] = []
            if Bool.random(using: &random) { lines.append("---\ntags: [t\(Int.random(in: 0..<4, using: &random))]\naliases: [A\(Int.random(in: 0..<50, using: &random))]\n---") }
            lines.append("# Note \(Int.random(in: 0..<1000, using: &random))")
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let name = pick(names) ?? "Nothing"
                switch Int.random(in: 0..<9, using: &random) {
                case 0: lines.append("See [[\(name)]] here.")
                case 1: lines.append("A [markdown](\(name.replacingOccurrences(of: " ", with: "%20")).md) link #tag\(Int.random(in: 0..<5, using: &random))")
                case 2: lines.append("- [ ] task \(Int.random(in: 0..<99, using: &random)) 📅 2026-12-0\(Int.random(in: 1...9, using: &random))")
                case 3: lines.append("- [x] finished [[\(name)]]")
                case 4: lines.append("```\n[[In Code]]\n- [ ] not a task\n```")
                case 5: lines.append("[ref\(Int.random(in: 0..<3, using: &random))]: \(name.replacingOccurrences(of: " ", with: "%20")).md")
                case 6: lines.append("  - [/] nested in progress [[\(name)#Heading]]")
                case 7: lines.append("## Heading \(Int.random(in: 0..<9, using: &random))")
                default: lines.append("Plain words lentil kyoto \(Int.random(in: 0..<99, using: &random)).")
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }

        func write(_ relative: String, _ text: String) {
            let path = root + "/" + relative
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        }

        func vault(_ tokens: [String]) -> CLI.Outcome {
            CLI.run(tokens, environment: environment, workingDirectory: root)
        }

        /// One random change; what it was, for the log.
        func change() -> String {
            let notes = notes()
            switch Int.random(in: 0..<12, using: &random) {
            case 0:
                let path = (pick(folders()) ?? "pages") + "/N\(Int.random(in: 0..<10_000, using: &random)).md"
                write(path, text())
                return "create \(path)"
            case 1, 2:
                guard let path = pick(notes) else { return "nothing" }
                // Same size, time restored: only the status-change time tells.
                let full = root + "/" + path
                guard var bytes = FileManager.default.contents(atPath: full).map(Array.init), !bytes.isEmpty else { return "nothing" }
                var info = stat()
                stat(full, &info)
                let index = Int.random(in: 0..<bytes.count, using: &random)
                if bytes[index] >= 0x61 && bytes[index] <= 0x79 { bytes[index] += 1 }
                let fd = open(full, O_WRONLY | O_TRUNC)
                _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                close(fd)
                var times = [info.st_atim, info.st_mtim]
                utimensat(AT_FDCWD, full, &times, 0)
                return "edit in place \(path)"
            case 3:
                guard let path = pick(notes) else { return "nothing" }
                write(path, text())
                return "rewrite \(path)"
            case 4:
                guard let path = pick(notes) else { return "nothing" }
                unlink(root + "/" + path)
                return "delete \(path)"
            case 5:
                guard let path = pick(notes), let folder = pick(folders()) else { return "nothing" }
                let destination = folder + "/M\(Int.random(in: 0..<10_000, using: &random)).md"
                rename(root + "/" + path, root + "/" + destination)
                return "mv \(path) \(destination)"
            case 6:
                guard let folder = pick(folders()), !["journals", "pages", "inbox", "quick", "archive", "trash"].contains(folder) else {
                    return "nothing"
                }
                let destination = "pages/F\(Int.random(in: 0..<1000, using: &random))"
                rename(root + "/" + folder, root + "/" + destination)
                return "mv folder \(folder) \(destination)"
            case 7:
                guard let path = pick(notes) else { return "nothing" }
                let outcome = vault(["rename", path, "R\(Int.random(in: 0..<10_000, using: &random))", "--skip-unavailable"])
                return "vault rename \(path): \(outcome.status)"
            case 8:
                guard let path = pick(notes), let folder = pick(folders()) else { return "nothing" }
                let outcome = vault(["move", path, folder, "--skip-unavailable"])
                return "vault move \(path) \(folder): \(outcome.status)"
            case 9:
                _ = vault(["capture", "a thought about [[\(pick(notes).map(stem) ?? "x")]] #captured"])
                return "vault capture"
            case 10:
                guard let path = pick(notes) else { return "nothing" }
                let outcome = vault(["append", path, "- [ ] appended task"])
                return "vault append \(path): \(outcome.status)"
            default:
                let tasks = vault(["tasks", "--json", "--no-cache"])
                let references = String(decoding: tasks.output, as: UTF8.self).components(separatedBy: "\"reference\" : \"").dropFirst()
                    .compactMap { $0.split(separator: "\"").first.map(String.init) }
                guard let reference = pick(references) else { return "nothing" }
                let outcome = vault(["task", "done", reference])
                return "vault task done \(reference): \(outcome.status)"
            }
        }

        /// The read commands: a few at random, always the listing, tasks and check.
        func readCommands() -> [[String]] {
            let notes = notes()
            var commands: [[String]] = [["list"], ["tasks", "--status", "all", "--json"], ["check"]]
            let word = pick(["lentil", "kyoto", "task", "Note", "plan"])!
            var optional: [[String]] = [
                ["list", "--json"], ["tags"], ["info"], ["find", word], ["search", "--exact", word], ["tasks"], ["graph"],
                ["graph", "--format", "dot"],
            ]
            if let note = pick(notes) {
                optional += [["backlinks", note], ["links", note], ["show", note], ["info", note]]
            }
            for _ in 0..<3 { if let command = pick(optional) { commands.append(command) } }
            return commands
        }
    }

    @Test(
        "after every random change, each read command with the cache prints what it prints without",
        arguments: [(UInt64(16), "demo"), (61, "demo"), (7, "logseq")])
    func differential(seed: UInt64, fixture: String) throws {
        let world = try World(seed: seed, fixture: fixture)
        var compared = 0
        for step in 0..<120 {
            world.log.append(world.change())
            // Every third change is let age past the window within which a folder's listing
            // is not kept, so that the next commands take the changed folder from the memo.
            if step % 3 == 0 { usleep(UInt32(FactsCache.folderRacyFloor / 1_000) + 20_000) }
            for command in world.readCommands() {
                let cached = world.vault(command)
                let fresh = world.vault(command + ["--no-cache"])
                compared += 1
                let same = cached.status == fresh.status && cached.output == fresh.output && cached.errors == fresh.errors
                #expect(
                    same,
                    """
                    seed \(seed), step \(step), vault \(command.joined(separator: " ")) after \(world.log.suffix(3))
                    cached: \(cached.status) \(String(decoding: cached.output.prefix(2000), as: UTF8.self)) \(String(decoding: cached.errors, as: UTF8.self))
                    fresh: \(fresh.status) \(String(decoding: fresh.output.prefix(2000), as: UTF8.self)) \(String(decoding: fresh.errors, as: UTF8.self))
                    """)
                if !same { return }
                if let last = try? String(contentsOfFile: world.sandbox.root + "/cache/vault/" + cacheName(world) + "/last-run", encoding: .utf8),
                    let hits = Int(last.split(separator: " ").first ?? "")
                {
                    world.hits += hits
                }
            }
        }
        #expect(compared > 400)
        // The folders' listings were kept too.
        #expect(FileManager.default.fileExists(atPath: world.sandbox.root + "/cache/vault/" + cacheName(world) + "/folders"))
        // The cache was used, not bypassed: most notes came from it.
        #expect(world.hits > compared * 10, "\(world.hits) hits over \(compared) commands")
    }

    /// Every file of a folder and its bytes, the cache folder left out.
    static func files(_ root: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.enumerator(atPath: root)?.compactMap({ $0 as? String }) ?? [] {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue,
                !path.hasPrefix(".zennotes/")
            {
                files[path] = FileManager.default.contents(atPath: root + "/" + path)
            }
        }
        return files
    }

    @Test(
        "a rename or move planned from the cache, which reads only the notes it changes, writes what one without the cache writes",
        arguments: ["demo", "logseq"])
    func renames(fixture: String) throws {
        let cached = try World(seed: 3, fixture: fixture)
        let plain = try World(seed: 3, fixture: fixture)
        // Old enough that the cache trusts every record.
        usleep(40_000)
        #expect(cached.vault(["check"]).status != 2)
        var renamed = 0
        for (index, note) in cached.notes().enumerated() {
            let folder = cached.folders().first { !note.hasPrefix($0 + "/") } ?? "pages"
            let command = (index % 2 == 0 ? ["rename", note, "Renamed \(index)"] : ["move", note, folder]) + ["--skip-unavailable"]
            let withCache = cached.vault(command)
            let without = plain.vault(command + ["--no-cache"])
            #expect(withCache.status == without.status && withCache.output == without.output, "\(command)")
            #expect(Self.files(cached.root) == Self.files(plain.root), "after \(command)")
            if withCache.status == 0 { renamed += 1 }
            if Self.files(cached.root) != Self.files(plain.root) { return }
            // The notes just rewritten age past the window, and the cache learns them.
            usleep(40_000)
            _ = cached.vault(["list"])
            usleep(40_000)
        }
        #expect(renamed > 3)
    }

    @Test("two processes filling the cache at once, and processes killed while they write it, leave right answers")
    func concurrentAndKilled() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let trusting = ["VAULT_TEST_CACHE_RACY_NS": "0"]
        let list = try sandbox.vault("list", "--no-cache")
        let tasks = try sandbox.vault("tasks", "--status", "all", "--no-cache")
        for _ in 0..<3 {
            let runs = try [["list"], ["tasks", "--status", "all"], ["list"], ["tasks", "--status", "all"]].map {
                try sandbox.start($0, environment: trusting)
            }.map { $0.finish() }
            #expect(runs[0].output == list.output && runs[2].output == list.output)
            #expect(runs[1].output == tasks.output && runs[3].output == tasks.output)
            #expect(runs.allSatisfy { !$0.errors.contains("damaged") && $0.status == list.status })
        }
        // Killed at every moment of a rebuild, over and over: the next run is always right.
        for delay in [0, 2_000, 5_000, 10_000, 20_000, 40_000, 80_000] as [UInt32] {
            let rebuild = try sandbox.start(["cache", "rebuild"], environment: trusting)
            usleep(delay)
            rebuild.process.kill()
            _ = rebuild.finish()
            let after = try sandbox.vault("list", environment: trusting)
            #expect(after.output == list.output && !after.errors.contains("damaged"), "killed after \(delay) µs")
            #expect(try sandbox.vault("tasks", "--status", "all", environment: trusting).output == tasks.output)
        }
        let status = try sandbox.vault("cache", "status")
        #expect(status.stdout.contains("notes: 39\n"))
    }

    private func cacheName(_ world: World) -> String {
        (try? FileManager.default.contentsOfDirectory(atPath: world.sandbox.root + "/cache/vault").first) ?? ""
    }
}
