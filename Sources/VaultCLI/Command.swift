import VaultKit

/// A `vault` subcommand: its name, help and behaviour, in one type.
///
/// Dispatch and `--help` both come from the list of command types in `CLI.commands`, so a
/// command's help is never written twice.
protocol Command {
    static var name: String { get }
    /// One line, shown in `vault --help`.
    static var summary: String { get }
    /// The arguments after the command name (`[PATH]`, `NOTE`).
    static var usage: String { get }
    /// More lines for `vault COMMAND --help`, if any.
    static var discussion: String { get }
    /// The command's own options; `GlobalOptions.all` come with every command.
    static var options: [any DeclaredOption] { get }
    /// Runs the command and returns its exit code.
    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32
}

extension Command {
    static var discussion: String { "" }
    static var options: [any DeclaredOption] { [] }

    static func help() -> String {
        var text = "\(summary)\n\nUsage: vault \(name) [options]\(usage.isEmpty ? "" : " " + usage)\n"
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        text += "\nOptions:\n" + CLI.describe(options + GlobalOptions.all)
        return text
    }
}
