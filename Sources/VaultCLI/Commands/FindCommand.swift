import VaultKit

/// `vault find QUERY`: a quick switcher over titles, aliases and paths.
enum FindCommand: Command {
    static let name = "find"
    static let summary = "find notes by a fuzzy match on title, aliases or path, best first"
    static let usage = "[QUERY...]"
    static let discussion = """
        Ranks notes as fzf ranks lines, each by its best field: title, an alias, or the path
        without extension. QUERY uses fzf's extended syntax: terms separated by spaces must all
        match; 'term is exact, ^term a prefix, term$ a suffix, !term leaves out notes that hold
        term, and a | b matches either. A term with an upper-case letter matches case; accents
        never matter (cafe finds Café). Without QUERY, lists the notes most used first (by
        frecency: the notes shown, journaled, created and captured, as recorded under
        $XDG_STATE_HOME/vault), then the most recently modified.
        Prints path and title (tab-separated when piped), and the alias that matched in a third
        column; matches highlighted on a terminal.
        With -i, the matches (every one, unless --limit) are shown in fzf with a preview of
        each note, and the path of the one chosen is printed; exit 1 when none is chosen,
        2 without a terminal or without fzf.
        Exits 1 when no note matches.
        """
    static let limit = CommonOptions.limit.withHelp("at most N notes (default 20)")
    static let includeTrash = CommonOptions.includeTrash.withHelp("look in the trash too")
    static let options: [any DeclaredOption] = [limit, CommonOptions.folder, CommonOptions.tag, includeTrash, Context.interactive]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let interactive = arguments[Context.interactive]
        // The picker narrows the list itself: it is given every match unless --limit says.
        let limit = try CommonOptions.limitValue(arguments, Self.limit, default: interactive ? nil : 20)
        let filter = NoteQuery(
            folders: arguments[CommonOptions.folder], tags: arguments[CommonOptions.tag], includeTrash: arguments[includeTrash])
        var words: [String] = []
        while let word = arguments.positional() { words.append(word) }
        try arguments.finish()
        let picker = interactive ? try context.picker(for: "vault find -i") : nil
        let vault = try context.vault()
        context.recordUse(notes: [], tags: filter.tags)
        // Without a query, the notes most used come first (by frecency), then the newest.
        let usage = words.isEmpty ? context.usage(of: vault) : UsageLog()
        let now = context.clock.now()
        let finder = NoteFinder(words.joined(separator: " "))
        // Titles and aliases need no markdown parse; inline tags do. The filter is asked of
        // each note as it is ranked.
        var warnings: [VaultWarning] = []
        let found = try context.readingNotes { progress in
            try finder.find(
                in: vault, detail: filter.tags.isEmpty ? .summary : .tags, limit: limit,
                selecting: filter.pathSelection(layout: vault.layout), where: filter.selection(layout: vault.layout),
                frecency: usage.notes.isEmpty ? nil : { usage.noteScore($0.path, at: now) }, progress: progress, warnings: &warnings)
        }
        if let picker {
            let candidates = found.map { Picker.Candidate(key: $0.note.path, note: $0.note.path, shown: $0.note.path + "  " + $0.note.title) }
            let status = try context.pick(candidates, with: picker, in: vault)
            context.warn(warnings)
            return status
        }
        if context.json {
            try context.emit(found)
        } else {
            render(found, context)
        }
        context.warn(warnings)
        if found.isEmpty { context.warnMissingFolders(of: filter, in: vault) }
        return found.isEmpty ? 1 : 0
    }

    /// Path, title and, for a note found by an alias, the alias in a column of its own (so a
    /// script's `cut -f2` is always the title).
    private static func render(_ found: [NoteMatch], _ context: Context) {
        let pathWidth = min(found.map { $0.note.path.count }.max() ?? 0, 60)
        let titleWidth = min(found.map { $0.note.title.count }.max() ?? 0, 60)
        for match in found {
            let path = SearchCommand.highlight(match.note.path, match.field == .path ? match.ranges : [], context)
            var title = SearchCommand.highlight(match.note.title, match.field == .title ? match.ranges : [], context)
            var titleLength = match.note.title.count
            if match.note.availability == .placeholder {
                title += " " + context.dim("(not downloaded)")
                titleLength += 17
            }
            let alias = match.field == .alias ? SearchCommand.highlight(match.text, match.ranges, context) : nil
            if context.stdoutIsTerminal {
                let gap = String(repeating: " ", count: max(2, pathWidth - match.note.path.count + 2))
                let aliasGap = String(repeating: " ", count: max(2, titleWidth - titleLength + 2))
                context.line(path + gap + title + (alias.map { aliasGap + context.dim("alias: ") + $0 } ?? ""))
            } else {
                context.line(([path, title] + (alias.map { [$0] } ?? [])).joined(separator: "\t"))
            }
        }
    }
}
