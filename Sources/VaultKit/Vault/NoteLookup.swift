import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Finds the note a person means by a name: a path, a path without `.md`, a title, a file
/// name with or without `.md`, or an alias (DESIGN.md 9). An ambiguous name is an error
/// listing the candidates.
public struct NoteLookup: Sendable {
    public let notes: [Note]
    /// The vault the notes are in: a path that names no note is then checked for a link on
    /// the way, to say why (the walk goes through none).
    public let vault: Vault?

    public init(notes: [Note], in vault: Vault? = nil) {
        self.notes = notes
        self.vault = vault
    }

    /// The note whose path `name` is (with or without `.md`, in any case); nil otherwise.
    /// Needs no titles, so it works on a scan that read no note.
    public func note(atPath name: String) throws -> Note? {
        let wanted = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
        // Byte for byte: `==` of two strings holds for NFC and NFD spellings, and a folder may
        // hold both as two notes.
        for candidate in [wanted, wanted + ".md", wanted + ".markdown"] {
            if let exact = notes.first(where: { $0.path.utf8.elementsEqual(candidate.utf8) }) { return exact }
        }
        for candidate in [wanted, wanted + ".md", wanted + ".markdown"] {
            if let exact = notes.first(where: { $0.path == candidate }) { return exact }
        }
        let key = Naming.collisionKey(wanted)
        let byPath = notes.filter {
            guard Naming.hasCollisionKey($0.path, key, prefix: true) else { return false }
            let path = Naming.collisionKey($0.path)
            return path == key || NoteFiles.stem(path) == key && path.hasPrefix(key)
        }
        return try single(byPath, name: name)
    }

    /// The one note `name` stands for.
    ///
    /// - Throws: `VaultError.unknownNote` (with close names) or `.ambiguousNote`.
    public func note(named given: String) throws -> Note {
        let name = vault?.rootedName(given) ?? given
        if let match = try note(atPath: name) { return match }
        let rooted = name.hasPrefix("./")
        let key = Naming.collisionKey(rooted ? String(name.dropFirst(2)) : name)
        // `./Name` is a path from the vault's folder: no title, stem or alias elsewhere.
        if rooted {
            try explainMissing(name)
            throw VaultError.unknownNote(name: name, suggestions: suggestions(for: key))
        }
        if Self.isFileName(key, in: vault) {
            // A file name with its extension, as a wikilink may give it (`Idea.md` for
            // `pages/Idea.md`), may also be a title or a stem: every note it may name counts,
            // and two are an error, never a guess for a command that writes.
            let named = notes.filter { $0.kind != .trash && Self.answers(fileName: key, $0) }
            if let match = try single(named, name: name) { return match }
        } else {
            let byTitle = notes.filter { Naming.hasCollisionKey($0.title, key) && $0.kind != .trash }
            if let match = try single(byTitle, name: name) { return match }
            let byStem = notes.filter { Naming.hasCollisionKey($0.stem, key) && $0.kind != .trash }
            if let match = try single(byStem, name: name) { return match }
        }
        let byAlias = notes.filter { $0.aliases.contains { Naming.hasCollisionKey($0, key) } && $0.kind != .trash }
        if let match = try single(byAlias, name: name) { return match }
        if let logseq = vault?.logseq {
            // A Logseq page by the name its file gives: `a/b` for `a___b.md`, a journal's title.
            let pages = LogseqPages(config: logseq, headers: [:])
            let byPageName = notes.filter { Naming.collisionKey(pages.fileName(of: $0.path)) == key && $0.kind != .trash }
            if let match = try single(byPageName, name: name) { return match }
        }
        try explainMissing(name)
        throw VaultError.unknownNote(name: name, suggestions: suggestions(for: key))
    }

    /// Throws why a path names no note when a link on the way, or a fifo or folder named
    /// like a note, is the reason.
    private func explainMissing(_ name: String) throws {
        guard let vault, name.contains("/"), let relative = try? RenamePlanner.relativePath(name, vault: vault),
            !relative.isEmpty
        else { return }
        for candidate in [relative, relative + ".md"] where vault.fileSystem.exists(vault.absolutePath(candidate)) {
            try vault.checkInside(candidate)
            let absolute = vault.absolutePath(candidate)
            let isNoteName = NoteFiles.isNoteName(LinkIndex.lastComponent(candidate), org: vault.isLogseqGraph)
            if isNoteName, let status = try? vault.fileSystem.status(absolute), status.kind != .file {
                throw FileError.notRegularFile(path: candidate, kind: fileKindName(absolute))
            }
            if !isNoteName, (try? vault.fileSystem.linkStatus(absolute))??.kind == .file { throw VaultError.notANote(path: candidate) }
        }
    }

    /// True when `key` (a name as `Naming.collisionKey` gives it, not from the vault's
    /// folder) is a file name with a note's extension, as a wikilink may give one.
    static func isFileName(_ key: String, in vault: Vault?) -> Bool {
        !key.contains("/") && NoteFiles.isNoteName(key, org: vault?.dialect.isLogseq ?? false)
    }

    /// True when a file name given with its extension, `key` (as `Naming.collisionKey` gives
    /// it), may name `note`: its title, its stem or its file name.
    static func answers(fileName key: String, _ note: Note) -> Bool {
        [note.title, note.stem, LinkIndex.lastComponent(note.path)].contains { Naming.hasCollisionKey($0, key) }
    }

    private func single(_ matches: [Note], name: String) throws -> Note? {
        if matches.count > 1 { throw VaultError.ambiguousNote(name: name, candidates: matches.map(\.path)) }
        return matches.first
    }

    /// Up to three notes for the error's hint: those whose title or path contains the name,
    /// then those whose title or file name is a few typos away from it, closest first.
    private func suggestions(for key: String) -> [String] {
        Self.suggestions(for: key, containing: notes, close: notes.filter { $0.kind != .trash })
    }

    /// Up to three paths: of `containing`, the notes whose title or path contains `key` (of
    /// three characters or more), then of `close`, those whose title or file name is a few
    /// typos from it.
    static func suggestions(for key: String, containing: [Note], close: [Note]) -> [String] {
        var found: [String] = []
        if key.count >= 3 {
            found = containing.filter { Naming.collisionKey($0.title).contains(key) || Naming.collisionKey($0.path).contains(key) }
                .prefix(3).map(\.path)
        }
        var pathsByName: [String: [String]] = [:]
        for note in close {
            for name in Set([Naming.collisionKey(note.title), Naming.collisionKey(note.stem)]) {
                pathsByName[name, default: []].append(note.path)
            }
        }
        for name in ClosestNames.closest(to: key, among: pathsByName.keys.sorted()) {
            for path in pathsByName[name] ?? [] where !found.contains(path) { found.append(path) }
        }
        return Array(found.prefix(3))
    }
}
