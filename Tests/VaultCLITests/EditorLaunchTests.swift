import Foundation
import Testing
@testable import VaultCLI

/// `vault edit` and `--open` hand the terminal to the editor: here a script that records what
/// it was given, run by a `Terminal` that says it is one.
@Suite("Editors at a terminal")
struct EditorLaunchTests {
    @Test("NOTE:LINE opens the note at the line as +N in a vi-like editor")
    func plusLine() throws {
        let bench = try LaunchBench()
        try bench.program("nvim")
        let outcome = bench.run(["edit", "Errands:3"], ["EDITOR": bench.bin + "/nvim"])
        #expect(outcome.status == 0, "\(LaunchBench.text(outcome.errors))")
        #expect(bench.recorded == ["+3", bench.sandbox.vault + "/pages/Errands.md"])
    }

    @Test("VISUAL wins over EDITOR, and code keeps its own arguments before --goto FILE:N")
    func gotoFlag() throws {
        let bench = try LaunchBench()
        try bench.program("code")
        try bench.program("nvim")
        let outcome = bench.run(["edit", "pages/Errands.md:2"], ["VISUAL": bench.bin + "/code --wait", "EDITOR": bench.bin + "/nvim"])
        #expect(outcome.status == 0, "\(LaunchBench.text(outcome.errors))")
        #expect(bench.recorded == ["--wait", "--goto", bench.sandbox.vault + "/pages/Errands.md:2"])
    }

    @Test("subl and zed get FILE:N, an editor of unknown habits the file alone, a note without a line the file alone",
          arguments: [("subl", "Errands:4", ":4"), ("zed", "Errands:4", ":4"), ("myedit", "Errands:4", ""), ("vim", "Errands", "")])
    func otherConventions(editor: String, name: String, suffix: String) throws {
        let bench = try LaunchBench()
        try bench.program(editor)
        let outcome = bench.run(["edit", name], ["EDITOR": editor])
        #expect(outcome.status == 0, "\(LaunchBench.text(outcome.errors))")
        #expect(bench.recorded == [bench.sandbox.vault + "/pages/Errands.md" + suffix])
    }

    @Test("edit and --open refuse (exit 2) when standard input or output is not a terminal, and write nothing",
          arguments: [(true, false), (false, true)])
    func refusesWithoutTerminal(stdin: Bool, stdout: Bool) throws {
        let bench = try LaunchBench()
        try bench.program("vi")
        let terminal = Terminal(stdoutIsTerminal: stdout, stderrIsTerminal: true, stdinIsTerminal: stdin)
        #expect(bench.run(["edit", "Errands"], [:], terminal: terminal).status == 2)
        let outcome = bench.run(["new", "Not made", "--open"], [:], terminal: terminal)
        #expect(outcome.status == 2)
        #expect(LaunchBench.text(outcome.errors).hasPrefix("vault: error: vault new --open needs a terminal"))
        #expect(!FileManager.default.fileExists(atPath: bench.sandbox.vault + "/pages/Not made.md"))
        #expect(bench.recorded == nil)
    }

    @Test("a task reference opens its note at the task's line")
    func taskReference() throws {
        let bench = try LaunchBench()
        try bench.program("vi")
        let outcome = bench.run(["edit", "inbox/Call notes.md:7@3d4a03"], [:])
        #expect(outcome.status == 0, "\(LaunchBench.text(outcome.errors))")
        #expect(bench.recorded == ["+7", bench.sandbox.vault + "/inbox/Call notes.md"])
    }

    @Test("a task reference whose line holds another task now is refused (exit 3) and no editor starts")
    func staleReference() throws {
        let bench = try LaunchBench()
        try bench.program("vi")
        let outcome = bench.run(["edit", "inbox/Call notes.md:8@3d4a03"], [:])
        #expect(outcome.status == 3)
        #expect(LaunchBench.text(outcome.errors).contains("inbox/Call notes.md:8@3d4a03"))
        #expect(bench.recorded == nil)
    }

    @Test("an editor the shell cannot find is named in the error, exit 1")
    func editorMissing() throws {
        let bench = try LaunchBench()
        let outcome = bench.run(["edit", "Errands"], ["EDITOR": "no-such-editor --wait"])
        #expect(outcome.status == 1)
        #expect(LaunchBench.text(outcome.errors).hasPrefix("vault: error: the editor \"no-such-editor --wait\" was not found\n"))
    }

    @Test("an editor that exits with a failure is said to, exit 1")
    func editorFails() throws {
        let bench = try LaunchBench()
        try bench.program("vi", then: "exit 4")
        let outcome = bench.run(["edit", "Errands"], [:])
        #expect(outcome.status == 1)
        #expect(LaunchBench.text(outcome.errors) == "vault: error: the editor \"vi\" exited with status 4\n")
    }

    @Test("new, capture and journal with --open open the note they wrote (or found) at its last line",
          arguments: [
            (["new", "Fresh page", "--open"], "pages/Fresh page.md", "+2"),
            (["capture", "one line", "--open"], "quick/one line.md", "+1"),
            (["journal", "--open"], "journals/2026-11-30.md", "+10"),
          ])
    func opensWhatWasWritten(tokens: [String], path: String, line: String) throws {
        let bench = try LaunchBench()
        try bench.program("vi")
        let outcome = bench.run(tokens, [:])
        #expect(outcome.status == 0, "\(LaunchBench.text(outcome.errors))")
        #expect(LaunchBench.text(outcome.output) == path + "\n")
        #expect(bench.recorded == [line, bench.sandbox.vault + "/" + path])
    }
}
