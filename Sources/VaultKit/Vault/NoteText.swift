import VaultMarkdown
import VaultSystem

/// Small edits to a note's bytes that keep everything else as it was: the BOM, the line
/// endings the note uses, a missing final newline elsewhere (DESIGN.md 3).
public enum NoteText {
    /// The line ending a note uses: CRLF when its first line ends so, else LF.
    public static func lineEnding(of bytes: [UInt8]) -> [UInt8] {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return [0x0A] }
        return newline > 0 && bytes[newline - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }

    /// Text with its line breaks written as `ending`.
    public static func lines(_ text: String, ending: [UInt8]) -> [UInt8] {
        guard ending != [0x0A] else { return Array(text.utf8) }
        var result: [UInt8] = []
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x0A && previous != 0x0D { result += ending } else { result.append(byte) }
            previous = byte
        }
        return result
    }

    /// `text` as a Logseq block: a Logseq page is an outline, where a line outside a block is
    /// shown as a block without a bullet or read into the block above it. Text that starts
    /// as a block already (`- `, `* `, `+ `) or indented is left as written; otherwise its
    /// first line takes `- ` and the lines after it are indented under it.
    public static func logseqBlock(_ text: String) -> String {
        // On bytes: `\r\n` is one `Character`, which a split at `\n` would not cut.
        var lines = Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false)[...]
        func isBlank(_ line: ArraySlice<UInt8>) -> Bool { line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
        while let first = lines.first, isBlank(first), lines.count > 1 { lines = lines.dropFirst() }
        guard let first = lines.first, let lead = first.first, lead != 0x20 && lead != 0x09 else { return text }
        let next = first.dropFirst().first
        if lead == UInt8(ascii: "-") || lead == UInt8(ascii: "*") || lead == UInt8(ascii: "+"), next == nil || next == 0x20 || next == 0x0D {
            return text
        }
        var block = Array("- ".utf8) + first
        for line in lines.dropFirst() {
            block.append(0x0A)
            if !isBlank(line) { block += Array("  ".utf8) }
            block += line
        }
        return String(decoding: block, as: UTF8.self)
    }

    /// Appends text as new lines at the end of a note.
    ///
    /// Where the note ends in a list item, a quote or a table, and the text does not carry
    /// that block on (a list marker, a `>`, a `|`), a blank line goes first: CommonMark
    /// would read a plain line there as part of the item, the quote or a table row.
    ///
    /// A note that ended without a final newline still does (DESIGN.md 3): its last line
    /// gets one, and the text's last line goes without.
    public static func appending(_ text: String, to bytes: [UInt8]) -> [UInt8] {
        let ending = lineEnding(of: bytes)
        let endsOpen = !bytes.isEmpty && bytes.last != 0x0A
        var result = bytes
        if endsOpen { result += ending }
        let added = lines(text, ending: ending)
        if let separator = OpenBlock(endOf: bytes)?.separator(before: added, ending: ending) { result += separator }
        result += added
        if !endsOpen {
            if result.last != 0x0A { result += ending }
        } else if result.last == 0x0A {
            result.removeLast(result.count >= 2 && result[result.count - 2] == 0x0D ? 2 : 1)
        }
        return result
    }

    /// Inserts text as new lines after the frontmatter and a leading `# Title` heading (and
    /// the blank line after it), before the rest of the body.
    public static func prepending(_ text: String, to bytes: [UInt8], dialect: NoteDialect = .markdown) -> [UInt8] {
        let ending = lineEnding(of: bytes)
        let structure = NoteStructure(bytes: bytes, extent: .header, dialect: dialect)
        var position = structure.frontmatter?.byteRange.upperBound ?? structure.textStart
        // A Logseq page's properties (`title::`, `alias::`) are its first block, and stay
        // first: a block before them would make them its own.
        if dialect != .markdown, structure.frontmatter == nil, let properties = structure.properties {
            position = min(bytes.count, structure.textStart + properties.byteCount)
            let next = lineRange(bytes, at: position)
            if !next.isEmpty && bytes[next].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) {
                position = next.upperBound
            }
        }
        let first = lineRange(bytes, at: position)
        // The title heading, when it is the body's first line and written with `#`.
        let bodyLine = structure.frontmatter.map { $0.lines.upperBound + 1 } ?? 1
        if let heading = structure.titleHeading(), heading.line == bodyLine,
            bytes[first].drop(while: { $0 == 0x20 }).first == UInt8(ascii: "#")
        {
            position = first.upperBound
            let next = lineRange(bytes, at: position)
            if !next.isEmpty && bytes[next].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) {
                position = next.upperBound
            }
        }
        var result = bytes
        if position == result.count && !result.isEmpty && result.last != 0x0A {
            result += ending
            position = result.count
        }
        var inserted = lines(text, ending: ending)
        if inserted.last != 0x0A { inserted += ending }
        // Text that leaves a list item, a quote or a table open would take in the line
        // after it (CommonMark's lazy continuation): the note's first paragraph would
        // become part of a task prepended before it.
        let next = lineRange(result, at: position)
        if !next.isEmpty, !result[next].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }),
            let separator = OpenBlock(endOf: inserted)?.separator(before: Array(result[next]), ending: ending)
        {
            inserted += separator
        }
        result.insert(contentsOf: inserted, at: position)
        return result
    }

    /// The byte range of the line starting at `start`, its line ending included.
    private static func lineRange(_ bytes: [UInt8], at start: Int) -> Range<Int> {
        var end = start
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        return start..<min(end + 1, bytes.count)
    }

    /// The note with `tags` added to its frontmatter (set union, first spellings kept),
    /// creating the frontmatter when there is none; nil when the frontmatter holds `tags`
    /// in a shape that is kept verbatim, so it is never rewritten blindly.
    public static func addingTags(_ tags: [String], to bytes: [UInt8]) -> [UInt8]? {
        let ending = lineEnding(of: bytes)
        let structure = NoteStructure(bytes: bytes, extent: .header)
        let bom = structure.textStart
        guard let frontmatter = structure.frontmatter.map({ Frontmatter(reading: bytes, block: $0) }) else {
            let block = "---" + "\n" + "tags: [" + tags.joined(separator: ", ") + "]\n---\n"
            return Array(bytes[..<bom]) + lines(block, ending: ending) + Array(bytes[bom...])
        }
        let existing = frontmatter.strings(for: ["tags"], splitOnSpaces: true)
        let keys = Set(existing.map { Naming.collisionKey($0.hasPrefix("#") ? String($0.dropFirst()) : $0) })
        let added = tags.filter { !keys.contains(Naming.collisionKey($0)) }
        if added.isEmpty { return bytes }
        let map = SourceMap(bytes)
        let all = existing.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 } + added
        let line = Array(lines("tags: [" + all.joined(separator: ", ") + "]\n", ending: ending))
        guard let entry = frontmatter.entries.first(where: { $0.key == "tags" }) else {
            // No tags yet: a new line before the closing delimiter.
            let closing = map.lineStarts[frontmatter.lines.upperBound - 1]
            return Array(bytes[..<closing]) + line + Array(bytes[closing...])
        }
        if case .verbatim = entry.value { return nil }
        // The key's line and, for a block list, its item lines are replaced by one line.
        var last = entry.line
        if case .list = entry.value {
            while last + 1 < frontmatter.lines.upperBound {
                let next = map.range(ofLine: last + 1, in: bytes)
                let text = bytes.utf8String(next).trimmed()
                guard text.hasPrefix("-") || text.isEmpty else { break }
                last += 1
            }
        }
        let start = map.lineStarts[entry.line - 1]
        let end = map.lineStarts[last]
        return Array(bytes[..<start]) + line + Array(bytes[end...])
    }
}
