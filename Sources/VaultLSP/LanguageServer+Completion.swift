import FoundationEssentials
import VaultKit
import VaultMarkdown
import VaultRPC
import VaultSystem

/// Completion: after `[[` notes ranked as `vault find` ranks them, after `[[Note#` the
/// note's headings, after `[[Note#^` its block ids, after `](` relative paths, after `#` tags.
extension LanguageServer {
    /// How many notes one completion offers; the list says it is incomplete, so typing on
    /// asks again.
    static let completionLimit = 50

    func completion(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        guard let live else { return .null }
        let (document, path) = try document(params)
        let cursor = try offset(params, in: document)
        let bytes = document.bytes
        let line = document.lines.position(of: cursor).line
        let lineStart = document.lines.offset(line: line, character: 0) ?? cursor
        if let open = Self.openDestination(bytes, lineStart..<cursor) {
            return pathCompletion(document, path, open..<cursor)
        }
        guard let open = Self.openWikilink(bytes, lineStart..<cursor) else {
            return tagCompletion(document, lineStart..<cursor)
        }
        let typed = String(decoding: bytes[open..<cursor], as: UTF8.self)
        if typed.contains("|") { return .null }
        let closing = bytes[cursor...].starts(with: Array("]]".utf8)) ? "" : "]]"
        var items: [JSONValue] = []
        if let hash = typed.firstIndex(of: "#") {
            let name = String(typed[..<hash])
            let fragment = typed[typed.index(after: hash)...]
            guard let target = live.resolve(wikilinkTarget: name, from: path).path, let facts = live.facts(of: target) else {
                return .array([])
            }
            let isBlock = fragment.hasPrefix("^")
            let start = cursor - fragment.utf8.count + (isBlock ? 1 : 0)
            let range = JSONValue.range(start..<cursor, in: document.lines)
            let written = String(isBlock ? fragment.dropFirst() : fragment)
            let names = isBlock ? facts.blockIDs.map(\.id) : facts.headings.map(\.text)
            for (rank, name) in names.enumerated() {
                items.append(.members([
                    "label": .string(name),
                    "kind": .int(18),
                    "detail": .string(isBlock ? "block in \(target)" : "heading in \(target)"),
                    "sortText": .string(Digits.decimal(rank, width: 5)),
                    "filterText": .string(written),
                    "textEdit": .members(["range": range, "newText": .string(name + closing)]),
                ]))
            }
            return .members(["isIncomplete": .bool(false), "items": .array(items)])
        }
        let range = JSONValue.range(open..<cursor, in: document.lines)
        let matches = live.find(typed, limit: Self.completionLimit)
        for (rank, match) in matches.enumerated() {
            let byAlias = match.field == .alias
            let target = live.wikilinkTarget(to: match.note.path, from: path)
            let label = byAlias ? match.text : match.note.title
            items.append(.members([
                "label": .string(label),
                "kind": .int(17),
                "detail": .string(byAlias ? "alias of \(match.note.title), \(match.note.path)" : match.note.path),
                "sortText": .string(Digits.decimal(rank, width: 5)),
                "filterText": .string(typed),
                "textEdit": .members(["range": range, "newText": .string(target + (byAlias ? "|" + match.text : "") + closing)]),
                "data": .members(["path": .string(match.note.path)]),
            ]))
        }
        return .members(["isIncomplete": .bool(true), "items": .array(items)])
    }

    /// After `#` that starts a tag (at the start of a line or after a space, not a heading's
    /// `# `), the vault's tags that hold what was typed, most used first.
    func tagCompletion(_ document: OpenDocument, _ line: Range<Int>) -> JSONValue {
        guard let live else { return .null }
        let bytes = document.bytes
        var start = line.upperBound
        while start > line.lowerBound, Self.isTagByte(bytes[start - 1]) { start -= 1 }
        guard start > line.lowerBound, bytes[start - 1] == UInt8(ascii: "#") else { return .null }
        let hash = start - 1
        guard hash == line.lowerBound || bytes[hash - 1] == 0x20 || bytes[hash - 1] == 0x09 else { return .null }
        let typed = String(decoding: bytes[start..<line.upperBound], as: UTF8.self).lowercased()
        let range = JSONValue.range(start..<line.upperBound, in: document.lines)
        let found = live.tags().filter { typed.isEmpty || $0.tag.lowercased().contains(typed) }.prefix(Self.completionLimit)
        return .members(["isIncomplete": .bool(true), "items": .array(found.enumerated().map { rank, tag in
            .members([
                "label": .string(TagRename.written(tag.tag)), "kind": .int(14), "detail": .string("\(tag.count) note\(tag.count == 1 ? "" : "s")"),
                "sortText": .string(Digits.decimal(rank, width: 5)), "filterText": .string(typed),
                "textEdit": .members(["range": range, "newText": .string(String(TagRename.written(tag.tag).dropFirst()))]),
            ])
        })])
    }

    /// Inside `](` of a markdown link, the notes ranked as `vault find` ranks them, each as
    /// its path relative to the document's folder.
    func pathCompletion(_ document: OpenDocument, _ path: String, _ typed: Range<Int>) -> JSONValue {
        guard let live else { return .null }
        // Typed relative to the note (`../user/fea`): looked for from the vault's top folder.
        let query = LinkIndex.fromVaultTop(PercentEncoding.decode(String(decoding: document.bytes[typed], as: UTF8.self)), writtenIn: path)
        let closing = document.bytes[typed.upperBound...].first == UInt8(ascii: ")") ? "" : ")"
        let range = JSONValue.range(typed, in: document.lines)
        let matches = live.find(query, limit: Self.completionLimit)
        return .members(["isIncomplete": .bool(true), "items": .array(matches.enumerated().map { rank, match in
            let target = live.markdownTarget(to: match.note.path, from: path)
            return .members([
                "label": .string(match.note.path), "kind": .int(17), "detail": .string(match.note.title),
                "sortText": .string(Digits.decimal(rank, width: 5)), "filterText": .string(String(decoding: document.bytes[typed], as: UTF8.self)),
                "textEdit": .members(["range": range, "newText": .string(target + closing)]),
                "data": .members(["path": .string(match.note.path)]),
            ])
        })])
    }

    /// Where the destination of a markdown link still open before the cursor starts (after
    /// its `](`), on the cursor's line; nil when the cursor is in none.
    static func openDestination(_ bytes: [UInt8], _ line: Range<Int>) -> Int? {
        var index = line.upperBound
        while index - 2 >= line.lowerBound {
            let byte = bytes[index - 1]
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "[") { return nil }
            if byte == UInt8(ascii: "(") && bytes[index - 2] == UInt8(ascii: "]") { return index }
            index -= 1
        }
        return nil
    }

    /// A byte a tag may hold: letters and digits (any script), `_`, `-` and `/`.
    static func isTagByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/")
    }

    /// Where the text of a wikilink still open before the cursor starts (after its `[[`),
    /// on the cursor's line; nil when the cursor is in no such link.
    static func openWikilink(_ bytes: [UInt8], _ line: Range<Int>) -> Int? {
        var index = line.upperBound
        while index - 2 >= line.lowerBound {
            if bytes[index - 1] == UInt8(ascii: "]") && bytes[index - 2] == UInt8(ascii: "]") { return nil }
            if bytes[index - 1] == UInt8(ascii: "[") && bytes[index - 2] == UInt8(ascii: "[") { return index }
            index -= 1
        }
        return nil
    }
}
