import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// What a link resolves to: a file, or nothing; with the number of files its name matched,
/// so a check can report bare names that needed a tie-break.
public struct Resolution: Sendable, Equatable {
    /// The vault-relative path of the note or attachment, nil when the link dangles.
    public var path: String?
    /// How many files the name matched before the tie-break.
    public var candidates: Int
    /// The file's number in the index that resolved the link, -1 when not known: what
    /// `LinkSources` counts by, so it holds no strings of its own.
    var file = -1

    public init(path: String?, candidates: Int) {
        self.path = path
        self.candidates = candidates
    }

    init(path: String, candidates: Int, file: Int) {
        self.init(path: path, candidates: candidates)
        self.file = file
    }

    public static let dangling = Resolution(path: nil, candidates: 0)

    /// Two resolutions are the same when they name the same file, from whichever index.
    public static func == (a: Resolution, b: Resolution) -> Bool { a.path == b.path && a.candidates == b.candidates }
}

/// The files a link can point to and the rules that pick one (DESIGN.md 4): compared
/// case-insensitively after NFC; a path-like target matches the vault-relative path (and,
/// as in Obsidian, a path suffix); a bare name matches a file stem; markdown links resolve
/// relative to the linking note first; ties go to the same folder, then the shortest path,
/// then `pages/`. Files in the trash are not in the index.
public struct LinkIndex: Sendable {
    var paths: [String] = []
    /// Which note extension each file's name ends in (`noteExtension(of:)`), 0 for an
    /// attachment: a note is indexed by its stem alone, and a lookup written with the
    /// extension finds it by its stem and this.
    var extensions: [UInt8] = []
    var byPath = Postings()
    var byName = Postings()
    let pagesFolder: String
    /// In a Logseq graph, its page names, and the notes each name (compared as
    /// `collisionKey`s) belongs to: page links resolve by them alone.
    public let pages: LogseqPages?
    var byPageName = Postings()
    /// The files moved since the postings above were made (see `moving`), nil for none.
    var moved: MovedFiles?

    /// Indexes notes and attachments by their vault-relative paths (and, in a Logseq graph,
    /// notes by their page names).
    public init(notes: [String], assets: [String], layout: VaultLayout, pages: LogseqPages? = nil) {
        pagesFolder = layout.folder(for: .page) ?? "pages"
        self.pages = pages
        let trash = Naming.collisionKey(layout.folder(for: .trash) ?? "trash") + "/"
        // The keys are worked out across the cores, then added in order: normalising and
        // lowering every path was most of a check's time before its first link was read.
        // A stretch of files at a time: the keys of every file at once (three strings each)
        // were the highest point of a `backlinks` at 100,000 notes.
        let files = notes + assets
        let stretch = 16_384
        for start in stride(from: 0, to: files.count, by: stretch) {
            let count = min(stretch, files.count - start)
            let keys = ParallelMap.map(count, minimumPerWorker: 4096) { Keys(files[start + $0], isNote: start + $0 < notes.count) }
            for (offset, keys) in keys.enumerated() where !keys.key.hasPrefix(trash) {
                add(files[start + offset], keys, isNote: start + offset < notes.count)
            }
        }
    }

    /// What a file is indexed under, worked out from its path alone.
    struct Keys: Sendable {
        /// The path's `collisionKey`.
        let key: String
        /// What it is found under by path and by name: for a note, without its extension.
        let byPath: String, byName: String
        let noteExtension: UInt8

        init(_ path: String, isNote: Bool) {
            key = Naming.collisionKey(path)
            let name = LinkIndex.lastComponent(key)
            noteExtension = isNote ? LinkIndex.noteExtension(of: key) : 0
            byPath = isNote ? NoteFiles.stem(key) : key
            byName = isNote ? NoteFiles.stem(name) : name
        }
    }

    private mutating func add(_ path: String, _ keys: Keys, isNote: Bool) {
        let index = paths.count
        paths.append(path)
        extensions.append(keys.noteExtension)
        byPath.add(index, for: keys.byPath)
        byName.add(index, for: keys.byName)
        if isNote, let pages {
            for name in pages.names(of: path) { byPageName.add(index, for: Naming.collisionKey(name.trimmed())) }
        }
    }

    /// Which note extension a key ends in: 1 for `.md`, 2 for `.markdown`, 3 for `.org`, 0
    /// for any other (keys are lower-case).
    static func noteExtension(of key: String) -> UInt8 {
        // On the key's bytes: asked of every link's key, where stepping the view's indexes
        // back to the dot cost some four hundred instructions.
        var key = key
        return key.withUTF8 { bytes in
            var dot = bytes.count
            while dot > 0 && bytes[dot - 1] != UInt8(ascii: ".") { dot -= 1 }
            guard dot > 0 else { return 0 }
            let ext = UnsafeBufferPointer(rebasing: bytes[dot...])
            if ext.elementsEqual("md".utf8) { return 1 }
            if ext.elementsEqual("markdown".utf8) { return 2 }
            return ext.elementsEqual(NoteFiles.orgExtension.utf8) ? 3 : 0
        }
    }

    /// The notes that `key`, a name or path written with a note extension, names by their
    /// stems; empty for a key without one.
    private func notes(withExtension key: String, in table: Table) -> [Int] {
        let code = Self.noteExtension(of: key)
        guard code != 0 else { return [] }
        return lookup(table, NoteFiles.stem(key)).all.filter { extensions[$0] == code }
    }

    /// The postings a key is looked up in.
    enum Table { case path, name, pageName }

    /// The files indexed under `key` in `table`, in the order of their numbers; with files
    /// moved, those no longer under it taken out and those now under it put in.
    private func lookup(_ table: Table, _ key: String) -> Postings.Matches {
        let found: Postings.Matches
        switch table {
        case .path: found = byPath[key]
        case .name: found = byName[key]
        case .pageName: found = byPageName[key]
        }
        return moved?.correct(found, table, key) ?? found
    }

    /// The files whose name (the last part of their key) is `name`.
    private func named(_ name: String) -> Postings.Matches {
        let withExtension = notes(withExtension: name, in: .name)
        guard !withExtension.isEmpty else { return lookup(.name, name) }
        return .many((lookup(.name, name).all + withExtension).map(Int32.init))
    }


    /// How many files are indexed: their numbers are `0..<fileCount`.
    var fileCount: Int { paths.count }

    /// The number of the file at exactly this vault-relative path, nil when none is.
    func file(at path: String) -> Int? {
        let key = Naming.collisionKey(path)
        return (lookup(.path, key).all + notes(withExtension: key, in: .path)).first { paths[$0] == path }
    }

    /// True when a file (note or attachment, outside the trash) is at this path.
    public func contains(_ path: String) -> Bool { exact(Naming.collisionKey(path)).path != nil }

    /// The note links are written in, with what resolving them needs of its path worked out
    /// once: a note's links share it, and working it out for each link was a fifth of
    /// resolving them.
    public struct Origin: Sendable {
        public let path: String
        /// The folder of the path's `collisionKey`: where its relative links start, and
        /// which of several candidates is beside it.
        let folderKey: String

        public init(_ path: String) {
            self.path = path
            folderKey = LinkIndex.folder(of: Naming.collisionKey(path))
        }
    }

    /// Resolves a link written in the note at `source`.
    public func resolve(_ link: Link, from source: String) -> Resolution { resolve(link, from: Origin(source)) }

    /// True when whether `link` finds a file, and among how many candidates, is the same
    /// in every note it could be written in: a link by name, or by a path from the vault's
    /// root, never one relative to its note (`./`, `../`, a markdown destination). Which of
    /// several candidates it picks still depends on the note (the one beside it first).
    public func findsAlikeEverywhere(_ link: Link) -> Bool {
        switch link.form {
        case .wikilink, .frontmatter, .tag, .property:
            let key = Naming.collisionKey(link.target.trimmed())
            return !Self.isRelative(key)
        case .markdown, .reference, .referenceUse: return false
        }
    }

    /// Resolves a link written in the note `origin` stands for.
    public func resolve(_ link: Link, from origin: Origin) -> Resolution {
        if link.isSelfLink { return Resolution(path: origin.path, candidates: 1) }
        switch link.form {
        case .wikilink, .frontmatter, .tag, .property:
            return pages == nil ? resolveWikilink(link.target, from: origin) : resolvePage(link.target, from: origin)
        case .markdown, .reference, .referenceUse: return resolveMarkdown(link.target, from: origin)
        }
    }

    /// Resolves a page name in a Logseq graph: by the names of its pages alone (a name with
    /// no page is a page Logseq makes when it is first linked, not a file); a name ending in
    /// a file extension (`[[image.png]]`) is looked up as a file.
    func resolvePage(_ name: String, from source: String) -> Resolution { resolvePage(name, from: Origin(source)) }

    private func resolvePage(_ name: String, from source: Origin) -> Resolution {
        let key = Naming.collisionKey(name.trimmed())
        let matches = lookup(.pageName, key)
        if matches.first != nil { return pick(matches, from: source) }
        let last = Self.lastComponent(key)
        if NoteFiles.isNoteName(last) || (!NoteFiles.fileExtension(last).isEmpty && named(last).first != nil) {
            return resolveWikilink(name, from: source)
        }
        return .dangling
    }

    func resolveWikilink(_ target: String, from source: String) -> Resolution { resolveWikilink(target, from: Origin(source)) }

    private func resolveWikilink(_ target: String, from source: Origin) -> Resolution {
        let key = Naming.collisionKey(target.trimmed())
        if Self.isRelative(key) {
            return exact(Self.join(source.folderKey, key))
        }
        // `[[/Bar]]` is a path from the vault's top folder, as `[x](/Bar.md)` is.
        let rooted = key.utf8.first == UInt8(ascii: "/")
        let path = rooted ? String(key.utf8.dropFirst())! : key
        if rooted || path.hasByte(UInt8(ascii: "/")) {
            let found = exact(path)
            if found.path != nil { return found }
            // `[[Projects/Roadmap]]` names a note by the end of its path, as in Obsidian.
            let name = Self.lastComponent(path)
            let matches = named(name).all.filter { index in
                let candidate = Naming.collisionKey(paths[index])
                return candidate.hasSuffix("/" + path) || NoteFiles.stem(candidate).hasSuffix("/" + path)
            }
            return pick(matches, from: source)
        }
        return pick(named(path), from: source)
    }

    /// Resolves a markdown destination: relative to the linking note, then from the vault
    /// root, then (as Obsidian does for a bare file name) by name anywhere. `strict` stops
    /// before the last step: what a plain markdown viewer would also find.
    func resolveMarkdown(_ target: String, from source: String, strict: Bool = false) -> Resolution {
        resolveMarkdown(target, from: Origin(source), strict: strict)
    }

    private func resolveMarkdown(_ target: String, from source: Origin, strict: Bool = false) -> Resolution {
        let key = Naming.collisionKey(target.trimmed())
        if key.utf8.first == UInt8(ascii: "/") { return exact(Self.join("", String(key.utf8.dropFirst())!)) }
        let relative = exact(Self.join(source.folderKey, key))
        if relative.path != nil { return relative }
        let absolute = exact(Self.join("", key))
        if absolute.path != nil || key.hasByte(UInt8(ascii: "/")) || strict { return absolute }
        return pick(named(key), from: source)
    }

    /// True when a markdown link resolves by its path, not only by name.
    public func resolvesByPath(_ link: Link, from source: String) -> Bool {
        link.hasDestination && resolveMarkdown(link.target, from: source, strict: true).path != nil
    }

    /// True when a markdown link written without a leading `/` finds its file from the vault's
    /// top folder, not from its note's folder (`[t](Test%20Data/x.md)` in `Test Data/x.md`).
    func resolvesFromRoot(_ link: Link, from source: String) -> Bool {
        let key = Naming.collisionKey(link.target.trimmed())
        guard link.hasDestination, key.utf8.first != UInt8(ascii: "/") else { return false }
        return exact(Self.join(Self.folder(of: Naming.collisionKey(source)), key)).path == nil && exact(Self.join("", key)).path != nil
    }

    /// The file at a path's key: the first indexed under the key itself or, for a key with a
    /// note extension, under its stem.
    private func exact(_ key: String?) -> Resolution {
        guard let key else { return .dangling }
        let direct = lookup(.path, key).first
        let note = notes(withExtension: key, in: .path).first
        switch (direct, note) {
        case (nil, nil): return .dangling
        case (let one?, nil), (nil, let one?): return Resolution(path: paths[one], candidates: 1, file: one)
        case (let a?, let b?): return Resolution(path: paths[min(a, b)], candidates: 1, file: min(a, b))
        }
    }

    private func pick(_ matches: Postings.Matches, from source: Origin) -> Resolution {
        switch matches {
        case .none: return .dangling
        case .one(let number): return Resolution(path: paths[number], candidates: 1, file: number)
        case .many(let numbers): return pick(numbers.map(Int.init), from: source)
        }
    }

    /// Picks among files matching a name: same folder as the linking note, then the
    /// shortest path, then the pages folder, then the first by name.
    private func pick(_ matches: [Int], from source: Origin) -> Resolution {
        guard let first = matches.first else { return .dangling }
        if matches.count == 1 { return Resolution(path: paths[first], candidates: 1, file: first) }
        var unique: [Int] = []
        for match in matches where !unique.contains(match) { unique.append(match) }
        if unique.count == 1 { return Resolution(path: paths[first], candidates: 1, file: first) }
        let sourceFolder = source.folderKey
        let pages = Naming.collisionKey(pagesFolder) + "/"
        // Keys are worked out here, for the few names several files share, not kept for all.
        let keyed = unique.map { (index: $0, key: Naming.collisionKey(paths[$0])) }
        let best = keyed.min { a, b in
            let (pa, pb) = (paths[a.index], paths[b.index])
            let sameA = Self.folder(of: a.key) == sourceFolder
            let sameB = Self.folder(of: b.key) == sourceFolder
            if sameA != sameB { return sameA }
            if pa.count != pb.count { return pa.count < pb.count }
            let inPagesA = a.key.hasPrefix(pages)
            let inPagesB = b.key.hasPrefix(pages)
            if inPagesA != inPagesB { return inPagesA }
            return pa < pb
        }!
        return Resolution(path: paths[best.index], candidates: unique.count, file: best.index)
    }
}
