import VaultMarkdown
import VaultSystem

/// A note's links and backlinks as `vault links`, `vault backlinks` and `vault mcp` report them.
extension Vault {
    /// The outbound links of `note`, resolved or dangling, in the order written, and the
    /// notes that could not be read on the way.
    ///
    /// - Throws: when the note itself cannot be read (not downloaded, unreadable).
    /// - Parameter index: the scan's link index, when the caller keeps one.
    public func linkReports(
        from note: Note, scan: VaultScan, index: LinkIndex? = nil
    ) throws -> (reports: [LinkReport], skipped: [VaultWarning]) {
        _ = try contents(of: note)
        let graph = LinkGraph.build(vault: self, scan: scan, index: index ?? linkIndex(scan), notes: [note])
        return (graph.edges.map(LinkReport.init), graph.skipped)
    }

    /// Every link to `note`, with its line and context, and the notes that could not be read.
    ///
    /// - Parameters:
    ///   - index: the scan's link index, when the caller keeps one.
    ///   - notes: the notes to read for links (default: every note; a caller that keeps
    ///     `LinkSources` names only those that link to `note`).
    public func backlinkReports(
        to note: Note, scan: VaultScan, index: LinkIndex? = nil, notes: [Note]? = nil
    ) -> (reports: [LinkReport], skipped: [VaultWarning]) {
        var reports: [LinkReport] = []
        let skipped = backlinkReports(to: note, scan: scan, index: index, notes: notes) { report in
            reports.append(report)
            return true
        }
        return (reports, skipped)
    }

    /// Every link to `note`, with its line and context, handed to `deliver` in the order of
    /// the notes they are in as soon as they are found (`deliver` returns false to stop);
    /// returns the notes that could not be read. See `backlinkReports(to:scan:index:notes:)`.
    public func backlinkReports(
        to note: Note, scan: VaultScan, index: LinkIndex? = nil, notes: [Note]? = nil, deliver: (LinkReport) -> Bool
    ) -> [VaultWarning] {
        // Records that lack links are read into the cache before the link index is made: the
        // index held beside that reading made a first `backlinks` after a first `tasks` peak
        // at 105 MB at 100,000 notes. The stream then finds them whole.
        LinkGraph.fillLinkRecords(of: notes ?? scan.notes, vault: self)
        let index = index ?? linkIndex(scan)
        return LinkGraph.stream(
            vault: self, scan: scan, index: index, notes: notes, needles: LinkNeedles(paths: [note.path], index: index),
            keep: LinkGraph.links(to: note.path)
        ) { edges in edges.allSatisfy { deliver(LinkReport($0)) } }
    }
}
