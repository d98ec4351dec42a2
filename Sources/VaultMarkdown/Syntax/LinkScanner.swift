import FoundationEssentials
import VaultSystem

/// Finds every link of a note in its raw bytes (DESIGN.md 4), skipping fenced and indented
/// code, inline code spans, HTML comments, comment blocks and escaped brackets. Inline code
/// inside a link (a wikilink's target, heading or alias, a markdown link's text or
/// `#heading`) does not hide the link, and a `]` inside it closes nothing; a span that starts
/// inside a link and ends outside it hides the link. Link reference definitions
/// (`[label]: Note.md "Title"`) are links too, of their own form.
///
/// Every byte is looked at a bounded number of times, whatever the line holds (see
/// `LinkLine`).
public enum LinkScanner {
    /// The links of a parsed note, in order.
    public static func links(in document: MarkdownDocument) -> [Link] { links(in: document.structure) }

    /// The links of a note, in order: in its frontmatter, then in its text (never in code,
    /// raw HTML, code spans or comments, as its structure says).
    public static func links(in structure: NoteStructure) -> [Link] {
        var links: [Link] = []
        if let frontmatter = structure.frontmatter {
            links += frontmatterLinks(structure.bytes, frontmatter.byteRange, structure.lines)
        }
        let exclusions = structure.inlineExclusions
        let bytes = structure.bytes
        let org = structure.dialect == .org
        let spacedDestinations = structure.dialect == .logseq
        var exclusionIndex = 0
        // A definition's text is no inline text: a `[t](x)` in its title is no link.
        let definitions = structure.referenceDefinitions
        var definitionIndex = 0
        // The end of the last definition read: one may take several lines.
        var consumed = 0
        // Markdown links found to hold a link in their text, which CommonMark reads as text.
        var dropped = Set<Int>()
        bytes.withUnsafeBufferPointer { buffer in
            // What `[text][label]`, `[label][]` and `[label]` use, by label; the first of a
            // label counts, as in CommonMark, even one that names a URL.
            var byLabel: [String: Link] = [:]
            var labels = Set<String>()
            for definition in definitions where labels.insert(normalizedLabel(text(buffer, definition.label))).inserted {
                byLabel[normalizedLabel(text(buffer, definition.label))] = definitionLink(definition, buffer)
            }
            var line = 1
            while line <= structure.lineCount {
                defer { line += 1 }
                if structure.isHidden(line: line) { continue }
                let range = structure.textRange(ofLine: line)
                var cursor = LinkLine(bytes: buffer, start: range.lowerBound, end: range.upperBound, codeSpans: structure.codeSpans)
                var position = max(range.lowerBound, consumed)
                // The cursor over the lines a link's text may run on to, made when first needed.
                var spanning: LinkLine?
                var spanningMade = false
                // The markdown links on this line whose text is being read for links of its own
                // (`[![logo](logo.png)](Home.md)`), innermost last: each one's place in `links`,
                // its text and its end.
                var outers: [(index: Int, text: Range<Int>, end: Int)] = []
                while position < range.upperBound || !outers.isEmpty {
                    if let open = outers.last, position >= open.text.upperBound {
                        position = max(position, open.end)
                        outers.removeLast()
                        continue
                    }
                    let byte = buffer[position]
                    guard byte == UInt8(ascii: "[") else {
                        position += byte == UInt8(ascii: "\\") ? 2 : 1
                        continue
                    }
                    while exclusionIndex < exclusions.count && exclusions[exclusionIndex].upperBound <= position {
                        exclusionIndex += 1
                    }
                    if exclusionIndex < exclusions.count && exclusions[exclusionIndex].lowerBound <= position {
                        position = exclusions[exclusionIndex].upperBound
                        continue
                    }
                    while definitionIndex < definitions.count && definitions[definitionIndex].range.upperBound <= position {
                        definitionIndex += 1
                    }
                    if definitionIndex < definitions.count && definitions[definitionIndex].range.lowerBound <= position {
                        let definition = definitions[definitionIndex]
                        if let link = definitionLink(definition, buffer) { links.append(link) }
                        position = definition.range.upperBound
                        consumed = position
                        continue
                    }
                    let embed = position > range.lowerBound && buffer[position - 1] == UInt8(ascii: "!")
                    let double = position + 1 < range.upperBound && buffer[position + 1] == UInt8(ascii: "[")
                    if org {
                        // Org writes no `[text](destination)`: a single bracket opens nothing.
                        let found = double ? orgLink(buffer, at: position, end: range.upperBound, line: line) : nil
                        if let (link, text) = found, !crossed(link.range, keeping: text, exclusions, from: exclusionIndex) {
                            links.append(link)
                            position = link.range.upperBound
                        } else {
                            position += 1
                        }
                        continue
                    }
                    var found =
                        double
                        ? wikilink(buffer, at: position, end: range.upperBound, embed: embed, line: line, spans: cursor)
                            .map { ($0, $0.range.lowerBound + (embed ? 3 : 2)..<$0.range.upperBound - 2) }
                        : markdownLink(&cursor, at: position, embed: embed, line: line, spaced: spacedDestinations)
                    if found == nil && !double && !byLabel.isEmpty {
                        found = referenceUse(&cursor, at: position, embed: embed, line: line, definitions: byLabel)
                    }
                    // A `[` left open on its line may close on a later line of its paragraph.
                    if found == nil && !double && cursor.closingBracket(position) == nil {
                        if !spanningMade { (spanning, spanningMade) = (spanningCursor(structure, buffer, line: line), true) }
                        if spanning != nil {
                            found = spanningMarkdownLink(structure, &spanning!, at: position, line: line, embed: embed, spaced: spacedDestinations)
                        }
                    }
                    if let (link, text) = found, !crossed(link.range, keeping: text, exclusions, from: exclusionIndex) {
                        if link.form == .markdown && !link.isEmbed {
                            // A link in a link's text is the link, as in CommonMark; those around
                            // it are text. An image in it is one as well as the link.
                            for open in outers { dropped.insert(open.index) }
                        }
                        links.append(link)
                        position = link.range.upperBound
                        if !double, link.form == .markdown, !link.isEmbed, link.range.upperBound <= range.upperBound,
                            let bracket = cursor.closingBracket(link.range.lowerBound), bracket - link.range.lowerBound > 2
                        {
                            outers.append((links.count - 1, link.range.lowerBound + 1..<bracket, link.range.upperBound))
                            position = link.range.lowerBound + 1
                        }
                        // A link whose text ran on to later lines: what it holds there is its own.
                        consumed = max(consumed, position)
                    } else {
                        position += 1
                    }
                }
            }
        }
        if !dropped.isEmpty { links = links.indices.filter { !dropped.contains($0) }.map { links[$0] } }
        return structure.dialect.isLogseq ? logseqLinks(links, in: structure) : links
    }

    /// True when an inline code span or comment overlaps `range` other than wholly inside
    /// `text`. The exclusions are sorted and do not overlap, so only the first and the last
    /// that meet the range need a look.
    static func crossed(_ range: Range<Int>, keeping text: Range<Int>, _ exclusions: [Range<Int>], from index: Int) -> Bool {
        guard index < exclusions.count, exclusions[index].lowerBound < range.upperBound else { return false }
        func inside(_ exclusion: Range<Int>) -> Bool {
            exclusion.lowerBound >= text.lowerBound && exclusion.upperBound <= text.upperBound
        }
        if exclusions[index].overlaps(range) && !inside(exclusions[index]) { return true }
        var low = index
        var high = exclusions.count
        while low < high {
            let middle = (low + high) / 2
            if exclusions[middle].lowerBound < range.upperBound { low = middle + 1 } else { high = middle }
        }
        let last = exclusions[low - 1]
        return last.overlaps(range) && !inside(last)
    }

    /// `[[target#fragment|alias]]` on one line; `\|` (inside tables) also separates the alias.
    ///
    /// A code span that opens inside the link is the link's own: a `]]` or `[[` in it
    /// (`` [[Note|`a]]b` c]] ``) neither closes nor opens one, as a code span in a markdown
    /// link's text hides its brackets. What opens first wins: a span that opens before the
    /// `[[` hides the link (the scanner never starts one inside a span).
    static func wikilink(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int, embed: Bool, line: Int, spans: LinkLine? = nil
    ) -> Link? {
        var close = start + 2
        while close + 1 < end && !(bytes[close] == UInt8(ascii: "]") && bytes[close + 1] == UInt8(ascii: "]")) {
            if bytes[close] == UInt8(ascii: "`"), let spanEnd = spans?.codeSpanEnd(at: close) {
                close = spanEnd
                continue
            }
            if bytes[close] == UInt8(ascii: "[") && bytes[close + 1] == UInt8(ascii: "[") { return nil }
            close += 1
        }
        guard close + 1 < end else { return nil }
        let inner = start + 2..<close
        guard !inner.isEmpty else { return nil }
        var pipe: Int?
        var escaped = false
        for index in inner where bytes[index] == UInt8(ascii: "|") {
            pipe = index
            escaped = index > inner.lowerBound && bytes[index - 1] == UInt8(ascii: "\\")
            break
        }
        let targetEnd = pipe.map { escaped ? $0 - 1 : $0 } ?? inner.upperBound
        var hash = inner.lowerBound
        while hash < targetEnd && bytes[hash] != UInt8(ascii: "#") { hash += 1 }
        let target = text(bytes, inner.lowerBound..<hash)
        let fragment = hash < targetEnd ? text(bytes, hash..<targetEnd) : nil
        if target.isBlank && fragment == nil {
            guard pipe != nil else { return nil }
            // `[[|x]]` names no note; Obsidian keeps the whole text as a dangling target.
            let whole = text(bytes, inner)
            return Link(
                form: .wikilink, isEmbed: embed, range: (embed ? start - 1 : start)..<(close + 2), targetRange: inner,
                rawTarget: whole, target: normalized(whole), fragment: nil, alias: nil, line: line, escapedPipe: false,
                angleBrackets: false)
        }
        return Link(
            form: .wikilink, isEmbed: embed, range: (embed ? start - 1 : start)..<(close + 2),
            targetRange: inner.lowerBound..<hash, rawTarget: target, target: normalized(target.trimmed()),
            fragment: fragment, alias: pipe.map { text(bytes, ($0 + 1)..<inner.upperBound) }, line: line,
            escapedPipe: escaped, angleBrackets: false)
    }

    /// `[text](destination "title")` with a local destination, and the byte range inside it
    /// where inline code is its own; URLs with a scheme are not vault links.
    ///
    /// - Parameter spaced: true where a destination may hold spaces (Logseq writes its
    ///   assets' paths so: `![x](../assets/one year_1.png)`); elsewhere, as in CommonMark,
    ///   text after the destination that is no title makes it no link.
    static func markdownLink(
        _ line: inout LinkLine, at start: Int, embed: Bool, line number: Int, spaced: Bool = false, closing: Int? = nil
    ) -> (Link, Range<Int>)? {
        let bytes = line.bytes
        let end = line.end
        guard let index = closing ?? line.closingBracket(start), index + 1 < end, bytes[index + 1] == UInt8(ascii: "(") else {
            return nil
        }
        var position = index + 2
        while position < end && bytes[position] == UInt8(ascii: " ") { position += 1 }
        var destination: Range<Int>
        let angle = position < end && bytes[position] == UInt8(ascii: "<")
        if angle {
            guard let close = line.angleClose(position + 1) else { return nil }
            destination = (position + 1)..<close
            position = close + 1
        } else {
            let stop = line.destinationStop(position)
            destination = position..<stop
            position = stop
        }
        // An optional title, then the closing parenthesis: anything else after the
        // destination (`[x](My Note.md)`, a space not encoded) makes it no link. Logseq's
        // `[label]([[Page name]])` is read whole by its own scanner, spaces and all.
        guard position < end, var close = line.closingParenthesis(position), !destination.isEmpty else { return nil }
        var notCommonMark = false
        // A title in parentheses, `[a](b (t))`: the `)` found closes the title.
        if let opener = (position..<close).first(where: { bytes[$0] != 0x20 && bytes[$0] != 0x09 }), opener > position,
            bytes[opener] == UInt8(ascii: "(")
        {
            var after = close + 1
            while after < end && (bytes[after] == 0x20 || bytes[after] == 0x09) { after += 1 }
            if after < end, bytes[after] == UInt8(ascii: ")"), !bytes[(opener + 1)..<close].contains(UInt8(ascii: "(")) {
                close = after
            } else {
                notCommonMark = true
            }
        }
        if notCommonMark || (!isTitle(bytes, position..<close) && bytes[destination.lowerBound] != UInt8(ascii: "[")) {
            guard spaced, !angle else { return nil }
            // Read again over spaces: up to a quoted title and its `)` where one ends the
            // path (`x y.png "a (b")`), else with parentheses kept in balance (`file (1).png`).
            // A title after the spaced path is the title's own: `[a](My Note.md "t")`.
            var title: Int?
            if let quoted = line.closingParenthesis(destination.lowerBound), let opener = quotedTitle(bytes, destination.lowerBound..<quoted) {
                (close, title) = (quoted, opener)
            } else {
                let stop = line.destinationStop(destination.lowerBound, spaced: true)
                guard stop < end, bytes[stop] == UInt8(ascii: ")") else { return nil }
                (close, title) = (stop, quotedTitle(bytes, destination.lowerBound..<stop))
            }
            var last = title ?? close
            while last > destination.lowerBound && (bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09) { last -= 1 }
            destination = destination.lowerBound..<last
        }
        let raw = text(bytes, destination)
        if hasScheme(raw) { return nil }
        var targetEnd = destination.upperBound
        if let hash = raw.utf8.firstIndex(of: UInt8(ascii: "#")) {
            targetEnd = destination.lowerBound + raw.utf8.distance(from: raw.utf8.startIndex, to: hash)
        }
        let rawTarget = text(bytes, destination.lowerBound..<targetEnd)
        let fragment = targetEnd < destination.upperBound ? text(bytes, targetEnd..<destination.upperBound) : nil
        let link = Link(
            form: .markdown, isEmbed: embed, range: (embed ? start - 1 : start)..<(close + 1),
            targetRange: destination.lowerBound..<targetEnd, rawTarget: rawTarget,
            target: normalized(PercentEncoding.decodeDestination(rawTarget)), fragment: fragment, alias: nil, line: number,
            escapedPipe: false, angleBrackets: angle)
        // Inline code anywhere inside the link, its text or its `#heading`, is the link's own.
        return (link, start + 1..<close)
    }

    /// Where the `"…"` or `'…'` title that ends `range` (spaces aside) opens, after a space;
    /// nil when `range` ends in none.
    static func quotedTitle(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var last = range.upperBound
        while last > range.lowerBound && (bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09) { last -= 1 }
        guard last - range.lowerBound >= 2 else { return nil }
        let quote = bytes[last - 1]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
            let opener = (range.lowerBound..<(last - 1)).last(where: { bytes[$0] == quote }),
            opener > range.lowerBound, bytes[opener - 1] == 0x20 || bytes[opener - 1] == 0x09
        else { return nil }
        return opener
    }

    /// True when `range` (between a link's destination and its `)`) holds only spaces, or a
    /// title in `"…"`, `'…'` or `(…)` after at least one.
    static func isTitle(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var start = range.lowerBound
        var end = range.upperBound
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        while start < end && isSpace(bytes[start]) { start += 1 }
        while end > start && isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return true }
        let quote = bytes[start]
        let closing = quote == UInt8(ascii: "(") ? UInt8(ascii: ")") : quote
        return start > range.lowerBound && end - start >= 2
            && (quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") || quote == UInt8(ascii: "(")) && bytes[end - 1] == closing
    }

    /// Quoted `"[[Note]]"` values in frontmatter, their targets and aliases read through the
    /// quotes' escapes (`'[[Bob''s notes]]'` links to `Bob's notes`).
    static func frontmatterLinks(_ bytes: [UInt8], _ range: Range<Int>, _ map: SourceMap) -> [Link] {
        var links: [Link] = []
        bytes.withUnsafeBufferPointer { buffer in
            var index = range.lowerBound
            var lineEnd = index
            while index + 2 < range.upperBound {
                if index >= lineEnd {
                    lineEnd = index
                    while lineEnd < range.upperBound && buffer[lineEnd] != 0x0A { lineEnd += 1 }
                }
                let quote = buffer[index]
                if (quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")) && buffer[index + 1] == UInt8(ascii: "[")
                    && buffer[index + 2] == UInt8(ascii: "[")
                {
                    if var link = wikilink(buffer, at: index + 1, end: lineEnd, embed: false, line: map.line(containing: index)) {
                        link.form = .frontmatter
                        link.target = YAMLQuoting.unescaped(link.target, quote: quote)
                        link.alias = link.alias.map { YAMLQuoting.unescaped($0, quote: quote) }
                        links.append(link)
                        index = link.range.upperBound
                        continue
                    }
                }
                index += 1
            }
        }
        return links
    }

    /// `http:`, `mailto:`, `obsidian:` and the like; a Windows drive letter is not a scheme.
    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        return scheme.count > 1 && scheme.first!.isLetter
            && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// NFC, so a link typed on one system finds a file named on another.
    static func normalized(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : text.canonicallyComposed
    }
}
