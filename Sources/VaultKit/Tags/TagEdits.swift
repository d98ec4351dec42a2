import VaultMarkdown
import VaultSystem

/// The replacements a tag rename makes in one note, gathered before any is made.
struct TagEdits {
    let bytes: [UInt8]
    let map: SourceMap
    /// Nil when the edits only find tags (`frontmatterTag(at:)`).
    let rename: TagRename?
    var replacements: [TextReplacement] = []
    var changes: [TagChange] = []
    var leftAlone: String?
    /// True while the items read are a string's names split at spaces, where a name of
    /// words cannot go.
    var splitsAtSpaces = false

    /// One item of a list or string value: its bytes as written, quotes included.
    struct Item {
        var range: Range<Int>
        /// The line removed with the item, for an item of a block list.
        var line: Range<Int>?
        var name = ""
        var renamed = false
    }

    mutating func replace(_ range: Range<Int>, with text: String, place: String, before: String) {
        replacements.append(TextReplacement(range: range, text: text))
        changes.append(TagChange(line: map.line(containing: range.lowerBound), place: place, before: before, after: text))
    }

    /// The `tags:` (else `tag:`) value, as `Frontmatter.strings` reads it.
    mutating func frontmatter(_ frontmatter: Frontmatter, block: FrontmatterBlock) {
        guard let entry = Self.tagsEntry(frontmatter), rename?.namesOld(frontmatter.strings(for: [entry.key], splitOnSpaces: true)) == true
        else { return }
        guard let items = items(of: entry, block: block) else { return }
        if splitsAtSpaces, let rename, TagRename.needsBrackets(rename.new) {
            leftAlone = "its frontmatter `\(entry.key)` is names split at spaces, where \(rename.new) cannot go"
            return
        }
        rewrite(items, place: "frontmatter")
    }

    /// The `tags:` entry, else the `tag:` one, when it holds names.
    static func tagsEntry(_ frontmatter: Frontmatter) -> Frontmatter.Entry? {
        let key = ["tags", "tag"].first { frontmatter[$0].map(Self.holdsNames) ?? false }
        return frontmatter.entries.first { $0.key == key }
    }

    /// The items of a frontmatter entry holding tags, each its bytes as written; nil (and
    /// `leftAlone` says why) for a shape vault does not rewrite.
    mutating func items(of entry: Frontmatter.Entry, block: FrontmatterBlock) -> [Item]? {
        let line = map.range(ofLine: entry.line, in: bytes)
        let text = bytes[line]
        guard text.starts(with: Array(entry.key.utf8)), let colon = text.firstIndex(of: UInt8(ascii: ":")),
            colon == line.lowerBound + entry.key.utf8.count
        else {
            leftAlone = "its frontmatter `\(entry.key)` is written in a form vault does not rewrite"
            return nil
        }
        let value = trimmed(colon + 1..<line.upperBound)
        if value.isEmpty || bytes[value.lowerBound] == UInt8(ascii: "#") {
            var items: [Item] = []
            var number = entry.line + 1
            while number < block.lines.upperBound {
                let range = map.range(ofLine: number, in: bytes)
                let content = trimmed(range)
                if content.isEmpty { number += 1; continue }
                guard bytes[content.lowerBound] == UInt8(ascii: "-") else { break }
                let item = trimmed(content.lowerBound + 1..<content.upperBound)
                let whole = map.lineStarts[number - 1]..<(number < map.lineCount ? map.lineStarts[number] : bytes.count)
                if !item.isEmpty { items.append(Item(range: plainEnd(item), line: whole)) }
                number += 1
            }
            return items
        } else if bytes[value.lowerBound] == UInt8(ascii: "[") {
            guard let close = bytes[value].lastIndex(of: UInt8(ascii: "]")) else {
                leftAlone = "its frontmatter `\(entry.key)` list spans lines, which vault does not rewrite"
                return nil
            }
            return split(value.lowerBound + 1..<close, separators: [UInt8(ascii: ",")])
        } else {
            var inner = plainEnd(value)
            let first = bytes[inner.lowerBound]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'"), inner.count >= 2 {
                inner = inner.lowerBound + 1..<inner.upperBound - 1
            }
            splitsAtSpaces = true
            return split(inner, separators: [UInt8(ascii: ","), 0x20, 0x09])
        }
    }

    /// The `tags::` line of a Logseq page's properties, between `start` and `end`: returns
    /// the bytes of that line, whose tags are rewritten here and not as inline tags.
    mutating func properties(from start: Int, to end: Int) -> Range<Int> {
        guard let found = propertyItems(from: start, to: end) else { return 0..<0 }
        rewrite(found.items, place: "property")
        return found.line
    }

    /// The `tags::` line among a Logseq page's properties (`start..<end`), and its items.
    func propertyItems(from start: Int, to end: Int) -> (line: Range<Int>, items: [Item])? {
        var position = start
        while position < end {
            var next = position
            while next < end && bytes[next] != 0x0A { next += 1 }
            let line = trimmed(position..<next)
            let key = Array("tags::".utf8)
            if bytes[line].count >= key.count, bytes[line].prefix(key.count).map({ $0 | 0x20 }) == key.map({ $0 | 0x20 }) {
                return (position..<next, split(line.lowerBound + key.count..<line.upperBound, separators: [UInt8(ascii: ",")]))
            }
            position = next + 1
        }
        return nil
    }

    /// Renames each item that names the tag (quotes, `#` and Logseq's `[[ ]]` kept), then
    /// removes an item that repeats a renamed one.
    mutating func rewrite(_ found: [Item], place: String) {
        var items = found
        var renamedKeys = Set<String>()
        for index in items.indices {
            let body = name(of: items[index])
            let name = bytes.utf8String(body)
            items[index].name = name
            guard let renamed = rename?.renamed(name) else { continue }
            items[index].name = renamed
            items[index].renamed = true
            renamedKeys.insert(Naming.collisionKey(renamed))
            // A name of words after a bare `#` takes Logseq's brackets: `#[[two words]]`.
            let hashed = body.lowerBound > items[index].range.lowerBound && bytes[body.lowerBound - 1] == UInt8(ascii: "#")
            replace(body, with: hashed && TagRename.needsBrackets(renamed) ? "[[" + renamed + "]]" : renamed, place: place, before: name)
        }
        var seen = Set<String>()
        for index in items.indices {
            let key = Naming.collisionKey(items[index].name)
            guard !seen.insert(key).inserted, renamedKeys.contains(key) else { continue }
            // The later of two: what is removed is its separator before it and itself.
            let removed = items[index].line ?? items[index - 1].range.upperBound..<items[index].range.upperBound
            replacements.removeAll { removed.contains($0.range.lowerBound) }
            replacements.append(TextReplacement(range: removed, text: ""))
        }
    }

    /// The bytes of an item's tag name: without its quotes, `#` and Logseq's `[[ ]]`.
    func name(of item: Item) -> Range<Int> {
        var body = item.range
        if body.count >= 2, [UInt8(ascii: "\""), UInt8(ascii: "'")].contains(bytes[body.lowerBound]),
            bytes[body.upperBound - 1] == bytes[body.lowerBound]
        {
            body = body.lowerBound + 1..<body.upperBound - 1
        }
        if !body.isEmpty && bytes[body.lowerBound] == UInt8(ascii: "#") { body = body.lowerBound + 1..<body.upperBound }
        if bytes[body].starts(with: Array("[[".utf8)) && bytes[body].reversed().starts(with: Array("]]".utf8)) && body.count >= 4 {
            body = body.lowerBound + 2..<body.upperBound - 2
        }
        return body
    }

    /// The items of `range` between separators, outside quotes, each trimmed.
    func split(_ range: Range<Int>, separators: Set<UInt8>) -> [Item] {
        var items: [Item] = []
        var start = range.lowerBound
        var quote: UInt8?
        for position in range.lowerBound...range.upperBound {
            let byte = position < range.upperBound ? bytes[position] : nil
            if let open = quote {
                if byte == open { quote = nil }
                if byte != nil { continue }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"), trimmed(start..<position).isEmpty {
                quote = byte
                continue
            }
            guard byte == nil || separators.contains(byte!) else { continue }
            let item = trimmed(start..<position)
            if !item.isEmpty { items.append(Item(range: item)) }
            start = position + 1
        }
        return items
    }

    /// A plain value up to a ` #` comment; a quoted one up to its closing quote, when only
    /// a comment follows it (`"a" # why`), else as it is.
    func plainEnd(_ range: Range<Int>) -> Range<Int> {
        guard let first = range.first.map({ bytes[$0] }) else { return range }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard let close = closingQuote(of: range) else { return range }
            let rest = trimmed(close + 1..<range.upperBound)
            return rest.isEmpty || bytes[rest.lowerBound] == UInt8(ascii: "#") && rest.lowerBound > close + 1
                ? range.lowerBound..<close + 1 : range
        }
        var position = range.lowerBound
        while position + 1 < range.upperBound {
            if (bytes[position] == 0x20 || bytes[position] == 0x09) && bytes[position + 1] == UInt8(ascii: "#") {
                return trimmed(range.lowerBound..<position)
            }
            position += 1
        }
        return range
    }

    /// Where the quoted scalar opening `range` closes, by YAML's rules: `\` escapes in
    /// double quotes, a doubled `''` in single ones; nil when it does not close.
    private func closingQuote(of range: Range<Int>) -> Int? {
        let quote = bytes[range.lowerBound]
        var position = range.lowerBound + 1
        while position < range.upperBound {
            let byte = bytes[position]
            if quote == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") {
                position += 2
                continue
            }
            if byte == quote {
                if quote == UInt8(ascii: "'") && position + 1 < range.upperBound && bytes[position + 1] == quote {
                    position += 2
                    continue
                }
                return position
            }
            position += 1
        }
        return nil
    }

    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        let blank: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
        while lower < upper && blank.contains(bytes[lower]) { lower += 1 }
        while upper > lower && blank.contains(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    static func holdsNames(_ value: Frontmatter.Value) -> Bool {
        switch value {
        case .list, .string: return true
        case .null, .verbatim: return false
        }
    }
}

extension TagRename {
    /// True when one of `tags` (frontmatter items, `#` or not) is the old tag or under it.
    func namesOld(_ tags: [String]) -> Bool {
        tags.contains { renamed($0.hasPrefix("#") ? String($0.dropFirst()) : $0) != nil }
    }
}
