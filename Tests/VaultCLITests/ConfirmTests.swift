import Foundation
import Testing
@testable import VaultCLI

/// A question goes through the run's `Terminal`, so a test answers it as a person would.
@Suite("Questions at the terminal")
struct ConfirmTests {
    static let environment = ["VAULT_NOW": "2026-11-30T12:00:00Z"]
    static let trashed = "/trash/pages/Gym Plan.md"

    /// A person at the terminal who gives `answer` to every question, and what was asked.
    final class Person {
        let answer: String?
        var questions: [String] = []

        init(answering answer: String?) { self.answer = answer }

        var terminal: Terminal {
            Terminal(stderrIsTerminal: true, stdinIsTerminal: true, ask: { question in
                self.questions.append(question)
                return self.answer
            })
        }
    }

    @Test("emptying the trash asks at the terminal, and a yes deletes", arguments: ["y", "yes", " Y "])
    func yes(answer: String) throws {
        let sandbox = try Sandbox(fixture: "demo")
        let person = Person(answering: answer)
        let outcome = CLI.run(["trash", "--empty"], environment: Self.environment, workingDirectory: sandbox.vault, terminal: person.terminal)
        #expect(person.questions == ["Delete 1 note from the trash for good? [y/N] "])
        #expect(String(decoding: outcome.output, as: UTF8.self) == "Deleted 1 note from the trash.\n")
        #expect(outcome.status == 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.vault + Self.trashed))
    }

    @Test("a no, or the end of input, deletes nothing", arguments: ["n", "", "maybe", nil] as [String?])
    func no(answer: String?) throws {
        let sandbox = try Sandbox(fixture: "demo")
        let person = Person(answering: answer)
        let outcome = CLI.run(["trash", "--empty"], environment: Self.environment, workingDirectory: sandbox.vault, terminal: person.terminal)
        #expect(person.questions.count == 1)
        #expect(String(decoding: outcome.output, as: UTF8.self) == "Nothing deleted.\n")
        #expect(outcome.status == 1)
        #expect(FileManager.default.fileExists(atPath: sandbox.vault + Self.trashed))
    }

    @Test("with no person at the terminal nothing is asked, and --yes is needed")
    func nobody() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let person = Person(answering: "y")
        var terminal = person.terminal
        terminal.stdinIsTerminal = false
        let outcome = CLI.run(["trash", "--empty"], environment: Self.environment, workingDirectory: sandbox.vault, terminal: terminal)
        #expect(person.questions.isEmpty)
        #expect(outcome.status == 2)
        #expect(String(decoding: outcome.errors, as: UTF8.self).contains("pass --yes to confirm"))
        #expect(FileManager.default.fileExists(atPath: sandbox.vault + Self.trashed))
    }

    @Test("text from standard input comes through the terminal's input")
    func input() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let terminal = Terminal(stdinIsTerminal: false, readInput: { Array("- [ ] from a pipe".utf8) })
        let outcome = CLI.run(["append", "Errands", "-"], environment: Self.environment, workingDirectory: sandbox.vault, terminal: terminal)
        #expect(outcome.status == 0)
        let text = try String(contentsOfFile: sandbox.vault + "/pages/Errands.md", encoding: .utf8)
        #expect(text.hasSuffix("- [ ] from a pipe\n"))
    }
}
