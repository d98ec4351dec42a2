import VaultKit

extension Context {
    /// `-i`: pick one of many in fzf, with a preview of each candidate's note.
    static let interactive = Option<Bool>(flag: "--interactive", short: "-i", help: "pick one interactively with fzf (with a preview)")

    /// Checks that a picker can run here, before any work is done for it: fzf draws on the
    /// terminal of standard input and error, and its answer may go to a pipe, as
    /// `vault task "$(vault tasks -i)" done` takes it.
    ///
    /// - Throws: `LaunchError.noTerminal` without a terminal, `.pickerMissing` without fzf.
    func picker(for what: String) throws -> Picker {
        guard stdinIsTerminal && stderrIsTerminal else { throw LaunchError.noTerminal(what: what) }
        return try Picker(environment: environment)
    }

    /// Shows `candidates` in `picker` and prints the key of the one chosen; exit 1 when the
    /// person chose none.
    func pick(_ candidates: [Picker.Candidate], with picker: Picker, in vault: Vault) throws -> Int32 {
        guard !candidates.isEmpty else { return 1 }
        guard let chosen = try picker.pick(candidates, program: terminal.program ?? "vault", root: vault.root) else { return 1 }
        line(chosen)
        return 0
    }
}
