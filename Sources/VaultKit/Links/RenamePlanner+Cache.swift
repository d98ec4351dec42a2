import VaultMarkdown
import VaultSystem

extension RenamePlanner {
    /// True when the cache's record of a note that stays where it is shows that the moves
    /// change none of its links: each leads where it led, and none to a moved file. Such a
    /// note is not even read. False whenever that cannot be known without reading it.
    ///
    /// A record none of whose link targets names a moved file, by its old name or its new,
    /// is told so without decoding or resolving a link (see `LinkNeedles`): at 100,000
    /// notes, most of them.
    ///
    /// - Parameter answers: what `needles` said of each link shape, kept across the notes of one plan.
    func unaffected(
        _ note: Note, before: LinkIndex, after: LinkIndex, moves: [String: String], needles: LinkNeedles, answers: LinkTargetAnswers
    ) -> Bool {
        guard let cache = vault.cache, moves[note.path] == nil, note.availability == .available else { return false }
        // Its status now, not the walk's: what a rename leaves unread must be what is on disk.
        let status = (try? vault.fileSystem.status(vault.absolutePath(note.path))) ?? nil
        if let status, status.kind == .file, !needles.matchesEverything,
            cache.links(
                of: note.path, status: status, answers: answers, probe: needles.signatureProbe,
                mayMatch: { needles.mayMatch(targetBytes: $0) }) == false
        {
            return true
        }
        guard
            // Only a record: a note the cache cannot answer for is read once, by the planner.
            let reading = CachedReader(fileSystem: vault.fileSystem, cache: cache, dialect: vault.dialect).cached(
                path: note.path, absolute: vault.absolutePath(note.path), wanted: .links, status: status),
            reading.facts.isUTF8
        else { return false }
        let source = origin(of: note.path)
        return reading.facts.links.allSatisfy { link in
            if link.isSelfLink || link.form == .referenceUse { return true }
            let was = before.resolve(link, from: source).path
            if let was, moves[was] != nil { return false }
            return after.resolve(link, from: source).path == was
                && (!before.resolvesByPath(link, from: source) || after.resolvesByPath(link, from: source))
        }
    }
}
