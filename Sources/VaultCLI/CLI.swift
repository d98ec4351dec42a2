import FoundationEssentials
import VaultKit
import VaultMarkdown
import VaultSystem

/// The `vault` command line: global options, dispatch, help and exit codes (DESIGN.md 9).
public enum CLI {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Immutable after start-up; command types carry no state.
    nonisolated(unsafe) static let commands: [any Command.Type] = [
        InitCommand.self, ListCommand.self, ShowCommand.self, InfoCommand.self, TagsCommand.self,
        FindCommand.self, SearchCommand.self,
        CaptureCommand.self, JournalCommand.self, NewCommand.self, AppendCommand.self, PrependCommand.self,
        TasksCommand.self, TaskCommand.self,
        LinksCommand.self, BacklinksCommand.self, CheckCommand.self, RenameCommand.self, MoveCommand.self,
        ArchiveCommand.self, UnarchiveCommand.self, TrashCommand.self, RestoreCommand.self, ConflictsCommand.self, DoctorCommand.self,
        SyncIgnoreCommand.self, CompletionsCommand.self, ManCommand.self, CacheCommand.self, McpCommand.self, LspCommand.self,
        EditCommand.self,
        GraphCommand.self,
        DuplicateCommand.self, FavoritesCommand.self, CommentsCommand.self,
    ]

    /// The result of one run: exit code and the bytes for stdout and stderr.
    public struct Outcome: Sendable {
        public var status: Int32
        public var output: [UInt8]
        public var errors: [UInt8]
    }

    /// Runs `vault` with its arguments (without the program name) and returns what to print.
    ///
    /// - Parameter terminal: the person's side: which streams are terminals, standard input,
    ///   and the answers to questions (`Terminal.process()` for the process's own).
    public static func run(
        _ tokens: [String], environment: [String: String], workingDirectory: String, terminal: Terminal = Terminal()
    ) -> Outcome {
        // A large vault's first run frees tens of MB of grown arrays while it reads: mapped
        // on their own, they are given back at once instead of raising the peak (a first
        // `check` at 100,000 notes: 163 → 144 MB, no slower).
        FreedMemory.mapLargeBlocks()
        var tokens = tokens
        // Anywhere before `--`, as git and ripgrep take it: `vault list --version`.
        if tokens.prefix(while: { $0 != "--" }).contains(GlobalOptions.version.spec.name) || tokens == ["-V"] {
            return Outcome(status: 0, output: Array("vault \(version)\n".utf8), errors: [])
        }
        // Global options may stand before the command name.
        let valued = Set(GlobalOptions.all.map(\.spec).filter { $0.value != nil }.map(\.name))
        var leading: [String] = []
        while let first = tokens.first, first.hasPrefix("-"), first != "-" {
            leading.append(tokens.removeFirst())
            if valued.contains(first), let value = tokens.first {
                leading.append(value)
                tokens.removeFirst()
            }
        }
        guard let name = tokens.first else {
            let help = GlobalOptions.help.spec
            let wantsHelp = leading.contains(help.name) || leading.contains(help.short ?? help.name)
            return Outcome(status: wantsHelp ? 0 : 2, output: wantsHelp ? Array(overview().utf8) : [], errors: wantsHelp ? [] : Array((overview()).utf8))
        }
        tokens.removeFirst()
        if name == "help" {
            guard let topic = tokens.first else { return Outcome(status: 0, output: Array(overview().utf8), errors: []) }
            guard let command = commands.first(where: { $0.name == topic }) else { return unknownCommand(topic, asked: "vault help ") }
            return Outcome(status: 0, output: Array(command.help().utf8), errors: [])
        }
        guard let command = commands.first(where: { $0.name == name }) else { return unknownCommand(name) }
        return run(command, leading + tokens, environment: environment, workingDirectory: workingDirectory, terminal: terminal)
    }

    /// Runs one command on its arguments (global options among them).
    ///
    /// - Parameter reads: records the options the command reads (the test that walks every
    ///   command passes its own).
    static func run(
        _ command: any Command.Type, _ tokens: [String], environment: [String: String], workingDirectory: String,
        terminal: Terminal, reads: ArgumentReads = ArgumentReads()
    ) -> Outcome {
        var arguments: Arguments
        do {
            arguments = try Arguments(tokens, specs: (command.options + GlobalOptions.all).map(\.spec), reads: reads)
        } catch {
            return usageFailure(command, "\(error)")
        }
        if arguments[GlobalOptions.help] {
            return Outcome(status: 0, output: Array(command.help().utf8), errors: [])
        }
        let colorChoice: GlobalOptions.Color
        do {
            colorChoice = try arguments[GlobalOptions.color]
        } catch {
            return usageFailure(command, "\(error)")
        }
        let color =
            colorChoice == .always
            || (colorChoice == .auto && terminal.stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb")
        guard let clock = VaultClock.from(environment: environment) else {
            return usageFailure(
                command, "VAULT_NOW=\(environment["VAULT_NOW"] ?? "") is not a time: give one such as 2026-11-30T09:00:00Z, or a day such as 2026-11-30")
        }
        let context = Context(
            environment: environment, workingDirectory: workingDirectory, vaultOption: arguments[GlobalOptions.vault],
            json: arguments[GlobalOptions.json], quiet: arguments[GlobalOptions.quiet], color: color, terminal: terminal,
            clock: clock, usesCache: !arguments[GlobalOptions.noCache])
        var status: Int32
        do {
            status = try command.run(&arguments, context)
        } catch let error as UsageError {
            let partial = context.drain()
            var outcome = usageFailure(command, error.message)
            outcome.errors = partial.errors + outcome.errors
            return outcome
        } catch let error as any UserError {
            context.error(context.relativeToVault(error.description), hint: error.hint)
            status = error.exitCode
        } catch {
            context.error("\(error)")
            status = 1
        }
        context.finishCache()
        let streams = context.drain()
        return Outcome(status: status, output: streams.output, errors: streams.errors)
    }

    /// A usage error for a command nobody declared, with the commands a typo away from it.
    ///
    /// - Parameter asked: what the suggestions start with (`vault help ` for `vault help NAME`).
    private static func unknownCommand(_ name: String, asked: String = "vault ") -> Outcome {
        let names: [String] = commands.map { $0.name } + ["help"]
        let close = ClosestNames.closest(to: name, among: names)
        var hint = "`vault --help` lists the commands"
        if !close.isEmpty {
            hint = "did you mean " + close.map { "`" + asked + $0 + "`" }.joined(separator: " or ") + "?"
        }
        let message = "vault: error: unknown command \"\(name)\"\nhint: \(hint)\n"
        return Outcome(status: 2, output: [], errors: Array(message.utf8))
    }

    private static func usageFailure(_ command: any Command.Type, _ message: String) -> Outcome {
        let usage = "vault: error: \(message)\nUsage: vault \(command.name) [options]\(command.usage.isEmpty ? "" : " " + command.usage)\nhint: `vault \(command.name) --help` shows every option\n"
        return Outcome(status: 2, output: [], errors: Array(usage.utf8))
    }

    static func overview() -> String {
        var text = "vault \(version): a plain-text vault of markdown notes, from the terminal\n\n"
        text += "Usage: vault [--vault PATH] <command> [options] [arguments]\n\nCommands:\n"
        let width = commands.map { $0.name.count }.max() ?? 0
        for command in commands {
            text += "  " + command.name.padded(to: width + 2) + command.summary + "\n"
        }
        text += "\nGlobal options:\n" + describe(GlobalOptions.all + [GlobalOptions.version])
        text += "\n`vault help COMMAND` or `vault COMMAND --help` shows a command's options.\n"
        text += "Exit codes: 0 success, 1 failure or nothing found, 2 usage error, 3 a file changed elsewhere.\n"
        return text
    }

    static func describe(_ options: [any DeclaredOption]) -> String {
        let options = options.map(\.spec)
        let labels = options.map { spec in
            (spec.short.map { $0 + ", " } ?? "    ") + spec.name + (spec.value.map { " " + $0 } ?? "")
        }
        let width = labels.map(\.count).max() ?? 0
        return zip(labels, options).map { label, spec in
            "  " + label.padded(to: width + 2) + spec.help + "\n"
        }.joined()
    }
}
