import VaultKit

/// `vault completions bash|zsh|fish`: a completion script for the shell, made from the
/// command declarations; `--candidates KIND` gives the script the vault's words.
enum CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "print a completion script for bash, zsh or fish"
    static let usage = "bash|zsh|fish"
    static let discussion = """
        Commands, options and option values complete from vault's own declarations; note paths,
        folders and tags from the vault (the one --vault names, else the usual one) as you type.
        Load it in the shell's start-up file:
          bash: eval "$(vault completions bash)"     (in ~/.bashrc)
          zsh:  eval "$(vault completions zsh)"      (in ~/.zshrc, after compinit)
          fish: vault completions fish > ~/.config/fish/completions/vault.fish
        """
    static let candidates = Option<CompletionCandidates.Kind?>(
        choice: "--candidates", value: "KIND", help: "print the vault's notes, folders or tags, one a line (what the scripts ask)")
    static let url = Option<String?>(
        "--url", value: "URL", help: "with --candidates tags: the link being captured, whose host's tags rank first")
    static let options: [any DeclaredOption] = [candidates, url]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        if let kind = try arguments[candidates] {
            let url = Self.url
            try arguments.finish()
            let vault = try context.vault(recovering: false)
            // The notes and tags most used come first, for the shells that keep the order.
            let usage = context.usage(of: vault)
            let host = arguments[url].flatMap(Capture.linkHost)
            for word in try CompletionCandidates(vault: vault).list(kind, usage: usage, now: context.clock.now(), host: host) { context.line(word) }
            return 0
        }
        let name = try arguments.required("SHELL (bash, zsh or fish)")
        try arguments.finish()
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError("there is no completion script for \"\(name)\": choose bash, zsh or fish")
        }
        context.line(CompletionScript.script(for: shell).trimmingSuffixNewline())
        return 0
    }
}
