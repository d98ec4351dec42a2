import Foundation

/// `vault-bench run VAULT`: times `vault` against its peers and prints a markdown table.
struct RunCommand: BenchCommand {
    static let name = "run"
    static let summary = "time vault's commands against rg, fzf and sed on a vault"
    static let usage = """
        usage: vault-bench run VAULT [--vault-bin PATH] [--before-bin PATH] [--runs N] [--warmup N] [--cache DIR]
                                     [--word WORD] [--fuzzy QUERY] [--rename NOTE]

        Times each vault command and its peer on VAULT, interleaved, and prints a markdown
        table of min and median wall time, their ratio and vault's peak memory. Commands the
        vault build lacks are shown as not available; peers not installed, as missing.
        Queries come from VAULT.manifest.json when the generator made VAULT.

          --vault-bin PATH  the vault executable (default: next to vault-bench, else PATH)
          --before-bin PATH an earlier vault build, timed interleaved with the first, with
                            its median, peak memory and the ratio to it in extra columns
          --runs N          timed runs of each command (default 5)
          --warmup N        untimed runs first (default 1)
          --cache DIR       where the hello-world floor is built
                            (default $XDG_CACHE_HOME/vault-bench or ~/.cache/vault-bench)
          --word WORD       the word for exact search (default: the manifest's, else 'project')
          --fuzzy QUERY     the fuzzy query (default: the manifest's, else 'projplan')
          --rename NOTE     the note to rename (default: the manifest's most-linked note)
        """

    static func run(_ arguments: inout BenchArguments) throws {
        let binaryOption = try arguments.option("--vault-bin")
        let beforeOption = try arguments.option("--before-bin")
        let runs = try arguments.integer("--runs", in: 1...1_000) ?? 5
        let warmup = try arguments.integer("--warmup", in: 0...100) ?? 1
        let cache = absolute(try arguments.option("--cache") ?? defaultCache())
        let word = try arguments.option("--word")
        let fuzzy = try arguments.option("--fuzzy")
        let rename = try arguments.option("--rename")
        let vault = absolute(try arguments.positional("the vault folder VAULT"))
        try arguments.finish()

        guard (try? BenchFiles.isAbsentOrEmptyFolder(vault)) == false else {
            throw BenchError("\(vault) is not a folder holding a vault")
        }
        let binary: String?
        if let binaryOption {
            guard ProcessRunner.isInstalled(binaryOption) else {
                throw BenchError("no vault executable at \(binaryOption)")
            }
            binary = binaryOption.contains("/") ? absolute(binaryOption) : binaryOption
        } else {
            binary = defaultBinary()
        }
        var before: String?
        if let beforeOption {
            guard ProcessRunner.isInstalled(beforeOption) else {
                throw BenchError("no vault executable at \(beforeOption)")
            }
            before = beforeOption.contains("/") ? absolute(beforeOption) : beforeOption
        }
        let manifest = BenchFiles.read(Manifest.path(forVault: vault)).flatMap {
            try? JSONDecoder().decode(Manifest.self, from: Data($0))
        }
        var queries = BenchmarkQueries(
            word: word ?? manifest?.queries.word ?? "project",
            fuzzy: fuzzy ?? manifest?.queries.fuzzy ?? "projplan",
            renameNote: manifest?.queries.renameNote,
            renameTitle: manifest?.queries.renameTitle)
        if let rename {
            let stem = rename.split(separator: "/").last.map(String.init) ?? rename
            queries.renameNote = rename
            queries.renameTitle = (stem.hasSuffix(".md") ? String(stem.dropLast(3)) : stem) + " renamed"
        }
        let harness = BenchmarkHarness(options: .init(
            vault: vault, vaultBinary: binary, beforeBinary: before, runs: runs, warmup: warmup, cache: cache,
            queries: queries, benchBinary: try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), progress: true))
        print(try harness.run().markdown(), terminator: "")
    }

    /// `path` from the root: commands run inside the vault folder, so relative paths would
    /// point elsewhere there.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// `vault` beside this executable (both come from one build), else the one in PATH.
    static func defaultBinary() -> String? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let sibling = executable.deletingLastPathComponent().appendingPathComponent("vault").path
        if ProcessRunner.isInstalled(sibling) { return sibling }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where ProcessRunner.isInstalled(folder + "/vault") {
            return folder + "/vault"
        }
        return nil
    }

    /// `$XDG_CACHE_HOME/vault-bench`, else `~/.cache/vault-bench`: outside any repository.
    static func defaultCache() -> String {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], !cache.isEmpty { return cache + "/vault-bench" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.cache/vault-bench"
    }
}
