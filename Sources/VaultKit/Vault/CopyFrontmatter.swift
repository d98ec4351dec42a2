import VaultMarkdown
import VaultSystem

/// What a copy of a note changes in its YAML frontmatter so that it does not answer to the
/// original's names: its `title:` becomes the copy's, and its `aliases:` (or `alias:`) go.
/// A note titled or aliased so, copied as it is, made every name it had name two notes.
enum CopyFrontmatter {
    /// The replacements that make `bytes`' frontmatter the copy's, titled `title`; none for a
    /// note without frontmatter, or one written as JSON (copied as it is).
    static func replacements(in bytes: [UInt8], title: String) -> [TextReplacement] {
        guard let frontmatter = Frontmatter.locate(in: bytes, from: ByteOrderMark.length(of: bytes)),
            Set(frontmatter.entries.map(\.line)).count == frontmatter.entries.count
        else { return [] }
        let starts = lineStarts(bytes, in: frontmatter.byteRange)
        // An entry's line and the lines of its value (indented, or list items) up to the next
        // entry: comments between its items go with it, those after its last are left.
        func extent(of index: Int) -> Range<Int>? {
            let first = frontmatter.entries[index].line
            let next = index + 1 < frontmatter.entries.count ? frontmatter.entries[index + 1].line : frontmatter.lines.upperBound
            var last = first
            for line in (first + 1)..<max(first + 1, next) {
                guard let start = starts[line], start < bytes.count else { break }
                let byte = bytes[start]
                let isItem = byte == UInt8(ascii: "-") && (start + 1 == bytes.count || [0x20, 0x0A, 0x0D].contains(bytes[start + 1]))
                if (byte == 0x20 || byte == 0x09 || isItem) && !isBlank(bytes, from: start) { last = line }
            }
            guard let lower = starts[first], let upper = starts[last + 1] else { return nil }
            return lower..<upper
        }
        var replacements: [TextReplacement] = []
        for (index, entry) in frontmatter.entries.enumerated() {
            guard let range = extent(of: index) else { continue }
            switch entry.key {
            case "aliases", "alias":
                replacements.append(TextReplacement(range: range, text: ""))
            case "title":
                let ending = NoteText.lineEnding(of: Array(bytes[range]))
                replacements.append(TextReplacement(range: range, text: "title: " + yamlScalar(title) + String(decoding: ending, as: UTF8.self)))
            default: continue
            }
        }
        // A block that held only the aliases the copy leaves out goes whole: no empty `---`
        // pair is left at the copy's top.
        let inside = starts[frontmatter.lines.lowerBound + 1].flatMap { open in starts[frontmatter.lines.upperBound].map { open..<$0 } }
        if let inside, !replacements.isEmpty, replacements.allSatisfy({ $0.text.isEmpty }),
            !inside.contains(where: { index in
                ![0x20, 0x09, 0x0D, 0x0A].contains(bytes[index]) && !replacements.contains { $0.range.contains(index) }
            })
        {
            return [TextReplacement(range: frontmatter.byteRange, text: "")]
        }
        return replacements
    }

    /// True when the line from `start` holds only white space.
    private static func isBlank(_ bytes: [UInt8], from start: Int) -> Bool {
        var index = start
        while index < bytes.count && bytes[index] != 0x0A {
            guard [0x20, 0x09, 0x0D].contains(bytes[index]) else { return false }
            index += 1
        }
        return true
    }

    /// Where each line of the block and the one after it begin, by 1-based line of the note.
    private static func lineStarts(_ bytes: [UInt8], in block: Range<Int>) -> [Int: Int] {
        var line = 1
        for byte in bytes[..<block.lowerBound] where byte == 0x0A { line += 1 }
        var starts = [line: block.lowerBound]
        for index in block where bytes[index] == 0x0A {
            line += 1
            starts[line] = index + 1
        }
        return starts
    }

    /// `text` as a YAML scalar: as it is when it reads back the same, else double-quoted.
    static func yamlScalar(_ text: String) -> String {
        // Starting with a letter: `2026-01-01 copy` would read back as a date.
        let plain = text.first.map { $0.isLetter } ?? false
            && text.allSatisfy { $0.isLetter || $0.isNumber || " -_.,()!?'&".contains($0) }
            && !text.hasSuffix(" ") && !["true", "false", "null", "yes", "no", "on", "off"].contains(text.lowercased())
            && Double(text) == nil
        guard !plain else { return text }
        return "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
