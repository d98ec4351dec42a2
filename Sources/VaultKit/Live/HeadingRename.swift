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
            var replacements: [TextReplacement] = []
            var changes: [LinkChange] = []
            for link in NoteFacts(bytes: bytes, parts: .links, dialect: vault.dialect.forFile(source)).links where link.form != .referenceUse {
                guard let fragment = link.fragment, fragment.count > 1, !fragment.hasPrefix("#^"),
                    LiveVault.fragment(String(fragment.dropFirst()), names: heading.text),
                    live.index.resolve(link, from: source).path == path || (link.isSelfLink && source == path),
                    let range = Self.fragmentRange(of: link, fragment, in: bytes)
                else { continue }
                let written = String(fragment.dropFirst())
                // `#groceries` for `## Groceries`: a viewer's anchor, kept one.
                let isAnchor = link.hasDestination && written == LiveVault.anchor(of: heading.text) && written != heading.text
                // Inside `<…>` a destination holds its spaces as they are.
                let replacement = isAnchor ? LiveVault.anchor(of: new)
                    : link.hasDestination && !link.angleBrackets ? LinkRewriter.encode(new, like: "") : new
                replacements.append(TextReplacement(range: range, text: replacement))
                changes.append(LinkChange(line: link.line, before: written, after: replacement))
            }
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

    /// The bytes of a fragment's text (after `#`) in a link, where it is written as read.
    static func fragmentRange(of link: Link, _ fragment: String, in bytes: [UInt8]) -> Range<Int>? {
        let wanted = Array(fragment.utf8)
        var index = link.targetRange.upperBound
        while index + wanted.count <= link.range.upperBound {
            if bytes[index] == UInt8(ascii: "#"), Array(bytes[index..<index + wanted.count]) == wanted {
                return index + 1..<index + wanted.count
            }
            index += 1
        }
        return nil
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
