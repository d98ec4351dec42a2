import VaultSystem

/// Markdown links whose text runs over more than one line of a paragraph, as hard-wrapped
/// prose writes them (`[the long\nname](Note.md)`): CommonMark, and so GitHub, Foam and zk,
/// read them as links. The destination and title stay on the line of the `]`.
extension LinkScanner {
    /// How many lines after its first a link's text may run over: enough for wrapped prose,
    /// and a bound on how far an unclosed `[` sends the search.
    static let spanningLines = 16

    /// The lines a link starting on `line` may run over, from its start to the end of the
    /// last, for finding `]`s; nil when the next line starts a new block.
    static func spanningCursor(_ structure: NoteStructure, _ buffer: UnsafeBufferPointer<UInt8>, line: Int) -> LinkLine? {
        var last = line
        while last < structure.lineCount && last - line < spanningLines && continuesParagraph(structure, last + 1) { last += 1 }
        guard last > line else { return nil }
        return LinkLine(
            bytes: buffer, start: structure.textRange(ofLine: line).lowerBound, end: structure.textRange(ofLine: last).upperBound,
            codeSpans: structure.codeSpans)
    }

    /// The markdown link whose `[` is at `start` on `line` and whose `]` is on a later line
    /// of the same paragraph, found with `wide` (`spanningCursor` of the line, kept for
    /// every `[` of it, so that a line of many unclosed brackets is walked once); nil when
    /// there is none.
    static func spanningMarkdownLink(
        _ structure: NoteStructure, _ wide: inout LinkLine, at start: Int, line: Int, embed: Bool, spaced: Bool
    ) -> (Link, Range<Int>)? {
        let buffer = wide.bytes
        guard let close = wide.closingBracket(start), close >= structure.textRange(ofLine: line).upperBound else { return nil }
        let closing = structure.lines.line(containing: close)
        guard closing > line, structure.textRange(ofLine: closing).contains(close) else { return nil }
        let range = structure.textRange(ofLine: closing)
        var tail = LinkLine(bytes: buffer, start: range.lowerBound, end: range.upperBound, codeSpans: structure.codeSpans)
        return markdownLink(&tail, at: start, embed: embed, line: line, spaced: spaced, closing: close)
    }

    /// True when `line` goes on with the paragraph (or other run of inline text) of the line
    /// before it.
    private static func continuesParagraph(_ structure: NoteStructure, _ line: Int) -> Bool {
        let kind = structure.kind(ofLine: line)
        return kind.contains(.inline) && !kind.contains(.leafStart) && kind.isDisjoint(with: LineKind.hidden.union(.referenceDefinition))
    }
}
