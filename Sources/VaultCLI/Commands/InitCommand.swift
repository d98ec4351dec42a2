import VaultKit

/// `vault init [PATH]`: makes a folder a vault.
enum InitCommand: Command {
    static let name = "init"
    static let summary = "make a folder a vault (system folders and .zennotes/vault.json)"
    static let usage = "[PATH]"
    static let discussion = """
        Creates journals/, pages/, inbox/, quick/, archive/, trash/ and .zennotes/vault.json with a
        fresh id in PATH (default: the current folder). Existing folders and notes are left as they
        are; a folder that is already a vault is refused.
        """

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let path = arguments.positional() ?? "."
        try arguments.finish()
        let target = path.hasPrefix("/") ? path : context.workingDirectory + "/" + path
        let vault = try Vault.initialize(at: target)
        if context.json {
            struct Created: Encodable {
                let path: String
                let id: String?
            }
            try context.emit(Created(path: vault.root, id: vault.settings?.id))
        } else if !context.quiet {
            context.line("Initialized a vault in \(vault.root)")
        }
        return 0
    }
}
