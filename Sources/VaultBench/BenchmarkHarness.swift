import Foundation

/// Times each `vault` command of a build against its peer on one vault: interleaved (vault,
/// peer, vault, peer...) so that both see the same machine, after warm-up runs.
struct BenchmarkHarness {
    /// What to benchmark and how often.
    struct Options: Sendable {
        var vault: String
        /// The `vault` executable; nil when none was found (only the floors run then).
        var vaultBinary: String?
        /// An earlier build of `vault`, timed interleaved with the first, to show what a
        /// change cost or saved in the same run.
        var beforeBinary: String?
        var runs: Int
        var warmup: Int
        /// Where the hello-world floor is built once.
        var cache: String
        var queries: BenchmarkQueries
        /// The `vault-bench` executable, run for the stat floor; the one in `PATH` when nil.
        var benchBinary: String?
        /// Whether to tell stderr which row is running.
        var progress: Bool

        init(vault: String, vaultBinary: String?, beforeBinary: String? = nil, runs: Int, warmup: Int,
             cache: String, queries: BenchmarkQueries, benchBinary: String? = nil, progress: Bool) {
            self.vault = vault
            self.vaultBinary = vaultBinary
            self.beforeBinary = beforeBinary
            self.runs = runs
            self.warmup = warmup
            self.cache = cache
            self.queries = queries
            self.benchBinary = benchBinary
            self.progress = progress
        }
    }

    let options: Options

    init(options: Options) {
        self.options = options
    }

    /// Runs every row and returns the report.
    func run() throws -> BenchmarkReport {
        let vault = Self.trimmed(options.vault)
        guard BenchFiles.exists(vault) else { throw BenchError("no vault at \(vault)") }
        let copy = vault + ".bench-copy"
        try removeCopy(copy)
        // vault's cache of this vault (and of its copies) beside it, never the person's own.
        ChildEnvironment.set("XDG_CACHE_HOME", vault + ".bench-cache")
        let hello = HelloFloor.prepare(cache: options.cache)
        let rows = BenchmarkRow.standard(
            options.queries, helloWorld: (try? hello.get()) ?? "hello-floor", benchBinary: options.benchBinary ?? "vault-bench")
        var probes = [String: Bool]()
        var results = [RowResult]()
        for (number, row) in rows.enumerated() {
            if options.progress {
                FileHandle.standardError.write(Data("vault-bench: [\(number + 1)/\(rows.count)] \(row.name) vs \(row.peerLabel)\n".utf8))
            }
            var vaultSide = try vaultState(row, binary: options.vaultBinary, &probes)
            var beforeSide = options.beforeBinary == nil ? .none : try vaultState(row, binary: options.beforeBinary, &probes)
            var peerSide = peerState(row, hello: hello)
            for iteration in 0..<(options.warmup + options.runs) {
                let recorded = iteration >= options.warmup
                for (binary, side) in [(options.vaultBinary, \Sides.vault), (options.beforeBinary, \Sides.before)] {
                    var sides = Sides(vault: vaultSide, before: beforeSide)
                    if case .timed(var measurement) = sides[keyPath: side], let binary {
                        sides[keyPath: side] = try time(
                            row, copy: copy, recorded: recorded, &measurement,
                            prepare: row.prepare.map { prepare in { folder in [binary] + prepare + ["--vault", folder] } }
                        ) { folder in
                            [binary] + (row.vaultArguments ?? []) + ["--vault", folder]
                        }
                    }
                    (vaultSide, beforeSide) = (sides.vault, sides.before)
                }
                if case .timed(var measurement) = peerSide {
                    peerSide = try time(row, copy: copy, recorded: recorded, &measurement) { _ in row.peerCommand }
                }
            }
            if row.sharesCopy { try removeCopy(copy) }
            results.append(RowResult(row: row, vault: vaultSide, peer: peerSide, before: beforeSide))
        }
        return BenchmarkReport(
            machine: MachineInfo.current(),
            vaultName: (vault as NSString).lastPathComponent,
            vaultStats: VaultStats.scan(vault),
            vaultVersion: options.vaultBinary.flatMap { Self.firstLine(of: [$0, "--version"]) },
            beforeVersion: options.beforeBinary.flatMap { Self.firstLine(of: [$0, "--version"]) },
            peerVersions: [["rg", "--version"], ["fzf", "--version"]].compactMap { Self.firstLine(of: $0) },
            runs: options.runs,
            warmup: options.warmup,
            results: results)
    }

    /// The two builds' sides of a row, named so one loop times both in turn.
    private struct Sides {
        var vault: CellOutcome
        var before: CellOutcome
    }

    /// Whether the row's `vault` side can run: a build without the command says so.
    private func vaultState(_ row: BenchmarkRow, binary: String?, _ probes: inout [String: Bool]) throws -> CellOutcome {
        guard row.vaultArguments != nil else { return .none }
        guard let binary else { return .untimed("vault binary not found") }
        let key = ([binary] + row.probeCommand + ["\u{0}"] + row.probeMentions).joined(separator: " ")
        if probes[key] == nil {
            let outcome = try? ProcessRunner.run([binary] + row.probeCommand + ["--help"], capture: true)
            probes[key] = outcome.map { $0.status == 0 && row.probeMentions.allSatisfy($0.output.contains) } ?? false
        }
        return probes[key]! ? .timed(Measurement()) : .untimed("not available in this build")
    }

    /// Whether the row's peer can run: every program it needs is installed.
    private func peerState(_ row: BenchmarkRow, hello: Result<String, BenchError>) -> CellOutcome {
        if row.peerLabel == BenchmarkRow.helloLabel, case .failure(let error) = hello { return .untimed(error.message) }
        if row.peerLabel == BenchmarkRow.statFloorLabel, !ProcessRunner.isInstalled(row.peerCommand[0]) {
            return .untimed("missing (vault-bench)")
        }
        if let missing = Self.missingTools(row, isInstalled: ProcessRunner.isInstalled) { return .untimed(missing) }
        return .timed(Measurement())
    }

    /// `missing (apt-get install <packages>)` when a program the peer needs is not installed.
    static func missingTools(_ row: BenchmarkRow, isInstalled: (String) -> Bool) -> String? {
        let packages = row.peerTools.filter { !isInstalled($0.key) }.map(\.value).sorted()
        return packages.isEmpty ? nil : "missing (apt-get install " + packages.joined(separator: " ") + ")"
    }

    /// Runs one side once (on a fresh copy when the row mutates, or the row's one copy when
    /// its runs share it; the copy is not timed)
    /// and records it; a command that fails ends that side's timing.
    private func time(_ row: BenchmarkRow, copy: String, recorded: Bool, _ measurement: inout Measurement,
                      prepare: ((String) -> [String])? = nil, command: (String) -> [String]) throws -> CellOutcome {
        let vault = Self.trimmed(options.vault)
        let folder = row.mutates ? copy : vault
        if row.mutates && !(row.sharesCopy && BenchFiles.exists(copy)) {
            let copied = try ProcessRunner.run(["cp", "-a", "--", vault, copy], capture: true)
            guard copied.status == 0 else { throw BenchError("cannot copy \(vault): \(copied.output)") }
            // Flush the copy now, or its write-back lands in the timed run.
            _ = try ProcessRunner.run(["sync"])
            if row.settles && prepare != nil { usleep(2_100_000) }
        }
        if let prepare {
            // A build without the cache fails its `cache` command: the timed run is then as it was.
            _ = try ProcessRunner.run(prepare(folder), in: folder, capture: true)
        }
        defer { if row.mutates && !row.sharesCopy { try? removeCopy(copy) } }
        let outcome = try ProcessRunner.run(command(folder), in: folder)
        // Exit 1 is "nothing found" for vault, rg and fzf alike: still a valid run.
        guard outcome.status <= 1 else { return .untimed("failed (exit \(outcome.status))") }
        if recorded {
            measurement.seconds.append(outcome.seconds)
            measurement.maxRSSKiB.append(outcome.maxRSSKiB)
        }
        return .timed(measurement)
    }

    private func removeCopy(_ copy: String) throws {
        guard BenchFiles.exists(copy) else { return }
        let removed = try ProcessRunner.run(["rm", "-rf", "--", copy], capture: true)
        guard removed.status == 0 else { throw BenchError("cannot remove \(copy): \(removed.output)") }
    }

    /// The first line a program prints, for version strings.
    private static func firstLine(of command: [String]) -> String? {
        guard ProcessRunner.isInstalled(command[0]),
              let outcome = try? ProcessRunner.run(command, capture: true), outcome.status == 0 else { return nil }
        guard let line = outcome.output.split(separator: "\n").first.map(String.init) else { return nil }
        // fzf prints only its number: name the program, as rg and vault do themselves.
        return line.first?.isNumber == true ? command[0] + " " + line : line
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
