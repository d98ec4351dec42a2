import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// A link of a note and where it leads.
public struct ResolvedLink: Sendable, Equatable {
    public var link: Link
    public var resolution: Resolution
}

/// A link in another note (or the same one) that leads to a note.
public struct Backlink: Sendable, Equatable {
    /// The note the link is written in.
    public var source: String
    public var link: Link

    public init(source: String, link: Link) {
        self.source = source
        self.link = link
    }
}

/// Why a link is reported: it leads nowhere, or its bare name matched several files.
public struct LinkProblem: Sendable, Equatable {
    public enum Kind: String, Sendable { case dangling, ambiguous }
    public var kind: Kind
    public var link: Link
    public var resolution: Resolution

    /// What is wrong, for the person reading the note.
    public var message: String {
        switch kind {
        case .dangling: return "\(link.target) leads to no note or file"
        case .ambiguous:
            return "\(link.target) names \(resolution.candidates) files; it leads to \(resolution.path ?? ""), chosen by folder and length"
        }
    }
}

extension LiveVault {
    /// The note at a vault-relative path, with its title as its open document says it.
    public func note(at path: String) -> Note? {
        positions[path].map { scan.notes[$0] }
    }

    /// The facts of a note, from its open document where it has one, else read again (from
    /// the cache while its file is as recorded there).
    public func facts(of path: String) -> NoteFacts? { facts(of: path, parts: Self.parts) }

    private func facts(of path: String, parts: NoteFacts.Parts) -> NoteFacts? {
        guard openFacts[path] != nil || positions[path].map({ scan.notes[$0].availability == .available }) == true else { return nil }
        // One note is read from its file: the cache's index is for reading many, and a
        // server lets go of it between requests (`releaseCache()`).
        return Self.read(path, parts: parts, vault: vault, open: openFacts, cached: false)
    }

    /// The facts of the note at `path`: its open document's (in `open`), else read through
    /// the cache (or from its file alone, when not `cached`); on any thread.
    static func read(_ path: String, parts: NoteFacts.Parts, vault: Vault, open: [String: NoteFacts], cached: Bool = true) -> NoteFacts? {
        if let facts = open[path] { return facts }
        let reader = CachedReader(fileSystem: vault.fileSystem, cache: cached ? vault.cache : nil, dialect: vault.dialect)
        return try? reader.read(path: path, absolute: vault.absolutePath(path), wanted: parts).facts
    }

    /// Lets go of the cache's index held in memory until a question about many notes needs
    /// it again: a server calls this between requests.
    public func releaseCache() { vault.cache?.release() }

    /// The text of a note: its open document's, else its file's.
    public func text(of path: String) throws -> [UInt8] {
        if let bytes = buffers[path] { return bytes }
        // A note of the walk was checked by it: its folders hold no link.
        if let note = note(at: path) { return try vault.contents(of: note) }
        try vault.checkInside(path)
        return try vault.fileSystem.readFile(vault.absolutePath(path))
    }

    /// The links of a note with where each leads.
    public func links(of path: String) -> [ResolvedLink] {
        guard let links = facts(of: path)?.links else { return [] }
        return resolved(links, of: path)
    }

    /// `links` of the note at `path` with where each leads: as filed when they are the links
    /// filed (the file may have changed since without a word), else resolved now.
    private func resolved(_ links: [Link], of path: String) -> [ResolvedLink] {
        let filed = spots[path] ?? []
        let same = filed.count == links.count && zip(filed, links).allSatisfy { $0.range == $1.range }
        return links.enumerated().map { position, link in
            guard same else { return ResolvedLink(link: link, resolution: index.resolve(link, from: path)) }
            let spot = filed[position]
            return ResolvedLink(link: link, resolution: Resolution(path: spot.target < 0 ? nil : paths[spot.target], candidates: Int(spot.candidates)))
        }
    }

    /// Every link that leads to `path` from another place (a link to a heading of the same
    /// note is none), by source path, then in the order written; as `vault backlinks` counts.
    /// The linking notes' facts are read again, in parallel: `linkRanges(to:)` needs none.
    public func backlinks(to path: String) -> [Backlink] {
        let isLink = LinkGraph.links(to: path)
        let sources = linkingNotes(to: path)
        let (vault, open) = (vault, openFacts)
        let read = ParallelMap.map(sources.count, minimumPerWorker: 16) { position in
            Self.read(sources[position], parts: [.links], vault: vault, open: open)?.links ?? []
        }
        var found: [Backlink] = []
        for (source, links) in zip(sources, read) {
            for resolved in resolved(links, of: source) where isLink(Self.edge(source, resolved.link, resolved.resolution)) {
                found.append(Backlink(source: source, link: resolved.link))
            }
        }
        return found
    }

    /// Where every link that `backlinks(to:)` gives is written: its note and the bytes it
    /// spans, in the same order; from what is kept of every link, no note read.
    public func linkRanges(to path: String) -> [(source: String, range: Range<Int>)] {
        guard let target = paths.known(path) else { return [] }
        var found: [(source: String, range: Range<Int>)] = []
        for source in linkingNotes(to: path) {
            for spot in spots[source] ?? [] where spot.target == target && !spot.isSelfLink && !(spot.isProperty && source == path) {
                found.append((source, spot.range))
            }
        }
        return found
    }

    /// The notes with a link that resolves to `path`, in the order of their paths.
    private func linkingNotes(to path: String) -> [String] {
        guard let target = paths.known(path) else { return [] }
        return incoming[target].map { paths[$0] }.sorted()
    }

    private static func edge(_ source: String, _ link: Link, _ resolution: Resolution) -> LinkEdge {
        LinkEdge(source: source, link: link, resolution: resolution, text: "", line: "", offset: 0)
    }

    /// The dangling and ambiguous links of a note, as `vault check` reports them: a page
    /// link of a Logseq graph to a page without a file is none, and a reference use is
    /// reported through its definition.
    public func problems(in path: String) -> [LinkProblem] {
        links(of: path).compactMap { resolved in
            let link = resolved.link
            guard link.form != .referenceUse else { return nil }
            if resolved.resolution.path == nil {
                if vault.isLogseqGraph && VaultCheck.namesPage(link) { return nil }
                return LinkProblem(kind: .dangling, link: link, resolution: resolved.resolution)
            }
            if resolved.resolution.candidates > 1 { return LinkProblem(kind: .ambiguous, link: link, resolution: resolved.resolution) }
            return nil
        }
    }

    /// The notes outside the trash that match `query`, best first, as `vault find` ranks them.
    public func find(_ query: String, limit: Int? = nil) -> [NoteMatch] {
        let finder = NoteFinder(query)
        // The notes that lack a letter of the query are passed over first: at 100,000 notes,
        // ranking every note took most of a completion for a query that matched a few.
        guard let wanted = NoteLetters.wanted(by: query), !wanted.isEmpty, letters.count == scan.notes.count else {
            return finder.rank(scan.notes, limit: limit, where: { $0.kind != .trash })
        }
        let kept = letters.indices.filter { wanted.admits(letters[$0]) && scan.notes[$0].kind != .trash }
        // Most notes kept: copying them out would cost more than it saves.
        guard kept.count < scan.notes.count / 2 else { return finder.rank(scan.notes, limit: limit, where: { $0.kind != .trash }) }
        return finder.rank(kept.map { scan.notes[$0] }, limit: limit)
    }

    /// The shortest wikilink target that leads from `source` to `path`: its name, or as much
    /// of its path as makes it unambiguous (a page name in a Logseq graph).
    public func wikilinkTarget(to path: String, from source: String) -> String {
        LinkRewriter.newWikilinkTarget(to: path, from: source, index: index) ?? NoteFiles.stem(path)
    }

    /// The heading of a note that a link fragment (`#Heading`, without `#`) names.
    public func heading(named fragment: String, in path: String) -> Heading? {
        facts(of: path)?.headings.first { Self.fragment(fragment, names: $0.text) }
    }

    /// True when a link fragment (without `#`) names a heading: as Obsidian compares them,
    /// ignoring case, or as a markdown viewer's anchor (`#my-heading` for `My Heading`).
    public static func fragment(_ fragment: String, names heading: String) -> Bool {
        HeadingFragment.names(fragment, heading: heading)
    }

    /// The anchor a markdown viewer gives a heading (see `HeadingFragment.anchor`).
    static func anchor(of heading: String) -> String { HeadingFragment.anchor(of: heading) }

    /// The block id (`^id`, without `^`) of a note.
    public func blockID(_ id: String, in path: String) -> BlockID? {
        facts(of: path)?.blockIDs.first { $0.id == id }
    }
}

extension LiveVault {
    /// Where a wikilink target written in `source` (`Note`, `folder/Note`, a page name in a
    /// Logseq graph) leads.
    public func resolve(wikilinkTarget target: String, from source: String) -> Resolution {
        if target.isEmpty { return Resolution(path: source, candidates: 1) }
        return index.pages == nil ? index.resolveWikilink(target, from: source) : index.resolvePage(target, from: source)
    }
}

extension LiveVault {
    /// Every tag of the notes outside the trash (first spelling kept) and how many notes
    /// carry it, most used first.
    public func tags() -> [(tag: String, count: Int)] {
        var counts: [String: (tag: String, count: Int)] = [:]
        for note in scan.notes where note.kind != .trash {
            for tag in noteTags[note.path] ?? [] {
                let key = tag.lowercased()
                counts[key, default: (tag, 0)].count += 1
            }
        }
        return counts.values.sorted { $0.count != $1.count ? $0.count > $1.count : $0.tag < $1.tag }
    }
}

extension LiveVault {
    /// The texts of many notes (their open documents', else their files'), read in parallel;
    /// nil for one that cannot be read.
    public func texts(of paths: [String]) -> [[UInt8]?] {
        let buffers = paths.map { self.buffers[$0] }
        let notes = paths.map { note(at: $0) }
        let vault = self.vault
        return ParallelMap.map(paths.count, minimumPerWorker: 16) { position -> [UInt8]? in
            if let bytes = buffers[position] { return bytes }
            if let note = notes[position] { return try? vault.contents(of: note) }
            return nil
        }
    }
}

extension LiveVault {
    /// The destination of a new markdown link from `source` to `path`: relative to the
    /// source's folder, percent-encoded where a bare destination needs it (`My%20Note.md`).
    public func markdownTarget(to path: String, from source: String) -> String {
        let relative = LinkRewriter.relativePath(from: LinkIndex.folder(of: source), to: path) ?? path
        return LinkRewriter.encode(relative, like: "")
    }
}
