import VaultKit

/// `vault init [PATH]`: makes a folder a vault.
enum InitCommand: Command {
    static let name = "init"
    static let summary = "make a folder a vault (system folders and .zennotes/vault.json)"
    static let usage = "[PATH]"
    static let discussion = """
        Creates journals/, pages/, inbox/, quick/, archive/, trash/ and .zennotes/vault.json with a
        fresh id in PATH (default: --vault, else the current folder). Existing folders and notes are left as they
        are; a folder that is already a vault is refused.
        """

    static let dryRun = CommonOptions.dryRun.withHelp("print the folders it would make and the settings file as a diff, write nothing")
    static let options: [any DeclaredOption] = [dryRun]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let given = arguments.positional()
        try arguments.finish()
        // `vault --vault PATH init` makes PATH the vault, as every command reads `--vault`.
        if context.vaultOption == "" || given == "" { throw UsageError("init was given an empty folder name") }
        if let given, let option = context.vaultOption,
            Vault.absolute(given, from: context.workingDirectory) != Vault.absolute(option, from: context.workingDirectory)
        {
            throw UsageError("init was given two folders: \(given) and --vault \(option)")
        }
        let path = given ?? context.vaultOption ?? "."
        // An empty working folder (its path unreadable) would make the path `/`'s.
        guard path.hasPrefix("/") || context.workingDirectory.hasPrefix("/") else { throw VaultError.workingDirectoryUnknown }
        let target = path.hasPrefix("/") ? path : context.workingDirectory + "/" + path
        if arguments[dryRun] {
            let plan = try Vault.planInitialize(at: target)
            if context.json {
                struct Planned: Encodable {
                    let folders: [String]
                    let diff: String
                }
                try context.emit(Planned(folders: plan.folders, diff: plan.settings.diff()))
                return 0
            }
            // Lines before the diff, which `git apply` passes over: a diff holds no folder.
            for folder in plan.folders { context.line("# would make the folder \(folder)") }
            context.line(plan.settings.diff().trimmingSuffixNewline())
            return 0
        }
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
