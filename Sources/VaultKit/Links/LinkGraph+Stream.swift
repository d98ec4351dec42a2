import VaultSystem

extension LinkGraph {
    /// Reads and resolves the links of the notes of `scan` as `build` does, handing each
    /// note's kept edges to `deliver` in the notes' order as soon as they and those before
    /// them are read: no more than a window of notes' edges is held at once (the 27,000
    /// backlinks of a large vault's most-linked note were 13 MB of `backlinks`' highest
    /// point, held until the last was found).
    ///
    /// `deliver` is called by one thread at a time; it returns false to stop. A caller that
    /// asks most notes fills the cache's link records first (`fillLinkRecords`), before it
    /// makes `index`, as `Vault.backlinkReports` does: filled here, the index was held beside
    /// the fill.
    ///
    /// - Returns: the notes whose links could not be read.
    public static func stream(
        vault: Vault, scan: VaultScan, index: LinkIndex, notes: [Note]? = nil, needles: LinkNeedles? = nil,
        keep: (@Sendable (LinkEdge) -> Bool)? = nil, deliver: ([LinkEdge]) -> Bool
    ) -> [VaultWarning] {
        let notes = notes ?? scan.notes
        let selected = selection(of: notes)
        let question = Question(needles: needles, keep: keep, keepsAlike: false, findsBrokenDefinitions: false)
        var skipped: [VaultWarning] = []
        ParallelMap.stream(selected.count, state: {}) { _, position -> NoteEdges? in
            edges(of: notes[selected[position]], vault: vault, index: index, question)
        } deliver: { _, found in
            guard let found else { return true }
            if let warning = found.warning { skipped.append(warning) }
            return found.edges.isEmpty || deliver(found.edges)
        }
        return skipped
    }
}
