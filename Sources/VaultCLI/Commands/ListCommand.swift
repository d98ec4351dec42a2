import VaultKit

/// `vault list`: the notes, with filters.
enum ListCommand: Command {
    static let name = "list"
    static let summary = "list notes (path and title), filtered by folder or tag"
    static let usage = ""
    static let discussion = """
        Prints one note a line: its path and title, separated by a tab when the output is not a
        terminal. Notes in the trash are left out unless --folder trash or --include-trash.
        Exits 1 when no note matches.
        """
    static let options = [
        OptionSpec("--folder", value: "FOLDER", repeatable: true, help: "only notes under FOLDER (a path, or inbox, journals, …)"),
        OptionSpec("--tag", value: "TAG", repeatable: true, help: "only notes tagged TAG (nested tags match too); repeat to need all"),
        OptionSpec("--sort", value: "ORDER", help: "name (default) or modified (newest first)"),
        OptionSpec("--include-trash", help: "list notes in the trash too"),
    ]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let order = try arguments.choice("--sort", NoteQuery.Order.allCases.map(\.rawValue), default: "name")
        let query = NoteQuery(
            folders: arguments.list("--folder"), tags: arguments.list("--tag"),
            includeTrash: arguments.flag("--include-trash"), order: NoteQuery.Order(rawValue: order)!)
        try arguments.finish()
        let vault = try context.vault()
        // Titles need no markdown parse; tags and the JSON fields do.
        let detail: NoteReader.Detail = context.json ? .full : query.tags.isEmpty ? .summary : .tags
        let scan = try context.scan(vault, detail: detail)
        context.warn(scan.warnings)
        let notes = query.apply(to: scan.notes, layout: vault.layout)
        if context.json {
            try context.emit(notes)
        } else {
            context.columns(
                notes.map { note in
                    switch note.availability {
                    case .available: return [note.path, note.title]
                    case .placeholder: return [note.path, note.title, context.dim("(not downloaded)")]
                    case .unreadable: return [note.path, note.title, context.dim("(unreadable)")]
                    }
                })
        }
        return notes.isEmpty ? 1 : 0
    }
}
