import FoundationEssentials
import VaultKit
import VaultMarkdown
import VaultRPC
import VaultSystem

/// Definition, references, hover and symbols: where links lead and what leads here.
extension LanguageServer {
    /// The link of the note whose bytes hold `offset` (its last byte counts too).
    func link(at offset: Int, in path: String) -> ResolvedLink? {
        live?.links(of: path).first { $0.link.range.lowerBound <= offset && offset < $0.link.range.upperBound }
            ?? live?.links(of: path).first { $0.link.range.upperBound == offset }
    }

    /// The URI and line map of a note: its open document's, else its file's.
    func lines(of path: String) -> (uri: String, lines: LineMap)? {
        if let open = documents.values.first(where: { $0.path == path }) { return (open.uri, open.lines) }
        guard let live, let bytes = try? live.text(of: path) else { return nil }
        return (DocumentURI.uri(of: live.vault.absolutePath(path)), LineMap(bytes))
    }

    /// The URI of a vault-relative path, as the client knows it when the document is open.
    func uri(of path: String) -> String {
        documents.values.first(where: { $0.path == path })?.uri ?? DocumentURI.uri(of: live?.vault.absolutePath(path) ?? path)
    }

    /// The range of a whole 1-based line.
    static func lineRange(_ line: Int, in lines: LineMap) -> JSONValue {
        let index = max(0, min(line - 1, lines.lineCount - 1))
        return .members([
            "start": .position((index, 0)),
            "end": .position(lines.position(of: lines.contentEnd(ofLine: index))),
        ])
    }

    /// Where a link leads: its note (at the heading or block its fragment names) or file.
    func location(of resolved: ResolvedLink) -> JSONValue? {
        guard let live, let target = resolved.resolution.path else { return nil }
        let zero: JSONValue = .members(["start": .position((0, 0)), "end": .position((0, 0))])
        guard let found = lines(of: target) else { return .location(uri: uri(of: target), range: zero) }
        var range = zero
        if let fragment = resolved.link.fragment?.dropFirst(), !fragment.isEmpty {
            if fragment.hasPrefix("^"), let block = live.blockID(String(fragment.dropFirst()), in: target) {
                range = .range(block.range, in: found.lines)
            } else if let heading = live.heading(named: String(fragment), in: target) {
                range = Self.lineRange(heading.line, in: found.lines)
            }
        }
        return .location(uri: found.uri, range: range)
    }

    func definition(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        let (document, path) = try document(params)
        guard let resolved = link(at: try offset(params, in: document), in: path) else { return .null }
        return location(of: resolved) ?? .null
    }

    /// How many linking notes' texts `references` holds at once.
    static let referenceBatch = 1024

    func references(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        guard let live else { return .array([]) }
        let (document, path) = try document(params)
        let offset = try offset(params, in: document)
        var target = path
        var heading: String?
        if let resolved = link(at: offset, in: path), !resolved.link.isSelfLink {
            guard let resolvedPath = resolved.resolution.path else { return .array([]) }
            target = resolvedPath
        } else {
            let line = document.lines.position(of: offset).line + 1
            let facts = live.facts(of: path)
            if let found = facts?.headings.first(where: { $0.line == line }), found.line != facts?.headings.first?.line || found.level != 1 {
                heading = found.text
            }
        }
        var found: [JSONValue] = []
        let links: [(source: String, range: Range<Int>)]
        if let heading {
            links = (live.backlinks(to: path) + live.links(of: path).filter { $0.link.isSelfLink }.map { Backlink(source: path, link: $0.link) })
                .filter { link in link.link.fragment.map { LiveVault.fragment(String($0.dropFirst()), names: heading) } ?? false }
                .map { ($0.source, $0.link.range) }
        } else {
            // Where the links are written is kept for every link: no linking note's facts
            // are read again.
            links = live.linkRanges(to: target)
        }
        // The linking notes are read at once, in parallel: the most-linked note of a large
        // vault has links from thousands. A note's text is scanned only as far as its last
        // link, to count lines and UTF-16 units.
        var sources: [(path: String, links: ArraySlice<(source: String, range: Range<Int>)>)] = []
        var start = links.startIndex
        for index in links.indices where index + 1 == links.endIndex || links[index + 1].source != links[index].source {
            sources.append((links[index].source, links[start...index]))
            start = index + 1
        }
        let open = Dictionary(documents.values.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        // A batch at a time: the texts of all the linking notes of the most-linked note of
        // 100,000 took over a hundred MB at once.
        for batch in stride(from: 0, to: sources.count, by: Self.referenceBatch) {
            let sources = sources[batch..<min(batch + Self.referenceBatch, sources.count)]
            let texts = live.texts(of: sources.filter { open[$0.path] == nil }.map(\.path))
            var read = texts.makeIterator()
            for (source, written) in sources {
                if let document = open[source] {
                    for backlink in written { found.append(.location(uri: document.uri, range: .range(backlink.range, in: document.lines))) }
                    continue
                }
                guard let text = read.next() ?? nil else { continue }
                let uri = DocumentURI.uri(of: live.vault.absolutePath(source))
                let offsets = written.flatMap { [$0.range.lowerBound, $0.range.upperBound] }
                let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
                let positions = LineMap.positions(of: order.map { offsets[$0] }, in: text)
                var at = [(line: Int, character: Int)](repeating: (0, 0), count: offsets.count)
                for (rank, index) in order.enumerated() { at[index] = positions[rank] }
                for index in stride(from: 0, to: offsets.count, by: 2) {
                    found.append(.location(uri: uri, range: .members(["start": .position(at[index]), "end": .position(at[index + 1])])))
                }
            }
        }
        return .array(found)
    }

    func hover(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        guard let live else { return .null }
        let (document, path) = try document(params)
        let offset = try offset(params, in: document)
        guard let resolved = link(at: offset, in: path) else { return .null }
        let range = JSONValue.range(resolved.link.range, in: document.lines)
        guard let target = resolved.resolution.path else {
            return .members(["contents": .members(["kind": .string("markdown"), "value": .string("`\(resolved.link.target)` leads to no note or file")]), "range": range])
        }
        var text = "`\(target)`"
        if let note = live.note(at: target) {
            text = "**\(note.title)**  \n`\(target)`"
            if let bytes = try? live.text(of: target) { text += "\n\n" + Self.excerpt(bytes, from: live.facts(of: target), fragment: resolved.link.fragment) }
        }
        return .members(["contents": .members(["kind": .string("markdown"), "value": .string(text)]), "range": range])
    }

    /// The first lines of a note after its frontmatter and title, or of the section a
    /// fragment names.
    static func excerpt(_ bytes: [UInt8], from facts: NoteFacts?, fragment: String?, lineLimit: Int = 8) -> String {
        // Cut at line feed bytes, as every reader of lines does: to Swift `\r\n` is one character.
        let lines = LineDiff.split(bytes)
        var start = 0
        if lines.first?.trimmingSpaces() == "---" {
            start = (lines.dropFirst().firstIndex { $0.trimmingSpaces() == "---" || $0 == "..." } ?? 0) + 1
        }
        if let fragment = fragment?.dropFirst(), !fragment.hasPrefix("^"),
            let heading = facts?.headings.first(where: { LiveVault.fragment(String(fragment), names: $0.text) })
        {
            start = heading.line - 1
        } else if let title = facts?.headings.first, title.level == 1, title.line - 1 >= start, title.line - 1 <= lines.count,
            lines[start..<title.line - 1].allSatisfy({ $0.trimmingSpaces().isEmpty })
        {
            start = title.line
        }
        let shown = lines.dropFirst(start).drop { $0.trimmingSpaces().isEmpty }.prefix(lineLimit)
        return shown.map { String($0).trimming { $0 == "\r" } }.joined(separator: "\n")
    }

    func documentSymbols(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        let (document, path) = try document(params)
        let headings = live?.facts(of: path)?.headings ?? []
        /// A heading's section runs to the next heading of its level or above.
        func symbols(_ range: Range<Int>, level: Int) -> [JSONValue] {
            var result: [JSONValue] = []
            var position = range.lowerBound
            while position < range.upperBound {
                let heading = headings[position]
                var end = position + 1
                while end < range.upperBound && headings[end].level > heading.level { end += 1 }
                let lastLine = end < headings.count ? headings[end].line - 1 : document.lines.lineCount
                let section: JSONValue = .members([
                    "start": .position((heading.line - 1, 0)),
                    "end": .position(document.lines.position(of: document.lines.contentEnd(ofLine: max(heading.line - 1, lastLine - 1)))),
                ])
                result.append(.members([
                    "name": .string(heading.text.isEmpty ? " " : heading.text),
                    "detail": .string(String(repeating: "#", count: heading.level)),
                    "kind": .int(15),
                    "range": section,
                    "selectionRange": Self.lineRange(heading.line, in: document.lines),
                    "children": .array(symbols(position + 1..<end, level: heading.level + 1)),
                ]))
                position = end
            }
            return result
        }
        return .array(symbols(0..<headings.count, level: 1))
    }

    func workspaceSymbols(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        guard let live else { return .array([]) }
        let query = params?["query"]?.stringValue ?? ""
        let zero: JSONValue = .members(["start": .position((0, 0)), "end": .position((0, 0))])
        return .array(live.find(query, limit: 100).map { match in
            .members([
                "name": .string(match.note.title),
                "kind": .int(1),
                "location": .location(uri: uri(of: match.note.path), range: zero),
                "containerName": .string(match.note.folder),
            ])
        })
    }

    /// Every link of the document that leads to a note or file, as a link the editor can follow.
    func documentLinks(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        guard let live else { return .array([]) }
        let (document, path) = try document(params)
        return .array(live.links(of: path).compactMap { resolved in
            guard let target = resolved.resolution.path, !resolved.link.isSelfLink else { return nil }
            return .members(["range": .range(resolved.link.range, in: document.lines), "target": .string(uri(of: target)), "tooltip": .string(target)])
        })
    }
}
