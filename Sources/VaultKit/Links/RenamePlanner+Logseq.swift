import VaultMarkdown
import VaultSystem

extension RenamePlanner {
    /// The bytes of a Logseq page's `title::` value, which a rename keeps in step with the
    /// page's new name; nil when the page has none.
    static func titleProperty(_ structure: NoteStructure) -> Range<Int>? {
        guard let properties = structure.properties, properties["title"] != nil else { return nil }
        let bytes = structure.bytes
        var lineStart = structure.textStart
        for entry in properties.entries {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            guard entry.key == "title" else { continue }
            var start = lineStart
            while start + 1 < lineEnd && !(bytes[start] == UInt8(ascii: ":") && bytes[start + 1] == UInt8(ascii: ":")) { start += 1 }
            start += 2
            var end = lineEnd > start && bytes[lineEnd - 1] == 0x0D ? lineEnd - 1 : lineEnd
            while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
            while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
            return start < end ? start..<end : nil
        }
        return nil
    }
}

extension RenamePlanner {
    /// The pages of a Logseq graph in the namespace `note`'s page names (`a/b/c` and
    /// `a/b/c/d` under `a/b`), each with the path and name it takes when the page becomes
    /// `title` (`x/c`, `x/c/d`), as Logseq renames a namespace's pages with its page. Empty
    /// outside a Logseq graph. Each stays in its folder.
    func namespacePages(under note: Note, renamedTo title: String, scan: VaultScan) -> [(note: Note, path: String, title: String)] {
        guard let logseq = vault.logseq, let pages = vault.logseqPages(scan.notes) else { return [] }
        let parent = pages.name(of: note.path).split(separator: "/", omittingEmptySubsequences: false).map { Naming.collisionKey(String($0)) }
        var found: [(note: Note, path: String, title: String)] = []
        for page in scan.notes where page.path != note.path && page.kind != .trash {
            let parts = pages.name(of: page.path).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count > parent.count, zip(parts, parent).allSatisfy({ Naming.collisionKey($0) == $1 }) else { continue }
            let name = ([title] + parts.dropFirst(parent.count)).joined(separator: "/")
            let stem = LogseqPages.fileStem(forPageName: name, format: logseq.fileNameFormat)
            found.append((page, (page.folder.isEmpty ? "" : page.folder + "/") + stem + NoteFiles.fileExtension(page.fileName), name))
        }
        return found
    }
}
