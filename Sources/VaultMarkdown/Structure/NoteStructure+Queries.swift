import VaultSystem

/// What the rest of the code asks a note's structure: what a line is, where text is hidden,
/// the headings and the title heading.
extension NoteStructure {
    /// Line starts of the lines scanned (all of them in a `.whole` structure).
    public var lines: SourceMap { SourceMap(lineStarts: lineStarts, byteCount: bytes.count) }

    /// The number of lines scanned.
    public var lineCount: Int { lineStarts.count }

    package func kind(ofLine line: Int) -> LineKind { line > 0 && line < kinds.count ? kinds[line] : [] }

    /// True when the 1-based line is in a fenced or indented code block.
    public func isCode(line: Int) -> Bool { kind(ofLine: line).contains(.code) }

    /// True when the 1-based line is in an HTML block.
    public func isHTML(line: Int) -> Bool { kind(ofLine: line).contains(.html) }

    /// True when the 1-based line is frontmatter, code or raw HTML: its text holds no link,
    /// tag, task or block id.
    public func isHidden(line: Int) -> Bool { !kind(ofLine: line).isDisjoint(with: .hidden) }

    /// The byte range of a 1-based line, without its line ending; line 1 starts after a BOM.
    public func textRange(ofLine line: Int) -> Range<Int> {
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        if end > start && bytes[end - 1] == 0x0A { end -= 1 }
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return (line == 1 ? max(start, textStart) : start)..<end
    }

    /// Byte ranges where text is not markdown text: code spans and comments, in order.
    public var inlineExclusions: [Range<Int>] {
        var merged: [Range<Int>] = []
        merged.reserveCapacity(codeSpans.count + comments.count)
        var spans = 0
        var notes = 0
        while spans < codeSpans.count || notes < comments.count {
            if notes == comments.count || (spans < codeSpans.count && codeSpans[spans].lowerBound < comments[notes].lowerBound) {
                merged.append(codeSpans[spans])
                spans += 1
            } else {
                merged.append(comments[notes])
                notes += 1
            }
        }
        return merged
    }

    /// Every heading with its text, in order.
    public func headings() -> [Heading] {
        let texts = HeadingText.texts(headingSources, in: bytes)
        return zip(headingSources, texts).compactMap { source, text in
            text.map { Heading(level: source.level, text: $0, line: source.line) }
        }
    }

    /// The heading that names the note: a level-1 heading that is the first block after the
    /// header, not in a list or a quote. A heading further down names a section, not the
    /// note (Obsidian and Logseq name such notes by file). Nil when there is none or its text
    /// is empty.
    public func titleHeading() -> Heading? {
        guard let source = headingSources.first, source.line == firstBlockLine, source.level == 1, source.isTopLevel,
            let text = HeadingText.texts([source], in: bytes).first ?? nil, !text.isEmpty
        else { return nil }
        return Heading(level: 1, text: text, line: source.line)
    }

    /// The list items: the line of each marker and how deep its list is nested (1 = top).
    public var listItemLines: [ListItem] {
        var depths: [Int] = []
        depths.reserveCapacity(listItems.count)
        for item in listItems { depths.append(item.parent >= 0 ? depths[item.parent] + 1 : 1) }
        return zip(listItems, depths).map { ListItem(line: $0.line, depth: $1) }
    }
}
