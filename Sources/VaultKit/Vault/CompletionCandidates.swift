import VaultMarkdown

/// The words a shell completes from the vault: note paths, folders and tags, one list each,
/// sorted, for the completion scripts `vault completions` prints.
public struct CompletionCandidates: Sendable {
    /// What is completed.
    public enum Kind: String, CaseIterable, Sendable {
        case notes, folders, tags
    }

    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// The candidates of `kind`: every note's path (trash left out), every folder that holds
    /// a note (with a final `/`, as a shell shows folders), or every tag.
    public func list(_ kind: Kind) throws -> [String] {
        switch kind {
        case .notes:
            return try vault.scan(detail: .paths).notes.filter { $0.kind != .trash }.map(\.path).sorted()
        case .folders:
            var folders = Set<String>()
            for note in try vault.scan(detail: .paths).notes {
                var folder = LinkIndex.folder(of: note.path)
                while !folder.isEmpty, folders.insert(folder + "/").inserted {
                    folder = LinkIndex.folder(of: folder)
                }
            }
            return folders.sorted()
        case .tags:
            let notes = try vault.scan(detail: .tags).notes.filter { $0.kind != .trash }
            return VaultSummary.tagCounts(notes).map(\.tag).sorted()
        }
    }
}
