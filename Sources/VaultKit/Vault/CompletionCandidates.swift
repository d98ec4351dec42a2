import FoundationEssentials
import VaultMarkdown

/// The words a shell completes from the vault: note paths, folders and tags, one list each,
/// for the completion scripts `vault completions` prints: notes and tags most used first (by
/// frecency, when usage is given), then sorted.
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
    ///
    /// - Parameters:
    ///   - usage: what ranks notes and tags, read at `now`.
    ///   - host: the host of a link being captured, whose tags count twice.
    public func list(_ kind: Kind, usage: UsageLog = UsageLog(), now: Date = Date(), host: String? = nil) throws -> [String] {
        switch kind {
        case .notes:
            let paths = try vault.scan(detail: .paths).notes.filter { $0.kind != .trash }.map(\.path).sorted()
            return usage.notes.isEmpty ? paths : UsageLog.ranked(paths) { usage.noteScore($0, at: now) }
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
            let tags = VaultSummary.tagCounts(notes).map(\.tag).sorted()
            return usage.tags.isEmpty ? tags : UsageLog.ranked(tags) { usage.tagScore($0, at: now, host: host) }
        }
    }
}
