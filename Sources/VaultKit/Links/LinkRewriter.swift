import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Writes a link's target anew so it resolves to a moved file, keeping the link's own form
/// (DESIGN.md 4): bare names stay bare unless that would become ambiguous, then gain the
/// shortest path that makes them resolve; paths stay paths; `.md` only where it was;
/// markdown links stay relative (or rooted), percent-encoded or in `<…>` as they were.
enum LinkRewriter {
    /// The new text for `link.targetRange`, or nil when no spelling in the link's form
    /// resolves to `destination` from `source`.
    ///
    /// - Parameters:
    ///   - byName: the markdown link found its file by bare name (as Obsidian allows), not by
    ///     path; it stays a bare name where that still works.
    ///   - fromRoot: the markdown link found its file from the vault's top folder (written
    ///     without a leading `/`); it keeps that form where it still works.
    ///   - respelled: the file's folders changed only in case: the folder part as written,
    ///     which still finds it as vault compares names, is written anew all the same.
    static func target(
        for link: Link, to destination: String, from source: String, index: LinkIndex, byName: Bool, fromRoot: Bool = false,
        respelled: Bool = false
    ) -> String? {
        switch link.form {
        case .wikilink, .frontmatter, .tag, .property:
            if let pages = index.pages { return pageTarget(link, destination, source, index, pages) }
            return wikilinkTarget(link, destination, source, index)
        case .markdown, .reference, .referenceUse:
            return markdownTarget(link, destination, source, index, byName: byName, fromRoot: fromRoot, respelled: respelled)
        }
    }

    /// A Logseq page link takes the page's new name; a tag is written `#name` where the new
    /// name reads as one tag, else `#[[new name]]` (the brackets are the tag's target).
    /// A `#[[one]]` whose name needed no brackets was written so by hand and keeps them, so a
    /// round trip gives it back; brackets a name needed (`#[[two words]]`) are dropped when
    /// the new name reads as one tag, so `#tool` renamed to `Power tool` and back is `#tool`.
    private static func pageTarget(
        _ link: Link, _ destination: String, _ source: String, _ index: LinkIndex, _ pages: LogseqPages
    ) -> String? {
        // A link by one of the page's aliases names the page still: Logseq leaves it so.
        let aliases = pages.names(of: destination).dropFirst().map { Naming.collisionKey($0.trimmed()) }
        if aliases.contains(Naming.collisionKey(link.target.trimmed())) { return link.rawTarget }
        let name = pages.name(of: destination)
        guard index.resolvePage(name, from: source).path == destination else { return nil }
        if link.form == .tag {
            let chosen = link.rawTarget.hasPrefix("[[") && TagScanner.isPlainTag(link.target)
            if chosen || !TagScanner.isPlainTag(name) { return "[[" + name + "]]" }
        }
        if link.form == .property && name.contains(",") { return "[[" + name + "]]" }
        return name
    }

    private static func wikilinkTarget(_ link: Link, _ destination: String, _ source: String, _ index: LinkIndex) -> String? {
        wikilinkTarget(written: link.target.trimmed(), destination, source, index)
    }

    /// The target of a new wikilink from `source` to `destination`: the file's name where
    /// that is unambiguous, else the shortest end of its path that is (a page name in a
    /// Logseq graph); nil when none leads there.
    static func newWikilinkTarget(to destination: String, from source: String, index: LinkIndex) -> String? {
        if let pages = index.pages {
            let name = pages.name(of: destination)
            return index.resolvePage(name, from: source).path == destination ? name : nil
        }
        let stem = NoteFiles.stem(destination.fileName)
        return wikilinkTarget(written: NoteFiles.isNoteName(destination.fileName) ? stem : destination.fileName, destination, source, index)
    }

    private static func wikilinkTarget(written: String, _ destination: String, _ source: String, _ index: LinkIndex) -> String? {
        let isNote = NoteFiles.isNoteName(destination.split(separator: "/").last.map(String.init) ?? destination)
        let keepsExtension = !isNote || NoteFiles.isNoteName(written.split(separator: "/").last.map(String.init) ?? written)
        let ext = NoteFiles.fileExtension(destination)
        let base = isNote && !keepsExtension ? String(destination.dropLast(ext.count)) : destination
        let parts = base.split(separator: "/").map(String.init)
        let works: (String) -> Bool = { index.resolveWikilink($0, from: source).path == destination }
        if written.hasPrefix("./") || written.hasPrefix("../") {
            if let relative = relativePath(from: LinkIndex.folder(of: source), to: base), works(relative) {
                return relative.hasPrefix("../") ? relative : "./" + relative
            }
        }
        // Bare names first when the link was bare; a path-like link keeps at least its depth.
        let depth = written.hasPrefix("/") ? parts.count : min(parts.count, max(1, written.split(separator: "/").count))
        for count in depth...parts.count {
            let candidate = parts.suffix(count).joined(separator: "/")
            if works(candidate) { return candidate }
        }
        return nil
    }

    private static func markdownTarget(
        _ link: Link, _ destination: String, _ source: String, _ index: LinkIndex, byName: Bool, fromRoot: Bool, respelled: Bool
    ) -> String? {
        let written = link.target.trimmed()
        let lastWritten = written.split(separator: "/").last.map(String.init) ?? written
        // A note named without its `.md` (resolution adds it) stays named so, dots in its
        // name or not (`v1.2`, `archive.org`).
        let dropsExtension = NoteFiles.isNoteName(destination) && !NoteFiles.isNoteName(lastWritten)
        let target = dropsExtension ? String(destination.dropLast(NoteFiles.fileExtension(destination).count)) : destination
        // Where only the name changed, the written folder part stays as it was.
        let name = String(target.split(separator: "/").last ?? Substring(target))
        if byName && !written.hasByte(UInt8(ascii: "/")), index.resolveMarkdown(name, from: source).path == destination {
            return link.angleBrackets ? angled(name, like: link.rawTarget) : encode(name, like: link.rawTarget)
        }
        var candidates: [String] = []
        if !respelled, let slash = link.rawTarget.lastIndex(of: "/") {
            let kept = String(link.rawTarget[...slash])
            let decoded = PercentEncoding.decodeDestination(kept)
            if index.resolveMarkdown(decoded + name, from: source, strict: true).path == destination {
                return link.angleBrackets ? angled(decoded + name, like: link.rawTarget) : kept + encode(name, like: link.rawTarget)
            }
        }
        if written.hasPrefix("/") {
            candidates.append("/" + target)
        } else {
            if fromRoot { candidates.append(target) }
            if let relative = relativePath(from: LinkIndex.folder(of: source), to: target) { candidates.append(relative) }
            candidates.append("/" + target)
        }
        for candidate in candidates where index.resolveMarkdown(candidate, from: source, strict: true).path == destination {
            return link.angleBrackets ? angled(candidate, like: link.rawTarget) : encode(candidate, like: link.rawTarget)
        }
        return nil
    }

    /// A path written inside `<…>`: `<`, `>` and `\` escaped with a backslash, as they must
    /// be there, and parentheses too where the original escaped them.
    static func angled(_ path: String, like original: String) -> String {
        let parentheses = PercentEncoding.hasBackslashEscape(original)
        guard path.contains(where: { "<>\\".contains($0) }) || (parentheses && path.contains(where: { "()".contains($0) })) else { return path }
        var result = ""
        for character in path {
            if "<>\\".contains(character) || (parentheses && "()".contains(character)) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// The path from a folder to a file, with `..` where needed.
    static func relativePath(from folder: String, to path: String) -> String? {
        let from = folder.split(separator: "/").map(String.init)
        let to = path.split(separator: "/").map(String.init)
        var common = 0
        while common < from.count && common < to.count - 1 && from[common] == to[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        return (ups + to[common...]).joined(separator: "/")
    }

    /// Percent-encodes a path the way the original destination was written: characters a
    /// bare destination cannot hold are always encoded (a backtick too, which could start
    /// inline code that hides the link); non-ASCII only when the original encoded it. Where
    /// the original escaped with backslashes (`foo\(1\).md`), parentheses and backslashes
    /// are escaped so too. Where the original held spaces as they are (Logseq writes paths
    /// so: `../assets/one year.png`), spaces stay so, and balanced parentheses too; where it
    /// held parentheses as they are (`file(1).md`), balanced ones stay so. A path that would
    /// end in what reads as a title (`a (2)`, `x 'y'`) has its spaces encoded.
    static func encode(_ path: String, like original: String) -> String {
        let backslashes = PercentEncoding.hasBackslashEscape(original)
        // An escape of a byte from 0x80 up means the original encoded non-ASCII text.
        let bytes = Array(original.utf8)
        let encodesNonASCII = bytes.indices.dropLast(2).contains { index in
            bytes[index] == UInt8(ascii: "%") && "89ABCDEFabcdef".utf8.contains(bytes[index + 1])
        }
        // A spaced path ending in `)`, `'` or `"` would read as a path and a title.
        let spaced = bytes.contains(0x20)
        let keepsSpaces = spaced && !(path.hasSuffix(")") || path.hasSuffix("'") || path.hasSuffix("\""))
        let keepsParentheses = !backslashes && (spaced || bytes.contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }))
            && isBalanced(path)
        var result = ""
        for scalar in path.unicodeScalars {
            let kept = (keepsSpaces && scalar == " ") || (keepsParentheses && (scalar == "(" || scalar == ")"))
            let needs =
                scalar.isASCII
                ? !kept && (scalar.value <= 0x20 || scalar.value == 0x7F || "()<>%#?\\\"`".unicodeScalars.contains(scalar))
                : encodesNonASCII
            if backslashes && "()\\".unicodeScalars.contains(scalar) {
                result += "\\" + String(scalar)
            } else if needs {
                for byte in String(scalar).utf8 { result += "%" + Digits.hex(byte, width: 2, uppercase: true) }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// True when every `)` closes a `(` before it and every `(` is closed.
    private static func isBalanced(_ path: String) -> Bool {
        var depth = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth < 0 { return false }
            }
        }
        return depth == 0
    }
}
