import VaultSystem

/// Logseq's page properties: `key:: value` lines at the very top of a page (its first
/// block), which Logseq uses where other apps use YAML frontmatter (`title::`, `alias::`,
/// `tags::`).
public struct LogseqProperties: Equatable, Sendable {
    /// The properties in the order written, keys lower-cased.
    public private(set) var entries: [(key: String, value: String)] = []
    /// How many bytes of the text the property lines take, line endings included.
    public private(set) var byteCount = 0

    public static func == (lhs: LogseqProperties, rhs: LogseqProperties) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.key == $1.key && $0.value == $1.value }
    }

    /// Reads the leading property lines of a note's text; empty when it has none.
    public init(text: Substring) {
        for (content, length) in Self.lines(text) {
            guard let marker = content.firstRange(of: ":: ") ?? (content.hasSuffix("::") ? content.firstRange(of: "::") : nil)
            else { break }
            let key = content[..<marker.lowerBound]
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { break }
            entries.append((key.lowercased(), String(content[marker.upperBound...]).trimmed()))
            byteCount += length
        }
    }

    /// Reads the leading `#+key: value` lines of an org page's text (`#+TITLE:`, `#+alias:`),
    /// keys lower-cased as Logseq reads them; empty when it has none.
    public init(orgText text: Substring) {
        for (content, length) in Self.lines(text) {
            guard content.hasPrefix("#+"), let colon = content.firstIndex(of: ":") else { break }
            let key = content[content.index(content.startIndex, offsetBy: 2)..<colon]
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }),
                !key.uppercased().hasPrefix("BEGIN_")
            else { break }
            entries.append((key.lowercased(), String(content[content.index(after: colon)...]).trimmed()))
            byteCount += length
        }
    }

    /// The lines of `text`, each without its line break (`\n` or `\r\n`), with the bytes it
    /// takes with it. Split by bytes: to Swift `\r\n` is one character, no `\n`, and a page
    /// saved with Windows line breaks read as one line of properties, its whole text the title.
    private static func lines(_ text: Substring) -> [(content: Substring, length: Int)] {
        var lines: [(content: Substring, length: Int)] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        while true {
            guard let newline = utf8[start...].firstIndex(of: 0x0A) else {
                lines.append((Substring(utf8[start...]), utf8.distance(from: start, to: utf8.endIndex) + 1))
                return lines
            }
            var end = newline
            if end > start, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
            lines.append((Substring(utf8[start..<end]), utf8.distance(from: start, to: newline) + 1))
            start = utf8.index(after: newline)
        }
    }

    /// The value of a key.
    public subscript(key: String) -> String? { entries.first { $0.key == key }?.value }

    /// A comma-separated value as page names: `[[x]]` brackets and a leading `#` dropped.
    public func names(_ key: String) -> [String] {
        guard let value = self[key] else { return [] }
        return value.split(separator: ",").map { item in
            var name = item.trimmed()
            if name.hasPrefix("[["), name.hasSuffix("]]") { name = String(name.dropFirst(2).dropLast(2)) }
            if name.hasPrefix("#") { name.removeFirst() }
            return name
        }.filter { !$0.isEmpty }
    }
}

import FoundationEssentials
