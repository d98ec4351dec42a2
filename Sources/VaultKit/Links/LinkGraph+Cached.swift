import VaultMarkdown
import VaultSystem

extension LinkGraph {
    /// What a note's record in the cache tells of its edges.
    enum Recorded {
        /// The note's edges, whole.
        case found([LinkEdge], VaultWarning?, [VaultWarning])
        /// Its links that may be kept, known from its record: its lines are still to be read.
        case unread(UnreadLines)
    }

    /// A note whose record says it has links to keep, to be read for their text and lines.
    struct UnreadLines: Sendable {
        /// Its links that are kept, as its record holds them, or where each starts once they
        /// are let go (`dropped()`): its file's links are then read again with its lines, and
        /// only those are resolved.
        let kept: Kept
        /// The file's status the record holds them for.
        let status: FileStatus
        let broken: [VaultWarning]
        let targets: LinkNeedles?

        /// The same note with its links let go but where each starts: a note left unread
        /// while the cache is held keeps only that (a check's 30,000 dangling links, decoded
        /// from their shapes, were 6 MB of its highest point at 100,000 notes). Its file is
        /// parsed again once the cache is let go, at the status they were found for, and so
        /// to the same links.
        func dropped() -> UnreadLines {
            guard case .links(let links) = kept else { return self }
            return UnreadLines(kept: .starts(links.map(\.range.lowerBound)), status: status, broken: broken, targets: targets)
        }

        /// A note's kept links, or where each starts.
        enum Kept: Sendable {
            case links([Link])
            case starts([Int])
        }
    }

    /// What a note's record in the cache tells of its edges, when its file is unchanged:
    /// only a note with an edge `keep` accepts is left to be read, for the text and line of
    /// its links. Nil when the note must be read anyway.
    ///
    /// - Parameter readsLines: false to leave a note read afresh now unread as well, holding
    ///   only its kept links until its lines are read.
    static func recorded(_ note: Note, vault: Vault, index: LinkIndex, _ question: Question, readsLines: Bool = true) -> Recorded? {
        guard note.availability == .available, let cache = vault.cache else { return nil }
        let (needles, keep, findsBrokenDefinitions) = (question.needles, question.keep, question.findsBrokenDefinitions)
        // Asked only for the links to a few notes, a note none of whose links names one of
        // them gives nothing: told from its record without decoding a link. Of a note that
        // names one, only the links that may are decoded.
        if keep != nil, let needles, !needles.matchesEverything, !findsBrokenDefinitions,
            let (links, status) = cache.links(
                of: note.path, answers: question.answers, probe: needles.signatureProbe,
                withTarget: { needles.mayMatch(targetBytes: $0) })
        {
            return unread(note, links: links, status: status, broken: [], index: index, targets: needles, keep: keep)
        }
        // Asked what a link says wherever it is, the links it would not keep are known by
        // their shapes, and not decoded: most links of a vault lead to one file.
        if let keep, question.keepsAlike, needles == nil,
            let (links, status, broken) = cache.links(of: note.path, answers: question.answers, whereShape: { link in
                guard index.findsAlikeEverywhere(link) else { return true }
                return keep(LinkEdge(source: "", link: link, resolution: index.resolve(link, from: anywhere), text: "", line: "", offset: 0))
            })
        {
            let warnings = findsBrokenDefinitions ? broken.map { warning($0.line, $0.text, $0.reason, path: note.path) } : []
            return unread(note, links: links, status: status, broken: warnings, index: index, targets: nil, keep: keep)
        }
        guard let reading = try? CachedReader(fileSystem: vault.fileSystem, cache: cache, dialect: vault.dialect, trustsWalk: true).read(
                path: note.path, absolute: vault.absolutePath(note.path), wanted: .links),
            let record = reading.record
        else { return nil }
        // The record holds them with its links, whether read now or before.
        let broken = findsBrokenDefinitions && record.facts.isUTF8
            ? record.brokenDefinitions.map { warning($0.line, $0.text, $0.reason, path: note.path) } : []
        // Where the cache could not be made whole first (a folder that takes no file), every
        // note is read here: the text and lines of a check's 30,000 dangling links, held to
        // the last note, were 17 MB beside the records read (100,000 notes). Left unread,
        // they are read again once those are let go.
        if let bytes = reading.bytes, readsLines {
            let found = edges(
                of: note, bytes: bytes, links: record.facts.links, dialect: vault.dialect.forFile(note.path), index: index, needles: nil,
                targets: needles, keep: keep, findsBrokenDefinitions: false)
            return .found(found.0, found.1, broken)
        }
        guard record.facts.isUTF8 else {
            return .found([], VaultWarning(path: note.path, message: "not valid UTF-8; its links are not read and never rewritten"), [])
        }
        return unread(
            note, links: record.facts.links, status: record.status, broken: broken, index: index, targets: needles, keep: keep)
    }

    /// `links`, a note's links as its record holds them for a file of `status`, left to be
    /// read when `keep` accepts one of them; else the note gives nothing but `broken`.
    private static func unread(
        _ note: Note, links: [Link], status: FileStatus, broken: [VaultWarning], index: LinkIndex, targets needles: LinkNeedles?,
        keep: ((LinkEdge) -> Bool)?
    ) -> Recorded {
        // `keep` decides from the link and where it leads, never from its text; a link whose
        // target names none of the needles' files is not resolved to be asked.
        let targets = keep == nil ? nil : needles
        let origin = LinkIndex.Origin(note.path)
        // Only those kept are held until the note is read: a link asked of in every note (a
        // markdown path) is decoded whether it is kept or not.
        let kept = links.filter { link in
            if let targets, !targets.mayMatch(target: link.target) { return false }
            let edge = LinkEdge(
                source: note.path, link: link, resolution: index.resolve(link, from: origin), text: "", line: "", offset: 0)
            return keep?(edge) ?? true
        }
        guard !kept.isEmpty else { return .found([], nil, broken) }
        return .unread(UnreadLines(kept: .links(kept), status: status, broken: broken, targets: needles))
    }

    /// The edges of a note left unread, its file read for their lines alone: the record's
    /// links hold for the bytes when the file read is the file recorded. Nil when the file
    /// changed since (it is then read and parsed afresh).
    static func lines(
        of note: Note, _ unread: UnreadLines, vault: Vault, index: LinkIndex, keep: ((LinkEdge) -> Bool)?
    ) -> ([LinkEdge], VaultWarning?, [VaultWarning])? {
        guard let contents = try? vault.fileSystem.readPrefix(vault.absolutePath(note.path), limit: Int.max),
            contents.complete, contents.status == unread.status
        else { return nil }
        let dialect = vault.dialect.forFile(note.path)
        let links: [Link]
        switch unread.kept {
        case .links(let kept):
            links = kept
        case .starts(let starts):
            // Parsed again, and those kept picked by where they start: resolving every link
            // of the note again cost a first check at 100,000 notes 0.7 s. A set, so that a
            // note of 40,000 links, all kept, is not searched 40,000 times over (1.2 s).
            let starts = Set(starts)
            links = NoteFacts(bytes: contents.bytes, parts: .links, dialect: dialect).links.filter { starts.contains($0.range.lowerBound) }
        }
        let found = edges(
            of: note, bytes: contents.bytes, links: links, dialect: dialect, index: index, needles: nil,
            targets: unread.targets, keep: keep, findsBrokenDefinitions: false)
        return (found.0, found.1, unread.broken)
    }
}

/// What one note gave a graph, held by reference and only when there is something: most
/// notes of a check give nothing, and a tuple for each was eight times the pointer.
final class NoteEdges: Sendable {
    let edges: [LinkEdge]
    let warning: VaultWarning?
    let broken: [VaultWarning]
    /// Set, and nothing else, for a note whose lines are still to be read.
    let unread: LinkGraph.UnreadLines?

    /// Nil for a note that gave nothing.
    init?(_ found: ([LinkEdge], VaultWarning?, [VaultWarning])) {
        guard !found.0.isEmpty || found.1 != nil || !found.2.isEmpty else { return nil }
        (edges, warning, broken) = found
        unread = nil
    }

    /// A note whose lines are still to be read.
    init(_ unread: LinkGraph.UnreadLines) {
        (edges, warning, broken) = ([], nil, [])
        self.unread = unread
    }
}
