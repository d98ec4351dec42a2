import FoundationEssentials

/// One comment on a note, as its sidecar holds it (`.zennotes/comments/<note>.comments.json`).
public struct NoteComment: Sendable, Equatable, Encodable {
    /// Short and unique within the note (`c-2f8e91`).
    public var id: String
    /// The text of the comment.
    public var body: String
    /// When it was written (ISO 8601, UTC), as the sidecar spells it.
    public var createdAt: String
    /// The text of the note it is about, when the app that wrote it said.
    public var anchor: String?
    /// True once it is resolved.
    public var resolved: Bool
    /// When it was resolved, if vault (or an app that says so) resolved it.
    public var resolvedAt: String?

    public init(id: String, body: String, createdAt: String, anchor: String? = nil, resolved: Bool = false, resolvedAt: String? = nil) {
        self.id = id
        self.body = body
        self.createdAt = createdAt
        self.anchor = anchor
        self.resolved = resolved
        self.resolvedAt = resolvedAt
    }
}
