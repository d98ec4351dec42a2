import VaultKit
import VaultSystem

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
        context.recordUse(notes: [], tags: query.tags)
        // Titles need no markdown parse; tags and the JSON fields do.
        let detail: NoteReader.Detail = context.json ? .full : query.tags.isEmpty ? .summary : .tags
        let selects = query.selection(layout: vault.layout)
        // Notes outside the folders asked for (and in the trash, unless asked for) are not read.
        let paths = query.pathSelection(layout: vault.layout)
        // By name, the notes come in the order listed: each is printed once read, except on a
        // terminal, whose padded columns wait for the widest path.
        let streams = query.order == .name && (context.json || !context.stdoutIsTerminal)
        var kept = CollectingSink<Note>()
        var array = JSONArrayStream()
        var listed = 0
        var sink = ClosureSink<Note> { note in
            guard selects(note) else { return true }
            listed += 1
            guard streams else { return kept.receive(note) }
            if note.availability == .available && !context.color {
                // The common row, written in place: no array of columns joined for each note.
                context.write { output in
                    output.append(contentsOf: note.path.utf8)
                    output.append(0x09)
                    output.append(contentsOf: note.title.utf8)
                    output.append(0x0A)
                }
            } else {
                let columns = row(note, context)
                context.line(([context.bold(columns[0])] + columns.dropFirst()).joined(separator: "\t"))
            }
            return true
        }
        let scan: VaultScan
        if streams && context.json {
            // Each note's JSON is made on the worker that read it, not by the one writing.
            let depth = array.depth
            scan = try vault.scan(detail: detail, selecting: paths, making: { note -> Result<[UInt8], any Error>? in
                selects(note) ? Result { try JSONArrayStream.encoded(note, depth: depth) } : nil
            }) { _, encoded in
                guard let encoded else { return true }
                listed += 1
                return array.append(encoded: encoded, in: context)
            }
        } else if context.stderrIsTerminal && !context.quiet && !streams {
            let progress = Progress("reading notes")
            scan = try vault.scan(detail: detail, selecting: paths, progress: { progress.update($0, $1) }, into: &sink)
            progress.finish()
        } else {
            scan = try vault.scan(detail: detail, selecting: paths, into: &sink)
        }
        if let failure = array.failure { throw failure }
        context.warn(scan.warnings)
        if listed == 0 { context.warnMissingFolders(of: query, in: vault) }
        if streams {
            if context.json { context.write { array.finish(to: &$0); $0.append(0x0A) } }
            return listed == 0 ? 1 : 0
        }
        let notes = query.sort(kept.elements)
        if context.json {
            try context.emit(notes)
        } else {
            context.columns(notes.map { row($0, context) })
        }
        return notes.isEmpty ? 1 : 0
    }

    /// A note as a row: path, title, and why it cannot be read if so.
    private static func row(_ note: Note, _ context: Context) -> [String] {
        switch note.availability {
        case .available: return [note.path, note.title]
        case .placeholder: return [note.path, note.title, context.dim("(not downloaded)")]
        case .unreadable: return [note.path, note.title, context.dim("(unreadable)")]
        }
    }
}
