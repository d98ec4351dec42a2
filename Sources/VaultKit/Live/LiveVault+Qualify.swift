import VaultMarkdown
import VaultSystem

/// One way to make an ambiguous link lead to one file: the file, and the link's new target.
public struct LinkQualification: Sendable, Equatable {
    /// The vault-relative path the link then leads to.
    public var path: String
    /// The text that replaces the link's target (`link.targetRange`), in the link's own form.
    public var target: String
}

extension LiveVault {
    /// The files an ambiguous link of `source` may mean, each with the target that names it
    /// alone: a wikilink gains the shortest end of the file's path that resolves to it and
    /// nothing else (`.md` only where it had it); a markdown link becomes the path relative to
    /// its note, encoded as it was. Empty when the link is not ambiguous (any more), and in a
    /// Logseq graph, whose page links name pages, not files.
    public func qualifications(of link: Link, in source: String) -> [LinkQualification] {
        guard index.pages == nil, index.resolve(link, from: source).candidates > 1 else { return [] }
        let name = Self.nameKey(link.target)
        let files = scan.notes.filter { $0.kind != .trash }.map { ($0.path, true) } + scan.assets.map { ($0, false) }
        var found: [LinkQualification] = []
        for (path, isNote) in files where Self.nameKey(path) == name {
            // A file the link can mean is one it would lead to were it the only file.
            let alone = LinkIndex(notes: isNote ? [path] : [], assets: isNote ? [] : [path], layout: vault.layout)
            guard alone.resolve(link, from: source).path == path, let target = qualifiedTarget(link, to: path, isNote: isNote, from: source)
            else { continue }
            found.append(LinkQualification(path: path, target: target))
        }
        return found
    }

    private func qualifiedTarget(_ link: Link, to path: String, isNote: Bool, from source: String) -> String? {
        let written = link.target.trimmed()
        let lastWritten = written.split(separator: "/").last.map(String.init) ?? written
        let keepsExtension = !isNote || NoteFiles.isNoteName(lastWritten)
        let base = keepsExtension ? path : String(path.dropLast(NoteFiles.fileExtension(path).count))
        let alone = Resolution(path: path, candidates: 1)
        switch link.form {
        case .wikilink, .frontmatter, .tag, .property:
            let parts = base.split(separator: "/").map(String.init)
            let depth = written.split(separator: "/").count
            guard depth < parts.count else { return nil }
            for count in (depth + 1)...parts.count {
                let candidate = parts.suffix(count).joined(separator: "/")
                if index.resolveWikilink(candidate, from: source) == alone { return candidate }
            }
            return nil
        case .markdown, .reference, .referenceUse:
            guard let relative = LinkRewriter.relativePath(from: LinkIndex.folder(of: source), to: base),
                index.resolveMarkdown(relative, from: source, strict: true) == alone
            else { return nil }
            return link.angleBrackets ? relative : LinkRewriter.encode(relative, like: link.rawTarget)
        }
    }
}
