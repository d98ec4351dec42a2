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

    /// The index the links were resolved by: files are counted by its numbers.
    private let index: LinkIndex
    /// The notes linking to file `f` are `sources[starts[f]..<starts[f + 1]]`, in scan order:
    /// two flat arrays, where a dictionary of arrays by path held four times the bytes.
    private let starts: [Int32]
    private let sources: [Source]

    /// Reads and resolves the links of every note of `scan` outside the trash.
    public init(vault: Vault, scan: VaultScan, index: LinkIndex) {
        let notes = scan.notes
        let reader = CachedReader(fileSystem: vault.fileSystem, cache: vault.cache, dialect: vault.dialect, trustsWalk: true)
        // Each run of notes gathers (file, note, links) in one flat array; a note's files are
        // sorted to be counted, so a note of thousands of targets costs no more than its links.
        let runs = ParallelMap.fold(notes.count, into: { (found: [(file: Int32, source: Source)](), files: [Int32]()) }) { run, position in
            let note = notes[position]
            guard note.kind != .trash, note.availability == .available,
                let facts = try? reader.read(path: note.path, absolute: vault.absolutePath(note.path), wanted: .links).facts,
                facts.isUTF8
            else { return }
            run.files.removeAll(keepingCapacity: true)
            let origin = LinkIndex.Origin(note.path)
            for link in facts.links {
                let resolution = index.resolve(link, from: origin)
                guard resolution.file >= 0 else { continue }
                let edge = LinkEdge(source: note.path, link: link, resolution: resolution, text: "", line: "", offset: 0)
                guard LinkGraph.links(to: resolution.path!)(edge) else { continue }
                run.files.append(Int32(resolution.file))
            }
            run.files.sort()
            var at = 0
            while at < run.files.count {
                var end = at + 1
                while end < run.files.count && run.files[end] == run.files[at] { end += 1 }
                run.found.append((run.files[at], Source(position: Int32(position), links: Int32(end - at))))
                at = end
            }
        }
        var starts = [Int32](repeating: 0, count: index.fileCount + 1)
        for run in runs {
            for (file, _) in run.found { starts[Int(file) + 1] += 1 }
        }
        for file in 0..<index.fileCount { starts[file + 1] += starts[file] }
        var next = starts
        let total = Int(starts[index.fileCount])
        // Runs are in scan order, so each file's sources are too.
        self.sources = [Source](unsafeUninitializedCapacity: total) { buffer, initialized in
            for run in runs {
                for (file, source) in run.found {
                    buffer[Int(next[Int(file)])] = source
                    next[Int(file)] += 1
                }
            }
            initialized = total
        }
        self.starts = starts
        self.index = index
    }

    /// The sources of the links to `path`.
    private func sources(of path: String) -> ArraySlice<Source> {
        guard let file = index.file(at: path) else { return [] }
        return sources[Int(starts[file])..<Int(starts[file + 1])]
    }

    /// How many links lead to `path`.
    public func linkCount(to path: String) -> Int {
        sources(of: path).reduce(0) { $0 + Int($1.links) }
    }

    /// The notes of `scan` (the scan this was built from) that hold the links to `path`
    /// numbered `window` (counted in scan order, then in each note's order), and how many
    /// links to `path` the notes before them hold.
    public func notes(linkingTo path: String, in scan: VaultScan, window: Range<Int>) -> (notes: [Note], before: Int) {
        var notes: [Note] = []
        var seen = 0
        var before = 0
        for source in sources(of: path) {
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
