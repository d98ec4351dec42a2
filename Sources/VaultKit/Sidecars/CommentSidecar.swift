import FoundationEssentials
import VaultSystem

/// The comments sidecar of one note, `{"version":1,"comments":[...]}` (DESIGN.md 6), with
/// every key `vault` does not know kept, in its place, in the document and in each comment.
public struct CommentSidecar: Equatable, Sendable {
    /// The whole document, in its original key order.
    public private(set) var document: JSONValue

    /// An empty sidecar, for a note that had none.
    public init() {
        document = .object([("version", .number("1")), ("comments", .array([]))])
    }

    /// Reads a sidecar from its bytes.
    ///
    /// - Throws: `VaultError.sidecarNotJSON` when the text is not a JSON object whose
    ///   `comments`, if present, is a list.
    public init(bytes: [UInt8], path: String) throws {
        do {
            document = try JSONValue.parse(bytes)
        } catch {
            throw VaultError.sidecarNotJSON(path: path, reason: "\(error)")
        }
        guard case .object = document else { throw VaultError.sidecarNotJSON(path: path, reason: "the top level is not an object") }
        switch document["comments"] {
        case nil, .null, .array?: break
        default: throw VaultError.sidecarNotJSON(path: path, reason: "\"comments\" is not a list")
        }
    }

    /// The comments, in the order the file holds them; entries that are not objects with an
    /// `id` are passed over (and kept in the file).
    public var comments: [NoteComment] {
        entries.compactMap(Self.comment)
    }

    /// Adds a comment at the end.
    public mutating func add(_ comment: NoteComment) {
        var members: [(String, JSONValue)] = [("id", .string(comment.id)), ("body", .string(comment.body)), ("createdAt", .string(comment.createdAt))]
        if let anchor = comment.anchor { members.append(("anchor", .string(anchor))) }
        if comment.resolved { members.append(("resolved", .bool(true))) }
        document.set("comments", .array(entries + [.object(members)]))
    }

    /// Marks the comment `id` resolved at `date`; false when it was resolved already.
    ///
    /// - Throws: `VaultError.unknownComment` when no comment has that id.
    public mutating func resolve(_ id: String, at date: String, note: String) throws -> Bool {
        var items = entries
        guard let index = items.firstIndex(where: { Self.comment($0)?.id == id }) else {
            throw VaultError.unknownComment(note: note, id: id, known: comments.map(\.id))
        }
        if Self.comment(items[index])?.resolved == true { return false }
        items[index].set("resolved", .bool(true))
        items[index].set("resolvedAt", .string(date))
        document.set("comments", .array(items))
        return true
    }

    /// An id no comment of this sidecar has: `c-` and six hex digits of a checksum of what
    /// the comment is, so the same run gives the same id (transcripts, tests), moved on
    /// while it is taken.
    public func newID(for body: String, at date: String) -> String {
        let taken = Set(comments.map(\.id))
        var salt = taken.count
        while true {
            let digits = CacheLocation.hex(Checksum64.of(Array("\(date)\n\(body)\n\(salt)".utf8)))
            let id = "c-" + digits.prefix(6)
            if !taken.contains(id) { return id }
            salt += 1
        }
    }

    /// The bytes to write: 2-space indent and a final newline.
    public func encoded() -> [UInt8] { document.formattedBytes() }

    private var entries: [JSONValue] {
        guard case .array(let items)? = document["comments"] else { return [] }
        return items
    }

    private static func comment(_ value: JSONValue) -> NoteComment? {
        guard let id = value["id"]?.stringValue else { return nil }
        var resolved = false
        if case .bool(let flag)? = value["resolved"] { resolved = flag }
        // Some apps record only when: a resolution date means resolved.
        if let at = value["resolvedAt"]?.stringValue, !at.isEmpty { resolved = true }
        return NoteComment(
            id: id, body: value["body"]?.stringValue ?? value["text"]?.stringValue ?? "", createdAt: value["createdAt"]?.stringValue ?? "",
            anchor: value["anchor"]?.stringValue, resolved: resolved, resolvedAt: value["resolvedAt"]?.stringValue)
    }
}
