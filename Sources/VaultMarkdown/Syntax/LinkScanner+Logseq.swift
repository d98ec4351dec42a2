import VaultSystem

extension LinkScanner {
    /// The page properties whose values name pages.
    static let pageNameProperties: Set<String> = ["tags", "alias"]

    /// A Logseq outline's links as Logseq reads them, from the markdown links found: `[label]([[Page]])`
    /// leads to the page, `[label](((uuid)))` is a block reference (no file), and each
    /// `#tag` and each page name in a `tags::` or `alias::` value is a link to its page.
    static func logseqLinks(_ found: [Link], in structure: NoteStructure) -> [Link] {
        var links: [Link] = []
        for var link in found {
            if link.form == .markdown {
                if link.rawTarget.hasPrefix("((") { continue }
                if link.rawTarget.hasPrefix("[["), let inner = pageDestination(structure.bytes, link) {
                    let name = structure.bytes.utf8String(inner)
                    link.form = .wikilink
                    link.targetRange = inner
                    link.rawTarget = name
                    link.target = normalized(name.trimmed())
                    link.fragment = nil
                }
            } else if link.form == .wikilink, !link.isEmbed, link.range.lowerBound > 0,
                structure.bytes[link.range.lowerBound - 1] == UInt8(ascii: "#")
            {
                // `#[[two words]]` is a tag, `#` and all, its brackets part of the target: a
                // rename writes `#plain` where the new name is one tag.
                link.form = .tag
                link.range = link.range.lowerBound - 1..<link.range.upperBound
                link.targetRange = link.range.lowerBound + 1..<link.range.upperBound
                link.rawTarget = structure.bytes.utf8String(link.targetRange)
            }
            links.append(link)
        }
        var extra = propertyLinks(structure)
        for tag in TagScanner.inlineTagRanges(in: structure) {
            let target = tag.range.lowerBound + 1..<tag.range.upperBound
            extra.append(
                Link(
                    form: .tag, isEmbed: false, range: tag.range, targetRange: target, rawTarget: tag.name,
                    target: normalized(tag.name), fragment: nil, alias: nil,
                    line: structure.lines.line(containing: tag.range.lowerBound), escapedPipe: false, angleBrackets: false))
        }
        guard !extra.isEmpty else { return links }
        // A `#` inside a link (`[[a #b]]`) is the link's text, not a tag of its own.
        extra = extra.filter { candidate in !links.contains { $0.range.overlaps(candidate.range) } }
        return (links + extra).sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The page name inside a destination written `([[Page name]])`: it may hold spaces.
    static func pageDestination(_ bytes: [UInt8], _ link: Link) -> Range<Int>? {
        let start = link.targetRange.lowerBound + 2
        var close = start
        while close + 1 < link.range.upperBound {
            if bytes[close] == UInt8(ascii: "]") && bytes[close + 1] == UInt8(ascii: "]") {
                return close > start && close + 2 < link.range.upperBound && bytes[close + 2] == UInt8(ascii: ")") ? start..<close : nil
            }
            close += 1
        }
        return nil
    }

    /// The plain page names of the page's `tags::` and `alias::` values (`#+tags:` and
    /// `#+alias:` in org; those written `[[name]]` or `#name` are found as such).
    static func propertyLinks(_ structure: NoteStructure) -> [Link] {
        guard let properties = structure.properties else { return [] }
        let bytes = structure.bytes
        var links: [Link] = []
        var lineStart = structure.textStart
        for (index, entry) in properties.entries.enumerated() {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            guard pageNameProperties.contains(entry.key) else { continue }
            var position = lineStart
            if structure.dialect == .org {
                // `#+alias: a, b`: the value starts after the first colon.
                while position < lineEnd && bytes[position] != UInt8(ascii: ":") { position += 1 }
                position += 1
            } else {
                while position + 1 < lineEnd && !(bytes[position] == UInt8(ascii: ":") && bytes[position + 1] == UInt8(ascii: ":")) {
                    position += 1
                }
                position += 2
            }
            let valueEnd = lineEnd > position && bytes[lineEnd - 1] == 0x0D ? lineEnd - 1 : lineEnd
            while position < valueEnd {
                var end = position
                while end < valueEnd && bytes[end] != UInt8(ascii: ",") { end += 1 }
                var start = position
                var stop = end
                while start < stop && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
                while stop > start && (bytes[stop - 1] == 0x20 || bytes[stop - 1] == 0x09) { stop -= 1 }
                if start < stop && bytes[start] != UInt8(ascii: "[") && bytes[start] != UInt8(ascii: "#") {
                    let name = bytes.utf8String(start..<stop)
                    links.append(
                        Link(
                            form: .property, isEmbed: false, range: start..<stop, targetRange: start..<stop, rawTarget: name,
                            target: normalized(name), fragment: nil, alias: nil, line: structure.bodyLine - properties.entries.count + index,
                            escapedPipe: false, angleBrackets: false))
                }
                position = end + 1
            }
        }
        return links
    }
}
