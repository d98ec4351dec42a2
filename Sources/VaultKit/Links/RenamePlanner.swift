import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Plans renames and moves so that the link graph afterwards is the graph before, modulo the
/// moved files (DESIGN.md 4): every link whose resolution would change is rewritten in its
/// own form to resolve as before.
public struct RenamePlanner: Sendable {
    public let vault: Vault
    /// Plan even when some notes cannot be read or rewritten (not downloaded, unreadable, not
    /// UTF-8): their links are left as they are and listed in `skipped`. Off by default, because such a note may
    /// link to a moved file and would be left with a dangling link (DESIGN.md 8).
    public var skipUnavailable: Bool

    public init(vault: Vault, skipUnavailable: Bool = false) {
        self.vault = vault
        self.skipUnavailable = skipUnavailable
    }

    /// Plans renaming a note in its folder. A leading `# heading` that is the old file name
    /// (compared as names are: NFC, any case) becomes `# New title`; any other heading is the
    /// note's own text and stays as it is.
    public func planRename(_ name: String, to title: String) throws -> RenamePlan {
        let (scan, note): (VaultScan, Note)
        do {
            (scan, note) = try find(name)
        } catch let error as VaultError {
            // A Logseq namespace's page may have no file; the pages under it do.
            guard case .unknownNote = error, vault.logseq != nil, let plan = try planNamespaceRename(name, to: title) else { throw error }
            return plan
        }
        // A path given for the title would name the file after it, its slashes made dashes and
        // its extension doubled (`pages-Plan.md.md`): most likely a move was meant.
        if vault.logseq == nil, title.hasByte(UInt8(ascii: "/")), NoteFiles.isNoteName(title.trimmed()) {
            throw VaultError.invalidTitle(
                title: title, reason: "it is a path, and a rename names a note anew in its own folder; `vault move` moves a note to a path")
        }
        let stem = vault.logseq.map { LogseqPages.fileStem(forPageName: Naming.cleanTitle(title), format: $0.fileNameFormat) }
            ?? Naming.fileStem(forTitle: title, extensionBytes: NoteFiles.fileExtension(note.fileName).utf8.count)
        guard !title.isBlank, stem != "Untitled" || title.trimmed() == "Untitled" else {
            throw VaultError.invalidTitle(title: title, reason: "it has no characters a file name can hold")
        }
        let target = (note.folder.isEmpty ? "" : note.folder + "/") + stem + NoteFiles.fileExtension(note.fileName)
        // In a Logseq graph the pages of the namespace the page names go with it.
        let pageName = vault.logseqPages(scan.notes)?.name(of: note.path) ?? ""
        let children = namespacePages(under: pageName, renamedTo: Naming.cleanTitle(title), scan: scan)
        var moves = [note.path: target]
        for child in children { moves[child.note.path] = child.path }
        return try plan(moves, scan: scan, retitle: (note, Naming.cleanTitle(title)), retitling: children.map { ($0.note, $0.title) })
    }

    /// Walks the vault without reading notes, and finds the note `name` names; titles are
    /// read only when the name is not a path.
    private func find(_ name: String) throws -> (VaultScan, Note) {
        let scan = try vault.scan(detail: .paths)
        if let note = try NoteLookup(notes: scan.notes).note(atPath: name) { return (scan, note) }
        let titled = try vault.scan(detail: .summary)
        return (titled, try NoteLookup(notes: titled.notes, in: vault).note(named: name))
    }

    /// Plans moving a note or a folder. `destination` is a folder to move into (existing, or
    /// written with a trailing `/`) or the new path.
    public func planMove(_ source: String, to destination: String) throws -> RenamePlan {
        var scan = try vault.scan(detail: .paths)
        var from = source.hasPrefix("./") ? String(source.dropFirst(2)) : source
        while from.hasSuffix("/") { from.removeLast() }
        let systemFolders = VaultLayout.systemKinds.compactMap { vault.layout.folder(for: $0) }
        // A folder spelled otherwise beside a system folder (`Pages` beside `pages`, as a
        // copy from another disk leaves one) is a folder of its own, and may be moved away.
        let standsApart = { (from: String) in
            ((try? self.vault.fileSystem.entries(self.vault.root)) ?? []).contains { $0.kind == .directory && $0.name.utf8.elementsEqual(from.utf8) }
                && !systemFolders.contains { $0.utf8.elementsEqual(from.utf8) }
        }
        if from.isEmpty || from == "." || (systemFolders.contains { Naming.collisionKey($0) == Naming.collisionKey(from) } && !standsApart(from)) {
            throw VaultError.invalidDestination(
                path: source, reason: "\(from.isEmpty ? "the vault" : from) is a system folder; move the notes in it instead")
        }
        let destination = Self.spelledAsOnDisk(try Self.relativePath(destination, vault: vault), vault: vault)
        let intoFolder =
            destination.hasSuffix("/") || destination.isEmpty
            || (try? vault.fileSystem.status(vault.absolutePath(destination)))??.kind == .directory
        let folderPrefix = Naming.collisionKey(from) + "/"
        let files = scan.notes.map(\.path) + scan.assets
        // The folder as written, where it exists: on a disk that tells case apart, `ab/` beside
        // `AB/` is a folder of its own. A folder written in another case is found as one would be
        // on a disk that does not.
        // By bytes: to Swift a composed and a decomposed `Café/` are one prefix, and a folder
        // may hold both, as two folders.
        let writtenPrefix = Array((from + "/").utf8)
        let isWritten = { (path: String) in path.utf8.starts(with: writtenPrefix) }
        let byKey = !files.contains(where: isWritten)
        let isInside = { (path: String) in byKey ? Naming.collisionKey(path).hasPrefix(folderPrefix) : isWritten(path) }
        let inFolder = files.filter(isInside)
        var moves: [String: String] = [:]
        var carried: [String: String] = [:]
        var movedFolder: FolderMove?
        if !inFolder.isEmpty && !scan.notes.contains(where: { $0.path.utf8.elementsEqual(from.utf8) }) {
            let name = String(from.split(separator: "/").last ?? "")
            let base = intoFolder ? Self.joined(destination, name) : Self.trimmed(destination)
            let same = base.utf8.elementsEqual(from.utf8)
            if same || Naming.collisionKey(base).hasPrefix(folderPrefix) {
                throw VaultError.invalidDestination(
                    path: base, reason: same ? "\(from) is there already" : "it is inside \(from): a folder cannot move into itself")
            }
            // The folder's own spelling on disk, and each file's path below it, by the folder's
            // number of parts: a folder found in another case or form is not as long as written.
            let depth = from.split(separator: "/").count
            func below(_ path: String) -> Substring { path.split(separator: "/", maxSplits: depth, omittingEmptySubsequences: false)[depth] }
            movedFolder = FolderMove(from: inFolder[0].split(separator: "/").prefix(depth).joined(separator: "/"), to: base)
            for path in inFolder { moves[path] = base + "/" + below(path) }
            // A conflict copy whose note is gone moves with its folder, as every file of it does.
            for copy in scan.conflictCopies where moves[copy.originalPath] == nil && isInside(copy.path) {
                carried[copy.path] = base + "/" + below(copy.path)
            }
        } else if let asset = scan.assets.first(where: { Naming.collisionKey($0) == Naming.collisionKey(from) }) {
            // An attachment moves as a file of a folder does: every link to it follows.
            moves[asset] = intoFolder ? Self.joined(destination, asset.fileName) : Self.trimmed(destination)
        } else {
            let note: Note
            (scan, note) = try find(source)
            let base = intoFolder ? Self.joined(destination, note.fileName) : Self.trimmed(destination)
            let target = NoteFiles.isNoteName(base.split(separator: "/").last.map(String.init) ?? base, org: vault.isLogseqGraph)
                ? base : base + NoteFiles.fileExtension(note.fileName)
            let stem = NoteFiles.stem(target.fileName)
            if stem != NoteFiles.stem(note.fileName), let character = stem.unicodeScalars.first(where: { "#^[]|".unicodeScalars.contains($0) }) {
                throw VaultError.invalidDestination(
                    path: target,
                    reason: "no link can reach a note whose name holds \(character) (Obsidian keeps # ^ [ ] | out of linkable names)")
            }
            moves[note.path] = target
        }
        return try plan(moves, scan: scan, retitle: nil, carrying: carried, folder: movedFolder)
    }

    /// The planning core: `moves` maps old to new vault-relative paths.
    /// `retitle` is the note a rename names anew, `retitling` the others it names anew with
    /// it (a Logseq namespace's pages): their `title::` and title heading follow. `folder` is
    /// the folder a folder move moves, whose places move with it, files or not.
    func plan(
        _ moves: [String: String], scan: VaultScan, retitle: (note: Note, title: String)?,
        retitling others: [(note: Note, title: String)] = [], carrying carried: [String: String] = [:], folder: FolderMove? = nil
    ) throws -> RenamePlan {
        var retitles: [String: (note: Note, title: String)] = [:]
        for entry in others + (retitle.map { [$0] } ?? []) { retitles[entry.note.path] = entry }
        try vault.refuseDuringGitOperation()
        try validate(moves, scan: scan)
        try refuseFolderTwins(moves, vacated: folder?.from)
        // Git writes conflict markers only in a work tree; elsewhere such lines are a note's own.
        let inGit = vault.gitWorkTree != nil
        var conflicted: [VaultWarning] = []
        let notes = scan.notes.map(\.path)
        let before = LinkIndex(notes: notes, assets: scan.assets, layout: vault.layout, pages: vault.logseqPages(scan.notes))
        let after = before.moving(moves, notes: notes, assets: scan.assets, layout: vault.layout)
        let pageNames = moves.keys.flatMap { before.pages?.names(of: $0) ?? [] } + moves.values.flatMap { after.pages?.names(of: $0) ?? [] }
        let needles = LinkNeedles(paths: Array(moves.keys) + Array(moves.values), names: pageNames)
        var edits: [FileEdit] = []
        var skipped: [VaultWarning] = []
        var newlyResolving: [LinkReport] = []
        var unavailable: [VaultWarning] = []
        var movedHashes: [String: UInt64] = [:]
        // Each note is planned on its own, across the cores (one core planned a rename of a
        // note linked from 20,000 others for eight seconds), and the outcomes are taken in
        // path order, the first error thrown as a loop over the notes would have thrown it.
        let context = NoteContext(
            before: before, after: after, moves: moves, needles: needles, retitles: retitles,
            headings: retitledHeadings(retitles, moves: moves), inGit: inGit, folder: folder)
        let scanned = scan.notes
        // What making the index freed lies among what it keeps; given back before the notes
        // are planned, as a link graph does before it reads them.
        if scanned.count >= 1_000 { FreedMemory.giveBack() }
        // Which notes the moves may change is told from the cache's records first, and the
        // cache is let go before those notes are read and planned: its index and side table
        // (28 MB at 100,000 notes), held beside the edits of the 20,000 notes that link to
        // the most-linked one, made the highest point of its rename.
        let touched = ParallelMap.map(scanned.count, minimumPerWorker: 64) { index in
            !unaffected(scanned[index], before: before, after: after, moves: moves, needles: needles, answers: context.answers)
        }
        let planned = scanned.indices.filter { touched[$0] }
        vault.cache?.saveAndRelease()
        if scanned.count >= 1_000 { FreedMemory.giveBack() }
        let outcomes = ParallelMap.map(planned.count, minimumPerWorker: 16) { index in
            Result { try planNote(scanned[planned[index]], context) }
        }
        // Sized once: grown by doubling, the edits of a rename that rewrites 20,000 notes were
        // held twice for a moment at its highest point.
        edits.reserveCapacity(outcomes.reduce(0) { count, outcome in count + ((try? outcome.get())??.edit == nil ? 0 : 1) })
        for outcome in outcomes {
            guard let outcome = try outcome.get() else { continue }
            if let hash = outcome.movedHash { movedHashes[outcome.path] = hash }
            if let warning = outcome.unavailable { unavailable.append(warning) }
            if let warning = outcome.conflicted { conflicted.append(warning) }
            newlyResolving += outcome.newlyResolving
            if let edit = outcome.edit { edits.append(edit) }
        }
        // A folder that cannot be listed may hold notes that link to a moved file.
        if !scan.unlistedFolders.isEmpty && !skipUnavailable {
            throw VaultError.foldersUnreadable(paths: scan.unlistedFolders.map(\.path))
        }
        if !unavailable.isEmpty && !skipUnavailable {
            throw VaultError.notesUnavailable(paths: unavailable.map(\.path))
        }
        if !conflicted.isEmpty && !skipUnavailable {
            throw VaultError.notesInConflict(paths: conflicted.map(\.path))
        }
        unavailable = scan.unlistedFolders.map {
            VaultWarning(path: $0.path, message: "\($0.message); links in its notes are not rewritten")
        } + unavailable
        let hidden = try folder.map(hiddenMoves) ?? []
        // Refused now, not halfway through the change.
        try vault.checkWritable(
            replacing: edits.map(\.source),
            writingIn: edits.map { LinkIndex.folder(of: $0.path) } + moves.flatMap { [LinkIndex.folder(of: $0.key), LinkIndex.folder(of: $0.value)] }
                + hidden.flatMap { [LinkIndex.folder(of: $0.from), LinkIndex.folder(of: $0.to)] })
        skipped = unavailable + conflicted + skipped
        let sidecars = try Self.sidecarMoves(moves, vault: vault) + (try copyMoves(moves, scan: scan, carrying: carried)) + hidden
        let emptied = NoteLifecycle.emptiedFolders(moves, sidecars: sidecars, scan: scan, layout: vault.layout)
            + FileMove.folders(leftBy: hidden, inside: folder?.from ?? "")
        var plan = RenamePlan(
            moves: moves.sorted { $0.key < $1.key }.map { FileMove(from: $0.key, to: $0.value) }, edits: edits,
            sidecarMoves: sidecars, skipped: skipped, newlyResolving: newlyResolving,
            emptiedFolders: emptied.sorted { $0.count > $1.count },
            temporaryFiles: scan.temporaryFiles, movedHashes: movedHashes)
        plan.favoritesEdit = Favorites.edit(following: moves, vault: vault)
        plan.movedFolder = folder?.from
        return plan
    }

    struct Rewrite {
        var bytes: [UInt8]
        var changes: [LinkChange]
        var newlyResolving: [LinkReport]
        var replacements: [TextReplacement]
    }

    /// Rewrites the links of one note whose resolution the moves would change.
    func rewrite(
        _ note: Note, _ bytes: [UInt8], before: LinkIndex, after: LinkIndex, moves: [String: String],
        retitle: (note: Note, title: String)?, headings: [String: RetitledHeading] = [:], folder: FolderMove? = nil
    ) throws -> Rewrite {
        // A trashed note's links are read from where a restore puts it back.
        let source = origin(of: note.path)
        let newSource = moves[note.path].map(origin) ?? source
        let isTrashed = vault.layout.kind(of: note.path) == .trash && moves[note.path] == nil
        var replacements: [(range: Range<Int>, text: String, line: Int, isLink: Bool)] = []
        var newlyResolving: [LinkReport] = []
        let document = MarkdownDocument(bytes: bytes, dialect: vault.dialect.forFile(note.path))
        let links = LinkScanner.links(in: document)
        /// What the change does to a link; `expected`, where it must lead afterwards.
        enum Outcome { case keep, rewrite(String), newlyResolving(String?) }
        // Where each spelling leads after the change from the note's new place, kept for the
        // read-back, which asks the same of every link left as it was.
        var resolvedAfter: [Spelling: String?] = [:]
        func leadsAfter(_ link: Link) -> String? {
            let key = Spelling(link)
            if let known = resolvedAfter[key] { return known }
            let path = after.resolve(link, from: newSource).path
            resolvedAfter[key] = path
            return path
        }
        func decide(_ link: Link) throws -> (outcome: Outcome, expected: String?) {
            let was = before.resolve(link, from: source).path
            // A link to a moved file takes the file's new name, even where the old spelling
            // would still resolve (a case-only rename, a bare name after a folder move).
            if let was, let moved = moves[was] {
                // Only a new name is written into links; after a plain move a link that still
                // finds the file keeps its spelling.
                let renamed = NoteFiles.stem(was.fileName) != NoteFiles.stem(moved.fileName)
                if !renamed && leadsAfter(link) == moved
                    && (!before.resolvesByPath(link, from: source) || after.resolvesByPath(link, from: newSource))
                    && !(Self.respelled(was, as: moved) && before.resolvesByPath(link, from: source))
                {
                    return (.keep, moved)
                }
                let byName = link.hasDestination && !before.resolvesByPath(link, from: source)
                let fromRoot = before.resolvesFromRoot(link, from: source)
                guard let text = LinkRewriter.target(
                    for: link, to: moved, from: newSource, index: after, byName: byName, fromRoot: fromRoot, respelled: Self.respelled(was, as: moved))
                else {
                    throw VaultError.invalidDestination(
                        path: moved, reason: "the link \(bytes.utf8String(link.range)) in \(note.path) could not be rewritten to reach it")
                }
                return (text != link.rawTarget.trimmed() ? .rewrite(text) : .keep, moved)
            }
            let now = leadsAfter(link)
            // A markdown link that worked by path must keep working by path, so it also
            // works in viewers that do not look files up by name.
            let keepsPath = !before.resolvesByPath(link, from: source) || after.resolvesByPath(link, from: newSource)
            // A relative link to nothing keeps naming the place it names, in the vault or out.
            if was == nil, newSource != source, let text = Self.danglingFromNewPlace(link, from: source, movedTo: newSource, folder: folder) {
                return (.rewrite(text), nil)
            }
            if now == was && keepsPath {
                // Still right, but written from the old place: the shortest path from the new
                // one, so that moving back gives the same text back.
                if newSource != source, let was,
                    let text = Self.shortestFromNewPlace(link, to: was, from: source, movedTo: newSource, before: before, after: after)
                {
                    return (.rewrite(text), was)
                }
                return (.keep, was)
            }
            guard let was else { return (isTrashed ? .keep : .newlyResolving(now), now) }
            let fromRoot = before.resolvesFromRoot(link, from: source)
            guard let text = LinkRewriter.target(for: link, to: was, from: newSource, index: after, byName: false, fromRoot: fromRoot)
            else {
                throw VaultError.invalidDestination(
                    path: was, reason: "the link \(bytes.utf8String(link.range)) in \(note.path) could not be rewritten to reach it")
            }
            return (.rewrite(text), was)
        }
        // Links written alike fare alike: a note that links one file a million times is
        // decided once per spelling.
        var decided: [Spelling: (outcome: Outcome, expected: String?)] = [:]
        var expected: [String?] = []
        expected.reserveCapacity(links.count)
        for link in links {
            // A reference use follows its definition, which is rewritten in its place.
            guard !link.isSelfLink && link.form != .referenceUse else {
                expected.append(nil)
                continue
            }
            let key = Spelling(link)
            let decision = try decided[key] ?? decide(link)
            decided[key] = decision
            expected.append(decision.expected)
            switch decision.outcome {
            case .keep: break
            case .rewrite(let text):
                // Inside a quoted frontmatter value, a name with a quote is written escaped.
                let written = link.form == .frontmatter ? YAMLQuoting.escaped(text, quote: bytes[link.range.lowerBound - 1]) : text
                replacements.append((link.targetRange, written, link.line, true))
            case .newlyResolving(let now):
                let edge = LinkEdge(
                    source: note.path, link: link, resolution: Resolution(path: now, candidates: 1),
                    text: bytes.utf8String(link.range), line: "", offset: 0)
                newlyResolving.append(LinkReport(edge))
            }
        }
        replacements += Self.foamLabels(links, bytes, rewritten: replacements)
        replacements += Self.fragmentReplacements(links, bytes: bytes, expected: expected, own: newSource, headings: headings)
        if let retitle, retitle.note.path == note.path, vault.logseq != nil, let range = Self.titleProperty(document.structure) {
            replacements.append((range, retitle.title, document.sourceMap.line(containing: range.lowerBound), false))
        }
        if let retitle, retitle.note.path == note.path, let heading = Self.titleHeading(document, fileStem: retitle.note.stem),
            // A heading that holds a link is the user's text, not a title vault wrote.
            !links.contains(where: { $0.range.overlaps(heading) })
        {
            replacements.append(
                (heading, Naming.headingMarkup(forTitle: retitle.title), document.sourceMap.line(containing: heading.lowerBound),
                 false))
        }
        let ordered = replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
        let made = ordered.map { TextReplacement(range: $0.range, text: $0.text) }
        let result = TextReplacement.applied(made, to: bytes)
        // Report per link, in order: the text of each link before and after. The title
        // heading moves with the note but is not a link.
        let changes = ordered.filter(\.isLink).map { replacement in
            LinkChange(line: replacement.line, before: bytes.utf8String(replacement.range), after: replacement.text)
        }
        if !replacements.isEmpty {
            try readBack(
                result, links: links, expected: expected, replacements: replacements.map { ($0.range, $0.text.utf8.count) },
                from: newSource, after: after, resolved: resolvedAfter)
        }
        return Rewrite(
            bytes: result, changes: changes, newlyResolving: newlyResolving,
            replacements: made)
    }

    /// Where a note's links are resolved from: its path, or for a note in the trash the path
    /// it had (`trash/pages/a.md` was `pages/a.md`), where a restore puts it.
    func origin(of path: String) -> String {
        guard vault.layout.kind(of: path) == .trash, let slash = path.firstIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The byte range of the text of the note's leading `# heading` when it is the file's name
    /// (`# templates` in `templates.md`) or the title the name was made from (`# C# tips` in
    /// `C- tips.md`), compared as names are; nil for a heading of its own (`# Note
    /// Templates`), which a rename leaves alone.
    static func titleHeading(_ document: MarkdownDocument, fileStem: String) -> Range<Int>? {
        let name = Naming.collisionKey(fileStem)
        guard let heading = document.structure.titleHeading(),
            Naming.collisionKey(heading.text) == name || Naming.collisionKey(Naming.fileStem(forTitle: heading.text)) == name
        else { return nil }
        let bytes = document.bytes
        let line = document.sourceMap.range(ofLine: heading.line, in: bytes)
        // A byte order mark before the first line is not the heading's.
        var start = line.lowerBound == 0 ? ByteOrderMark.length(of: bytes) : line.lowerBound
        while start < line.upperBound && (bytes[start] == 0x20 || bytes[start] == UInt8(ascii: "#")) { start += 1 }
        var end = line.upperBound
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        // The heading as written: the name itself, or as vault writes it, with escapes.
        let written = Naming.collisionKey(bytes.utf8String(start..<end))
        let forms = [heading.text, Naming.headingMarkup(forTitle: heading.text)].map(Naming.collisionKey)
        guard start < end, forms.contains(written) else { return nil }
        return start..<end
    }
}
