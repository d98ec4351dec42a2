import Foundation

/// The `vault-bench` command line: dispatches to a command, prints its errors the way
/// `vault` does (`vault-bench: error: ...`) and returns the exit code.
public enum BenchCommandLine {
    /// The commands, in the order help lists them.
    static var commands: [any BenchCommand.Type] { [GenerateCommand.self, RunCommand.self, StressCommand.self, ShapesCommand.self, StatFloorCommand.self] }

    /// Runs the command line `arguments` (without the program name); returns the exit code.
    public static func main(_ arguments: [String]) -> Int32 {
        guard let name = arguments.first else {
            return fail(BenchError.usage("missing command (" + commands.map { $0.name }.joined(separator: ", ") + ")"))
        }
        if ["-h", "--help", "help"].contains(name) {
            print(help)
            return 0
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            return fail(BenchError.usage("unknown command '\(name)'"))
        }
        var rest = BenchArguments(Array(arguments.dropFirst()))
        if rest.flag("-h", "--help") {
            print(command.usage)
            return 0
        }
        do {
            try command.run(&rest)
            return 0
        } catch let error as BenchError {
            return fail(error)
        } catch {
            return fail(BenchError("\(error)"))
        }
    }

    /// The overview `vault-bench --help` prints.
    static var help: String {
        var lines = ["usage: vault-bench <command> [options]", "", "commands:"]
        for command in commands {
            lines.append("  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary)
        }
        lines.append("")
        lines.append("'vault-bench <command> --help' tells more.")
        return lines.joined(separator: "\n")
    }

    private static func fail(_ error: BenchError) -> Int32 {
        var message = "vault-bench: error: \(error.message)\n"
        if error.exitCode == 2 { message += "see 'vault-bench --help'\n" }
        FileHandle.standardError.write(Data(message.utf8))
        return error.exitCode
    }
}
