import VaultMarkdown
import VaultSystem

/// Which notes of a scan link to each file, and how many times: what a long-running server
/// keeps so that a page of any note's backlinks reads only the notes on that page, not every
/// note of the vault.
///
/// Built from each note's links as `LinkGraph` reads them (the cache's records where they
/// hold), resolved by the same index and counted as its backlinks are (`LinkGraph.links(to:)`);
/// a note that cannot be read links nowhere, as it has no edges in a graph. Valid only for
/// the scan it was built from.
public struct LinkSources: Sendable {
    /// One note's links to a file.
    struct Source: Sendable {
        /// The note's position in the scan's notes.
        var position: Int32
        /// How many of its links lead there.
        var links: Int32
    }

    /// In scan order, by the path the links resolve to.
    private let sources: [String: [Source]]

    /// Reads and resolves the links of every note of `scan` outside the trash.
    public init(vault: Vault, scan: VaultScan, index: LinkIndex) {
        let notes = scan.notes
        let reader = CachedReader(fileSystem: vault.fileSystem, cache: vault.cache, dialect: vault.dialect)
        // Each note's targets in a short list, not a dictionary: a note links to few files,
        // and the paths resolved are the index's own strings, compared by identity first.
        let counted = ParallelMap.map(notes.count) { position -> [(target: String, links: Int32)] in
            let note = notes[position]
            guard note.kind != .trash, note.availability == .available,
                let facts = try? reader.read(path: note.path, absolute: vault.absolutePath(note.path), wanted: .links).facts,
                facts.isUTF8
            else { return [] }
            var counts: [(target: String, links: Int32)] = []
            let origin = LinkIndex.Origin(note.path)
            for link in facts.links {
                let resolution = index.resolve(link, from: origin)
                guard let target = resolution.path else { continue }
                let edge = LinkEdge(source: note.path, link: link, resolution: resolution, text: "", line: "", offset: 0)
                guard LinkGraph.links(to: target)(edge) else { continue }
                if let at = counts.lastIndex(where: { $0.target == target }) {
                    counts[at].links += 1
                } else {
                    counts.append((target, 1))
                }
            }
            return counts
        }
        var sources: [String: [Source]] = [:]
        for (position, counts) in counted.enumerated() {
            for (target, links) in counts { sources[target, default: []].append(Source(position: Int32(position), links: links)) }
        }
        self.sources = sources
    }

    /// How many links lead to `path`.
    public func linkCount(to path: String) -> Int {
        (sources[path] ?? []).reduce(0) { $0 + Int($1.links) }
    }

    /// The notes of `scan` (the scan this was built from) that hold the links to `path`
    /// numbered `window` (counted in scan order, then in each note's order), and how many
    /// links to `path` the notes before them hold.
    public func notes(linkingTo path: String, in scan: VaultScan, window: Range<Int>) -> (notes: [Note], before: Int) {
        var notes: [Note] = []
        var seen = 0
        var before = 0
        for source in sources[path] ?? [] {
            let next = seen + Int(source.links)
            if next > window.lowerBound && seen < window.upperBound {
                if notes.isEmpty { before = seen }
                notes.append(scan.notes[Int(source.position)])
            }
            seen = next
            if seen >= window.upperBound { break }
        }
        return (notes, before)
    }
}
