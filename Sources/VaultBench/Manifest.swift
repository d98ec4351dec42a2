/// What a generated vault holds, written beside it (never inside it) so tests and the
/// harness can check and use it: counts, the most-linked note, benchmark queries.
public struct Manifest: Codable, Sendable, Equatable {
    /// The most-linked note: the one whose rename rewrites the most files.
    public struct MostLinked: Codable, Sendable, Equatable {
        /// Vault-relative path.
        public var path: String
        /// Its title, which is also its file name without `.md`.
        public var title: String
        /// `[[...]]` links to it from notes outside `trash/`.
        public var inboundWikilinks: Int
    }

    /// Note sizes in bytes.
    public struct Sizes: Codable, Sendable, Equatable {
        /// The middle note's size (the lower middle for an even count).
        public var median: Int
        /// The largest note's size.
        public var largest: Int
        /// Notes larger than 20,000 bytes.
        public var over20KB: Int
    }

    /// Arguments the harness gives the commands it times.
    public struct Queries: Codable, Sendable, Equatable {
        /// A word of middling frequency, for exact search.
        public var word: String
        /// A fuzzy query for note names and lines.
        public var fuzzy: String
        /// The note to rename (the most-linked one) and its new title.
        public var renameNote: String
        /// The title the rename gives it.
        public var renameTitle: String
    }

    /// Changes whenever the same seed would give different bytes.
    public static let currentFormat = 1

    /// The generator format that wrote the vault (`currentFormat` at the time).
    public var format: Int
    /// The seed the vault was generated from.
    public var seed: UInt64
    /// How many notes the vault holds.
    public var notes: Int
    /// The notes' bytes, added up (`.zennotes/` not counted).
    public var totalBytes: Int
    /// The `id` in `.zennotes/vault.json`.
    public var vaultID: String
    /// Notes per top-level folder (`journals`, `pages`, ...).
    public var notesPerFolder: [String: Int]
    /// Attachments in `assets/`.
    public var assets: Int
    /// Subfolders of `pages/` holding notes, nested ones included.
    public var pageFolders: Int
    /// Links per `LinkForm` raw value.
    public var links: [String: Int]
    /// Plain `[[Name]]` links (counted under `wikilink` too) to notes that do not exist.
    public var danglingLinks: Int
    /// Tasks per `TaskMark` raw value.
    public var tasks: [String: Int]
    /// Tasks indented under another list item.
    public var nestedTasks: Int
    /// Tasks inside a block quote (`> - [ ] x`).
    public var quotedTasks: Int
    /// `[[...]]` inside fenced code or inline code spans: not links.
    public var fakeLinksInCode: Int
    /// Task-shaped lines inside fenced code: not tasks.
    public var fakeTasksInCode: Int
    /// `[[...]]` inside HTML comments: not links.
    public var linksInComments: Int
    /// Escaped `\[\[...]]`: not links.
    public var escapedLinks: Int
    /// Empty `[[]]`: not links.
    public var emptyLinks: Int
    /// Notes that start with a `---` frontmatter block.
    public var notesWithFrontmatter: Int
    /// The spread of note sizes.
    public var sizes: Sizes
    /// The note with the most inbound `[[...]]` links.
    public var mostLinked: MostLinked
    /// What the harness searches for and renames.
    public var queries: Queries

    /// Where the manifest of the vault at `vaultPath` lives: `<vault>.manifest.json`.
    public static func path(forVault vaultPath: String) -> String {
        var trimmed = vaultPath
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed + ".manifest.json"
    }
}
