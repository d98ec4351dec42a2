import Foundation
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

    /// The facts of a note, from its open document where it has one.
    public func facts(of path: String) -> NoteFacts? { facts[path] }

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
        guard let links = facts[path]?.links else { return [] }
        let resolved = resolutions[path] ?? []
        return links.enumerated().map { position, link in
            ResolvedLink(link: link, resolution: position < resolved.count ? resolved[position] : index.resolve(link, from: path))
        }
    }

    /// Every link that leads to `path` from another place (a link to a heading of the same
    /// note is none), by source path, then in the order written; as `vault backlinks` counts.
    public func backlinks(to path: String) -> [Backlink] {
        let isLink = LinkGraph.links(to: path)
        var found: [Backlink] = []
        for source in (incoming[path] ?? []).sorted() {
            guard let written = facts[source]?.links, let resolved = resolutions[source], resolved.count == written.count else {
                for resolved in links(of: source) where isLink(Self.edge(source, resolved.link, resolved.resolution)) {
                    found.append(Backlink(source: source, link: resolved.link))
                }
                continue
            }
            // Only the links resolved to `path` are looked at closer: a linking note's other
            // links cost no copy.
            for (position, resolution) in resolved.enumerated() where resolution.path == path {
                if isLink(Self.edge(source, written[position], resolution)) { found.append(Backlink(source: source, link: written[position])) }
            }
        }
        return found
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
        NoteFinder(query).rank(scan.notes, limit: limit, where: { $0.kind != .trash })
    }

    /// The shortest wikilink target that leads from `source` to `path`: its name, or as much
    /// of its path as makes it unambiguous (a page name in a Logseq graph).
    public func wikilinkTarget(to path: String, from source: String) -> String {
        LinkRewriter.newWikilinkTarget(to: path, from: source, index: index) ?? NoteFiles.stem(path)
    }

    /// The heading of a note that a link fragment (`#Heading`, without `#`) names.
    public func heading(named fragment: String, in path: String) -> Heading? {
        facts[path]?.headings.first { Self.fragment(fragment, names: $0.text) }
    }

    /// True when a link fragment (without `#`) names a heading: as Obsidian compares them,
    /// ignoring case, or as a markdown viewer's anchor (`#my-heading` for `My Heading`).
    public static func fragment(_ fragment: String, names heading: String) -> Bool {
        let wanted = Naming.collisionKey(fragment.trimmed())
        return Naming.collisionKey(heading) == wanted || anchor(of: heading) == wanted
    }

    /// The anchor a markdown viewer gives a heading: lower case, spaces as `-`, punctuation
    /// left out.
    static func anchor(of heading: String) -> String {
        var anchor = ""
        for character in Naming.collisionKey(heading) {
            if character == " " { anchor.append("-") } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                anchor.append(character)
            }
        }
        return anchor
    }

    /// The block id (`^id`, without `^`) of a note.
    public func blockID(_ id: String, in path: String) -> BlockID? {
        facts[path]?.blockIDs.first { $0.id == id }
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
            for tag in facts[note.path]?.tags ?? [] {
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
