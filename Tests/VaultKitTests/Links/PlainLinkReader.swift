import Foundation

/// A second, deliberately plain reading of a note's links, written from each tool's own
/// documentation and not from VaultMarkdown: line by line, with regular expressions, after
/// blanking what is code or comment. What it finds is compared with VaultKit's link graph.
///
/// It knows lines, not blocks: a code span that crosses lines is not seen, a definition is
/// one line, and a fence is found behind quote and list markers at any indentation.
struct PlainLinkReader {
    /// Whose rules are read.
    enum Flavor: Sendable { case obsidian, foam, logseq }

    /// A link as written: a wikilink or page name (resolved by name), or a markdown
    /// destination (resolved as a path, already unescaped and percent-decoded).
    struct Found: Equatable {
        enum Kind { case name, path }
        var line: Int
        var kind: Kind
        /// Empty for a link to the note itself (`[[#Heading]]`, `[t](#part)`).
        var target: String
    }

    let flavor: Flavor

    /// Where a masked character stood; never part of a target.
    static let mask: Character = "\u{1}"

    func links(in text: String) -> [Found] {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        let visible = visibleLines(lines)
        let definitions = definitions(in: visible)
        var found: [Found] = []
        for (index, line) in visible.enumerated() {
            guard let line else { continue }
            found += links(inLine: line, number: index + 1, definitions: definitions)
        }
        if flavor == .obsidian { found += frontmatterLinks(lines) }
        return found.sorted { ($0.line, $0.target) < ($1.line, $1.target) }
    }

    // MARK: What is text

    /// Each line with code spans and comments masked; nil for a line inside a fence, a
    /// code block, a comment or (for the links of the body) the frontmatter.
    func visibleLines(_ lines: [String]) -> [String?] {
        var result: [String?] = []
        var fence: (mark: Character, length: Int)?
        var frontmatter = flavor != .logseq && lines.first == "---"
        var orgBlock = false
        var comment: String?
        var previousBlank = true
        var inList = false
        var indentedCode = false
        for (index, line) in lines.enumerated() {
            if frontmatter {
                if index > 0 && (line == "---" || line == "...") { frontmatter = false }
                result.append(nil)
                continue
            }
            let bare = Self.strippingContainers(line)
            if let open = fence {
                if let close = Self.fenceMark(bare), close.mark == open.mark, close.length >= open.length,
                    close.rest.trimmingCharacters(in: .whitespaces).isEmpty
                {
                    fence = nil
                }
                result.append(nil)
                continue
            }
            if let mark = Self.fenceMark(bare), mark.mark == "~" || !mark.rest.contains("`") {
                fence = (mark.mark, mark.length)
                result.append(nil)
                continue
            }
            // Logseq's own code-like blocks: queries, sources and examples are not text.
            if flavor == .logseq {
                let upper = bare.trimmingCharacters(in: .whitespaces).uppercased()
                if orgBlock {
                    if upper.hasPrefix("#+END_") { orgBlock = false }
                    result.append(nil)
                    continue
                }
                if ["#+BEGIN_QUERY", "#+BEGIN_SRC", "#+BEGIN_EXAMPLE"].contains(where: upper.hasPrefix) {
                    orgBlock = true
                    result.append(nil)
                    continue
                }
            }
            // An indented code block (CommonMark) starts after a blank line outside a list;
            // a Logseq outline is all indentation, so it has none.
            let blank = line.trimmingCharacters(in: .whitespaces).isEmpty
            if flavor != .logseq {
                let indented = line.hasPrefix("    ") || line.hasPrefix("\t")
                if indentedCode && (indented || blank) {
                    result.append(nil)
                    continue
                }
                indentedCode = false
                if indented && previousBlank && !inList {
                    indentedCode = true
                    result.append(nil)
                    continue
                }
                if !blank && !indented { inList = Self.isListItem(line) || (inList && !previousBlank) }
            }
            previousBlank = blank
            result.append(masking(line, comment: &comment))
        }
        return result
    }

    /// A line without the `>` of quotes and the marker of a list item.
    static func strippingContainers(_ line: String) -> String {
        var text = Substring(line)
        while true {
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix(">") { text = trimmed.dropFirst(); continue }
            if let marker = trimmed.first, "-*+".contains(marker), trimmed.dropFirst().first == " " {
                text = trimmed.dropFirst(2)
                continue
            }
            return String(trimmed)
        }
    }

    static func isListItem(_ line: String) -> Bool {
        line.range(of: #"^ {0,3}([-*+]|\d{1,9}[.)])( |$)"#, options: .regularExpression) != nil
    }

    /// The fence a line opens or closes: three or more backticks or tildes.
    static func fenceMark(_ bare: String) -> (mark: Character, length: Int, rest: Substring)? {
        guard let mark = bare.first, mark == "`" || mark == "~" else { return nil }
        let run = bare.prefix { $0 == mark }.count
        return run >= 3 ? (mark, run, bare.dropFirst(run)) : nil
    }

    /// The line with its code spans (a run of backticks to the next run of as many) and
    /// comments (`<!-- -->`, and `%% %%` in Obsidian, across lines) masked. Read from the
    /// left, what opens first wins: a wikilink's text holds code, a code span hides a link.
    func masking(_ line: String, comment: inout String?) -> String {
        var characters = Array(line)
        func starts(_ text: String, at index: Int) -> Bool {
            let text = Array(text)
            return index + text.count <= characters.count && Array(characters[index..<index + text.count]) == text
        }
        func find(_ text: String, from index: Int) -> Int? {
            (index..<max(index, characters.count)).first { starts(text, at: $0) }
        }
        // The first `]]` from `index` outside a one-backtick code span that opens after it.
        func wikilinkEnd(from index: Int) -> Int? {
            var index = index
            while index + 1 < characters.count {
                if characters[index] == "`", let close = (index + 1..<characters.count).first(where: { characters[$0] == "`" }), close > index + 1 {
                    index = close + 1
                    continue
                }
                if characters[index] == "]" && characters[index + 1] == "]" { return index }
                index += 1
            }
            return nil
        }
        func mask(_ range: Range<Int>) {
            for index in range { characters[index] = Self.mask }
        }
        var index = 0
        while index < characters.count {
            if let closer = comment {
                guard let end = find(closer, from: index) else {
                    mask(index..<characters.count)
                    break
                }
                mask(index..<end + closer.count)
                index = end + closer.count
                comment = nil
                continue
            }
            if index > 0 && characters[index - 1] == "\\" {
                index += 1
                continue
            }
            if starts("[[", at: index), let end = wikilinkEnd(from: index + 2) {
                index = end + 2
                continue
            }
            if characters[index] == "`" {
                var run = 0
                while index + run < characters.count && characters[index + run] == "`" { run += 1 }
                var search = index + run
                var closed = false
                while search < characters.count {
                    guard characters[search] == "`" else {
                        search += 1
                        continue
                    }
                    var other = 0
                    while search + other < characters.count && characters[search + other] == "`" { other += 1 }
                    if other == run {
                        mask(index..<search + other)
                        index = search + other
                        closed = true
                        break
                    }
                    search += other
                }
                if !closed { index += run }
                continue
            }
            // Obsidian's recorded parse reads the links and tags of a `%% %%` closed on its own
            // line (Test Data/comments_markdown_style.md); one left open hides until it closes.
            if flavor == .obsidian && starts("%%", at: index) {
                if let end = find("%%", from: index + 2) {
                    index = end + 2
                } else {
                    mask(index..<characters.count)
                    comment = "%%"
                    break
                }
                continue
            }
            if starts("<!--", at: index) {
                mask(index..<index + 4)
                index += 4
                comment = "-->"
                continue
            }
            index += 1
        }
        return String(characters)
    }
}
