import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// `.zennotes/trash.json`: when and from where each note in the trash was trashed
/// (DESIGN.md 6), so that `trash --empty --older-than` ages notes by that and never by when
/// their text was last edited.
///
/// ```json
/// {
///   "version": 1,
///   "notes": {
///     "trash/pages/Errands.md": { "trashedAt": "2026-11-30T12:00:00Z", "from": "pages/Errands.md", "inode": 4242 }
///   }
/// }
/// ```
///
/// Every key `vault` does not know, at the top and in each entry, is kept as it was. `inode`
/// is optional: when an entry has one and the file in the trash does not, another file took
/// the name since (another app trashed a second note there), and the entry is not believed.
public struct TrashRecord: Sendable, Equatable {
    /// What the record says of one note in the trash.
    public struct Entry: Sendable, Equatable {
        /// When the note was trashed; nil when the entry has no time that can be read.
        public var trashedAt: Date?
        /// Its vault-relative path before it was trashed.
        public var from: String?
        /// The inode of the file in the trash when it was recorded.
        public var inode: UInt64?
    }

    /// The vault-relative path of the record.
    public static let path = ".zennotes/trash.json"

    /// The whole document, in its original key order.
    public private(set) var document: JSONValue

    /// An empty record.
    public init() {
        document = .object([("version", .number("1")), ("notes", .object([]))])
    }

    /// Reads the record from the bytes of `trash.json`.
    ///
    /// - Throws: `VaultError.trashRecordUnreadable` when the text is not a JSON object whose
    ///   `notes` (when present) is an object.
    public init(bytes: [UInt8]) throws {
        do {
            document = try JSONValue.parse(bytes)
        } catch {
            throw VaultError.trashRecordUnreadable(path: Self.path, reason: "\(error)")
        }
        guard case .object = document else {
            throw VaultError.trashRecordUnreadable(path: Self.path, reason: "the top level is not an object")
        }
        switch document["notes"] {
        case nil, .null?, .object?: break
        default: throw VaultError.trashRecordUnreadable(path: Self.path, reason: "\"notes\" is not an object")
        }
    }

    private var notes: [(String, JSONValue)] {
        if case .object(let members)? = document["notes"] { return members }
        return []
    }

    /// The trash paths the record has an entry for, as written.
    public var paths: [String] { notes.map(\.0) }

    /// True when the record names no note (and so need not exist).
    public var isEmpty: Bool { notes.isEmpty }

    /// The entry for a note in the trash, matched as names are (NFC, any case).
    public func entry(for path: String) -> Entry? {
        let key = Naming.collisionKey(path)
        guard let value = notes.first(where: { $0.0 == path })?.1 ?? notes.first(where: { Naming.collisionKey($0.0) == key })?.1
        else { return nil }
        var entry = Entry()
        entry.trashedAt = value["trashedAt"]?.stringValue.flatMap(VaultClock.parse)
        entry.from = value["from"]?.stringValue
        if case .number(let text)? = value["inode"] { entry.inode = UInt64(text) }
        return entry
    }

    /// Says that the note now at `path` in the trash came from `from` at `date`, replacing what
    /// an earlier entry for `path` said; keys of that entry `vault` does not know are kept.
    public mutating func record(_ path: String, from: String, at date: Date, inode: UInt64?) {
        var entry = notes.first(where: { $0.0 == path })?.1 ?? .object([])
        entry.set("trashedAt", .string(Self.format(date)))
        entry.set("from", .string(from))
        if let inode { entry.set("inode", .number(String(inode))) }
        var members = notes
        if let index = members.firstIndex(where: { $0.0 == path }) {
            members[index].1 = entry
        } else {
            members.append((path, entry))
        }
        document.set("notes", .object(members))
    }

    /// Forgets the entries of these trash paths (matched as names are).
    public mutating func remove(_ paths: Set<String>) {
        let keys = Set(paths.map(Naming.collisionKey))
        let members = notes.filter { !keys.contains(Naming.collisionKey($0.0)) }
        if members.count != notes.count { document.set("notes", .object(members)) }
    }

    /// The bytes to write: 2-space indent and a final newline.
    public func encoded() -> [UInt8] { document.formattedBytes() }

    /// A time as the record writes it: UTC, to the second.
    public static func format(_ date: Date) -> String {
        WallTime.iso8601(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }
}
