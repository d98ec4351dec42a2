/// One line of the benchmark table: a `vault` command and the peer a user would reach for
/// instead, timed on the same vault in the same run.
struct BenchmarkRow: Sendable {
    /// What the row shows in its first column: the `vault` command, or the floor's name.
    let name: String
    /// Words shown after the command, e.g. which note a rename renames.
    var remark: String?
    /// The `vault` arguments (without `--vault`), or nil for a floor row that times only
    /// the peer.
    let vaultArguments: [String]?
    /// What `vault <command> --help` must succeed with, and mention, for the row to run.
    let probeCommand: [String]
    let probeMentions: [String]
    /// The peer as shown in the table.
    let peerLabel: String
    /// The peer as run: a program and its arguments, or `/bin/sh -c` and a pipeline.
    let peerCommand: [String]
    /// Programs the peer needs in `PATH`, with the Debian package that brings each.
    let peerTools: [String: String]
    /// Whether the row changes the vault: such rows run each time on a fresh copy.
    let mutates: Bool
    /// Whether the runs of a row that changes the vault share one copy, made before the
    /// first: each run's change is new in it (a capture's note is numbered), and a copy
    /// made just before a run times the disk writing the copy back more than the command.
    var sharesCopy = false
    /// `vault` arguments run, untimed, before each timed run of the `vault` side: emptying
    /// the cache for a cold row, filling it for a row on a fresh copy.
    var prepare: [String]?
    /// Whether a fresh copy waits out the cache's racy window before `prepare` (a note
    /// changed within two seconds of being read is read again the next time).
    var settles = false

    /// A row whose peer is a shell pipeline, run in the vault folder.
    static func shell(_ name: String, vault: [String]?, probe: [String] = [], mentions: [String] = [],
                      peer: String, label: String? = nil, tools: [String: String], mutates: Bool = false) -> BenchmarkRow {
        BenchmarkRow(
            name: name, vaultArguments: vault, probeCommand: probe.isEmpty ? Array((vault ?? []).prefix(1)) : probe,
            probeMentions: mentions, peerLabel: label ?? peer, peerCommand: ["/bin/sh", "-c", peer],
            peerTools: tools, mutates: mutates)
    }

    /// The rows of DESIGN.md section 10: each `vault` command against its peer, then the
    /// floors (the cost of starting a process, the cost of reading every note).
    ///
    /// - Parameter benchBinary: the `vault-bench` executable, whose `stat-floor` is the
    ///   stat floor's peer.
    static func standard(_ queries: BenchmarkQueries, helloWorld: String, benchBinary: String = "vault-bench") -> [BenchmarkRow] {
        let rg = ["rg": "ripgrep"]
        let rgFzf = ["rg": "ripgrep", "fzf": "fzf"]
        let word = Shell.quote(queries.word)
        let fuzzy = Shell.quote(queries.fuzzy)
        // Each timed warm, then on an empty cache: a first run.
        let list = BenchmarkRow.shell("list", vault: ["list"], peer: "rg --files -g '*.md'", tools: rg)
        let tags = BenchmarkRow.shell(
            "tags", vault: ["tags"], peer: "rg -o --no-filename '#[A-Za-z][A-Za-z0-9_/-]*' | sort | uniq -c", tools: rg)
        let check = BenchmarkRow.shell("check", vault: ["check"], peer: "rg -c -F '[['", tools: rg)
        let tasks = BenchmarkRow.shell(
            "tasks --status all --json", vault: ["tasks", "--status", "all", "--json"],
            mentions: ["--status"], peer: #"rg -n '^\s*([-*+]|\d+[.)])\s+\[.\]'"#, tools: rg)
        var rows: [BenchmarkRow] = [
            list,
            .cold(list),
            .shell("list --no-cache", vault: ["list", "--no-cache"], mentions: ["--no-cache"], peer: "rg --files -g '*.md'", tools: rg),
            .shell("list", vault: ["list"], peer: "find . -name '*.md'", tools: [:]),
            .shell("list --json", vault: ["list", "--json"], mentions: ["--json"], peer: "rg --files -g '*.md'", tools: rg),
            tags,
            .cold(tags),
            check,
            .cold(check),
            .shell("check --no-cache", vault: ["check", "--no-cache"], mentions: ["--no-cache"], peer: "rg -c -F '[['", tools: rg),
            // The peer the cache's goals name: lines printed with their numbers, as vault prints them.
            .shell("search --exact \(queries.word)", vault: ["search", "--exact", queries.word],
                   mentions: ["--exact"], peer: "rg -n \(word)", tools: rg),
            // rg with smart case, as vault matches: `-S`.
            .shell("search --regex \(queries.word)", vault: ["search", "--regex", queries.word],
                   mentions: ["--regex"], peer: "rg -n -S \(word)", tools: rg),
            .shell("search --regex \(classRegex)", vault: ["search", "--regex", classRegex],
                   mentions: ["--regex"], peer: "rg -n -S \(Shell.quote(classRegex))", tools: rg),
            .shell("search \(queries.fuzzy)", vault: ["search", queries.fuzzy],
                   peer: "rg --no-filename -n . | fzf --filter \(fuzzy)", tools: rgFzf),
            .shell("find \(queries.fuzzy)", vault: ["find", queries.fuzzy],
                   peer: "find . -name '*.md' | fzf --filter \(fuzzy)", tools: ["fzf": "fzf"]),
            tasks,
            .cold(tasks),
            .shell("tasks --status all --json --no-cache", vault: ["tasks", "--status", "all", "--json", "--no-cache"],
                   mentions: ["--no-cache"], peer: #"rg -n '^\s*([-*+]|\d+[.)])\s+\[.\]'"#, tools: rg),
        ]
        if let note = queries.renameNote {
            let stem = String((note.split(separator: "/").last ?? "")[...].dropLast(note.hasSuffix(".md") ? 3 : 0))
            var backlinks = BenchmarkRow.shell(
                "backlinks", vault: ["backlinks", note], peer: "rg -n -F " + Shell.quote("[[" + stem), tools: rg)
            backlinks.remark = "(the most-linked note)"
            rows.append(backlinks)
            var show = BenchmarkRow.shell("show", vault: ["show", note], peer: "cat -- \(Shell.quote(note))", label: "cat PATH", tools: [:])
            show.remark = "PATH (one note by its path)"
            rows.append(show)
            rows.append(renameRow(note: note, to: queries.renameTitle ?? "Renamed note"))
            var warm = renameRow(note: note, to: queries.renameTitle ?? "Renamed note")
            warm.remark = "(the most-linked note, cache filled)"
            warm.prepare = ["cache", "rebuild"]
            warm.settles = true
            rows.append(warm)
        }
        // A capture's goal is a multiple of a process that does nothing; the runs capture
        // into one copy, each a new note (numbered after the first).
        var capture = BenchmarkRow(
            name: "capture", vaultArguments: ["capture", "A thought captured by the benchmark"], probeCommand: ["capture"],
            probeMentions: [], peerLabel: helloLabel, peerCommand: [helloWorld], peerTools: [:], mutates: true)
        capture.sharesCopy = true
        rows.append(capture)
        rows.append(BenchmarkRow(
            name: "process floor", vaultArguments: nil, probeCommand: [], probeMentions: [],
            peerLabel: helloLabel, peerCommand: [helloWorld], peerTools: [:], mutates: false))
        // What every command on a checked cache pays before it reads a record.
        rows.append(BenchmarkRow(
            name: "stat floor", vaultArguments: nil, probeCommand: [], probeMentions: [],
            peerLabel: statFloorLabel, peerCommand: [benchBinary, StatFloorCommand.name], peerTools: [:], mutates: false))
        rows.append(.shell("I/O floor", vault: nil, peer: "find . -name '*.md' -print0 | xargs -0 cat > /dev/null",
                           label: "cat of all notes", tools: [:]))
        return rows
    }

    /// The peer of the rows timed against a process that does nothing.
    static let helloLabel = "Swift hello-world (-O)"
    /// The peer of the stat floor: `vault-bench stat-floor`.
    static let statFloorLabel = "every folder listed, every note's status taken (all cores)"

    /// `row` timed on an empty cache: the first run on a vault.
    static func cold(_ row: BenchmarkRow) -> BenchmarkRow {
        var cold = row
        cold.remark = "(empty cache)"
        cold.prepare = ["cache", "clear"]
        return cold
    }
    /// A regular expression with classes and word boundaries, which no literal search can
    /// answer for the engine.
    static let classRegex = #"\b[A-Z][a-z]+ing\b"#

    /// Renaming the most-linked note: `vault rename` against moving the file and rewriting
    /// `[[Name` with sed in every file rg lists (the naive way, blind to other link forms).
    static func renameRow(note path: String, to newTitle: String) -> BenchmarkRow {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let stem = fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) + "/" : ""
        let sedScript = "s/\\[\\[" + Shell.sedPattern(stem) + "\\([]|#\\.]\\)/[[" + Shell.sedReplacement(newTitle) + "\\1/g"
        let peer = "mv -- " + Shell.quote(path) + " " + Shell.quote(folder + newTitle + ".md")
            + " && rg -l0 -F " + Shell.quote("[[" + stem) + " -g '*.md' | xargs -0 -r sed -i " + Shell.quote(sedScript)
        var row = BenchmarkRow.shell("rename", vault: ["rename", path, newTitle], peer: peer,
                                     label: "mv + rg -l | xargs sed -i", tools: ["rg": "ripgrep"], mutates: true)
        row.remark = "(the most-linked note)"
        return row
    }
}
