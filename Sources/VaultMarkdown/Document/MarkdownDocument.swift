import VaultSystem

/// A parsed note: its `NoteStructure` with the frontmatter read as YAML and the headings'
/// text, under the names the rest of the code has long used.
///
/// Nothing here decides what is code, raw HTML, a comment or text: the structure does, once.
public struct MarkdownDocument: Sendable {
    /// Where everything is in the note's bytes.
    public let structure: NoteStructure
    /// The frontmatter block, if the note has one.
    public let frontmatter: Frontmatter?
    public let headings: [Heading]

    /// Parses a note. Never fails: any bytes make a document.
    public init(bytes: [UInt8], dialect: NoteDialect = .markdown) {
        self.init(structure: NoteStructure(bytes: bytes, dialect: dialect))
    }

    /// The document of a structure already found.
    public init(structure: NoteStructure) {
        self.structure = structure
        frontmatter = structure.frontmatter.map { Frontmatter(reading: structure.bytes, block: $0) }
        headings = structure.headings()
    }

    /// The note's bytes, exactly as on disk.
    public var bytes: [UInt8] { structure.bytes }
    /// Line starts of `bytes`.
    public var sourceMap: SourceMap { structure.lines }
    /// True when the file starts with a UTF-8 byte order mark.
    public var hasByteOrderMark: Bool { structure.textStart > 0 }
    public var codeBlocks: [CodeBlock] { structure.codeBlocks }
    /// The 1-based line ranges of HTML blocks.
    public var htmlBlocks: [ClosedRange<Int>] { structure.htmlBlocks }
    /// Byte ranges of inline code spans, backticks included.
    public var inlineCodeSpans: [Range<Int>] { structure.codeSpans }
    /// Byte ranges of HTML comments (`<!-- -->`) and Obsidian comment blocks (`%%` at the
    /// start of a line up to the next `%%`).
    public var comments: [Range<Int>] { structure.comments }
    /// The list items: the line of each marker and how deep its list is nested (1 = top).
    public var listItems: [ListItem] { structure.listItemLines }

    /// True when the 1-based line is frontmatter, code or raw HTML: nothing in it is a link,
    /// a tag or a task.
    public func isSkippedLine(_ line: Int) -> Bool { structure.isHidden(line: line) }

    /// True when the line is inside a fenced or indented code block.
    public func isCodeLine(_ line: Int) -> Bool { structure.isCode(line: line) }

    /// Byte ranges where no tag, link or task can be: inline code spans and comments, sorted.
    public var inlineExclusions: [Range<Int>] { structure.inlineExclusions }
}
