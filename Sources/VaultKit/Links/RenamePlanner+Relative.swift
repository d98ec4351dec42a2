import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// How a moved note's own relative links are written from its new place, so that a move and
/// its reverse give every byte back (DESIGN.md 4).
extension RenamePlanner {
    /// For a relative markdown link of a moved note, written as the shortest path from the
    /// note's old folder to a file that did not move: the shortest path from its new folder,
    /// when that is another text. The old text may still work from there (`../../user/a.md`
    /// from `archive/notes/` and from `user/notes/`), but moving back would not restore it.
    static func shortestFromNewPlace(
        _ link: Link, to target: String, from source: String, movedTo newSource: String, before: LinkIndex, after: LinkIndex
    ) -> String? {
        guard link.hasDestination, before.resolvesByPath(link, from: source), !before.resolvesFromRoot(link, from: source) else { return nil }
        var written = link.target.trimmed()
        guard !written.hasPrefix("/") else { return nil }
        let dotted = written.hasPrefix("./")
        if dotted { written.removeFirst(2) }
        let withoutExtension = NoteFiles.isNoteName(target) && NoteFiles.fileExtension(written.fileName).isEmpty
        let path = withoutExtension ? String(target.dropLast(NoteFiles.fileExtension(target).count)) : target
        guard let old = LinkRewriter.relativePath(from: LinkIndex.folder(of: source), to: path),
            Naming.collisionKey(old) == Naming.collisionKey(written),
            var new = LinkRewriter.relativePath(from: LinkIndex.folder(of: newSource), to: path),
            Naming.collisionKey(new) != Naming.collisionKey(written)
        else { return nil }
        if dotted && !new.hasPrefix("../") { new = "./" + new }
        guard after.resolveMarkdown(new, from: newSource, strict: true).path == target else { return nil }
        return link.angleBrackets ? LinkRewriter.angled(new, like: link.rawTarget) : LinkRewriter.encode(new, like: link.rawTarget)
    }

    /// For a relative link of a moved note that climbs out of the vault (`../../images/x.png`
    /// in a top-level folder), which resolves to nothing: the path to the same place out there
    /// from the note's new folder, so that it still resolves to nothing (a deeper folder would
    /// otherwise make it land on a file of the vault by chance) and moving back restores it.
    /// Nil for every other link.
    static func outsideTheVault(_ link: Link, from source: String, movedTo newSource: String) -> String? {
        let raw = link.rawTarget.trimmed()
        guard link.form == .markdown ? !raw.hasPrefix("/") && !raw.contains("://") : raw.hasPrefix("../") else { return nil }
        var depth = LinkIndex.folder(of: source).split(separator: "/").count
        var above = 0
        var rest: [Substring] = []
        for part in raw.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".", "": continue
            case "..":
                if !rest.isEmpty { rest.removeLast() } else if depth > 0 { depth -= 1 } else { above += 1 }
            default: rest.append(part)
            }
        }
        guard above > 0 else { return nil }
        let newDepth = LinkIndex.folder(of: newSource).split(separator: "/").count
        let text = (Array(repeating: "..", count: newDepth + above) + rest.map(String.init)).joined(separator: "/")
        return text == raw ? nil : text
    }
}
