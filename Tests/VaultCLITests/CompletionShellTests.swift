import Foundation
import Testing

/// The zsh and fish scripts run in the shells themselves, where they are installed (Debian's
/// zsh and fish packages); the bash script's transcript is completions.t.
@Suite("Completion in zsh and fish")
struct CompletionShellTests {
    static func installed(_ shell: String) -> Bool {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + shell) }
    }

    @Test("fish completes commands, option values and note paths", .enabled(if: installed("fish")))
    func fish() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let complete = { (line: String) throws -> [String] in
            let result = try sandbox.run(
                "vault completions fish > vault.fish && HOME=$PWD fish -c 'source vault.fish; complete -C \"\(line)\"' | cut -f1")
            #expect(result.status == 0 && result.errors == "", "\(line): \(result.errors)")
            return result.output.split(separator: "\n").map(String.init)
        }
        #expect(try complete("vault ren") == ["rename"])
        #expect(try complete("vault show pages/Re") == [
            "pages/Reading List.md", "pages/Reading/Piranesi.md", "pages/Reading/Thinking in Systems.md", "pages/Recipes/Lentil soup.md",
        ])
        #expect(try complete("vault list --folder pages/R") == ["pages/Reading/", "pages/Recipes/"])
        #expect(try complete("vault --color a") == ["always", "auto"])
        #expect(try complete("vault search --ex") == ["--exact"])
    }

    @Test("fish offers the notes used most first, in the order vault ranks them", .enabled(if: installed("fish")))
    func fishKeepsFrecency() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let state = "XDG_STATE_HOME=$HOME/state"
        for name in ["Errands", "Vault CLI", "Vault CLI"] {
            #expect(try sandbox.run("\(state) vault show '\(name)' > /dev/null").status == 0)
        }
        let result = try sandbox.run(
            "vault completions fish > vault.fish && \(state) fish -c 'source vault.fish; complete -C \"vault show \"' | cut -f1 | head -3")
        #expect(result.output == "pages/Projects/Vault CLI.md\npages/Errands.md\nHome.md\n", "\(result.errors)")
    }

    @Test("zsh loads the script through its bash emulation and completes with it", .enabled(if: installed("zsh")))
    func zsh() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let complete = { (words: String, index: Int) throws -> [String] in
            let script = """
                autoload -U compinit && compinit -u -d $PWD/.zcompdump; source vault.zsh; \
                print -r -- "loaded: $_comps[vault]"; COMP_WORDS=(\(words)); COMP_CWORD=\(index); _vault; print -rl -- "${COMPREPLY[@]}"
                """
            let result = try sandbox.run("vault completions zsh > vault.zsh && HOME=$PWD zsh -fc '\(script)'")
            #expect(result.status == 0 && result.errors == "", "\(words): \(result.errors)")
            return result.output.split(separator: "\n").map(String.init)
        }
        #expect(try complete("vault ren", 1) == ["loaded: _bash_complete -o filenames -F _vault", "rename"])
        #expect(try complete("vault show pages/Re", 2).dropFirst() == [
            "pages/Reading List.md", "pages/Reading/Piranesi.md", "pages/Reading/Thinking in Systems.md", "pages/Recipes/Lentil soup.md",
        ])
        #expect(try complete("vault append pages/Errands.md \"\"", 3).dropFirst().isEmpty)
    }
}
