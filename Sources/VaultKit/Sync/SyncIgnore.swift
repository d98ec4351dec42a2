import VaultMarkdown
import VaultSystem

/// The lines that keep sync tools away from `vault`'s own temporary and lock files, per tool.
public enum SyncIgnore {
    /// One ignore file and the lines it needs.
    public struct Rules: Sendable, Codable, Equatable {
        public var file: String
        public var tool: String
        public var lines: [String]
    }

    /// Rules for Syncthing, git and Dropbox.
    public static let rules: [Rules] = [
        Rules(
            file: ".stignore", tool: "Syncthing",
            lines: ["(?d).~*.tmp", "(?d).zennotes/lock", "(?d).zennotes/journal"]),
        Rules(file: ".gitignore", tool: "git", lines: [".~*.tmp", ".zennotes/lock", ".zennotes/journal/"]),
        Rules(file: "rules.dropboxignore", tool: "Dropbox", lines: [".~*.tmp", ".zennotes/lock", ".zennotes/journal"]),
    ]
}
