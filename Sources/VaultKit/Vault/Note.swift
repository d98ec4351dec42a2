import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// What `vault` knows about one note: where it is, what it is called, what it is tagged with.
///
/// A value read from the file at one moment; the file on disk always wins.
///
/// The fields most notes leave empty are held apart, behind one reference: a walk of
/// 100,000 notes holds one `Note` each for as long as the command runs.
public struct Note: Sendable, Equatable, Codable {
    /// Whether the note's bytes could be read.
    public enum Availability: String, Sendable, Codable {
        case available
        /// An iCloud placeholder: the note exists but is not downloaded (DESIGN.md 8).
        case placeholder
        /// The read failed (permission, I/O error, timeout): the note is not empty, just unreadable now.
        case unreadable
    }

    /// The vault-relative path, as on disk (`pages/Projects/Vault CLI.md`).
    public var path: String
    public var kind: FolderKind
    public var availability: Availability
    /// Why the note is unreadable, for `.unreadable`.
    public var unavailableReason: String? {
        get { rare?.unavailableReason }
        set { rare = Rare.make(newValue, journalDate, frontmatterIssues, verbatimKeys) }
    }
    /// The size in bytes (of the placeholder stub, for a placeholder).
    public var size: Int64
    public var modified: Date
    /// Frontmatter `title:`, else the first `# ` heading, else the file name.
    public var title: String
    public var aliases: [String]
    /// Frontmatter tags then inline tags, without `#`, each once (first spelling kept).
    public var tags: [String]
    public var headings: [Heading]
    /// The day of a journal note (`YYYY-MM-DD`), from its name in either form.
    public var journalDate: String? {
        get { rare?.journalDate }
        set { rare = Rare.make(unavailableReason, newValue, frontmatterIssues, verbatimKeys) }
    }
    /// False when the bytes are not valid UTF-8: searched as bytes, never rewritten.
    public var isUTF8: Bool
    public var hasFrontmatter: Bool
    /// Frontmatter lines that could not be read.
    public var frontmatterIssues: [Frontmatter.Issue] {
        get { rare?.frontmatterIssues ?? [] }
        set { rare = Rare.make(unavailableReason, journalDate, newValue, verbatimKeys) }
    }
    /// Frontmatter keys whose values are outside the supported YAML subset, kept verbatim.
    public var verbatimKeys: [String] {
        get { rare?.verbatimKeys ?? [] }
        set { rare = Rare.make(unavailableReason, journalDate, frontmatterIssues, newValue) }
    }
    /// The four fields above held apart (why unreadable, journal day, frontmatter issues,
    /// verbatim keys), nil when all are empty (most notes).
    private var rare: Rare?

    /// A note of these fields.
    public init(
        path: String, kind: FolderKind, availability: Availability, unavailableReason: String?, size: Int64, modified: Date,
        title: String, aliases: [String], tags: [String], headings: [Heading], journalDate: String?, isUTF8: Bool,
        hasFrontmatter: Bool, frontmatterIssues: [Frontmatter.Issue], verbatimKeys: [String]
    ) {
        self.path = path
        self.kind = kind
        self.availability = availability
        self.size = size
        self.modified = modified
        self.title = title
        self.aliases = aliases
        self.tags = tags
        self.headings = headings
        self.isUTF8 = isUTF8
        self.hasFrontmatter = hasFrontmatter
        rare = Rare.make(unavailableReason, journalDate, frontmatterIssues, verbatimKeys)
    }

    /// The fields most notes leave empty, held once and never changed: a change makes a new one.
    private final class Rare: Sendable, Equatable {
        let unavailableReason: String?
        let journalDate: String?
        let frontmatterIssues: [Frontmatter.Issue]
        let verbatimKeys: [String]

        private init(_ reason: String?, _ journalDate: String?, _ issues: [Frontmatter.Issue], _ keys: [String]) {
            (unavailableReason, self.journalDate, frontmatterIssues, verbatimKeys) = (reason, journalDate, issues, keys)
        }

        /// The fields held, or nil when all are empty, so that two notes alike compare equal.
        static func make(_ reason: String?, _ journalDate: String?, _ issues: [Frontmatter.Issue], _ keys: [String]) -> Rare? {
            reason == nil && journalDate == nil && issues.isEmpty && keys.isEmpty ? nil : Rare(reason, journalDate, issues, keys)
        }

        static func == (a: Rare, b: Rare) -> Bool {
            a.unavailableReason == b.unavailableReason && a.journalDate == b.journalDate && a.frontmatterIssues == b.frontmatterIssues
                && a.verbatimKeys == b.verbatimKeys
        }
    }

    private enum CodingKeys: String, CodingKey {
        case path, kind, availability, unavailableReason, size, modified, title, aliases, tags, headings, journalDate, isUTF8
        case hasFrontmatter, frontmatterIssues, verbatimKeys
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            path: try container.decode(String.self, forKey: .path), kind: try container.decode(FolderKind.self, forKey: .kind),
            availability: try container.decode(Availability.self, forKey: .availability),
            unavailableReason: try container.decodeIfPresent(String.self, forKey: .unavailableReason),
            size: try container.decode(Int64.self, forKey: .size), modified: try container.decode(Date.self, forKey: .modified),
            title: try container.decode(String.self, forKey: .title), aliases: try container.decode([String].self, forKey: .aliases),
            tags: try container.decode([String].self, forKey: .tags), headings: try container.decode([Heading].self, forKey: .headings),
            journalDate: try container.decodeIfPresent(String.self, forKey: .journalDate),
            isUTF8: try container.decode(Bool.self, forKey: .isUTF8), hasFrontmatter: try container.decode(Bool.self, forKey: .hasFrontmatter),
            frontmatterIssues: try container.decode([Frontmatter.Issue].self, forKey: .frontmatterIssues),
            verbatimKeys: try container.decode([String].self, forKey: .verbatimKeys))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(kind, forKey: .kind)
        try container.encode(availability, forKey: .availability)
        try container.encodeIfPresent(unavailableReason, forKey: .unavailableReason)
        try container.encode(size, forKey: .size)
        try container.encode(modified, forKey: .modified)
        try container.encode(title, forKey: .title)
        try container.encode(aliases, forKey: .aliases)
        try container.encode(tags, forKey: .tags)
        try container.encode(headings, forKey: .headings)
        try container.encodeIfPresent(journalDate, forKey: .journalDate)
        try container.encode(isUTF8, forKey: .isUTF8)
        try container.encode(hasFrontmatter, forKey: .hasFrontmatter)
        try container.encode(frontmatterIssues, forKey: .frontmatterIssues)
        try container.encode(verbatimKeys, forKey: .verbatimKeys)
    }

    /// The file name without folder.
    public var fileName: String { String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]) }
    /// The file name without extension: what a bare `[[link]]` names.
    public var stem: String { NoteFiles.stem(fileName) }
    /// The folder part of the path, empty at the vault root.
    public var folder: String { path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "" }
}
