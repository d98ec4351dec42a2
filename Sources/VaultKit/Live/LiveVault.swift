import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// A vault held open by a long-running process (a language server): the facts of every note
/// in memory, seeded from the cache, the unsaved text of open documents laid over the files,
/// and every link resolved once, so that a question about links needs no walk.
///
/// Not thread-safe: one server loop owns it. The files still win: `refresh` walks the vault
/// again and `fileChanged` rereads one note when another program changed it.
public final class LiveVault {
    /// The vault as opened; its cache seeds the facts and records what was read afresh.
    public let vault: Vault
    /// The last walk: every note (titles and aliases overlaid by open documents), conflict
    /// copies, attachments.
    public private(set) var scan: VaultScan
    /// Resolves links among the notes and attachments of `scan`.
    public private(set) var index: LinkIndex
    var positions: [String: Int] = [:]
    /// The text of open documents, by vault-relative path, where it may differ from the file.
    var buffers: [String: [UInt8]] = [:]
    /// The facts of open documents, read from their text. Every other note's facts are read
    /// again when asked for (from the cache): at 100,000 notes, keeping them all took most
    /// of the server's memory.
    var openFacts: [String: NoteFacts] = [:]
    /// Every path a link may lead to or be written in, by its number in `spots` and `incoming`.
    var paths = LinkPaths()
    /// The links of each note, as few bytes as the questions asked of all of them need.
    var spots: [String: [LinkSpot]] = [:]
    /// The tags of each note that has any.
    var noteTags: [String: [String]] = [:]
    /// The notes with a link that resolves to a path, by the numbers of both.
    var incoming = IncomingLinks()
    /// The notes with a link whose target ends in a name (compared as names are, without
    /// extension), by that name: the links a new file of that name may take. Built when a
    /// note is first added, from every note's facts read again.
    var byName: [String: Set<Int32>]?

    /// The notes outside the trash that are iCloud placeholders, in the walk's order: every
    /// diagnostic asks, and looking through every note for them took a tenth of a keystroke.
    var placeholders: [String] = []

    /// The letters of each note of `scan` (see `NoteLetters`), by its position there.
    var letters: [UInt64] = []

    /// The facts kept of each note: all but tasks.
    public static let parts: NoteFacts.Parts = [.header, .tags, .headings, .blockIDs, .links]

    /// Walks the vault and reads the facts of every note (from the cache where it can), then
    /// writes back to the cache what it read afresh.
    public init(vault: Vault) throws {
        self.vault = vault
        scan = try vault.scan(detail: .summary)
        index = vault.linkIndex(scan)
        readAll()
        try? vault.cache?.finish()
    }

    /// Walks the vault again and rereads what changed (open documents keep their text).
    public func refresh() throws {
        scan = try vault.scan(detail: .summary)
        index = vault.linkIndex(scan)
        readAll()
        try? vault.cache?.finish()
    }

    /// What the walk keeps of one note's facts.
    private struct Kept: Sendable {
        var spots: [LinkSpot]
        var tags: [String]
        /// Paths of resolutions the table did not know, by the spot they belong to.
        var unknown: [(spot: Int, path: String)]
    }

    private func readAll() {
        let notes = scan.notes
        let reader = CachedReader(fileSystem: vault.fileSystem, cache: vault.cache, dialect: vault.dialect)
        let vault = self.vault
        let index = self.index
        paths = LinkPaths(notes.map(\.path) + scan.assets)
        let table = paths
        // Each note's links are resolved where its facts are read, and only their spots kept:
        // the facts of every note are never all held at once.
        let kept = ParallelMap.map(notes.count) { position -> Kept? in
            let note = notes[position]
            guard note.availability == .available,
                let facts = try? reader.read(path: note.path, absolute: vault.absolutePath(note.path), wanted: Self.parts).facts
            else { return nil }
            return Self.kept(facts, of: note.path, index: index, paths: table)
        }
        openFacts = [:]
        spots = Dictionary(minimumCapacity: notes.count)
        noteTags = [:]
        positions = Dictionary(minimumCapacity: notes.count)
        byName = nil
        var pairs: [(target: Int32, source: Int32)] = []
        pairs.reserveCapacity(kept.reduce(0) { $0 + ($1?.spots.count ?? 0) })
        for (position, note) in notes.enumerated() {
            positions[note.path] = position
            guard var found = kept[position] else { continue }
            for (spot, path) in found.unknown { found.spots[spot].target = paths.id(path) }
            let source = paths.id(note.path)
            for spot in found.spots where spot.target >= 0 { pairs.append((spot.target, source)) }
            spots[note.path] = found.spots
            if !found.tags.isEmpty { noteTags[note.path] = found.tags }
        }
        incoming = IncomingLinks(pairs)
        for (path, bytes) in buffers { file(path, overlay(path, bytes)) }
        placeholders = scan.notes.filter { $0.availability == .placeholder && $0.kind != .trash }.map(\.path)
        letters = scan.notes.map(NoteLetters.of)
        FreedMemory.giveBack()
    }

    private static func kept(_ facts: NoteFacts, of path: String, index: LinkIndex, paths: LinkPaths) -> Kept {
        var kept = Kept(spots: [], tags: facts.tags, unknown: [])
        kept.spots.reserveCapacity(facts.links.count)
        let origin = LinkIndex.Origin(path)
        for link in facts.links {
            let resolution = index.resolve(link, from: origin)
            var target: Int32 = -1
            if let resolved = resolution.path {
                if let known = paths.known(resolved) { target = known } else { kept.unknown.append((kept.spots.count, resolved)) }
            }
            kept.spots.append(LinkSpot(link, target: target, candidates: resolution.candidates))
        }
        return kept
    }

    /// The notes with a link ending in `name`, filing every note's links by name first
    /// when nothing asked before.
    private func linking(byName name: String) -> Set<String> {
        if byName == nil {
            let notes = scan.notes.filter { $0.availability == .available }.map(\.path)
            let (vault, open) = (vault, openFacts)
            let names = ParallelMap.map(notes.count) { position in
                Set((Self.read(notes[position], parts: [.links], vault: vault, open: open)?.links ?? []).map { Self.nameKey($0.target) })
            }
            var filed: [String: Set<Int32>] = [:]
            for (position, path) in notes.enumerated() {
                let source = paths.id(path)
                for name in names[position] { filed[name, default: []].insert(source) }
            }
            byName = filed
        }
        return Set((byName?[name] ?? []).map { paths[$0] })
    }

    /// The name a link's target ends in, as the index compares names: what a new file must
    /// be called to change where the link leads.
    static func nameKey(_ target: String) -> String {
        NoteFiles.stem(LinkIndex.lastComponent(Naming.collisionKey(target.trimmed())))
    }

    /// Resolves the links of `facts`, the note at `path` now, and files them under their
    /// targets in place of what the note said before.
    private func file(_ path: String, _ facts: NoteFacts) {
        let source = paths.id(path)
        for spot in spots[path] ?? [] where spot.target >= 0 { incoming.remove(source, from: spot.target) }
        var found = Self.kept(facts, of: path, index: index, paths: paths)
        for (spot, resolved) in found.unknown { found.spots[spot].target = paths.id(resolved) }
        for spot in found.spots where spot.target >= 0 { incoming.insert(source, into: spot.target) }
        spots[path] = found.spots
        noteTags[path] = found.tags.isEmpty ? nil : found.tags
        if byName != nil {
            for link in facts.links { byName![Self.nameKey(link.target), default: []].insert(source) }
        }
    }

    /// Reads `bytes` as the note at `path` says them, and keeps its title and aliases (and
    /// its facts, while it is open).
    private func overlay(_ path: String, _ bytes: [UInt8]) -> NoteFacts {
        let read = NoteFacts(bytes: bytes, parts: Self.parts, dialect: vault.dialect.forFile(path))
        if buffers[path] != nil { openFacts[path] = read }
        guard let position = positions[path] else { return read }
        let old = scan.notes[position]
        var note = NoteReader.note(
            path: path, kind: old.kind,
            status: FileStatus(kind: .file, size: Int64(bytes.count), modifiedNanoseconds: 0), facts: read)
        note.modified = old.modified
        if vault.isLogseqGraph { note = vault.logseqTitled(note) }
        if old.availability == .placeholder && note.availability != .placeholder { placeholders.removeAll { $0 == path } }
        scan.notes[position] = note
        if position < letters.count { letters[position] = NoteLetters.of(note) }
        return read
    }
}

extension LiveVault {
    /// Lays the unsaved text of an open document over its file (a document not yet saved is
    /// a note too); the note's links are resolved again.
    public func setText(_ bytes: [UInt8], of path: String) {
        buffers[path] = bytes
        if positions[path] == nil {
            addNote(path, size: bytes.count)
            return
        }
        file(path, overlay(path, bytes))
    }

    /// Drops the text of a document that was closed: the note is read from its file again.
    public func dropText(of path: String) {
        guard buffers.removeValue(forKey: path) != nil else { return }
        openFacts[path] = nil
        fileChanged(path)
    }

    /// Another program (or a save) changed, created or removed the file at `path`.
    public func fileChanged(_ path: String) {
        let absolute = vault.absolutePath(path)
        let status = (try? vault.fileSystem.status(absolute)) ?? nil
        let exists = status?.kind == .file
        if positions[path] == nil {
            // A conflict copy that comes or goes is no note: the walk sorts it out.
            if scan.conflictCopies.contains(where: { $0.path == path })
                || (exists && ConflictCopies.mayBeCopy(path.fileName, iCloud: vault.isInICloud))
            {
                try? refresh()
                return
            }
            if exists && NoteFiles.isNoteName(path.fileName) { addNote(path, size: Int(status?.size ?? 0)) }
            return
        }
        if !exists && buffers[path] == nil {
            try? refresh()
            return
        }
        if let bytes = buffers[path] ?? (try? vault.fileSystem.readFile(absolute)) { file(path, overlay(path, bytes)) }
    }

    private func addNote(_ path: String, size: Int) {
        var note = NoteReader.skeleton(
            path: path, kind: vault.layout.kind(of: path), status: FileStatus(kind: .file, size: Int64(size), modifiedNanoseconds: 0),
            availability: .available)
        if vault.isLogseqGraph { note = vault.logseqTitled(note) }
        scan.notes.append(note)
        scan.notes.sort { $0.path < $1.path }
        positions = Dictionary(uniqueKeysWithValues: scan.notes.enumerated().map { ($1.path, $0) })
        letters = scan.notes.map(NoteLetters.of)
        index = vault.linkIndex(scan)
        // Only links ending in the new note's name can lead to it now (a Logseq page may
        // also be named by its properties: there every link is resolved again).
        guard !vault.isLogseqGraph else { return readAll() }
        let linking = linking(byName: Self.nameKey(path))
        if let bytes = buffers[path] ?? (try? vault.fileSystem.readFile(vault.absolutePath(path))) { file(path, overlay(path, bytes)) }
        for source in linking where source != path {
            if let facts = facts(of: source) { file(source, facts) }
        }
    }
}
