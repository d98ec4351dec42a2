import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// One link and where it goes.
public struct LinkEdge: Sendable, Equatable {
    /// The note the link is written in.
    public var source: String
    public var link: Link
    public var resolution: Resolution
    /// The link exactly as written.
    public var text: String
    /// The line the link is on, trimmed, shared by the edges of its links (a line of many
    /// links is held once, not once per link), and where the link starts in it.
    private(set) var line: String
    private(set) var offset: Int

    /// The longest line shown whole as a link's context; a longer one is shown around the
    /// link, `contextRadius` bytes each side.
    public static let contextLimit = 1024
    public static let contextRadius = 100

    /// An edge of `link` in `source`; `line` is the trimmed line it is on and `offset` where
    /// the link starts in it.
    public init(source: String, link: Link, resolution: Resolution, text: String, line: String, offset: Int) {
        self.source = source
        self.link = link
        self.resolution = resolution
        self.text = text
        self.line = line
        self.offset = offset
    }

    /// The line the link is on, trimmed; around the link, marked `…` where cut, when the line
    /// is longer than `contextLimit` bytes (a note may be one line of many links).
    public var context: String { Self.excerpt(of: line, at: offset, length: text.utf8.count) }

    /// `line`, or when it is longer than `contextLimit` bytes, the part of it around the
    /// `length` bytes at `offset`.
    static func excerpt(of line: String, at offset: Int, length: Int) -> String {
        guard line.utf8.count > contextLimit else { return line }
        let excerpt = { (bytes: UnsafeBufferPointer<UInt8>) -> String in
            var start = max(0, min(offset, bytes.count) - contextRadius)
            var end = min(bytes.count, offset + length + contextRadius)
            while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            return (start > 0 ? "…" : "") + String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                + (end < bytes.count ? "…" : "")
        }
        // A native string's bytes are at hand; any other is copied once.
        return line.utf8.withContiguousStorageIfAvailable(excerpt) ?? Array(line.utf8).withUnsafeBufferPointer(excerpt)
    }
}

/// The links of a vault's notes, resolved: what `links`, `backlinks` and `check` show and
/// what a rename must keep (DESIGN.md 4). Notes in the trash are never read.
public struct LinkGraph: Sendable {
    /// Every link read, grouped by source in path order.
    public var edges: [LinkEdge]
    /// Notes whose links could not be read (not downloaded, unreadable, not UTF-8).
    public var skipped: [VaultWarning]
    /// Lines that begin like a reference definition but are read as text, when asked for.
    public var brokenDefinitions: [VaultWarning] = []

    /// Reads and resolves the links of the notes of `scan` that pass `filter`.
    ///
    /// - Parameters:
    ///   - notes: which notes to read (default: every note outside the trash).
    ///   - positions: the positions in `notes` of those to read, none in the trash, when not
    ///     all of them: a copy of the notes for a few of them was most of what a check held.
    ///   - needles: when given, a note is parsed only if its bytes may hold one of them.
    ///   - keep: when given, only the edges it accepts are kept (as they are found: a note of
    ///     a million links need not hold them all for the few asked for). It is asked before
    ///     an edge's text and line are read: it sees them empty.
    ///   - keepsAlike: true when `keep` answers alike for every link that says the same
    ///     (form, target) and finds no file, one, or several alike: it reads of an edge only
    ///     its link's form and target, and whether its resolution found a file and among how
    ///     many candidates, never where the link is nor which file it picked (`check`'s). Its
    ///     answer is then kept by link shape, and a link it would not keep is not decoded.
    ///   - findsBrokenDefinitions: also list the lines that begin like a reference definition
    ///     but are read as text (what `check` reports).
    ///   - releasingCache: make the cache's link records whole and write them first (see
    ///     `Vault.completeCache(for:parts:)`), and let go of the cache once every record is
    ///     asked, before the notes with edges to keep are read for their lines.
    public static func build(
        vault: Vault, scan: VaultScan, index: LinkIndex, notes: [Note]? = nil, positions: [Int]? = nil,
        needles: LinkNeedles? = nil, keep: (@Sendable (LinkEdge) -> Bool)? = nil, keepsAlike: Bool = false,
        findsBrokenDefinitions: Bool = false, releasingCache: Bool = false
    ) -> LinkGraph {
        let notes = notes ?? scan.notes
        let selected = positions ?? selection(of: notes)
        // Records missing (a first run) are made and written before any link is asked: the
        // links kept while every note was read, amid what reading them left freed, held a
        // first check at 100,000 notes above its warm runs. The question is then asked of
        // the written records, as on every later run. The trash's notes are read too: with
        // a record of every note the walk found, the stored file is not opened again to be
        // merged. Without a cache that takes files, each note gives its edges, lines and all,
        // as it is read.
        let leavesLines = releasingCache && (try? vault.completingCache(for: notes, parts: .links)) != nil
        if !releasingCache { fillLinkRecords(of: notes, vault: vault) }
        if leavesLines && selected.count >= 1_000 { FreedMemory.giveBack() }
        let question = Question(needles: needles, keep: keep, keepsAlike: keepsAlike, findsBrokenDefinitions: findsBrokenDefinitions)
        // When the cache is let go, the notes with links to keep are read for their lines
        // only after: the edges and lines of a check's 30,000 dangling links (17 MB at
        // 100,000 notes), held beside the cache's index and side table (36 MB), made its
        // highest point.
        var results = ParallelMap.map(selected.count) { position -> NoteEdges? in
            edges(of: notes[selected[position]], vault: vault, index: index, question, readsLines: !leavesLines)
        }
        if releasingCache {
            vault.cache?.saveAndRelease()
            if selected.count >= 1_000 { FreedMemory.giveBack() }
            let positions = results.indices.filter { results[$0]?.unread != nil }
            let read = { [results] in
                ParallelMap.map(positions.count) { position -> NoteEdges? in
                    let position = positions[position]
                    guard let unread = results[position]?.unread else { return nil }
                    return finish(notes[selected[position]], unread, vault: vault, index: index, question)
                }
            }()
            for (position, found) in zip(positions, read) { results[position] = found }
        }
        var graph = LinkGraph(edges: [], skipped: [])
        // Sized once: grown by doubling, the old and new storage of a check's many edges
        // were held together for a moment.
        graph.edges.reserveCapacity(results.reduce(0) { $0 + ($1?.edges.count ?? 0) })
        // Each note's edges are let go once gathered: held until the end, they were a second
        // copy of every edge at a backlinks' highest point.
        for position in results.indices {
            guard let found = results[position] else { continue }
            results[position] = nil
            graph.edges += found.edges
            if let warning = found.warning { graph.skipped.append(warning) }
            graph.brokenDefinitions += found.broken
        }
        return graph
    }

    /// Reads `notes` into the cache first when most of their records hold other facts but
    /// not links (see `CacheFill.beforeRereading`): a first `backlinks` after a first `tasks`
    /// read every note again while it asked each for links, 110 MiB at 100,000 notes.
    static func fillLinkRecords(of notes: [Note], vault: Vault) {
        guard let cache = vault.cache else { return }
        let fill = CacheFill(cache: cache, fileSystem: vault.fileSystem, dialect: vault.dialect, root: vault.root)
        fill.beforeRereading(count: notes.count, parts: .links) { position in
            notes[position].availability == .available ? (notes[position].path, nil) : nil
        }
    }

    /// The positions of the notes outside the trash, the memory freed so far given back when
    /// they are many.
    static func selection(of notes: [Note]) -> [Int] {
        // Positions, not a filtered copy: a copy of a large vault's notes was the largest
        // single thing a check held.
        let selected = notes.indices.filter { notes[$0].kind != .trash }
        // What the link index freed as it was built lies scattered among what it keeps, and
        // the allocator keeps it: given back before the notes are read, it was 8 MB of the
        // highest point of a `check` at 100,000 notes (beside what the walk gives back). A
        // graph of a note or two (a server's request) is left alone.
        if selected.count >= 1_000 { FreedMemory.giveBack() }
        return selected
    }

    /// What `note` gives the graph: from its record in the cache when it serves, else read.
    ///
    /// - Parameter readsLines: false to leave a note whose record says it has links to keep
    ///   unread (`NoteEdges.unread`), for `finish` to read.
    static func edges(of note: Note, vault: Vault, index: LinkIndex, _ question: Question, readsLines: Bool = true) -> NoteEdges? {
        switch recorded(note, vault: vault, index: index, question, readsLines: readsLines) {
        case .found(let edges, let warning, let broken):
            return NoteEdges((edges, warning, broken))
        case .unread(let unread):
            guard readsLines else { return NoteEdges(unread.dropped()) }
            return finish(note, unread, vault: vault, index: index, question)
        case nil:
            return readAfresh(note, vault: vault, index: index, question)
        }
    }

    /// What `note` gives the graph read and parsed from its file.
    private static func readAfresh(_ note: Note, vault: Vault, index: LinkIndex, _ question: Question) -> NoteEdges? {
        NoteEdges(
            read(note, vault: vault, index: index, needles: question.needles, keep: question.keep,
                findsBrokenDefinitions: question.findsBrokenDefinitions))
    }

    /// The edges of a note left unread, read for its lines; read and parsed afresh when its
    /// file changed since its record.
    static func finish(_ note: Note, _ unread: UnreadLines, vault: Vault, index: LinkIndex, _ question: Question) -> NoteEdges? {
        if let found = lines(of: note, unread, vault: vault, index: index, keep: question.keep) { return NoteEdges(found) }
        return readAfresh(note, vault: vault, index: index, question)
    }

    /// What `build` asks of every note, and what it learns of link shapes as it goes.
    struct Question: Sendable {
        let needles: LinkNeedles?
        let keep: (@Sendable (LinkEdge) -> Bool)?
        let keepsAlike: Bool
        let findsBrokenDefinitions: Bool
        /// What was found of each link shape of the cache (one question's answers only).
        let answers = LinkTargetAnswers()
    }

    /// The lines of a note that begin like a reference definition but are read as text.
    private static func brokenDefinitions(_ bytes: [UInt8], path: String, dialect: NoteDialect) -> [VaultWarning] {
        guard NoteRecord.mayHoldDefinition(bytes) else { return [] }
        return LinkScanner.brokenDefinitions(in: NoteStructure(bytes: bytes, dialect: dialect)).map {
            warning($0.line, $0.text, $0.reason, path: path)
        }
    }

    /// Where a link asked of by its shape alone is written from: a note at the vault's root.
    static let anywhere = LinkIndex.Origin("")

    /// What a line that begins like a reference definition but is read as text is reported as.
    static func warning(_ line: Int, _ text: String, _ reason: String, path: String) -> VaultWarning {
        VaultWarning(path: path, message: "line \(line): \(text) is no link reference definition: \(reason)")
    }

    private static func read(
        _ note: Note, vault: Vault, index: LinkIndex, needles: LinkNeedles?, keep: ((LinkEdge) -> Bool)?,
        findsBrokenDefinitions: Bool
    ) -> ([LinkEdge], VaultWarning?, [VaultWarning]) {
        let bytes: [UInt8]
        do {
            bytes = try vault.walkedContents(of: note)
        } catch VaultError.noteNotDownloaded {
            return ([], VaultWarning(path: note.path, message: "not downloaded, so its links are not known yet"), [])
        } catch VaultError.noteUnavailable(_, let reason) {
            return ([], VaultWarning(path: note.path, message: "links not read: \(reason)"), [])
        } catch {
            return ([], VaultWarning(path: note.path, message: "links not read: \(error)"), [])
        }
        return edges(
            of: note, bytes: bytes, dialect: vault.dialect.forFile(note.path), index: index, needles: needles, targets: needles, keep: keep,
            findsBrokenDefinitions: findsBrokenDefinitions)
    }

    /// The edges of a note read from its bytes.
    ///
    /// - Parameters:
    ///   - needles: when given, a note whose bytes hold none of them has no edges.
    ///   - targets: when given with `keep`, a link whose target names none of their files is
    ///     left out before it is resolved (`keep` accepts only links to those files).
    static func edges(
        of note: Note, bytes: [UInt8], links: [Link]? = nil, dialect: NoteDialect, index: LinkIndex, needles: LinkNeedles?,
        targets: LinkNeedles?, keep: ((LinkEdge) -> Bool)?, findsBrokenDefinitions: Bool
    ) -> ([LinkEdge], VaultWarning?, [VaultWarning]) {
        // Said whatever is asked for, so that the answer is the same from the cache's records.
        guard NoteReader.isUTF8(bytes, complete: true) else {
            return ([], VaultWarning(path: note.path, message: "not valid UTF-8; its links are not read and never rewritten"), [])
        }
        if let needles, !needles.mayMatch(bytes) { return ([], nil, []) }
        var line = (number: 0, text: "", start: 0)
        var edges: [LinkEdge] = []
        let targets = keep == nil ? nil : targets
        let origin = LinkIndex.Origin(note.path)
        for link in links ?? NoteFacts(bytes: bytes, parts: .links, dialect: dialect).links {
            if let targets, !targets.mayMatch(target: link.target) { continue }
            let resolution = index.resolve(link, from: origin)
            // Asked before its text and line are made: most links of a check are not kept.
            if let keep, !keep(LinkEdge(source: note.path, link: link, resolution: resolution, text: "", line: "", offset: 0)) { continue }
            if link.line != line.number {
                var range = Self.line(around: link.range.lowerBound, in: bytes)
                while range.lowerBound < range.upperBound && Self.isSpace(bytes[range.lowerBound]) {
                    range = range.lowerBound + 1..<range.upperBound
                }
                while range.upperBound > range.lowerBound && Self.isSpace(bytes[range.upperBound - 1]) {
                    range = range.lowerBound..<range.upperBound - 1
                }
                line = (link.line, bytes.utf8String(range), range.lowerBound)
            }
            edges.append(
                LinkEdge(
                    source: note.path, link: link, resolution: resolution, text: bytes.utf8String(link.range), line: line.text,
                    offset: max(0, link.range.lowerBound - line.start)))
        }
        return (edges, nil, findsBrokenDefinitions ? brokenDefinitions(bytes, path: note.path, dialect: dialect) : [])
    }

    /// The line that holds the byte at `offset`, without its line ending.
    private static func line(around offset: Int, in bytes: [UInt8]) -> Range<Int> {
        var start = min(offset, bytes.count)
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        return start..<end
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    /// The links that resolve to `path`.
    public func backlinks(to path: String) -> [LinkEdge] {
        edges.filter { Self.links(to: path)($0) }
    }

    /// A test for `build`'s `keep`: the edge is a link from another place to `path`.
    public static func links(to path: String) -> @Sendable (LinkEdge) -> Bool {
        // A Logseq page's own `alias::` names it, but is no link to it from elsewhere.
        { $0.resolution.path == path && !$0.link.isSelfLink && !($0.link.form == .property && $0.source == path) }
    }
}

extension Vault {
    /// The link index of a scan: its notes and attachments outside the trash.
    public func linkIndex(_ scan: VaultScan) -> LinkIndex {
        linkIndex(scan, pages: logseqPages(scan.notes))
    }

    /// The link index of `scan` with a Logseq graph's `pages` already read from its notes.
    func linkIndex(_ scan: VaultScan, pages: LogseqPages?) -> LinkIndex {
        LinkIndex(notes: scan.notes.map(\.path), assets: scan.assets, layout: layout, pages: pages)
    }
}
