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
    static let sort = Option<NoteQuery.Order>(
        choice: "--sort", value: "ORDER", default: .name, help: "name (default) or modified (newest first)")
    static let options: [any DeclaredOption] = [CommonOptions.folder, CommonOptions.tag, sort, CommonOptions.includeTrash]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let query = NoteQuery(
            folders: arguments[CommonOptions.folder], tags: arguments[CommonOptions.tag],
            includeTrash: arguments[CommonOptions.includeTrash], order: try arguments[sort])
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
