import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Renames a heading of a note and rewrites every link to it (`[[Note#Heading]]`,
/// `[t](Note.md#heading)`, `[[#Heading]]` in the note itself), each fragment in its own form:
/// a markdown viewer's anchor stays an anchor, a wikilink's heading takes the new text.
public struct HeadingRename {
    public let live: LiveVault

    public init(live: LiveVault) {
        self.live = live
    }

    /// The plan of the change, read from the files (never from unsaved buffers).
    ///
    /// - Throws: `VaultError.invalidTitle` for a new text no link can name (empty, a line
    ///   break, or one of `# ^ [ ] |`), or a read error of a note to rewrite.
    public func plan(_ heading: Heading, in path: String, to text: String) throws -> RenamePlan {
        let new = text.trimmingSpaces()
        guard !new.isEmpty, !new.contains(where: { $0.isNewline || "#^[]|".contains($0) }) else {
            throw VaultError.invalidTitle(title: text, reason: "a heading that links name cannot be empty or hold a line break, # ^ [ ] or |")
        }
        // A link to the new text would find the other heading first: the links to this one
        // would be rewritten to name it.
        if let other = (live.facts(of: path)?.headings ?? []).first(where: { other in
            other.line != heading.line && (LiveVault.fragment(new, names: other.text) || LiveVault.anchor(of: new) == LiveVault.anchor(of: other.text))
        }) {
            throw VaultError.invalidTitle(
                title: text, reason: "\(path) has a heading \"\(other.text)\" already (line \(other.line)), which links to the new text would name")
        }
        let sources = Set(live.backlinks(to: path).map(\.source)).union([path]).sorted()
        let vault = live.vault
        var edits: [FileEdit] = []
        for source in sources {
            let read = try SafeWriter(fileSystem: vault.fileSystem).read(vault.absolutePath(source), settling: false)
            let bytes = read.bytes
            guard NoteFacts.isUTF8(bytes, complete: true) else { continue }
            let links = NoteFacts(bytes: bytes, parts: .links, dialect: vault.dialect.forFile(source)).links
            let found = HeadingFragment.replacements(in: links, bytes: bytes, old: heading.text, new: new) { _, link in
                live.index.resolve(link, from: source).path == path || (link.isSelfLink && source == path)
            }
            var replacements = found.map { TextReplacement(range: $0.range, text: $0.text) }
            let changes = found.map { LinkChange(line: $0.line, before: bytes.utf8String($0.range), after: $0.text) }
            if source == path, let range = Self.headingText(heading, in: bytes, dialect: vault.dialect.forFile(source)) {
                replacements.append(TextReplacement(range: range, text: Naming.headingMarkup(forTitle: new)))
            }
            guard !replacements.isEmpty else { continue }
            replacements.sort { $0.range.lowerBound < $1.range.lowerBound }
            let patch = TextPatch(before: bytes, replacements: replacements)
            guard !patch.changesNothing else { continue }
            edits.append(FileEdit(source: source, path: source, snapshot: read.snapshot, patch: patch, changes: changes))
        }
        return RenamePlan(moves: [], edits: edits, sidecarMoves: [], skipped: [], newlyResolving: [], emptiedFolders: [])
    }

    /// The bytes of an ATX heading's text, without its `#` marks and closing spaces.
    static func headingText(_ heading: Heading, in bytes: [UInt8], dialect: NoteDialect) -> Range<Int>? {
        let document = MarkdownDocument(bytes: bytes, dialect: dialect)
        let line = document.sourceMap.range(ofLine: heading.line, in: bytes)
        var start = line.lowerBound
        while start < line.upperBound && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        guard start < line.upperBound, bytes[start] == UInt8(ascii: "#") else { return nil }
        while start < line.upperBound && bytes[start] == UInt8(ascii: "#") { start += 1 }
        while start < line.upperBound && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        var end = line.upperBound
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D) { end -= 1 }
        return start < end ? start..<end : nil
    }
}
