import Foundation
import VaultMarkdown
import VaultSystem

/// A multi-file change written down, fsync'd, before any note is touched (DESIGN.md 7), so
/// that the next `vault` run can finish it after a crash. It holds the new bytes of every
/// file it rewrites: a file left empty or torn by a power cut is restored from it.
public struct IntentJournal: Codable, Sendable {
    /// One file's rewrite.
    public struct Edit: Codable, Sendable {
        /// Where the file is written (for a moved note, its new path).
        public var path: String
        /// The hash of the bytes the plan read (hex), and of the bytes it writes.
        public var beforeHash: String
        public var afterHash: String
        /// The bytes to write, base64.
        public var after: String
    }

    public var version = 1
    public var id: String
    /// What the change is, for messages (`rename pages/A.md -> pages/B.md`).
    public var summary: String
    public var moves: [FileMove]
    public var edits: [Edit]
    public var sidecarMoves: [FileMove]
    public var emptiedFolders: [String]
    /// The hash (hex) of each moved note's bytes when the change was planned, by old path:
    /// tells the change's own second name from a file someone put at the new name.
    public var movedHashes: [String: String]?

    /// The folder of journals inside the metadata folder.
    public static let folder = "journal"

    /// True for `<id>.json`, the only name `vault` gives a journal.
    public static func isFileName(_ name: String) -> Bool {
        name.hasSuffix(".json") && name == name.lowercased() && UUID(uuidString: String(name.dropLast(5))) != nil
    }

    /// A journal for a plan.
    public init(plan: RenamePlan, summary: String) {
        id = UUID().uuidString.lowercased()
        self.summary = summary
        moves = plan.moves
        edits = plan.edits.map {
            Edit(
                path: $0.path, beforeHash: String($0.snapshot.contentHash, radix: 16),
                afterHash: String(ContentHash.of($0.after), radix: 16), after: Data($0.after).base64EncodedString())
        }
        sidecarMoves = plan.sidecarMoves
        emptiedFolders = plan.emptiedFolders
        movedHashes = plan.movedHashes.mapValues { String($0, radix: 16) }
    }

    /// The journal's bytes on disk.
    public func encoded() throws -> [UInt8] {
        try JSONValueEncoder().encode(self).formattedBytes()
    }

    /// Reads a journal file.
    public static func decode(_ bytes: [UInt8]) throws -> IntentJournal {
        try JSONDecoder().decode(IntentJournal.self, from: Data(bytes))
    }
}
