import VaultMarkdown
import VaultSystem

extension RenamePlanner {
    /// True when the cache's record of a note that stays where it is shows that the moves
    /// change none of its links: each leads where it led, and none to a moved file. Such a
    /// note is not even read. False whenever that cannot be known without reading it.
    func unaffected(_ note: Note, before: LinkIndex, after: LinkIndex, moves: [String: String]) -> Bool {
        guard vault.cache != nil, moves[note.path] == nil, note.availability == .available,
            // Only a record: a note the cache cannot answer for is read once, by the planner.
            let reading = CachedReader(fileSystem: vault.fileSystem, cache: vault.cache, dialect: vault.dialect).cached(
                path: note.path, absolute: vault.absolutePath(note.path), wanted: .links),
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
