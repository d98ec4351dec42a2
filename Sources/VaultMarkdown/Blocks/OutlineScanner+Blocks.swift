import VaultSystem

/// The blocks a `NoteStructure` lists from an outline scan, found on the way: headings
/// (with the bytes their text is read from), code blocks and HTML blocks, lines 1-based.
///
/// cmark would give the same facts, but its cost grows faster than the note on some shapes
/// (deep nesting, long runs of brackets) and its tree takes many times the note's size, so
/// the blocks come from this scan, which is checked against cmark on every fixture and
/// corpus note, and cmark reads only each heading's text.
struct OutlineBlocks {
    var headings: [HeadingSource] = []
    var codeBlocks: [CodeBlock] = []
    var htmlBlocks: [ClosedRange<Int>] = []

    /// The open code or HTML block: its first line, the last line that belongs to it so far,
    /// and a fence's info string.
    private var blockStart = 0
    private var blockLast = 0
    private var fenceInfo = ""
    /// The open paragraph, which becomes a setext heading if an underline follows.
    private var paragraph = HeadingSource(level: 0, line: 0)

    mutating func openBlock(line: Int, info: String = "") {
        blockStart = line
        blockLast = line
        fenceInfo = info
    }

    mutating func extendBlock(line: Int) { blockLast = line }

    mutating func closeCode(fenced: Bool) {
        codeBlocks.append(CodeBlock(lines: blockStart...blockLast, isFenced: fenced, info: fenced ? fenceInfo : ""))
    }

    mutating func closeHTML() { htmlBlocks.append(blockStart...blockLast) }

    /// A line of paragraph text (its content, after any container marks); `topLevel` when no
    /// quote or list holds it.
    mutating func paragraphLine(
        _ range: Range<Int>, line: Int, starts: Bool, topLevel: Bool, in text: UnsafeBufferPointer<UInt8>
    ) {
        if starts {
            paragraph.restart(line: line)
            paragraph.isTopLevel = topLevel
        }
        // Most paragraphs are no heading: their markup is counted only once one is.
        paragraph.appendUncounted(range, in: text)
    }

    /// The open paragraph is a heading: `underline` is `=` (level 1) or `-` (level 2).
    mutating func setextHeading(underline: UInt8, in text: UnsafeBufferPointer<UInt8>) {
        var heading = paragraph
        heading.limitMarkup(in: text)
        heading.level = underline == UInt8(ascii: "=") ? 1 : 2
        heading.isSetext = true
        headings.append(heading)
        endParagraph()
    }

    /// The open paragraph ended as something else (a table's header).
    mutating func endParagraph() { paragraph.restart(line: 0) }
}

/// A heading found by the outline scan, before its text is read: its level and first line,
/// and the byte ranges of its content (an ATX heading's line from its `#`, a setext
/// heading's paragraph lines).
///
/// At most `byteBudget` bytes and `markupBudget` bytes of inline markup are kept: a heading
/// is a line of text, and cmark's inline parser is slow on long runs of markup, so a
/// heading that runs past either is read from its start only.
struct HeadingSource: Equatable {
    static let byteBudget = 4096
    static let markupBudget = 256

    var level: Int
    var line: Int
    var isSetext = false
    /// True when no quote or list item holds the heading.
    var isTopLevel = true
    var parts: [Range<Int>] = []
    private var bytes = 0
    private var markup = 0

    init(level: Int, line: Int, isSetext: Bool = false) {
        self.level = level
        self.line = line
        self.isSetext = isSetext
    }

    /// Empties the heading for a paragraph starting at `line`, keeping its storage: a note
    /// may hold millions of paragraphs.
    mutating func restart(line: Int) {
        self.line = line
        parts.removeAll(keepingCapacity: true)
        bytes = 0
        markup = 0
    }

    /// Adds a line of content, cut where a budget runs out (never inside a character).
    mutating func append(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) {
        guard bytes < Self.byteBudget && markup < Self.markupBudget else { return }
        var end = range.lowerBound
        while end < range.upperBound && bytes < Self.byteBudget {
            if Self.isMarkup(text[end]) {
                if markup == Self.markupBudget { break }
                markup += 1
            }
            bytes += 1
            end += 1
        }
        while end < range.upperBound && end > range.lowerBound && text[end] & 0xC0 == 0x80 { end -= 1 }
        parts.append(range.lowerBound..<end)
    }

    /// Adds a line of content, cut where the byte budget runs out (never inside a character);
    /// `limitMarkup` applies the markup budget afterwards.
    mutating func appendUncounted(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) {
        guard bytes < Self.byteBudget else { return }
        var end = min(range.upperBound, range.lowerBound + (Self.byteBudget - bytes))
        bytes += end - range.lowerBound
        while end < range.upperBound && end > range.lowerBound && text[end] & 0xC0 == 0x80 { end -= 1 }
        parts.append(range.lowerBound..<end)
    }

    /// Cuts the parts `appendUncounted` added where the markup budget runs out, as `append`
    /// would have: at the first markup byte over the budget, and no line after the one where
    /// the budget was spent.
    mutating func limitMarkup(in text: UnsafeBufferPointer<UInt8>) {
        markup = 0
        for index in parts.indices {
            if markup == Self.markupBudget {
                parts.removeSubrange(index...)
                return
            }
            for position in parts[index] where Self.isMarkup(text[position]) {
                if markup == Self.markupBudget {
                    parts[index] = parts[index].lowerBound..<position
                    parts.removeSubrange((index + 1)...)
                    return
                }
                markup += 1
            }
        }
    }

    /// The bytes cmark's inline parser (with the GFM extensions) treats specially.
    static func isMarkup(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "&"), UInt8(ascii: "_"), UInt8(ascii: "*"),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: "!"), UInt8(ascii: "~"),
            UInt8(ascii: "@"), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }
}

extension OutlineScanner {
    /// An ATX heading at the first non-space byte.
    mutating func recordATXHeading() {
        var level = 0
        while firstNonspace + level < lineEnd && text[firstNonspace + level] == UInt8(ascii: "#") { level += 1 }
        var heading = HeadingSource(level: level, line: lineNumber)
        heading.isTopLevel = containers.isEmpty
        heading.append(firstNonspace..<lineEnd, in: text)
        blocks?.headings.append(heading)
    }

    /// A fence opens at the first non-space byte: its info string is the rest of the line,
    /// trimmed, with backslash escapes resolved (cmark's entities are left as written).
    /// Opens Logseq's `#+BEGIN_SRC` … `#+END_SRC`: a fence of its own kind, marked `#`.
    mutating func openOrgCode() {
        leaf = .fenced(character: UInt8(ascii: "#"), length: 0)
        markCode(lineNumber)
        blocks?.openBlock(line: lineNumber, info: "")
    }

    mutating func openFence(length: Int) {
        var start = firstNonspace + length
        var end = lineEnd
        while start < end && (text[start] == 0x20 || text[start] == 0x09) { start += 1 }
        while end > start && (text[end - 1] == 0x20 || text[end - 1] == 0x09) { end -= 1 }
        var info: [UInt8] = []
        var index = start
        while index < end {
            if text[index] == UInt8(ascii: "\\") && index + 1 < end && Self.isASCIIPunctuation(text[index + 1]) {
                index += 1
            }
            info.append(text[index])
            index += 1
        }
        blocks?.openBlock(line: lineNumber, info: String(decoding: info, as: UTF8.self))
    }

    /// A line of paragraph text, without the white space that precedes it inside its container;
    /// `lazyIndented` for a lazy continuation line that white space precedes.
    mutating func recordParagraphLine(_ range: Range<Int>, starts: Bool, lazyIndented: Bool = false) {
        blocks?.paragraphLine(range, line: lineNumber, starts: starts, topLevel: containers.isEmpty, in: text)
        guard recordsKinds else { return }
        mark(starts ? [.inline, .leafStart] : .inline)
        if starts { references.beginParagraph() }
        references.line(text, range, number: lineNumber, lazyIndented: lazyIndented)
        markDefinitions()
    }

    private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }
}
