import Foundation
import Testing
@testable import VaultBench

@Suite("the benchmark harness")
struct HarnessTests {
    @Test("the median of an even count is the mean of the middle two")
    func median() {
        #expect(Measurement(seconds: [3, 1, 2]).median == 2)
        #expect(Measurement(seconds: [4, 1, 3, 2]).median == 2.5)
        #expect(Measurement(seconds: [4, 1, 3, 2]).min == 1)
        #expect(Measurement().median == nil)
    }

    @Test("times, ratios, memory and counts are written for people")
    func formats() {
        #expect(BenchmarkReport.seconds(0.000_84) == "0.84 ms")
        #expect(BenchmarkReport.seconds(0.012_34) == "12.3 ms")
        #expect(BenchmarkReport.seconds(0.456_4) == "456 ms")
        #expect(BenchmarkReport.seconds(1.234) == "1.23 s")
        #expect(BenchmarkReport.ratio(0.5) == "0.50×")
        #expect(BenchmarkReport.ratio(3.14) == "3.1×")
        #expect(BenchmarkReport.ratio(42.4) == "42×")
        #expect(BenchmarkReport.mebibytes(12_595) == "12.3 MiB")
        #expect(BenchmarkReport.grouped(100_000) == "100,000")
        #expect(BenchmarkReport.fixed(2.05, 2) == "2.05")
    }

    @Test("a process's exit code, signal, time and peak memory come from the kernel")
    func processOutcome() throws {
        let exited = try ProcessRunner.run(["/bin/sh", "-c", "exit 3"])
        #expect(exited.status == 3)
        #expect(exited.seconds > 0 && exited.maxRSSKiB > 0)
        #expect(try ProcessRunner.run(["/bin/sh", "-c", "kill -9 $$"]).status == 137)
        #expect(try ProcessRunner.run(["/bin/sh", "-c", "pwd"], in: "/", capture: true).output == "/\n")
    }

    @Test("a missing peer is reported with the package that installs it")
    func missingPeer() {
        let row = BenchmarkRow.standard(BenchmarkQueries(word: "w", fuzzy: "f"), helloWorld: "hello")
            .first { $0.name.hasPrefix("search f") }!
        #expect(BenchmarkHarness.missingTools(row) { $0 != "rg" } == "missing (apt-get install ripgrep)")
        #expect(BenchmarkHarness.missingTools(row) { _ in false } == "missing (apt-get install fzf ripgrep)")
        #expect(BenchmarkHarness.missingTools(row) { _ in true } == nil)
    }

    @Test("the standard rows time search --regex against rg with smart case, and show PATH against cat")
    func regexAndShowRows() {
        let rows = BenchmarkRow.standard(BenchmarkQueries(word: "w", fuzzy: "f", renameNote: "pages/A b.md"), helloWorld: "hello")
        let regex = rows.filter { $0.name.hasPrefix("search --regex") }
        #expect(regex.map(\.vaultArguments) == [["search", "--regex", "w"], ["search", "--regex", #"\b[A-Z][a-z]+ing\b"#]])
        #expect(regex.map(\.peerCommand.last) == ["rg -n -S 'w'", #"rg -n -S '\b[A-Z][a-z]+ing\b'"#])
        let show = rows.first { $0.name == "show" }
        #expect(show?.vaultArguments == ["show", "pages/A b.md"])
        #expect(show?.peerCommand.last == "cat -- 'pages/A b.md'")
    }

    @Test("the standard rows time capture against the hello-world floor, the runs sharing one copy of the vault")
    func captureRow() {
        let rows = BenchmarkRow.standard(BenchmarkQueries(word: "w", fuzzy: "f"), helloWorld: "hello")
        let capture = rows.first { $0.name == "capture" }
        #expect(capture?.vaultArguments?.first == "capture" && capture?.mutates == true && capture?.sharesCopy == true)
        #expect(capture?.peerCommand == ["hello"] && capture?.peerLabel == rows.last { $0.name == "process floor" }?.peerLabel)
        #expect(rows.filter(\.sharesCopy).map(\.name) == ["capture"])
    }

    @Test("the stat floor row runs vault-bench's own walk, and no vault command")
    func statFloorRow() throws {
        let rows = BenchmarkRow.standard(BenchmarkQueries(word: "w", fuzzy: "f"), helloWorld: "hello", benchBinary: "/opt/vault-bench")
        let floor = try #require(rows.first { $0.name == "stat floor" })
        #expect(floor.vaultArguments == nil && floor.peerCommand == ["/opt/vault-bench", "stat-floor"] && !floor.mutates)
        #expect(rows.last?.name == "I/O floor")
    }

    @Test("the stat floor takes the status of every note under the folder, and of nothing in a hidden folder")
    func statFloorWalk() throws {
        let folder = TemporaryFolder()
        _ = folder.file("vault/a.md", "a")
        _ = folder.file("vault/pages/b.md", "b")
        _ = folder.file("vault/pages/deep/er/c.MD", "c")
        _ = folder.file("vault/pages/d.markdown", "d")
        _ = folder.file("vault/assets/e.png", "e")
        _ = folder.file("vault/.obsidian/f.md", "f")
        _ = folder.file("vault/.hidden.md", "g")
        #expect(try StatFloorCommand.walk(folder.path + "/vault") == 4)
        #expect(throws: BenchError.self) { try StatFloorCommand.walk(folder.path + "/none") }
    }

    @Test("the runs of a row that shares its copy see each other's changes, and the copy is gone after the row")
    func sharedCopy() throws {
        let folder = TemporaryFolder()
        try VaultGenerator(notes: 10, seed: 6).generate(into: folder.path + "/vault")
        let log = folder.path + "/seen"
        // A stand-in whose capture leaves a mark in the vault it is given and logs how many it found there.
        let vault = folder.file("bin/vault", """
            #!/bin/sh
            case "$1" in
              capture)
                [ "$3" = --vault ] || exit 0
                if [ -f "$4/marks" ]; then wc -l < "$4/marks"; else echo 0; fi >> \(Shell.quote(log))
                echo x >> "$4/marks"; exit 0 ;;
              --version) echo "vault 0.0.3"; exit 0 ;;
              *) exit 2 ;;
            esac
            """, executable: true)
        _ = folder.file("cache/hello-floor", "#!/bin/sh\necho hello\n", executable: true)
        let harness = BenchmarkHarness(options: .init(
            vault: folder.path + "/vault", vaultBinary: vault, runs: 2, warmup: 1, cache: folder.path + "/cache",
            queries: BenchmarkQueries(word: "w", fuzzy: "f"), benchBinary: folder.path + "/no/vault-bench", progress: false))
        let report = try harness.run()
        let seen = String(decoding: try #require(FileManager.default.contents(atPath: log)), as: UTF8.self)
        #expect(seen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == ["0", "1", "2"])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/vault/marks"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/vault.bench-copy"))
        let floor = try #require(report.results.first { $0.row.name == "stat floor" })
        #expect(floor.peer == .untimed("missing (vault-bench)"))
    }

    @Test("shell words and sed patterns are quoted")
    func quoting() {
        #expect(Shell.quote("O'Brien notes") == #"'O'\''Brien notes'"#)
        #expect(Shell.sedPattern("a.b/c[1]") == #"a\.b\/c\[1\]"#)
        #expect(Shell.sedReplacement("x & y/z") == #"x \& y\/z"#)
    }

    @Test("the rename peer rewrites the wikilinks of a name with quotes and spaces",
          .enabled(if: ProcessRunner.isInstalled("rg")))
    func renamePeer() throws {
        let folder = TemporaryFolder()
        _ = folder.file("vault/pages/O'Brien & co.md", "# O'Brien & co\n")
        _ = folder.file("vault/journals/2025-01-01.md", "[[O'Brien & co]], [[O'Brien & co|x]], [[O'Brien & co#Plan]] [[O'Brien & coffee]]\n")
        let row = BenchmarkRow.renameRow(note: "pages/O'Brien & co.md", to: "Mr. O'Brien & Co. 2")
        let outcome = try ProcessRunner.run(row.peerCommand, in: folder.path + "/vault", capture: true)
        #expect(outcome.status == 0, "\(outcome.output)")
        let journal = String(decoding: folder.contents(of: "vault")["journals/2025-01-01.md"]!, as: UTF8.self)
        #expect(folder.contents(of: "vault")["pages/Mr. O'Brien & Co. 2.md"] != nil)
        #expect(journal == "[[Mr. O'Brien & Co. 2]], [[Mr. O'Brien & Co. 2|x]], [[Mr. O'Brien & Co. 2#Plan]] [[O'Brien & coffee]]\n")
    }

    @Test("a build without a command shows the row as not available, and never a number")
    func unavailableCommands() throws {
        let folder = TemporaryFolder()
        try VaultGenerator(notes: 20, seed: 4).generate(into: folder.path + "/vault")
        // A vault that knows only `list`, and a hello-world that is already built.
        let vault = fakeVault(in: folder, at: "bin/vault", knowing: ["list"], version: "0.0.1")
        _ = folder.file("cache/hello-floor", "#!/bin/sh\necho hello\n", executable: true)
        let harness = BenchmarkHarness(options: .init(
            vault: folder.path + "/vault", vaultBinary: vault, runs: 2, warmup: 1, cache: folder.path + "/cache",
            queries: BenchmarkQueries(word: "budget", fuzzy: "plan", renameNote: "pages/X.md", renameTitle: "Y"),
            progress: false))
        let report = try harness.run()
        let byName = Dictionary(report.results.map { ($0.row.name + " " + $0.row.peerLabel, $0) }, uniquingKeysWith: { a, _ in a })
        guard case .timed(let list) = byName["list find . -name '*.md'"]?.vault else {
            Issue.record("list was not timed")
            return
        }
        #expect(list.seconds.count == 2)
        for result in report.results where result.row.vaultArguments != nil && result.row.name != "list" {
            #expect(result.vault == .untimed("not available in this build"), "\(result.row.name)")
        }
        #expect(report.results.last?.vault == CellOutcome.none)
        if case .timed(let floor) = report.results.last?.peer { #expect(floor.seconds.count == 2) } else {
            Issue.record("the I/O floor was not timed")
        }
        #expect(report.vaultStats == VaultStats(notes: 20, bytes: report.vaultStats.bytes))
        let markdown = report.markdown()
        #expect(markdown.contains("| `vault search --exact budget` | not available in this build | — |"))
        #expect(markdown.contains("- vault build: vault 0.0.1"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/vault.bench-copy"))
    }

    @Test("an earlier build is timed beside the current one and compared with it")
    func earlierBuild() throws {
        let folder = TemporaryFolder()
        try VaultGenerator(notes: 10, seed: 5).generate(into: folder.path + "/vault")
        let current = fakeVault(in: folder, at: "bin/vault", knowing: ["list", "check"], version: "0.0.2")
        let earlier = fakeVault(in: folder, at: "old/vault", knowing: ["list"], version: "0.0.1")
        _ = folder.file("cache/hello-floor", "#!/bin/sh\necho hello\n", executable: true)
        let harness = BenchmarkHarness(options: .init(
            vault: folder.path + "/vault", vaultBinary: current, beforeBinary: earlier, runs: 2, warmup: 0,
            cache: folder.path + "/cache", queries: BenchmarkQueries(word: "w", fuzzy: "f"), progress: false))
        let report = try harness.run()
        let list = try #require(report.results.first { $0.row.name == "list" })
        guard case .timed(let before) = list.before else {
            Issue.record("the earlier build's list was not timed")
            return
        }
        #expect(before.seconds.count == 2)
        let check = try #require(report.results.first { $0.row.name == "check" })
        if case .timed = check.vault {} else { Issue.record("the current build's check was not timed") }
        #expect(check.before == .untimed("not available in this build"))
        let markdown = report.markdown()
        #expect(markdown.contains("- earlier build: vault 0.0.1, interleaved with it"))
        #expect(markdown.contains("| earlier median | earlier max RSS | vs earlier |"))
        #expect(markdown.contains("| not available in this build | — | — |"))
    }

    /// A stand-in `vault` that succeeds, silently, only for the commands it knows.
    private func fakeVault(in folder: TemporaryFolder, at path: String, knowing commands: [String],
                           version: String) -> String {
        folder.file(path, """
            #!/bin/sh
            case "$1" in
              \(commands.joined(separator: "|"))) exit 0 ;;
              --version) echo "vault \(version)"; exit 0 ;;
              *) echo "vault: error: unknown command '$1'" >&2; exit 2 ;;
            esac
            """, executable: true)
    }
}
