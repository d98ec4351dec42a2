import Foundation

/// `vault-bench stress`: the races of DESIGN.md 7 run for real against a built `vault`, for a
/// set time, printing for each how many saves another program made and how many were lost.
/// Not a test: the figures depend on the machine; the goal is 0 lost in every row.
enum StressCommand: BenchCommand {
    static let name = "stress"
    static let summary = "race vault against editors saving the same notes, and kill renames"
    static let usage = """
        usage: vault-bench stress --vault-bin PATH [--seconds N] [--kills N]

        For each way another program saves a note (in place, atomically, sed -i) and each
        thing vault does to it (append, prepend, toggle a task, rename a note it links to),
        runs both at once for N seconds (default 10) and counts the other program's saves
        that were lost. Then kills `vault rename` at random moments N times (default 120)
        and checks after each that the next command leaves every link resolving.
        Exits 1 when anything was lost or broken.
        """

    static func run(_ arguments: inout BenchArguments) throws {
        guard let binary = try arguments.option("--vault-bin") else { throw BenchError.usage("--vault-bin PATH is required") }
        let seconds = Double(try arguments.integer("--seconds", in: 1...3600) ?? 10)
        let kills = try arguments.integer("--kills", in: 1...100_000) ?? 120
        try arguments.finish()
        guard ProcessRunner.isInstalled(binary) else { throw BenchError("no vault binary at \(binary)") }
        var failed = false
        print("| other program saves | vault | saves | lost | kept as a conflict copy | vault writes | refused (exit 3) | failed |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for editor in OtherEditor.allCases {
            for operation in EditorRace.Operation.allCases {
                let folder = try StressVault.temporaryFolder()
                defer { try? FileManager.default.removeItem(atPath: folder) }
                let result = try EditorRace(editor: editor, operation: operation, vaultBinary: binary, seconds: seconds).run(in: folder)
                print(
                    "| \(editor.rawValue) | \(operation.rawValue) | \(result.saves) | \(result.lost) | \(result.keptAsCopies) "
                        + "| \(result.vaultWrites) | \(result.vaultRefused) | \(result.vaultFailed) |")
                if let loss = result.firstLoss { print("  first loss, the note read: \(loss.debugDescription)") }
                failed = failed || result.lost > 0 || result.vaultFailed > 0
            }
        }
        let folder = try StressVault.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let killed = try KillRace(vaultBinary: binary, kills: kills).run(in: folder)
        print("")
        print("| kill -9 during `vault rename` | kills | landed mid-rename | broken after the next command |")
        print("| --- | ---: | ---: | ---: |")
        print("| 61 notes, 6 link forms | \(killed.kills) | \(killed.interrupted) | \(killed.broken) |")
        if let problem = killed.firstProblem { print("  first problem: \(problem)") }
        if failed || killed.broken > 0 { throw BenchError("saves were lost or links broken") }
    }
}
