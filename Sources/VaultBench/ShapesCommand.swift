import Foundation

/// `vault-bench shapes`: time and peak memory of `vault`'s commands on one note of each hard
/// shape, at a few sizes (issue 13: a 20 MB note of any shape in seconds, memory a small
/// multiple of its size).
struct ShapesCommand: BenchCommand {
    static let name = "shapes"
    static let summary = "time vault on one note of each hard shape (long lines, deep nesting, …)"
    static let usage = """
        usage: vault-bench shapes [--sizes 1,5,20] [--shapes NAME,…] [--vault-bin PATH]
                                  [--work DIR] [--timeout SECONDS] [--list]

        Writes a vault per shape and size holding pages/Target.md and pages/Shape.md, a note
        of that shape and size, runs each command once on it and prints a markdown table per
        size: wall time and peak resident memory of each command, and its exit code when it
        is neither 0 nor 1. A command still running after the timeout is killed (shown as
        "killed"). The vaults are removed afterwards unless --work names the folder.

          --sizes MB       sizes of the note in MiB (default 1,5,20)
          --shapes NAMES   only these shapes (default: all; --list names them)
          --vault-bin PATH the vault executable (default: next to vault-bench, else PATH)
          --work DIR       where the vaults are written (default: a temporary folder)
          --timeout S      seconds before a command is killed (default 120)
        """

    /// What is run on each note, with the label its column gets.
    static let commands: [(label: String, arguments: [String])] = [
        ("check", ["check"]),
        ("backlinks", ["backlinks", "Target"]),
        ("show --json", ["show", "pages/Shape.md", "--json"]),
        ("tags", ["tags"]),
        ("tasks --tree", ["tasks", "--tree"]),
        ("rename --dry-run", ["rename", "Target", "Renamed", "--dry-run"]),
        ("search", ["search", "--exact", "Target"]),
    ]

    static func run(_ arguments: inout BenchArguments) throws {
        if arguments.flag("--list") {
            try arguments.finish()
            for shape in NoteShape.all { print(shape.name.padding(toLength: 18, withPad: " ", startingAt: 0) + shape.summary) }
            return
        }
        let sizes = try (arguments.option("--sizes") ?? "1,5,20").split(separator: ",").map { text -> Int in
            guard let size = Int(text), (1...1024).contains(size) else { throw BenchError.usage("--sizes takes MiB from 1 to 1024, not '\(text)'") }
            return size
        }
        let names = try arguments.option("--shapes").map { $0.split(separator: ",").map(String.init) }
        let binaryOption = try arguments.option("--vault-bin")
        let workOption = try arguments.option("--work")
        let timeout = Double(try arguments.integer("--timeout", in: 1...86_400) ?? 120)
        try arguments.finish()

        let shapes = try names.map { names in
            try names.map { name in
                guard let shape = NoteShape.all.first(where: { $0.name == name }) else {
                    throw BenchError.usage("no shape named '\(name)' (--list names them)")
                }
                return shape
            }
        } ?? NoteShape.all
        guard let binary = binaryOption.map(RunCommand.absolute) ?? RunCommand.defaultBinary(),
            ProcessRunner.isInstalled(binary)
        else { throw BenchError("no vault executable found: pass --vault-bin PATH") }
        let work = workOption.map(RunCommand.absolute) ?? NSTemporaryDirectory() + "vault-shapes-\(getpid())"
        try BenchFiles.makeFolders(work)
        defer { if workOption == nil { try? FileManager.default.removeItem(atPath: work) } }

        for size in sizes {
            print("\n### Notes of \(size) MiB\n")
            print("| shape | " + commands.map(\.label).joined(separator: " | ") + " |")
            print("|---|" + String(repeating: "---:|", count: commands.count))
            for shape in shapes {
                let vault = "\(work)/\(shape.name)-\(size)"
                try BenchFiles.makeFolders(vault + "/.zennotes")
                try BenchFiles.makeFolders(vault + "/pages")
                try BenchFiles.replace(vault + "/pages/Target.md", Array("# Target\n\nThe note the shapes link to.\n".utf8))
                try BenchFiles.replace(vault + "/pages/Shape.md", shape.bytes(size: size << 20))
                var cells: [String] = []
                for command in commands {
                    let outcome = try ProcessRunner.run([binary, "--vault", vault] + command.arguments, timeout: timeout)
                    cells.append(cell(outcome))
                }
                print("| \(shape.name) | " + cells.joined(separator: " | ") + " |")
                fflush(nil)  // each row as it is measured
                if workOption == nil { try? FileManager.default.removeItem(atPath: vault) }
            }
        }
        print("\nEach cell: wall seconds, peak resident memory. Shapes: `vault-bench shapes --list`.")
    }

    /// `1.23 s, 45 MB`, with the exit code when it says something went wrong.
    static func cell(_ outcome: ProcessOutcome) -> String {
        let time = String(format: "%.2f s, %d MB", outcome.seconds, (outcome.maxRSSKiB + 512) / 1024)
        switch outcome.status {
        case 0, 1: return time
        case 128 + 9: return "killed after " + String(format: "%.0f s", outcome.seconds)
        default: return time + " (exit \(outcome.status))"
        }
    }
}
