import VaultMarkdown
import VaultSystem

extension VaultCheck {
    /// What each note of `scan` gives a check, by position (nil for a note in the trash), and
    /// the notes whose links could not be read: a note's findings from the check memo when
    /// it holds them for the note as it is now, the others' from a graph of their links,
    /// which then go into the memo (see `CheckMemo`).
    static func findings(vault: Vault, scan: VaultScan, index: LinkIndex?) -> (findings: [CheckMemo.Findings?], skipped: [VaultWarning]) {
        let notes = scan.notes
        let cache = vault.cache
        // A closure, not a key path: a key path applied to each note went through its
        // generic accessor, and copied the note.
        let paths = notes.lazy.map { $0.path }
        // Worked out once for the memo's key and the index both: a Logseq graph's page names
        // are read from its notes. A caller's index resolves by its own names: the key is
        // made of those.
        let pages = index.map(\.pages) ?? vault.logseqPages(notes)
        let key = cache.map { cache in
            CheckMemo.key(
                index: LinkIndex.key(notes: paths, assets: scan.assets, layout: vault.layout, pages: pages), location: cache.location,
                isLogseqGraph: vault.isLogseqGraph)
        }
        // The stamps of the notes' statuses (`FileStatus.sameFileStamp`) by position, 0 when not
        // known and in the trash. Asked before any note is read for its links: a record read
        // afresh now is not one the walk found valid. Stamps, not statuses: held for every
        // note until the memo is written, the statuses were 5.6 MB of a check's highest point
        // at 100,000 notes.
        // In one run of notes per worker: the cache finds each note's entry next to the one it
        // found before, where notes taken one at a time by turns cost each a binary search.
        var stamps = cache.map { cache in
            let stored = cache.storedFiles()
            return Array(
                ParallelMap.fold(notes.count, into: { [UInt64]() }) { run, position in
                    run.append(
                        notes[position].kind == .trash ? 0 : cache.walkedLinkStatus(of: notes[position].path, in: stored)?.sameFileStamp ?? 0)
                }.joined())
        }
        var findings = [CheckMemo.Findings?](repeating: nil, count: notes.count)
        // Entries of notes whose status this run cannot tell (a record read afresh, a cache let
        // go and opened again): each still answers for its status, so the next memo keeps it.
        var unknown: [Int: CheckMemo.Entry] = [:]
        if let cache, let key, let stamps {
            CheckMemo.read(cache.location.checkFile, key: key, paths: paths, fileSystem: vault.fileSystem) { position, entry in
                if stamps[position] != 0 {
                    if entry.stamp == stamps[position] { findings[position] = entry.findings }
                } else if notes[position].kind != .trash {
                    unknown[position] = entry
                }
                return true
            }
        }
        let afresh = LinkGraph.selection(of: notes).filter { findings[$0] == nil }
        guard !afresh.isEmpty else { return (findings, []) }
        // Notes whose records lack their links (a first check after a listing) are read into
        // the cache now rather than by the graph: their records are then found valid, and
        // what is found in them goes into the memo this run, not the next.
        if let cache, afresh.contains(where: { (stamps?[$0] ?? 0) == 0 }),
            ((try? vault.completingCache(for: notes, parts: .links)) ?? 0) > 0
        {
            let known = stamps
            let found = ParallelMap.map(afresh.count) { number -> UInt64 in
                let position = afresh[number]
                guard let stamp = known?[position], stamp != 0 else {
                    return cache.walkedLinkStatus(of: notes[position].path)?.sameFileStamp ?? 0
                }
                return stamp
            }
            for (number, position) in afresh.enumerated() { stamps?[position] = found[number] }
        }
        var skipped: [VaultWarning] = []
        var unreadable = Set<Int>()
        // The graph is let go once its edges are reports: not held while the memo is written.
        do {
            // Only what is reported is kept: most links resolve to one file. A reference use
            // is reported through its definition, once.
            let graph = LinkGraph.build(
                vault: vault, scan: scan,
                index: index ?? vault.linkIndex(scan, pages: pages),
                positions: afresh,
                keep: { $0.link.form != .referenceUse && ($0.resolution.path == nil || $0.resolution.candidates > 1) },
                keepsAlike: true,
                // Once every record is read, nothing more is looked up: a later lookup opens the file again.
                findsBrokenDefinitions: true, releasingCache: true)
            // The graph gives each note's edges, broken definitions and warning in the notes'
            // order: each is handed to its note by walking both in step. Paths are compared by
            // their bytes: two notes may have names equal as strings (NFC and NFD).
            for position in afresh { findings[position] = CheckMemo.Findings() }
            func inStep<Item>(_ items: [Item], path: (Item) -> String, _ give: (Int, Item) -> Void) {
                var next = 0
                for item in items {
                    let source = path(item)
                    while next < afresh.count && !notes[afresh[next]].path.utf8.elementsEqual(source.utf8) { next += 1 }
                    guard next < afresh.count else { return }
                    give(afresh[next], item)
                }
            }
            inStep(graph.edges, path: \.source) { findings[$0]!.reports.append(LinkReport($1)) }
            inStep(graph.brokenDefinitions, path: \.path) { findings[$0]!.broken.append($1) }
            inStep(graph.skipped, path: \.path) { position, _ in unreadable.insert(position) }
            skipped = graph.skipped
        }
        // Written when this run found what the memo lacks: a run that could tell no note's
        // status leaves the one there as it is.
        if let cache, let key, let stamps, afresh.contains(where: { stamps[$0] != 0 && !unreadable.contains($0) }) {
            CheckMemo.save(
                key: key, count: notes.count, to: cache.location.checkFile, folder: cache.location.folder, fileSystem: vault.fileSystem
            ) { position in
                guard !unreadable.contains(position) else { return nil }
                guard stamps[position] != 0, let found = findings[position] else { return unknown[position] }
                return CheckMemo.Entry(stamp: stamps[position], findings: found)
            }
        }
        return (findings, skipped)
    }
}
