import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// A multi-file change written down, fsync'd, before any file is touched (DESIGN.md 7), so
/// that the next `vault` run can finish it after a crash. It holds the new bytes of every
/// file it writes: a file left empty or torn by a power cut is restored from it.
///
/// A change made now need not hold those bytes in memory: a rename's rewrites are patches
/// (`TextPatch`), each made from its file as the journal's file is written, in base64, piece
/// by piece, and let go. A rename of a note 24,000 links name at 100,000 notes rewrites
/// 112 MB; held whole, before and after, they were two thirds of its 309 MiB peak.
public struct IntentJournal: Codable, Sendable {
    /// One file's rewrite.
    public struct Edit: Codable, Sendable {
        /// Where the file is written (for a moved note, its new path).
        public var path: String
        /// The hash of the bytes the plan read (hex), and of the bytes it writes.
        public var beforeHash: String
        public var afterHash: String
        /// The bytes to write (base64 in the file); nil for a change made now that holds
        /// them as `patch`. A journal read from its file always holds them.
        public var after: [UInt8]?
        /// The new bytes as a patch of the file's bytes as the plan read them, made from the
        /// file at `source` (the path before any move) when the journal is written.
        var patch: TextPatch?
        var source: String?

        private enum CodingKeys: String, CodingKey { case path, beforeHash, afterHash, after }

        init(path: String, beforeHash: String, afterHash: String, after: [UInt8]?, patch: TextPatch? = nil, source: String? = nil) {
            (self.path, self.beforeHash, self.afterHash, self.after, self.patch, self.source) = (path, beforeHash, afterHash, after, patch, source)
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            path = try container.decode(String.self, forKey: .path)
            beforeHash = try container.decode(String.self, forKey: .beforeHash)
            afterHash = try container.decode(String.self, forKey: .afterHash)
            after = try container.decode(Base64Bytes.self, forKey: .after).wrappedValue
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(beforeHash, forKey: .beforeHash)
            try container.encode(afterHash, forKey: .afterHash)
            guard let after else {
                throw EncodingError.invalidValue(path, .init(codingPath: [CodingKeys.after], debugDescription: "a patch is written from its file"))
            }
            try container.encode(Base64Bytes(wrappedValue: after), forKey: .after)
        }

        /// The bytes to write over `current`, the file's bytes now, which hash as the plan
        /// read them (or, finishing a journal, are empty: a write a crash tore); nil when a
        /// patch cannot be made from them.
        func newBytes(over current: [UInt8]) -> [UInt8]? {
            after ?? patch?.applied(to: current)
        }

        /// The bytes the plan read, made back from `current`, the bytes this change wrote;
        /// nil when the edit holds no patch or `current` is not what it wrote.
        func readBytes(from current: [UInt8]) -> [UInt8]? {
            patch?.restored(from: current)
        }
    }

    /// A new file.
    public struct Create: Codable, Sendable {
        public var path: String
        /// The hash of its bytes (hex), and the bytes (base64 in the file).
        public var afterHash: String
        @Base64Bytes public var after: [UInt8]
        public var permissions: UInt32
    }

    /// A file deleted: only while it holds the bytes the plan read.
    public struct Remove: Codable, Sendable {
        public var path: String
        public var beforeHash: String
    }

    /// 1 for a journal of moves and rewrites alone; 2 when it also creates or removes files,
    /// which a run that knows only 1 must not half finish.
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
    public var creates: [Create]?
    public var removes: [Remove]?
    /// The folders the change makes for its new names (none existed when it began): only
    /// these may go again when it is taken back, never a folder someone made. Nil in a
    /// journal of an earlier `vault`.
    public var madeFolders: [String]?

    /// The newest version this `vault` can carry out.
    static let newestVersion = 2

    /// The folder of journals inside the metadata folder.
    public static let folder = "journal"

    /// True for `<id>.json`, the only name `vault` gives a journal.
    public static func isFileName(_ name: String) -> Bool {
        name.hasSuffix(".json") && name == name.lowercased() && UUID(uuidString: String(name.dropLast(5))) != nil
    }

    /// A journal for a plan. Moves of files in `.zennotes/` are the sidecars that follow
    /// their notes.
    public init(plan: ChangePlan) {
        id = UUID().uuidString.lowercased()
        summary = plan.summary
        moves = []
        sidecarMoves = []
        edits = []
        emptiedFolders = plan.emptiedFolders
        var creates: [Create] = []
        var removes: [Remove] = []
        var movedHashes = plan.movedHashes.mapValues(Self.hex)
        for change in plan.changes where !change.changesNothing {
            switch change.kind {
            case .create:
                let bytes = change.after ?? []
                creates.append(Create(path: change.path, afterHash: Self.hex(ContentHash.of(bytes)), after: bytes, permissions: change.permissions))
            case .replace, .move:
                if change.kind == .move {
                    let move = FileMove(from: change.path, to: change.finalPath)
                    if change.path.hasPrefix(".zennotes/") { sidecarMoves.append(move) } else { moves.append(move) }
                    if let hash = change.expected?.contentHash { movedHashes[change.path] = Self.hex(hash) }
                }
                if let expected = change.expected, let patch = change.patch {
                    edits.append(
                        Edit(path: change.finalPath, beforeHash: Self.hex(expected.contentHash), afterHash: Self.hex(patch.afterHash),
                            after: nil, patch: patch, source: change.path))
                } else if let after = change.after, let expected = change.expected {
                    edits.append(
                        Edit(path: change.finalPath, beforeHash: Self.hex(expected.contentHash), afterHash: Self.hex(ContentHash.of(after)),
                            after: after))
                }
            case .remove:
                removes.append(Remove(path: change.path, beforeHash: Self.hex(change.expected?.contentHash ?? 0)))
            }
        }
        self.movedHashes = movedHashes
        if !creates.isEmpty || !removes.isEmpty {
            version = 2
            self.creates = creates
            self.removes = removes
        }
    }

    /// A hash as the journal writes it.
    static func hex(_ hash: UInt64) -> String { String(hash, radix: 16) }

    /// Reads a journal file.
    ///
    /// - Throws: when it is not a journal, or one a newer `vault` wrote (finishing part of it
    ///   could lose what the rest was to keep).
    public static func decode(_ bytes: [UInt8]) throws -> IntentJournal {
        let journal = try JSONDecoder().decode(IntentJournal.self, from: Data(bytes))
        guard journal.version <= newestVersion else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "version \(journal.version)")) }
        // Damage that still reads as base64 (a text cut short, a character changed) must not
        // be written into a note: every file's new bytes are checked against their hash.
        let written = journal.edits.map { ($0.path, $0.after ?? [], $0.afterHash) } + (journal.creates ?? []).map { ($0.path, $0.after, $0.afterHash) }
        for (path, after, hash) in written where hex(ContentHash.of(after)) != hash {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the new bytes of \(path) do not match their hash"))
        }
        return journal
    }
}
