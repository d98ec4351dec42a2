import Foundation
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
    var facts: [String: NoteFacts] = [:]
    var positions: [String: Int] = [:]
    /// The text of open documents, by vault-relative path, where it may differ from the file.
    var buffers: [String: [UInt8]] = [:]
    /// The resolution of each link of each note, in the order of its facts' links.
    var resolutions: [String: [Resolution]] = [:]
    /// The notes with a link that resolves to a path, by that path.
    var incoming: [String: Set<String>] = [:]
    /// The notes with a link whose target ends in a name (compared as names are, without
    /// extension), by that name: the links a new file of that name may take. Built when a
    /// note is first added: opening a vault spent a quarter of its instructions on it.
    var byName: [String: Set<String>]?

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

    private func readAll() {
        let notes = scan.notes
        let reader = CachedReader(fileSystem: vault.fileSystem, cache: vault.cache, dialect: vault.dialect)
        let vault = self.vault
        let read = ParallelMap.map(notes.count) { position -> NoteFacts? in
            let note = notes[position]
            guard note.availability == .available else { return nil }
            return try? reader.read(path: note.path, absolute: vault.absolutePath(note.path), wanted: Self.parts).facts
        }
        facts = [:]
        positions = [:]
        for (position, note) in notes.enumerated() {
            positions[note.path] = position
            if let found = read[position] { facts[note.path] = found }
        }
        for (path, bytes) in buffers { overlay(path, bytes) }
        resolveAll()
    }

    private func resolveAll() {
        let paths = Array(facts.keys)
        let index = self.index
        let facts = self.facts
        let resolved = ParallelMap.map(paths.count) { position in
            facts[paths[position]]!.links.map { index.resolve($0, from: paths[position]) }
        }
        resolutions = Dictionary(minimumCapacity: paths.count)
        incoming = [:]
        byName = nil
        for (position, path) in paths.enumerated() {
            let found = resolved[position]
            resolutions[path] = found
            for resolution in found {
                if let target = resolution.path { incoming[target, default: []].insert(path) }
            }
        }
    }

    /// The notes with a link ending in `name`, filing every note's links by name first
    /// when nothing asked before.
    private func linking(byName name: String) -> Set<String> {
        if byName == nil {
            let paths = Array(facts.keys)
            let facts = self.facts
            let names = ParallelMap.map(paths.count) { position in Set(facts[paths[position]]!.links.map { Self.nameKey($0.target) }) }
            var filed: [String: Set<String>] = [:]
            for (position, path) in paths.enumerated() {
                for name in names[position] { filed[name, default: []].insert(path) }
            }
            byName = filed
        }
        return byName?[name] ?? []
    }

    /// The name a link's target ends in, as the index compares names: what a new file must
    /// be called to change where the link leads.
    static func nameKey(_ target: String) -> String {
        // The last component by its bytes: Foundation's `lastPathComponent` took a sixth of
        // the instructions of opening a 10,000-note vault, called once per link.
        let key = Substring(Naming.collisionKey(target.trimmed()))
        var end = key.endIndex
        while end > key.startIndex && key.utf8[key.utf8.index(before: end)] == UInt8(ascii: "/") { end = key.utf8.index(before: end) }
        let path = key[..<end]
        let start = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) } ?? path.startIndex
        return NoteFiles.stem(String(path[start...]))
    }

    /// Resolves one note's links again and files them under their targets.
    private func resolve(_ path: String) {
        for resolution in resolutions[path] ?? [] {
            if let target = resolution.path { incoming[target]?.remove(path) }
        }
        let links = facts[path]?.links ?? []
        let resolved = links.map { index.resolve($0, from: path) }
        resolutions[path] = resolved
        for resolution in resolved {
            if let target = resolution.path { incoming[target, default: []].insert(path) }
        }
        if byName != nil {
            for link in links { byName![Self.nameKey(link.target), default: []].insert(path) }
        }
    }

    /// Reads `bytes` as the note at `path` says them, and keeps its title and aliases.
    private func overlay(_ path: String, _ bytes: [UInt8]) {
        let read = NoteFacts(bytes: bytes, parts: Self.parts, dialect: vault.dialect.forFile(path))
        facts[path] = read
        guard let position = positions[path] else { return }
        let old = scan.notes[position]
        var note = NoteReader.note(
            path: path, kind: old.kind,
            status: FileStatus(kind: .file, size: Int64(bytes.count), modifiedNanoseconds: 0), facts: read)
        note.modified = old.modified
        if vault.isLogseqGraph { note = vault.logseqTitled(note) }
        scan.notes[position] = note
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
        overlay(path, bytes)
        resolve(path)
    }

    /// Drops the text of a document that was closed: the note is read from its file again.
    public func dropText(of path: String) {
        guard buffers.removeValue(forKey: path) != nil else { return }
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
        if let bytes = buffers[path] {
            overlay(path, bytes)
        } else if let bytes = try? vault.fileSystem.readFile(absolute) {
            overlay(path, bytes)
        }
        resolve(path)
    }

    private func addNote(_ path: String, size: Int) {
        var note = NoteReader.skeleton(
            path: path, kind: vault.layout.kind(of: path), status: FileStatus(kind: .file, size: Int64(size), modifiedNanoseconds: 0),
            availability: .available)
        if vault.isLogseqGraph { note = vault.logseqTitled(note) }
        scan.notes.append(note)
        scan.notes.sort { $0.path < $1.path }
        positions = Dictionary(uniqueKeysWithValues: scan.notes.enumerated().map { ($1.path, $0) })
        index = vault.linkIndex(scan)
        if let bytes = buffers[path] ?? (try? vault.fileSystem.readFile(vault.absolutePath(path))) { overlay(path, bytes) }
        // Only links ending in the new note's name can lead to it now (a Logseq page may
        // also be named by its properties: there every link is resolved again).
        guard !vault.isLogseqGraph else { return resolveAll() }
        for source in linking(byName: Self.nameKey(path)).union([path]) { resolve(source) }
    }
}
