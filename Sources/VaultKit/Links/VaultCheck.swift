import VaultMarkdown
import VaultSystem

/// What `vault check` finds wrong with a vault's links and files.
public struct VaultCheck: Sendable, Codable, Equatable {
    /// Links that resolve to nothing.
    public var dangling: [LinkReport]
    /// In a Logseq graph, page links (`[[p]]`, `#p`, page properties) to pages that have no
    /// file: not broken, since Logseq makes such a page when it is first linked, so not in
    /// `dangling` and no problem; listed so that a typo can still be found.
    public var pagesWithoutFile: [LinkReport] = []
    /// Bare names that matched several files; a tie-break chose one.
    public var ambiguous: [LinkReport]
    /// Lines that begin like a link reference definition (`[label]: target "title"`) but are
    /// read as text: no target, a title left open, a paragraph they continue.
    public var brokenDefinitions: [VaultWarning]
    /// Notes that could not be read (not downloaded, I/O errors, not UTF-8), and what the
    /// walk skipped (folders it could not list, fifos, links out of the vault).
    public var unreadable: [VaultWarning]
    public var conflictCopies: [ConflictCopy]
    /// Notes holding git merge conflict markers: two versions at once, so their links (read
    /// from both) may be wrong until one side is kept.
    public var mergeConflicts: [VaultWarning]

    /// True when nothing was found.
    public var isClean: Bool {
        dangling.isEmpty && ambiguous.isEmpty && brokenDefinitions.isEmpty && unreadable.isEmpty && conflictCopies.isEmpty && mergeConflicts.isEmpty
    }

    /// True for a link that names a page, in a Logseq graph: every form but a markdown path.
    public static func namesPage(_ link: Link) -> Bool {
        switch link.form {
        // Even `[[star.lit]]`: Logseq makes a page of any name in brackets.
        case .wikilink, .frontmatter, .tag, .property: return true
        case .markdown, .reference, .referenceUse: return false
        }
    }

    /// Checks every note of a scan.
    ///
    /// - Parameter index: the scan's link index, when the caller keeps one.
    public init(vault: Vault, scan: VaultScan, index: LinkIndex? = nil) {
        // Only what is reported is kept: most links resolve to one file. A reference use
        // is reported through its definition, once.
        let graph = LinkGraph.build(
            vault: vault, scan: scan, index: index ?? vault.linkIndex(scan),
            keep: { $0.link.form != .referenceUse && ($0.resolution.path == nil || $0.resolution.candidates > 1) }, keepsAlike: true,
            // Once every record is read, nothing more is looked up: a later lookup opens the file again.
            findsBrokenDefinitions: true, releasingCache: true)
        let isGraph = vault.isLogseqGraph
        // Counted, then made: no array of edges between, and none grown by doubling.
        func reports(_ wanted: (LinkEdge) -> Bool) -> [LinkReport] {
            var reports: [LinkReport] = []
            reports.reserveCapacity(graph.edges.reduce(0) { $0 + (wanted($1) ? 1 : 0) })
            for edge in graph.edges where wanted(edge) { reports.append(LinkReport(edge)) }
            return reports
        }
        dangling = reports { $0.resolution.path == nil && !(isGraph && Self.namesPage($0.link)) }
        if isGraph {
            pagesWithoutFile = reports { $0.resolution.path == nil && Self.namesPage($0.link) }
        }
        ambiguous = reports { $0.resolution.candidates > 1 }
        brokenDefinitions = graph.brokenDefinitions
        unreadable = scan.skipped + graph.skipped
        conflictCopies = scan.conflictCopies
        mergeConflicts = vault.mergeConflicts(scan).map { conflict in
            let count = conflict.sections.count
            return VaultWarning(
                path: conflict.path,
                message: "holds merge conflict markers (\(count) section\(count == 1 ? "" : "s")); its links may be wrong until one side is kept")
        }
    }
}
