import Foundation

/// Where the links `PlainLinkReader` finds lead, by each tool's documented rules: a second
/// reading of the vault's files, written apart from VaultKit's `LinkIndex`.
struct PlainLinkResolver {
    let flavor: PlainLinkReader.Flavor
    /// Every file of the vault (hidden folders and, in a Logseq graph, `logseq/` left out).
    let files: [String]
    private var byKey: [String: String] = [:]
    /// A Logseq graph's page names (lowercased) and their files.
    private var pages: [String: String] = [:]

    init(root: String, flavor: PlainLinkReader.Flavor) {
        self.flavor = flavor
        let walker = FileManager.default.enumerator(atPath: root)!
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix(".") || flavor == .logseq && path == "logseq" {
                walker.skipDescendants()
                continue
            }
            var folder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &folder)
            if !folder.boolValue && path != "SOURCE.md" { files.append(path.precomposedStringWithCanonicalMapping) }
        }
        self.files = files.sorted()
        for file in self.files { byKey[Self.key(file)] = file }
        if flavor == .logseq {
            // Logseq writes pages as org files too (`:preferred-format`), named as markdown ones.
            for file in self.files where file.hasSuffix(".md") || file.hasSuffix(".org") {
                for name in Self.pageNames(of: file, root: root) where pages[Self.key(name)] == nil {
                    pages[Self.key(name)] = file
                }
            }
        }
    }

    static func key(_ text: String) -> String { text.precomposedStringWithCanonicalMapping.lowercased() }

    var notes: [String] { files.filter { $0.hasSuffix(".md") } }

    /// A Logseq page's names (Filename format.md, Aliases): `title::` or the file name with
    /// `___` for `/` (`%2F` in older graphs), a journal's day as `MMM do, yyyy`, and its
    /// `alias::` names.
    static func pageNames(of file: String, root: String) -> [String] {
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        var names: [String] = []
        let text = (try? String(contentsOfFile: root + "/" + file, encoding: .utf8)) ?? ""
        var title: String?
        // An org page names itself in `#+TITLE:` (any case) among its first lines.
        if file.hasSuffix(".org") {
            for line in text.components(separatedBy: "\n").prefix(20) where line.lowercased().hasPrefix("#+title:") {
                title = title ?? line.dropFirst("#+title:".count).trimmingCharacters(in: .whitespaces)
            }
        }
        for line in text.components(separatedBy: "\n").prefix(20) where !file.hasSuffix(".org") {
            guard let property = PlainLinkReader.first(PlainLinkReader.property, in: line) else { break }
            switch property[1]!.lowercased() {
            case "title": title = title ?? property[2]!
            case "alias":
                names += property[2]!.components(separatedBy: ",").map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: " []"))
                }
            default: break
            }
        }
        if let title { names.insert(title, at: 0) }
        else if file.hasPrefix("journals/"), let day = journalTitle(stem) { names.insert(day, at: 0) }
        else { names.insert((stem.replacingOccurrences(of: "___", with: "/").removingPercentEncoding ?? stem), at: 0) }
        return names.filter { !$0.isEmpty }
    }

    static func journalTitle(_ stem: String) -> String? {
        let parts = stem.split(separator: "_").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]) else { return nil }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let day = parts[2]
        let suffix = (11...13).contains(day % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][day % 10] ?? "th"
        return "\(months[parts[1] - 1]) \(day)\(suffix), \(parts[0])"
    }

    /// The file a link leads to, nil when it dangles.
    func resolve(_ link: PlainLinkReader.Found, from source: String) -> String? {
        if link.target.isEmpty { return source }
        let folder = (source as NSString).deletingLastPathComponent
        switch (flavor, link.kind) {
        case (.logseq, .name):
            if let page = pages[Self.key(link.target.trimmingCharacters(in: .whitespaces))] { return page }
            // `[[image.png]]` names a file.
            return (link.target as NSString).pathExtension.isEmpty ? nil : byName(link.target, from: source)
        case (.logseq, .path):
            return exact(Self.join(folder, link.target))
        case (.obsidian, _):
            // Obsidian: a path from the note's folder, then from the vault's top, then the
            // end of a path or a name anywhere; the same folder wins a tie, then the shortest.
            let target = link.target.hasPrefix("/") ? String(link.target.dropFirst()) : link.target
            for candidate in withNoteExtension(target) {
                if link.kind == .path, let found = exact(Self.join(folder, candidate)) { return found }
                if let found = exact(candidate) { return found }
            }
            if target.hasPrefix("./") || target.hasPrefix("../") { return nil }
            return byName(target, from: source)
        case (.foam, .name):
            // Foam (wikilinks.md): `/…` from the top, `./…` and `../…` from the note, any other
            // an identifier: a unique end of a path, the first by name when ambiguous; a folder
            // leads to its index.md or README.md.
            if link.target.hasPrefix("/") { return foamPath(String(link.target.dropFirst())) }
            if link.target.hasPrefix(".") { return foamPath(Self.join(folder, link.target)) }
            return byName(link.target, from: source, ties: .alphabetical) ?? folderIndex(link.target)
        case (.foam, .path):
            if link.target.hasPrefix("/") { return foamPath(String(link.target.dropFirst())) }
            return foamPath(Self.join(folder, link.target))
        }
    }

    private func withNoteExtension(_ target: String) -> [String] {
        byKey[Self.key(target)] != nil || target.hasSuffix(".md") ? [target] : [target + ".md", target]
    }

    private func foamPath(_ path: String?) -> String? {
        guard let path else { return nil }
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return exact(trimmed) ?? exact(trimmed + ".md") ?? folderIndex(trimmed)
    }

    private func folderIndex(_ folder: String) -> String? {
        exact(folder + "/index.md") ?? exact(folder + "/README.md")
    }

    private func exact(_ path: String?) -> String? { path.flatMap { byKey[Self.key($0)] } }

    enum Ties { case sameFolderThenShortest, alphabetical }

    /// The file whose path ends in `target` (with `.md` for a note), picked among several.
    private func byName(_ target: String, from source: String, ties: Ties = .sameFolderThenShortest) -> String? {
        let wanted = withNoteExtension(target).map { "/" + Self.key($0) }
        let matches = files.filter { file in wanted.contains { ("/" + Self.key(file)).hasSuffix($0) } }
        guard matches.count > 1 else { return matches.first }
        let folder = (source as NSString).deletingLastPathComponent
        switch ties {
        case .alphabetical: return matches.min()
        case .sameFolderThenShortest:
            return matches.min { a, b in
                let (sameA, sameB) = ((a as NSString).deletingLastPathComponent == folder, (b as NSString).deletingLastPathComponent == folder)
                if sameA != sameB { return sameA }
                return (a.count, a) < (b.count, b)
            }
        }
    }

    /// A folder and a relative path joined, `.` and `..` resolved; nil above the top.
    static func join(_ folder: String, _ relative: String) -> String? {
        var parts = folder.split(separator: "/").map(String.init)
        for part in relative.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if parts.isEmpty { return nil }
                parts.removeLast()
            } else {
                parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
