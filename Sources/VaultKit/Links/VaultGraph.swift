import VaultMarkdown
import VaultSystem

/// The vault's link graph as data, for Graphviz and scripts: every note, every link that
/// resolves (an edge) and every one that does not (a dangling target), as `LinkGraph`
/// resolves them. Notes in the trash are not in it; tags are not links (except a Logseq
/// graph's `#page`, which names a page). Everything is sorted, so the same vault gives the
/// same bytes.
///
/// The edges are held as numbers and made as values one at a time (`forEachEdge`): a
/// graph of a million links held as values, each with its line read from its note, was a
/// gigabyte at 100,000 notes.
public struct VaultGraph: Sendable {
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

    /// Every note outside the trash, by path.
    public var notes: [Node]
    /// The links that resolve to nothing, by source, line and text.
    public var dangling: [Dangling]
    /// Notes whose links could not be read (not downloaded, unreadable, not UTF-8).
    public var skipped: [VaultWarning]
    /// The edges of every note, grouped by note in the order of `notes`.
    let arcs: Arcs
    /// Where each note's edges start in `arcs`, and where the last one's end.
    let starts: [Int32]
    /// The files edges lead to, by number (the link index's).
    let targets: [String]

    /// The graph of the notes of `scan` (read to `.summary` at least, for titles).
    ///
    /// A reference use (`[text][label]`) is counted once, through its definition, as
    /// `vault check` counts it; a link to a heading of its own note is no edge. The
    /// dangling links are those a check finds (from its memo, when the notes are as it
    /// left them); the edges are read from the notes' records in the cache where they serve.
    public init(vault: Vault, scan: consuming VaultScan) {
        (dangling, skipped) = Self.dangling(vault: vault, scan: scan)
        // What the check's findings held is given back before the links are read.
        FreedMemory.giveBack()
        let order = scan.notes.indices.filter { scan.notes[$0].kind != .trash }.sorted { scan.notes[$0].path < scan.notes[$1].path }
        notes = order.map { Node(path: scan.notes[$0].path, title: scan.notes[$0].title) }
        // As the links of a check are read: a note the walk could not read is tried again.
        let readable = order.map { Self.mayRead(scan.notes[$0]) }
        let index = vault.linkIndex(scan)
        // The walk's notes (their facts, aliases and tags) are let go before the links are read.
        _ = consume scan
        FreedMemory.giveBack()
        (arcs, starts) = Self.arcs(of: notes, readable: readable, vault: vault, index: index)
        targets = index.paths
    }

    /// The links of `scan`'s notes that resolve to nothing, as a check finds them, and the
    /// notes whose links could not be read, with what the walk passed over.
    private static func dangling(vault: Vault, scan: VaultScan) -> ([Dangling], [VaultWarning]) {
        let (findings, unreadable) = VaultCheck.findings(vault: vault, scan: scan, index: nil)
        var dangling: [Dangling] = []
        for (position, found) in findings.enumerated() {
            // The source is the walk's path of the note, which the graph's nodes keep anyway:
            // a copy for each of 30,000 dangling links was 2.4 MB at 100,000 notes.
            for report in found?.reports ?? [] where report.resolved == nil {
                dangling.append(
                    Dangling(
                        source: scan.notes[position].path, target: fresh(report.target), text: fresh(report.text), kind: report.form,
                        line: report.line))
            }
        }
        return (dangling.sorted { ($0.source, $0.line, $0.text) < ($1.source, $1.line, $1.text) }, (scan.skipped + unreadable).sorted { $0.path < $1.path })
    }

    /// False for a note whose file cannot be opened: a placeholder of one not downloaded, or
    /// one whose name is not UTF-8 (`Vault.walkedContents` says why, to the check).
    private static func mayRead(_ note: Note) -> Bool {
        switch note.availability {
        case .available: return true
        case .placeholder: return false
        case .unreadable: return note.unavailableReason != VaultScanner.undecodableNameReason
        }
    }

    /// A copy of `text` in storage of its own: what a check's findings held is then let go
    /// whole, none of its memory kept by a string the graph keeps.
    private static func fresh(_ text: String) -> String {
        String(unsafeUninitializedCapacity: text.utf8.count) { $0.initialize(fromContentsOf: text.utf8) }
    }

    /// How many edges there are.
    public var edgeCount: Int { arcs.count }

    /// Every link that resolves, by source, line, target and kind.
    public var edges: [Edge] {
        var edges: [Edge] = []
        edges.reserveCapacity(arcs.count)
        forEachEdge { edges.append($0) }
        return edges
    }

    /// Calls `body` with each edge, in the order of `edges`, made as it is asked for.
    public func forEachEdge(_ body: (Edge) throws -> Void) rethrows {
        for position in notes.indices {
            try forEachArc(of: position) { arc in
                try body(Edge(source: notes[position].path, target: targets[Int(arc.target)], kind: arc.form, embed: arc.embed, line: arc.line))
            }
        }
    }

    /// Calls `body` with the edges of the note at `position` in `notes`.
    func forEachArc(of position: Int, _ body: (Arc) throws -> Void) rethrows {
        for arc in Int(starts[position])..<Int(starts[position + 1]) { try body(arcs[arc]) }
    }
}
