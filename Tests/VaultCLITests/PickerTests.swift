import Foundation
import Testing
@testable import VaultCLI

/// `find -i` and `tasks -i` pick through fzf, which needs the person's terminal: here a script
/// named fzf on PATH that records what it was given and prints a chosen line.
@Suite("Picking with fzf at a terminal")
struct PickerTests {
    @Test("find -i gives fzf the notes and a preview, and prints the path chosen")
    func findPicks() throws {
        let bench = try LaunchBench()
        try bench.program("fzf", then: "cat > '\(bench.sandbox.root)/candidates'; grep -m1 '^pages/Errands.md' '\(bench.sandbox.root)/candidates'")
        let outcome = bench.run(["find", "-i", "err"], [:])
        #expect(outcome.status == 0, "\(LaunchBench.text(outcome.errors))")
        #expect(LaunchBench.text(outcome.output) == "pages/Errands.md\n")
        let candidates = try String(contentsOfFile: bench.sandbox.root + "/candidates", encoding: .utf8)
        #expect(candidates.contains("pages/Errands.md\tpages/Errands.md\tpages/Errands.md  Errands\n"))
        let arguments = try #require(bench.recorded)
        #expect(arguments.contains("--with-nth=3.."))
        #expect(arguments.contains { $0.hasPrefix("--preview='vault' --vault '\(bench.sandbox.vault)' --color always show ") })
    }

    @Test("a pick may print into a pipe (`$(vault tasks -i)`): only standard input and error need the terminal")
    func intoPipe() throws {
        let bench = try LaunchBench()
        try bench.program("fzf", then: "head -n 1")
        let substituted = Terminal(stdoutIsTerminal: false, stderrIsTerminal: true, stdinIsTerminal: true)
        let outcome = bench.run(["tasks", "-i"], [:], terminal: substituted)
        #expect(outcome.status == 0, "\(LaunchBench.text(outcome.errors))")
        #expect(LaunchBench.text(outcome.output).hasSuffix("\n"))
        let script = Terminal(stdoutIsTerminal: true, stderrIsTerminal: false, stdinIsTerminal: true)
        #expect(bench.run(["tasks", "-i"], [:], terminal: script).status == 2)
    }

    @Test("tasks -i prints the reference of the task chosen")
    func tasksPicks() throws {
        let bench = try LaunchBench()
        try bench.program("fzf", then: "grep -m1 'Call notes.md:7@'")
        let outcome = bench.run(["tasks", "-i"], [:])
        #expect(outcome.status == 0, "\(LaunchBench.text(outcome.errors))")
        #expect(LaunchBench.text(outcome.output) == "inbox/Call notes.md:7@3d4a03\n")
    }

    @Test("a picker left without a choice (fzf exit 130 or 1) prints nothing and exits 1", arguments: [130, 1])
    func nothingChosen(status: Int) throws {
        let bench = try LaunchBench()
        try bench.program("fzf", then: "cat > /dev/null; exit \(status)")
        let outcome = bench.run(["find", "-i"], [:])
        #expect(outcome.status == 1)
        #expect(outcome.output.isEmpty)
    }

    @Test("without fzf, -i says how to install it and exits 2")
    func noPicker() throws {
        let bench = try LaunchBench()
        let outcome = bench.run(["tasks", "-i"], ["PATH": bench.bin])
        #expect(outcome.status == 2)
        #expect(LaunchBench.text(outcome.errors).contains("install fzf (Debian: apt install fzf)"))
    }
}
