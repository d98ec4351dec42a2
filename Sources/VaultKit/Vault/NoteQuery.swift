import VaultMarkdown
import VaultSystem

/// Which notes to list and in what order, as `vault list` and scripts ask.
public struct NoteQuery: Sendable, Equatable {
    /// How notes are ordered.
    public enum Order: String, Sendable, CaseIterable {
        case name, modified
    }

    /// Folders (vault-relative, or a system folder's kind name like `inbox`); empty means all.
    public var folders: [String] = []
    /// Tags every listed note must have; `project` also matches `project/vault`.
    public var tags: [String] = []
    /// Whether notes in the trash are listed when no folder asks for them.
    public var includeTrash = false
    public var order: Order = .name

    public init(folders: [String] = [], tags: [String] = [], includeTrash: Bool = false, order: Order = .name) {
        self.folders = folders
        self.tags = tags
        self.includeTrash = includeTrash
        self.order = order
    }

    /// The notes that match, in order (newest first for `.modified`).
    public func apply(to notes: [Note], layout: VaultLayout) -> [Note] {
        let selected = notes.filter(selection(layout: layout))
        // A scan's notes come sorted by path already: no second copy of them.
        let byPath = order == .name && zip(selected, selected.dropFirst()).allSatisfy { $0.path < $1.path }
        return byPath ? selected : sort(selected)
    }

    /// Notes the query selected, in its order.
    public func sort(_ notes: [Note]) -> [Note] {
        switch order {
        case .name: return notes.sorted { $0.path < $1.path }
        case .modified: return notes.sorted { ($0.modified, $1.path) > ($1.modified, $0.path) }
        }
    }

    /// True for a note the query lists, whatever the order: for notes that stream past.
    public func selection(layout: VaultLayout) -> @Sendable (Note) -> Bool {
        let paths = pathSelection(layout: layout)
        let wantedTags = tags.map { Naming.collisionKey($0.hasPrefix("#") ? String($0.dropFirst()) : $0) }
        return { note in
            if !paths.selects(note.path, note.kind) { return false }
            if !wantedTags.isEmpty {
                let noteTags = note.tags.map(Naming.collisionKey)
                for wanted in wantedTags where !noteTags.contains(where: { $0 == wanted || $0.hasPrefix(wanted + "/") }) {
                    return false
                }
            }
            return true
        }
    }

    /// The folders asked for that are not folders of `vault`, for a query that found
    /// nothing: a misspelt `--folder` is then told from an empty folder.
    public func missingFolders(in vault: Vault) -> [String] {
        folders.filter { asked in
            let path = vault.layout.folderPath(asked)
            guard !path.isEmpty else { return false }
            return ((try? vault.fileSystem.status(vault.absolutePath(path))) ?? nil)?.kind != .directory
        }
    }

    /// The part of `selection(layout:)` a note's path decides (its folders, and the trash
    /// unless asked for), to be asked before the note is read.
    public func pathSelection(layout: VaultLayout) -> PathSelection {
        // A folder asked for in the trash (the trash itself, or one inside it) lists its notes.
        PathSelection(folders: folders, leftOut: includeTrash ? [] : [.trash], layout: layout)
    }
}
