import FoundationEssentials
import VaultMarkdown
import VaultSystem

extension Vault {
    /// A copy of `note` beside it, titled `title` (else "<title> copy"), as ZenNotes'
    /// Duplicate makes one: the same bytes, but for the title heading, which names the copy
    /// when the note's title comes from it, a frontmatter `title:`, which names the copy, and
    /// `aliases:`, which the copy does not take (each name would name two notes). The
    /// comments sidecar stays with the original: they are about that note.
    ///
    /// The file is named after the title (`T copy 2` when `T copy` is taken, the heading
    /// numbered with it) and created without replacing any file.
    ///
    /// - Throws: `VaultError.noteNotDownloaded` for a placeholder, `VaultError.wrongPlace`
    ///   for a note in the trash or one that is not UTF-8 and needs its heading changed,
    ///   `VaultError.invalidTitle` for a title no file name can hold.
    public func duplicate(_ note: Note, title: String? = nil, dryRun: Bool = false) throws -> NoteRewrite {
        if note.availability == .placeholder { throw VaultError.noteNotDownloaded(path: note.path) }
        if note.kind == .trash { throw VaultError.wrongPlace(path: note.path, reason: "is in the trash; restore it first") }
        let wanted = Naming.cleanTitle(title ?? note.title + " copy")
        guard wanted.contains(where: { $0.isLetter || $0.isNumber }) else {
            throw VaultError.invalidTitle(title: title ?? wanted, reason: "it has no letter or digit a file name can keep")
        }
        try checkInside(note.path)
        let (bytes, _) = try SafeWriter(fileSystem: fileSystem).read(absolutePath(note.path))
        let ext = NoteFiles.fileExtension(note.path)
        let folder = note.folder
        // A Logseq page is named by its file as the graph's format writes one (`a___b` for `a/b`).
        let base = logseq.map { LogseqPages.fileStem(forPageName: wanted, format: $0.fileNameFormat) }
            ?? Naming.fileStem(forTitle: wanted, extensionBytes: ext.utf8.count)
        let names = Set(((try? fileSystem.entries(folder.isEmpty ? root : absolutePath(folder))) ?? []).map { Naming.collisionKey($0.name) })
        let stem = Naming.availableStem(base, ext: ext, iCloud: isInICloud) { names.contains(Naming.collisionKey($0)) }
        // The heading says what the file name says: `T copy 2` beside `T copy`.
        let copyTitle = stem == base ? wanted : wanted + String(stem.dropFirst(base.count))
        var replacements = note.isUTF8 ? CopyFrontmatter.replacements(in: bytes, title: copyTitle) : []
        if note.isUTF8, dialect.isLogseq {
            // Its `title::` names the copy, and its `alias::` stays the original's: a name
            // given by two pages makes Logseq take them for one.
            for property in RenamePlanner.pageProperties(MarkdownDocument(bytes: bytes, dialect: dialect.forFile(note.path)).structure) {
                if property.key == "title", let value = property.value {
                    replacements.append(TextReplacement(range: value, text: copyTitle))
                } else if property.key == "alias" {
                    replacements.append(TextReplacement(range: property.line, text: ""))
                }
            }
        }
        if let range = Self.titleHeadingRange(bytes, note: note, dialect: dialect.forFile(note.path)) {
            guard note.isUTF8 else { throw VaultError.wrongPlace(path: note.path, reason: "is not valid UTF-8; vault never rewrites it") }
            replacements.append(TextReplacement(range: range, text: Naming.headingMarkup(forTitle: copyTitle)))
        }
        let content = TextReplacement.applied(replacements.sorted { $0.range.lowerBound < $1.range.lowerBound }, to: bytes)
        // The copy is the user's to edit, though the note copied was read-only.
        let permissions = ((try? fileSystem.status(absolutePath(note.path)))?.permissions).map { $0 & 0o777 | 0o200 } ?? 0o644
        let path = try createNote(in: folder, stem: stem, ext: ext, content: content, permissions: permissions, dryRun: dryRun)
        return NoteRewrite(path: path, before: [], after: content, isNew: true, snapshot: .absent)
    }

    /// The text of the note's title heading, when that heading is what titles it (no
    /// frontmatter `title:` says otherwise).
    static func titleHeadingRange(_ bytes: [UInt8], note: Note, dialect: NoteDialect) -> Range<Int>? {
        let document = MarkdownDocument(bytes: bytes, dialect: dialect)
        guard let heading = document.structure.titleHeading(), heading.text == note.title else { return nil }
        return RenamePlanner.titleHeading(document, fileStem: Naming.fileStem(forTitle: heading.text))
    }
}
