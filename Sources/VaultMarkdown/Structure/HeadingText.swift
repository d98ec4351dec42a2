import VaultSystem

/// The plain text of headings as cmark reads it (inline markup resolved, line breaks as
/// spaces), from the bytes the outline scan kept for each.
///
/// A heading of plain words (no byte cmark's inline parser treats specially) reads as its
/// words, trimmed: that text is taken from the bytes. Only a heading with markup is handed to
/// cmark, which the agreement tests hold both to.
enum HeadingText {
    /// The text of each heading; nil where cmark finds no heading (a setext underline under
    /// nothing but link reference definitions).
    static func texts(_ sources: [HeadingSource], in bytes: [UInt8]) -> [String?] {
        var texts = [String?](repeating: nil, count: sources.count)
        var marked: [Int] = []
        for (index, source) in sources.enumerated() {
            if let plain = plainText(source, bytes) {
                texts[index] = plain
            } else {
                marked.append(index)
            }
        }
        guard !marked.isEmpty else { return texts }
        let parsed = CMarkParser.headingTexts(marked.map { sources[$0] }, in: bytes)
        for (index, text) in zip(marked, parsed) { texts[index] = text }
        return texts
    }

    /// The text of a heading without markup, nil when it has some (or could hide a
    /// reference definition).
    private static func plainText(_ source: HeadingSource, _ bytes: [UInt8]) -> String? {
        var words: [UInt8] = []
        for (index, part) in source.parts.enumerated() {
            var start = part.lowerBound
            var end = part.upperBound
            if !source.isSetext && index == 0 {
                // `## Title ##`: the opening run, and a closing run after white space.
                while start < end && bytes[start] == UInt8(ascii: "#") { start += 1 }
                while end > start && isSpace(bytes[end - 1]) { end -= 1 }
                var closing = end
                while closing > start && bytes[closing - 1] == UInt8(ascii: "#") { closing -= 1 }
                if closing == start || isSpace(bytes[closing - 1]) { end = closing }
            }
            while start < end && isSpace(bytes[start]) { start += 1 }
            while end > start && isSpace(bytes[end - 1]) { end -= 1 }
            for position in start..<end where isSpecial(bytes[position]) { return nil }
            if !words.isEmpty && start < end { words.append(0x20) }
            words += bytes[start..<end]
        }
        return String(decoding: words, as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Bytes that may make cmark read a heading as more than its words: inline markup
    /// (`HeadingSource.isMarkup`), a NUL (read as U+FFFD) and a lone carriage return (a line
    /// break to cmark).
    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == 0 || byte == 0x0D || HeadingSource.isMarkup(byte)
    }
}
