import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Everything one walk of the vault found: its notes, conflict copies and problems.
public struct VaultScan: Sendable {
    /// Every note, placeholders and unreadable ones included, sorted by path.
    public var notes: [Note]
    /// Conflict copies, kept apart from the notes (DESIGN.md 8).
    public var conflictCopies: [ConflictCopy]
    /// The vault-relative paths of files that are not notes (attachments), sorted.
    public var assets: [String]
    /// The number of attachments.
    public var assetCount: Int { assets.count }
    /// Things a person should know about, each naming a file.
    public var warnings: [VaultWarning]
    /// Files and folders the walk skipped (unlistable folders, symlink loops, links to nothing
    /// or out of the vault); each is also among `warnings`.
    public var skipped: [VaultWarning] = []
    /// Temporary files of `vault`'s own writer among the notes (see `Vault.leftoverFiles`).
    public var temporaryFiles: [String] = []
    /// Folders whose notes could not be listed (unreadable, or named in bytes that are not
    /// UTF-8); each is also among `skipped`. A change that rewrites links stops on them.
    public var unlistedFolders: [VaultWarning] = []
    /// Every folder the walk entered, empty ones and those holding only hidden files among
    /// them (no hidden folder, sync tool's folder or folder link), by vault-relative path.
    public var folders: [String] = []
}

/// A conflict copy beside its original.
public struct ConflictCopy: Sendable, Equatable, Codable {
    public var path: String
    /// The note it is a copy of; it may no longer exist.
    public var originalPath: String
    public var tool: ConflictCopies.Tool
    public var size: Int64
    public var modified: Date
}

/// A problem found while reading the vault, naming the file.
public struct VaultWarning: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The vault-relative path concerned.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }

    /// `first`, then those of `second` not among them: what a walk warned of, then what
    /// reading the notes it found warned of, each said once.
    public static func joined(_ first: [VaultWarning], _ second: [VaultWarning]) -> [VaultWarning] {
        guard !first.isEmpty, !second.isEmpty else { return first + second }
        let said = Set(first.map(\.description))
        return first + second.filter { !said.contains($0.description) }
    }
}
