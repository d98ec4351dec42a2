import VaultMarkdown
import VaultSystem

extension RenamePlanner {
    /// The bytes of a Logseq page's `title::` value (`#+TITLE:` in org), which a rename keeps
    /// in step with the page's new name; nil when the page has none.
    static func titleProperty(_ structure: NoteStructure) -> Range<Int>? {
        pageProperties(structure).first { $0.key == "title" }?.value
    }

    /// The lines of a Logseq page's properties (its first block, `key:: value` or org's
    /// `#+KEY: value`), each with its key, its whole line (its line break included) and
    /// its value trimmed (nil when empty).
    static func pageProperties(_ structure: NoteStructure) -> [(key: String, line: Range<Int>, value: Range<Int>?)] {
        guard let properties = structure.properties else { return [] }
        let bytes = structure.bytes
        var found: [(key: String, line: Range<Int>, value: Range<Int>?)] = []
        var lineStart = structure.textStart
        for entry in properties.entries {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            var start = lineStart
            if structure.dialect == .org {
                // `#+TITLE: name`: the value starts after the first colon.
                while start < lineEnd && bytes[start] != UInt8(ascii: ":") { start += 1 }
                start += 1
            } else {
                while start + 1 < lineEnd && !(bytes[start] == UInt8(ascii: ":") && bytes[start + 1] == UInt8(ascii: ":")) { start += 1 }
                start += 2
            }
            var end = lineEnd > start && bytes[lineEnd - 1] == 0x0D ? lineEnd - 1 : lineEnd
            while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
            while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
            found.append((entry.key, lineStart..<min(lineEnd + 1, bytes.count), start < end ? start..<end : nil))
        }
        return found
    }
}

extension RenamePlanner {
    /// The pages of a Logseq graph in the namespace `name` (`a/b/c` and `a/b/c/d` under
    /// `a/b`), each with the path and name it takes when the namespace becomes `title`
    /// (`x/c`, `x/c/d`), as Logseq renames a namespace's pages with its page. Empty outside
    /// a Logseq graph. Each stays in its folder.
    func namespacePages(under name: String, renamedTo title: String, scan: VaultScan) -> [(note: Note, path: String, title: String)] {
        guard let logseq = vault.logseq, !name.isEmpty, let pages = vault.logseqPages(scan.notes) else { return [] }
        let parent = name.split(separator: "/", omittingEmptySubsequences: false).map { Naming.collisionKey(String($0)) }
        var found: [(note: Note, path: String, title: String)] = []
        for page in scan.notes where page.kind != .trash {
            let parts = pages.name(of: page.path).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count > parent.count, zip(parts, parent).allSatisfy({ Naming.collisionKey($0) == $1 }) else { continue }
            let name = ([title] + parts.dropFirst(parent.count)).joined(separator: "/")
            let stem = LogseqPages.fileStem(forPageName: name, format: logseq.fileNameFormat)
            let path = (page.folder.isEmpty ? "" : page.folder + "/") + stem + NoteFiles.fileExtension(page.fileName)
            found.append((page, path, name))
        }
        return found
    }

    /// Renaming a namespace whose own page has no file (Logseq makes `a/b` in its database
    /// when `a/b/c` exists): the pages under it are renamed, nil when there are none. Links
    /// to `a/b` itself, a page without a file, are left as they are.
    func planNamespaceRename(_ name: String, to title: String) throws -> RenamePlan? {
        let scan = try vault.scan(detail: .paths)
        let children = namespacePages(under: name.trimmed(), renamedTo: Naming.cleanTitle(title), scan: scan)
        guard !children.isEmpty else { return nil }
        guard !title.isBlank, !Naming.cleanTitle(title).isEmpty else {
            throw VaultError.invalidTitle(title: title, reason: "it has no characters a file name can hold")
        }
        var moves: [String: String] = [:]
        for child in children { moves[child.note.path] = child.path }
        return try plan(moves, scan: scan, retitle: nil, retitling: children.map { ($0.note, $0.title) })
    }
}
