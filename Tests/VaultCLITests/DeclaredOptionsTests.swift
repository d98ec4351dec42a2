import Foundation
import Testing
@testable import VaultCLI

/// Every command runs on a copy of the demo vault with each option it declares, one at a
/// time, and with the combinations that reach the code behind them: it must read no option it
/// does not declare (the old string lookups read such a flag as false, silently), and every
/// option it declares must be read by one of these runs.
@Suite("Declared options", .serialized)
struct DeclaredOptionsTests {
    /// The arguments that take each command to its work on the demo vault, each run once as
    /// it is and once with each declared option added.
    static let invocations: [String: [[String]]] = [
        "init": [["fresh"]],
        "list": [[]],
        "show": [["Errands"]],
        "info": [[]],
        "tags": [[], ["rename", "reading", "books"]],
        "find": [["plan"]],
        "search": [["plan"]],
        "capture": [["a thought"], ["a thought", "--journal"]],
        "journal": [[], ["--list"], ["--rollover"], ["--append", "x"]],
        "new": [["A page"]],
        "append": [["Errands", "x"]],
        "prepend": [["Errands", "x"]],
        "tasks": [[], ["--summary"], ["--note", "Errands"]],
        "task": [["inbox/Call notes.md:7@3d4a03", "done"]],
        "links": [["Errands"]],
        "backlinks": [["Vault CLI"]],
        "check": [[]],
        "rename": [["Errands", "Chores"]],
        "move": [["pages/Errands.md", "inbox/"]],
        "archive": [["Errands"]],
        "unarchive": [["archive/pages/Projects/Roadmap.md"]],
        "trash": [["Errands"], ["--list"], ["--empty"], ["--empty", "--yes"]],
        "restore": [["trash/pages/Gym Plan.md"]],
        "conflicts": [
            [], ["--diff"], ["resolve", "pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md", "--keep", "original"],
        ],
        "doctor": [[], ["--fix"]],
        "sync-ignore": [[]],
        "completions": [["bash"], ["--candidates", "tags"]],
        "man": [[]],
        "cache": [["status"]],
        "mcp": [[]],
        "lsp": [[]],
        "edit": [["Errands"]],
        "graph": [[]],
        "duplicate": [["Errands"]],
        "favorites": [[], ["add", "Errands"], ["remove", "pages/Projects/Vault CLI.md"]],
        "comments": [["Reading List"], ["Reading List", "--add", "x"], ["Reading List", "--resolve", "c-2f8e91"]],
    ]

    /// A value for an option that takes one, valid for the command where that matters.
    static func sample(_ spec: OptionSpec, of command: String) -> String? {
        switch spec.name {
        case "--folder": return "pages"
        case "--tag": return "reading"
        case "--limit", "--context": return "1"
        case "--sort": return command == "tasks" ? "due" : "name"
        case "--status": return "all"
        case "--due": return "today"
        case "--priority": return "high"
        case "--note": return "Errands"
        case "--title": return "A title"
        case "--template": return "Weekly"
        case "--append": return "x"
        case "--older-than": return "1d"
        case "--keep": return "original"
        case "--candidates": return "notes"
        case "--format": return "dot"
        case "--url": return "https://swift.org/blog"
        case "--add": return "x"
        case "--resolve": return "c-2f8e91"
        default: return nil
        }
    }

    static var names: [String] { CLI.commands.map { $0.name } }

    @Test("each command reads only the options it declares, and reads every one of them", arguments: names)
    func command(name: String) throws {
        let command = try #require(CLI.commands.first { $0.name == name })
        let invocations = try #require(Self.invocations[name], "no invocation of \(name) in the table")
        var read: Set<String> = []
        for base in invocations {
            for spec in [nil] + command.options.map(\.spec) {
                var tokens = base
                if let spec, !base.contains(spec.name) {
                    tokens.append(spec.name)
                    if spec.value != nil {
                        tokens.append(try #require(Self.sample(spec, of: name), "no sample value for \(spec.name) of \(name)"))
                    }
                }
                let reads = try Self.walk(command, tokens)
                #expect(reads.undeclared.isEmpty, "vault \(name) \(tokens.joined(separator: " ")) read \(reads.undeclared)")
                read.formUnion(reads.names)
            }
        }
        let unread = command.options.map(\.spec.name).filter { !read.contains($0) }
        #expect(unread.isEmpty, "vault \(name) declares \(unread) but no run read them")
    }

    @Test("the walk catches a command that reads an option it does not declare")
    func catchesUndeclared() throws {
        let reads = try Self.walk(Misspelt.self, ["--dry-run"])
        #expect(reads.undeclared == ["--dry-rum"])
        #expect(reads.names.contains("--dry-run"))
    }

    /// Runs `command` with `tokens` on a fresh copy of the demo vault, recording what it reads.
    static func walk(_ command: any Command.Type, _ tokens: [String]) throws -> ArgumentReads {
        let sandbox = try Sandbox(fixture: "demo")
        let reads = ArgumentReads(stopsAtUndeclared: false)
        let environment = ["VAULT_NOW": "2026-11-30T12:00:00Z", "VAULT_TODAY": "2026-11-30", "VISUAL": "true"]
        _ = CLI.run(command, tokens, environment: environment, workingDirectory: sandbox.vault, terminal: Terminal(), reads: reads)
        return reads
    }

    /// A command with a typo in the option it reads.
    enum Misspelt: Command {
        static let name = "misspelt"
        static let summary = "reads --dry-rum"
        static let usage = ""
        static let options: [any DeclaredOption] = [CommonOptions.dryRun]
        static let typo = Option<Bool>(flag: "--dry-rum", help: "")

        static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
            arguments[CommonOptions.dryRun] && !arguments[typo] ? 0 : 1
        }
    }
}
