/// A link as reported to people and scripts: where it is, how it is written, where it goes.
public struct LinkReport: Sendable, Codable, Equatable {
    public var source: String
    public var line: Int
    /// The link exactly as written.
    public var text: String
    public var form: Link.Form
    public var embed: Bool
    /// The target as written, decoded.
    public var target: String
    public var fragment: String?
    /// Where it resolves, nil when it dangles.
    public var resolved: String?
    /// How many files its bare name matched (more than one: a tie-break chose).
    public var candidates: Int
    /// The line the link is on, trimmed, for context.
    public var context: String

    /// Describes an edge.
    public init(_ edge: LinkEdge) {
        source = edge.source
        line = edge.link.line
        text = edge.text
        form = edge.link.form
        embed = edge.link.isEmbed
        target = edge.link.target
        fragment = edge.link.fragment
        resolved = edge.resolution.path
        candidates = edge.resolution.candidates
        context = edge.context
    }
}
