import VaultSystem

extension LineSearch {
    /// The notes a search of `vault` reads, in path order: those `filter` selects (the trash
    /// when it asks for it, by flag or by folder), the archive unless `includeArchive` is false.
    ///
    /// Only the notes' paths are read, or their tags when `filter` names tags: the search
    /// opens each note once, itself, so a walk of paths takes no note's status.
    public static func notes(of vault: Vault, filter: NoteQuery, includeArchive: Bool) throws -> [Note] {
        let selects = selection(filter: filter, layout: vault.layout, includeArchive: includeArchive)
        var searched = CollectingSink<Note>()
        var walk = ClosureSink<Note> { note in
            guard selects(note) else { return true }
            return searched.receive(note)
        }
        _ = try vault.scan(detail: filter.tags.isEmpty ? .paths : .tags, checkingRecords: false, into: &walk)
        return searched.elements
    }

    /// True for a note of a walk that a search with `filter` reads, as `notes(of:)` chooses them.
    public static func selection(filter: NoteQuery, layout: VaultLayout, includeArchive: Bool) -> @Sendable (Note) -> Bool {
        let selects = filter.selection(layout: layout)
        return { selects($0) && isSearchable($0, includeTrash: true, includeArchive: includeArchive) }
    }
}
