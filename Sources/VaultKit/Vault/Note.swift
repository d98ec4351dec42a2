import Foundation
import VaultMarkdown
import VaultSystem

/// What `vault` knows about one note: where it is, what it is called, what it is tagged with.
///
/// A value read from the file at one moment; the file on disk always wins.
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
    public var unavailableReason: String?
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
    public var journalDate: String?
    /// False when the bytes are not valid UTF-8: searched as bytes, never rewritten.
    public var isUTF8: Bool
    public var hasFrontmatter: Bool
    /// Frontmatter lines that could not be read.
    public var frontmatterIssues: [Frontmatter.Issue]
    /// Frontmatter keys whose values are outside the supported YAML subset, kept verbatim.
    public var verbatimKeys: [String]

    /// The file name without folder.
    public var fileName: String { String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]) }
    /// The file name without extension: what a bare `[[link]]` names.
    public var stem: String { NoteFiles.stem(fileName) }
    /// The folder part of the path, empty at the vault root.
    public var folder: String { path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "" }
}
