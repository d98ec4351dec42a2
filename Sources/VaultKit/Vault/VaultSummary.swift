import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Counts that describe a vault at a glance: `vault info` and `vault tags`.
public struct VaultSummary: Sendable, Codable, Equatable {
    /// One tag and the number of notes that carry it.
    public struct TagCount: Sendable, Codable, Equatable {
        public var tag: String
        public var count: Int
    }

    public var notes: Int
    /// Notes per folder kind (`journal`, `page`, …, `other`).
    public var notesByKind: [String: Int]
    public var assets: Int
    public var placeholders: Int
    public var unreadable: Int
    public var notUTF8: Int
    public var frontmatterProblems: Int
    public var conflictCopies: Int
    public var tags: Int

    /// Summarises a scan.
    public init(_ scan: VaultScan) {
        notes = scan.notes.count
        var byKind: [String: Int] = [:]
        for note in scan.notes { byKind[note.kind.rawValue, default: 0] += 1 }
        notesByKind = byKind
        assets = scan.assetCount
        placeholders = scan.notes.filter { $0.availability == .placeholder }.count
        unreadable = scan.notes.filter { $0.availability == .unreadable }.count
        notUTF8 = scan.notes.filter { !$0.isUTF8 }.count
        frontmatterProblems = scan.notes.filter { !$0.frontmatterIssues.isEmpty }.count
        conflictCopies = scan.conflictCopies.count
        tags = Self.tagCounts(scan.notes).count
    }

    /// Every tag with the number of notes that carry it, most used first, then by name.
    ///
    /// Tags compare case-insensitively (as in Obsidian); the spelling shown is the one most
    /// notes use. Notes in the trash do not count.
    public static func tagCounts(_ notes: [Note]) -> [TagCount] {
        var counts: [String: Int] = [:]
        var spellings: [String: [String: Int]] = [:]
        for note in notes where note.kind != .trash {
            for tag in note.tags {
                let key = Naming.collisionKey(tag)
                counts[key, default: 0] += 1
                spellings[key, default: [:]][tag, default: 0] += 1
            }
        }
        return counts.map { key, count in
            let spelling = spellings[key]!.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
            return TagCount(tag: spelling, count: count)
        }.sorted { ($0.count, $1.tag) > ($1.count, $0.tag) }
    }
}
