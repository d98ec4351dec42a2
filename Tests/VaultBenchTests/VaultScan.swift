import Foundation

/// A deliberately simple reader of a generated vault, written apart from the generator, so
/// the tests check the manifest against the files and not against the generator's own
/// bookkeeping. It knows only what the generator writes: one-line inline code and
/// comments, fenced code, `---` frontmatter.
struct VaultScan: Sendable {
    var notesPerFolder = [String: Int]()
    var pageFolders = 0
    var sizes = [Int]()
    var names = [String]()
    var notesWithFrontmatter = 0
    var links = [String: Int]()
    var tasks = [String: Int]()
    var nestedTasks = 0
    var quotedTasks = 0
    var tasksWithDates = 0
    var fakeLinksInCode = 0
    var fakeTasksInCode = 0
    var linksInComments = 0
    var escapedLinks = 0
    var emptyLinks = 0
    /// `[[...]]` links whose target is no note.
    var unresolvedWikilinks = 0
    /// Markdown links whose path, taken relative to the linking note, is no note.
    var unresolvedMarkdown = [String]()
    /// Inbound `[[...]]` links per note path, from notes outside `trash/`.
    var inbound = [String: Int]()
    /// Every file in the vault that is not a note.
    var otherFiles = [String]()
    /// `![[file.png]]` embeds whose file is not in `assets/`.
    var unresolvedAssets = 0

    init(root: String) {
        let paths = Self.files(under: root)
        let assets = Set(paths.filter { $0.hasPrefix("assets/") }.map { String($0.dropFirst(7)) })
        var stems = [String: String]()
        var byPath = [String: String]()
        for path in paths where path.hasSuffix(".md") && !path.hasPrefix("trash/") {
            let stem = String(path.split(separator: "/").last!.dropLast(3))
            stems[stem.lowercased()] = path
            byPath[String(path.dropLast(3)).lowercased()] = path
        }
        var folders = Set<String>()
        for path in paths {
            guard path.hasSuffix(".md") else {
                otherFiles.append(path)
                continue
            }
            let parts = path.split(separator: "/").map(String.init)
            notesPerFolder[parts[0], default: 0] += 1
            if parts[0] == "pages" {
                for depth in 2..<parts.count { folders.insert(parts[0..<depth].joined(separator: "/")) }
            }
            names.append(parts.last!)
            let bytes = FileManager.default.contents(atPath: root + "/" + path)!
            sizes.append(bytes.count)
            scan(note: path, bytes: [UInt8](bytes), stems: stems, paths: byPath, assets: assets)
        }
        pageFolders = folders.count
    }

    private mutating func scan(note: String, bytes: [UInt8], stems: [String: String], paths: [String: String],
                               assets: Set<String>) {
        // Split bytes, not Characters: Swift reads "\r\n" as one Character.
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        if lines[0].hasPrefix("\u{FEFF}") { lines[0].removeFirst() }
        var frontmatterEnd = 0
        if lines[0] == "---", let end = lines[1...].firstIndex(of: "---") {
            frontmatterEnd = end + 1
            notesWithFrontmatter += 1
        }
        var fence: String?
        for (number, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil; continue }
                fakeLinksInCode += Self.wikilinks(in: line).count
                if Self.task(line) != nil { fakeTasksInCode += 1 }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix(3))
                continue
            }
            if let (state, nested, quoted) = Self.task(line) {
                tasks[state, default: 0] += 1
                if nested { nestedTasks += 1 }
                if quoted { quotedTasks += 1 }
                if line.contains("due:") || line.contains("📅") { tasksWithDates += 1 }
            }
            var rest = line
            for code in Self.cut(&rest, from: "`", to: "`") { fakeLinksInCode += Self.wikilinks(in: code).count }
            for comment in Self.cut(&rest, from: "<!--", to: "-->") { linksInComments += Self.wikilinks(in: comment).count }
            escapedLinks += rest.components(separatedBy: "\\[\\[").count - 1
            emptyLinks += rest.components(separatedBy: "[[]]").count - 1
            for (embed, inner) in Self.wikilinks(in: rest) {
                if embed && inner.hasSuffix(".png") {
                    links["embedAsset", default: 0] += 1
                    if !assets.contains(inner) { unresolvedAssets += 1 }
                    continue
                }
                let form = number < frontmatterEnd ? "frontmatter" : Self.form(embed: embed, inner: inner)
                links[form, default: 0] += 1
                var name = inner
                for separator in ["\\|", "|", "#"] { name = name.components(separatedBy: separator)[0] }
                if name.hasSuffix(".md") { name.removeLast(3) }
                let target = name.contains("/") ? paths[name.lowercased()] : stems[name.lowercased()]
                if let target {
                    if !note.hasPrefix("trash/") { inbound[target, default: 0] += 1 }
                } else {
                    unresolvedWikilinks += 1
                }
            }
            for destination in Self.markdownDestinations(in: rest) {
                links[Self.form(destination: destination), default: 0] += 1
                if !Self.resolves(destination, from: note, in: paths) { unresolvedMarkdown.append(note + " -> " + destination) }
            }
        }
    }

    /// The state, nesting and quoting of a task line (`- [x] `, `1. [ ] `, `> - [/] `).
    static func task(_ line: String) -> (String, Bool, Bool)? {
        var rest = Substring(line)
        let quoted = rest.hasPrefix(">")
        if quoted {
            rest = rest.dropFirst()
            if rest.hasPrefix(" ") { rest = rest.dropFirst() }
        }
        let indented = rest.first == " " || rest.first == "\t"
        rest = rest.drop { $0 == " " || $0 == "\t" }
        if let first = rest.first, "-*+".contains(first) {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let mark = rest.first, mark == "." || mark == ")" else { return nil }
            rest = rest.dropFirst()
        }
        guard rest.hasPrefix(" ") else { return nil }
        rest = rest.drop { $0 == " " }
        let chars = Array(rest.prefix(4))
        guard chars.count == 4, chars[0] == "[", chars[2] == "]", chars[3] == " " else { return nil }
        let state: String = switch chars[1] {
        case " ": "open"
        case "x", "X": "done"
        case "/": "inProgress"
        case "-": "cancelled"
        case ">": "forwarded"
        default: "other"
        }
        return (state, indented, quoted)
    }

    /// `[[inner]]` occurrences, with whether each is an embed `![[...]]`.
    static func wikilinks(in text: String) -> [(Bool, String)] {
        var found = [(Bool, String)]()
        var rest = Substring(text)
        while let open = rest.range(of: "[[") {
            let embed = open.lowerBound > rest.startIndex && rest[rest.index(before: open.lowerBound)] == "!"
            guard let close = rest[open.upperBound...].range(of: "]]") else { break }
            let inner = rest[open.upperBound..<close.lowerBound]
            if !inner.isEmpty && !inner.contains("[") { found.append((embed, String(inner))) }
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// The destinations of `[text](destination)` links to notes.
    static func markdownDestinations(in text: String) -> [String] {
        text.components(separatedBy: "](").dropFirst().compactMap { part in
            let destination = part.hasPrefix("<")
                ? String(part.prefix { $0 != ">" }) + ">"
                : String(part.prefix { $0 != ")" })
            return destination.contains(".md") ? destination : nil
        }
    }

    static func form(embed: Bool, inner: String) -> String {
        if embed { return "embed" }
        if inner.contains("\\|") { return "wikilinkTableAlias" }
        if inner.contains("#^") { return "wikilinkBlock" }
        if inner.contains("#") { return inner.contains("|") ? "wikilinkHeadingAlias" : "wikilinkHeading" }
        if inner.contains("|") { return "wikilinkAlias" }
        if inner.hasSuffix(".md") { return "wikilinkExtension" }
        return inner.contains("/") ? "wikilinkPath" : "wikilink"
    }

    static func form(destination: String) -> String {
        if destination.hasPrefix("<") { return "markdownAngle" }
        if destination.contains("#") { return "markdownHeading" }
        return destination.contains("%20") ? "markdownPercent" : "markdown"
    }

    /// Whether a markdown destination names a note, read relative to the linking note.
    static func resolves(_ destination: String, from note: String, in paths: [String: String]) -> Bool {
        var target = destination.hasPrefix("<") ? String(destination.dropFirst().dropLast()) : destination
        target = target.components(separatedBy: "#")[0].replacingOccurrences(of: "%20", with: " ")
        var parts = note.split(separator: "/").dropLast().map(String.init)
        for part in target.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else { parts.append(String(part)) }
        }
        let path = parts.joined(separator: "/")
        return path.hasSuffix(".md") && paths[String(path.dropLast(3)).lowercased()] != nil
    }

    /// Removes the `start...end` spans of one line from `text` and returns their insides.
    static func cut(_ text: inout String, from start: String, to end: String) -> [String] {
        var insides = [String]()
        var kept = ""
        var rest = Substring(text)
        while let open = rest.range(of: start), let close = rest[open.upperBound...].range(of: end) {
            kept += rest[..<open.lowerBound]
            insides.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        text = kept + rest
        return insides
    }

    /// Vault-relative paths of every file under `root`, sorted.
    static func files(under root: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)!
        var paths = [String]()
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
            if !isFolder.boolValue { paths.append(path) }
        }
        return paths.sorted()
    }
}
