import VaultMarkdown
import VaultSystem

/// The vault's link graph as data, for Graphviz and scripts: every note, every link that
/// resolves (an edge) and every one that does not (a dangling target), as `LinkGraph`
/// resolves them. Notes in the trash are not in it; tags are not links (except a Logseq
/// graph's `#page`, which names a page). Everything is sorted, so the same vault gives the
/// same bytes.
public struct VaultGraph: Sendable, Codable, Equatable {
    /// A note, by its vault-relative path, and its title.
    public struct Node: Sendable, Codable, Equatable {
        public var path: String
        public var title: String
    }

    /// A link that resolves: from the note it is written in to a note or attachment.
    public struct Edge: Sendable, Codable, Equatable {
        public var source: String
        public var target: String
        /// How the link is written (`wikilink`, `markdown`, `frontmatter`, `reference`,
        /// `tag` and `property` in a Logseq graph).
        public var kind: Link.Form
        /// True for `![[…]]` and `![…](…)`.
        public var embed: Bool
        public var line: Int
    }

    /// A link that resolves to nothing.
    public struct Dangling: Sendable, Codable, Equatable {
        public var source: String
        /// The target as written, decoded.
        public var target: String
        /// The link exactly as written.
        public var text: String
        public var kind: Link.Form
        public var line: Int
    }

    public var notes: [Node]
    public var edges: [Edge]
    public var dangling: [Dangling]
    /// Notes whose links could not be read (not downloaded, unreadable, not UTF-8).
    public var skipped: [VaultWarning]

    /// The graph of the notes of `scan` (read to `.summary` at least, for titles).
    ///
    /// A reference use (`[text][label]`) is counted once, through its definition, as
    /// `vault check` counts it; a link to a heading of its own note is no edge.
    public init(vault: Vault, scan: VaultScan) {
        let graph = LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan))
        notes = scan.notes.filter { $0.kind != .trash }.map { Node(path: $0.path, title: $0.title) }.sorted { $0.path < $1.path }
        var edges: [Edge] = []
        var dangling: [Dangling] = []
        for edge in graph.edges where edge.link.form != .referenceUse && !edge.link.isSelfLink {
            if let target = edge.resolution.path {
                edges.append(Edge(source: edge.source, target: target, kind: edge.link.form, embed: edge.link.isEmbed, line: edge.link.line))
            } else {
                dangling.append(Dangling(source: edge.source, target: edge.link.target, text: edge.text, kind: edge.link.form, line: edge.link.line))
            }
        }
        self.edges = edges.sorted { ($0.source, $0.line, $0.target, $0.kind.rawValue) < ($1.source, $1.line, $1.target, $1.kind.rawValue) }
        self.dangling = dangling.sorted { ($0.source, $0.line, $0.text) < ($1.source, $1.line, $1.text) }
        skipped = (scan.skipped + graph.skipped).sorted { $0.path < $1.path }
    }
}
