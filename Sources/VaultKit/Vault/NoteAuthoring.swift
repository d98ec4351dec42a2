import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Writing notes: a new page, and text appended or prepended to a note, each through the
/// safe writer under the vault's lock.
public struct NoteAuthoring {
    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// Creates a page named after `title` (in `Vault.newPageFolder` unless `folder` is given), starting
    /// with `# title` and a blank line, or with the template T (`Vault.template(named:)`:
    /// Obsidian's template folder, then `.zennotes/templates/`) filled in as `NoteTemplate`
    /// says (the date and time of `now`, else of the vault's clock).
    /// In a Logseq graph the file is named in the graph's file-name format (page `a/b` is
    /// `a___b.md`) and starts empty: Logseq names a page by its file.
    public func create(title: String, folder: String? = nil, template: String? = nil, now: Date? = nil, dryRun: Bool = false) throws -> NoteRewrite {
        let now = now ?? vault.clock.now()
        let stem = vault.logseq.map { LogseqPages.fileStem(forPageName: Naming.cleanTitle(title), format: $0.fileNameFormat) }
            ?? Naming.fileStem(forTitle: title)
        // Checked on the title: the stem of a title without letters is the stand-in `Untitled`.
        guard !title.isBlank, title.contains(where: { $0.isLetter || $0.isNumber }) else {
            throw VaultError.invalidTitle(title: title, reason: "it has no letter or digit a file name can keep")
        }
        let relative: String?
        do {
            relative = try folder.map { try RenamePlanner.relativePath($0, vault: vault) }
        } catch VaultError.invalidDestination(let path, let reason) {
            throw VaultError.invalidNoteFolder(path: path, reason: reason)
        }
        let target = vault.spelledAsOnDisk(folder: relative ?? vault.newPageFolder)
        let trash = Naming.collisionKey(vault.layout.folder(for: .trash) ?? "trash")
        let folderKey = Naming.collisionKey(RenamePlanner.trimmed(target))
        if folderKey == trash || folderKey.hasPrefix(trash + "/") {
            throw VaultError.invalidNoteFolder(path: target, reason: "new notes do not go to the trash")
        }
        // A heading is one line and must read back as the title (see `Naming.headingMarkup`).
        let clean = Naming.cleanTitle(title)
        var content = vault.logseq == nil ? Array("# \(Naming.headingMarkup(forTitle: clean))\n\n".utf8) : []
        if let template {
            content = Array(try vault.template(named: template).filled(vault.templateContext(title: clean, now: now)).utf8)
        }
        let path = try vault.createNote(in: RenamePlanner.trimmed(target), stem: stem, content: content, dryRun: dryRun)
        return NoteRewrite(path: path, before: [], after: content, isNew: true, snapshot: .absent)
    }

    /// Adds `text` as new lines at the end of a note (or, with `atStart`, after its
    /// frontmatter and title heading).
    public func add(_ text: String, to name: String, atStart: Bool = false, dryRun: Bool = false) throws -> NoteRewrite {
        guard !text.isBlank else { throw VaultError.emptyText(what: atStart ? "prepend" : "append") }
        let scan = try vault.scan(detail: .paths)
        let note = try NoteLookup(notes: scan.notes).note(atPath: name)
            ?? NoteLookup(notes: try vault.scan(detail: .summary).notes, in: vault).note(named: name)
        if note.availability == .placeholder { throw VaultError.noteNotDownloaded(path: note.path) }
        // Read under the lock, so two appends to one note by two `vault` processes both land.
        let plan = { () throws -> NoteRewrite in
            try vault.checkInside(note.path)
            let (bytes, snapshot) = try SafeWriter(fileSystem: vault.fileSystem).read(vault.absolutePath(note.path))
            guard NoteReader.isUTF8(bytes, complete: true) else {
                throw VaultError.wrongPlace(path: note.path, reason: "is not valid UTF-8; vault never rewrites it")
            }
            let text = vault.blockForm(of: text, in: note.path)
            let after =
                atStart ? NoteText.prepending(text, to: bytes, dialect: vault.dialect.forFile(note.path)) : NoteText.appending(text, to: bytes)
            return NoteRewrite(path: note.path, before: bytes, after: after, isNew: false, snapshot: snapshot)
        }
        if dryRun { return try plan() }
        let (planned, report) = try ChangeExecutor(vault: vault).apply(planning: plan) { $0.changePlan((atStart ? "prepend to " : "append to ") + note.path) }
        try report.refusingConflicts()
        return planned
    }
}
