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

    /// For a relative link of a moved note that resolves to nothing, the text that names the
    /// same place from the note's new folder, so that its dangling target stays the same
    /// (DESIGN.md 4's test) and a later `restore` or new note there heals it, and moving back
    /// gives the text back. Nil for every other link, and where the text needs no change.
    ///
    /// Two kinds are rewritten: a link that climbs out of the vault (`../../images/x.png` in
    /// a top-level folder: a deeper folder would otherwise make it land on a file of the
    /// vault by chance), and a markdown link or definition written explicitly relative
    /// (`../pages/A.md`, `./sub/b.md`). A bare `missing.md` or `pages/Later.md` is left as it
    /// is: it may mean a name or the vault's top folder as much as the note's own folder.
    /// A place inside a moved `folder` moves with it, so such a link keeps its text.
    static func danglingFromNewPlace(_ link: Link, from source: String, movedTo newSource: String, folder moved: FolderMove? = nil) -> String? {
        let raw = link.rawTarget.trimmed()
        guard link.hasDestination ? !raw.hasPrefix("/") && !raw.contains("://") : raw.hasPrefix("../") else { return nil }
        let folder = LinkIndex.folder(of: source).split(separator: "/")
        var depth = folder.count
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
        let newFolder = LinkIndex.folder(of: newSource)
        if above > 0 {
            let newDepth = newFolder.split(separator: "/").count
            let text = (Array(repeating: "..", count: newDepth + above) + rest.map(String.init)).joined(separator: "/")
            return text == raw ? nil : text
        }
        guard link.hasDestination, raw.hasPrefix("../") || raw.hasPrefix("./"), !rest.isEmpty,
            LinkIndex.folder(of: source) != newFolder
        else { return nil }
        // The place, a part at a time: the note's folders as names, the link's own parts as
        // written (`%20`, `?x=1` and all), each with the name it reads as.
        var place = folder.prefix(depth).map { (name: String($0), written: String?.none) }
            + rest.map { (name: PercentEncoding.decode(String($0)), written: String?.some(String($0))) }
        if let moved {
            let from = moved.from.split(separator: "/").count
            let key = { (parts: ArraySlice<(name: String, written: String?)>) in Naming.collisionKey(parts.map(\.name).joined(separator: "/")) }
            if place.count > from && key(place.prefix(from)) == Naming.collisionKey(moved.from) {
                // A note moved with its folder keeps its links into the folder as they are.
                if Naming.collisionKey(LinkIndex.folder(of: source) + "/").hasPrefix(Naming.collisionKey(moved.from) + "/") { return nil }
                place = moved.to.split(separator: "/").map { (String($0), nil) } + place.dropFirst(from)
            }
        }
        let target = newFolder.split(separator: "/").map(String.init)
        var common = 0
        while common < target.count && common < place.count - 1 && target[common] == place[common].name { common += 1 }
        let spelled = place[common...].map { part in
            part.written ?? (link.angleBrackets ? LinkRewriter.angled(part.name, like: link.rawTarget) : LinkRewriter.encode(part.name, like: link.rawTarget))
        }
        var text = (Array(repeating: "..", count: target.count - common) + spelled).joined(separator: "/")
        // Written relative it stays: a bare `B.md` would be read as a name, found anywhere.
        if !text.hasPrefix("../") { text = "./" + text }
        if raw.hasSuffix("/") { text += "/" }
        return text == raw ? nil : text
    }
}
