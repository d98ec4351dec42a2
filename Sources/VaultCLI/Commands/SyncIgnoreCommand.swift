import VaultKit

/// `vault sync-ignore`: what to add to each sync tool's ignore file.
enum SyncIgnoreCommand: Command {
    static let name = "sync-ignore"
    static let summary = "print the lines that keep sync tools away from vault's temporary and lock files"
    static let usage = ""
    static let discussion = """
        vault's temporary files (.~NAME.RANDOM.tmp), its lock file and the journal of an unfinished
        rename are its own; a sync tool that copies them makes conflicts for nothing. Add these lines
        to the ignore file of the tool that syncs the vault. Nothing is written.
        """

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        try arguments.finish()
        if context.json {
            try context.emit(SyncIgnore.rules)
            return 0
        }
        for (index, rules) in SyncIgnore.rules.enumerated() {
            if index > 0 { context.line() }
            context.line("# \(rules.tool): add to \(rules.file) at the top of the vault")
            for line in rules.lines { context.line(line) }
        }
        return 0
    }
}
