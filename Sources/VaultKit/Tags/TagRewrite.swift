import VaultMarkdown
import VaultSystem

/// One tag rewritten in a note, for the plan's report.
public struct TagChange: Sendable, Equatable, Codable {
    /// The 1-based line of the tag.
    public var line: Int
    /// Where the tag is written: `inline`, `frontmatter` or `property` (a Logseq `tags::`).
    public var place: String
    public var before: String
    public var after: String
}

/// A note's bytes with a tag renamed wherever the library reads it as a tag: inline `#tags`
/// (found by `TagScanner` on the note's structure, so never in code, comments or links), the
/// frontmatter `tags:` value (a block list, a flow list or a string, items with or without
/// `#`) and a Logseq page's `tags::` property. Everything else keeps its bytes: the BOM, line
/// endings, quoting and separators. Where frontmatter or a property would then name the new
/// tag twice (a merge), the later one is removed.
public struct TagRewrite: Sendable {
    /// What replaces what in the bytes read, in order.
    public let replacements: [TextReplacement]
    /// The bytes with every replacement made.
    public var bytes: [UInt8] { TextReplacement.applied(replacements, to: read) }
    /// The bytes read.
    private let read: [UInt8]
    public let changes: [TagChange]
    /// Why a place that holds the tag was left as written (a frontmatter shape not rewritten).
    public let leftAlone: String?

    /// Rewrites `rename` in `bytes`, read by `dialect`'s rules.
    public init(_ bytes: [UInt8], _ rename: TagRename, dialect: NoteDialect = .markdown) {
        let structure = NoteStructure(bytes: bytes, extent: .whole, dialect: dialect)
        let map = SourceMap(bytes)
        var edits = TagEdits(bytes: bytes, map: map, rename: rename)
        var header: Range<Int> = 0..<0
        if let block = structure.frontmatter {
            header = block.byteRange
            edits.frontmatter(Frontmatter(reading: bytes, block: block), block: block)
        } else if let properties = structure.properties, properties["tags"] != nil {
            header = edits.properties(from: structure.textStart, to: structure.bodyStart)
        }
        for (name, range) in TagScanner.inlineTagRanges(in: structure) where !header.contains(range.lowerBound) {
            guard let renamed = rename.renamed(name) else { continue }
            // Logseq's `#[[name]]` keeps its brackets, and a name of words takes them.
            let bracketed = bytes[range.lowerBound + 1] == UInt8(ascii: "[") || TagRename.needsBrackets(renamed)
            edits.replace(
                range, with: bracketed ? "#[[" + renamed + "]]" : "#" + renamed, place: "inline", before: bytes.utf8String(range))
        }
        read = bytes
        replacements = edits.replacements.sorted { $0.range.lowerBound < $1.range.lowerBound }
        changes = edits.changes.sorted { $0.line < $1.line }
        leftAlone = edits.leftAlone
    }
}
