import VaultSystem

extension LineSearch {
    /// The notes a search of `vault` reads, in path order: those `filter` selects (the trash
    /// when it asks for it, by flag or by folder), the archive unless `includeArchive` is false.
    ///
    /// Only the notes' paths are read, or their tags when `filter` names tags (of the notes in
    /// the folders it asks for alone): the search opens each note once, itself, so a walk of
    /// paths takes no note's status.
    public static func notes(of vault: Vault, filter: NoteQuery, includeArchive: Bool) throws -> [Note] {
        try walked(vault, filter: filter, includeArchive: includeArchive).notes
    }

    /// The notes `notes(of:filter:includeArchive:)` gives, and what the walk that found them
    /// warned of (a fifo or a link out of the vault skipped, a folder that cannot be read).
    static func walked(_ vault: Vault, filter: NoteQuery, includeArchive: Bool) throws -> (notes: [Note], warnings: [VaultWarning]) {
        let selects = selection(filter: filter, layout: vault.layout, includeArchive: includeArchive)
        var searched = CollectingSink<Note>()
        var walk = ClosureSink<Note> { note in
            guard selects(note) else { return true }
            return searched.receive(note)
        }
        let scan = try vault.scan(
            detail: filter.tags.isEmpty ? .paths : .tags, checkingRecords: false, selecting: filter.pathSelection(layout: vault.layout),
            into: &walk)
        return (searched.elements, scan.warnings)
    }

    /// Walks `vault` and searches the notes `filter` selects (as `notes(of:filter:includeArchive:)`
    /// chooses them), handing each match to `sink` in the order `run(vault:notes:...)` would.
    ///
    /// An exact or regex search reads each note as the walk delivers it, on the worker that
    /// made it: one pass over the notes, not a walk that gathers them and a second pass that
    /// reads them. A fuzzy search ranks every match, so it gathers the notes first.
    ///
    /// - Throws: what the walk throws (`VaultError.vaultFolderMissing`, `.vaultUnreadable`).
    public func run(
        vault: Vault, filter: NoteQuery, includeArchive: Bool, limit: Int? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil, into sink: inout some ResultSink<LineMatch>
    ) throws -> SearchSummary {
        guard mode != .fuzzy else {
            let (notes, walkWarnings) = try Self.walked(vault, filter: filter, includeArchive: includeArchive)
            var summary = run(vault: vault, notes: notes, limit: limit, progress: progress, into: &sink)
            summary.warnings = VaultWarning.joined(walkWarnings, summary.warnings)
            return summary
        }
        let selects = Self.selection(filter: filter, layout: vault.layout, includeArchive: includeArchive)
        var summary = SearchSummary(matches: 0, notesSearched: 0, warnings: [])
        let scan = try vault.scan(
            detail: filter.tags.isEmpty ? .paths : .tags, checkingRecords: false, selecting: filter.pathSelection(layout: vault.layout),
            progress: progress, state: { FileSearcher(search: self) },
            making: { searcher, note -> NoteResult? in
                selects(note) ? read(note, vault: vault, with: &searcher) : nil
            },
            results: { result in
                guard let result else { return true }
                summary.notesSearched += 1
                return Self.take(result, limit: limit, into: &sink, &summary)
            })
        summary.warnings = VaultWarning.joined(scan.warnings, summary.warnings)
        return summary
    }

    /// True for a note of a walk that a search with `filter` reads, as `notes(of:)` chooses them.
    public static func selection(filter: NoteQuery, layout: VaultLayout, includeArchive: Bool) -> @Sendable (Note) -> Bool {
        let selects = filter.selection(layout: layout)
        return { selects($0) && isSearchable($0, includeTrash: true, includeArchive: includeArchive) }
    }
}
