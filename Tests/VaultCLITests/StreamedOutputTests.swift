import Foundation
import Testing
@testable import VaultCLI
@testable import VaultKit
import VaultMarkdown
import VaultSystem

/// Output written as results are found: `--json` stays one document with the bytes of the
/// whole at once, and stdout is sent on while the command runs.
@Suite("Streamed output")
struct StreamedOutputTests {
    static let environment = ["VAULT_NOW": "2026-11-30T12:00:00Z", "VAULT_TODAY": "2026-11-30"]

    static func run(_ tokens: [String], in vault: String, terminal: Terminal = Terminal()) -> CLI.Outcome {
        CLI.run(tokens, environment: environment, workingDirectory: vault, terminal: terminal)
    }

    /// `search --json` as it was printed from all the matches at once.
    struct SearchDocument: Encodable {
        let query: String
        let mode: String
        let matches: [LineMatch]
    }

    @Test("list, search and tasks --json parse as one document, byte for byte what the whole result gives")
    func documents() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let vault = try Vault(root: sandbox.vault)
        let scan = try vault.scan()
        var expected: [[String]: [UInt8]] = [:]
        expected[["list", "--json"]] = try JSONValueEncoder().encode(NoteQuery().apply(to: scan.notes, layout: vault.layout)).formattedBytes()
        let searchable = LineSearch.searchable(scan.notes, includeTrash: false, includeArchive: true)
        for (query, mode) in [("plan", LineSearch.Mode.fuzzy), ("plan", .exact), ("zzqx", .exact)] {
            let matches = try LineSearch(query, mode: mode).run(vault: vault, notes: searchable).matches
            let tokens = ["search", "--json", query] + (mode == .exact ? ["--exact"] : [])
            expected[tokens] = try JSONValueEncoder().encode(SearchDocument(query: query, mode: mode.rawValue, matches: matches)).formattedBytes()
        }
        var all = TaskQuery(today: CalendarDay("2026-11-30")!)
        all.states = TaskQuery.allStates
        let tasks = all.apply(to: try vault.tasks().tasks, layout: vault.layout)
        expected[["tasks", "--status", "all", "--json"]] = try JSONValueEncoder().encode(tasks).formattedBytes()
        expected[["tasks", "--due", "on:1999-01-01", "--json"]] = Array("[]\n".utf8)
        for (tokens, bytes) in expected {
            let outcome = Self.run(tokens, in: sandbox.vault)
            #expect(throws: Never.self, "\(tokens) is not JSON") { try JSONValue.parse(outcome.output) }
            #expect(outcome.output == bytes, "\(tokens)")
        }
        #expect(tasks.count > 10)
    }

    @Test("check --json is, byte for byte, the whole check encoded at once, with every list it holds")
    func checkDocument() throws {
        let sandbox = try Sandbox(fixture: "demo")
        // A broken reference definition and a note that is not UTF-8, beside the demo's
        // dangling links, ambiguous names and conflict copy.
        try Data("# Defs\n\n[open]: <\n".utf8).write(to: URL(fileURLWithPath: sandbox.vault + "/pages/Defs.md"))
        try Data([0x23, 0x20, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: sandbox.vault + "/pages/Latin1.md"))
        let vault = try Vault(root: sandbox.vault)
        let check = VaultCheck(vault: vault, scan: try vault.scan())
        #expect(!check.dangling.isEmpty && !check.ambiguous.isEmpty && !check.brokenDefinitions.isEmpty)
        #expect(!check.unreadable.isEmpty && !check.conflictCopies.isEmpty)
        let outcome = Self.run(["check", "--json"], in: sandbox.vault)
        #expect(outcome.output == (try JSONValueEncoder().encode(check).formattedBytes()))
        #expect(outcome.status == 1)
        let clean = try Sandbox(fixture: "empty")
        let none = Self.run(["--vault", clean.vault, "check", "--json"], in: clean.vault)
        let cleanVault = try Vault(root: clean.vault)
        let expected = try JSONValueEncoder().encode(VaultCheck(vault: cleanVault, scan: try cleanVault.scan())).formattedBytes()
        #expect(String(decoding: none.output, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test("a long listing reaches the terminal in pieces while the command runs, the same bytes in the same order")
    func sentAsItComes() throws {
        let sandbox = try Sandbox(fixture: "empty")
        for index in 0..<1_500 {
            let text = "# Note \(index)\n\n- [ ] a task long enough to fill the output quickly, number \(index)\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: sandbox.vault + String(format: "/n%04d.md", index)))
        }
        for tokens in [["tasks", "--json"], ["tasks"], ["list", "--json"], ["search", "--exact", "task"]] {
            let tokens = ["--vault", sandbox.vault] + tokens
            let whole = Self.run(tokens, in: sandbox.vault)
            var pieces: [[UInt8]] = []
            let terminal = Terminal(writeOutput: { pieces.append($0) })
            let streamed = Self.run(tokens, in: sandbox.vault, terminal: terminal)
            #expect(!pieces.isEmpty, "\(tokens) was not sent while it ran")
            #expect(pieces.allSatisfy { $0.count >= Context.outputChunk })
            #expect(pieces.flatMap { $0 } + streamed.output == whole.output, "\(tokens)")
            #expect(streamed.status == 0, "\(String(decoding: streamed.errors, as: UTF8.self))")
        }
    }
}
