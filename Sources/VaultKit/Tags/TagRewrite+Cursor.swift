import VaultMarkdown
import VaultSystem

extension TagRewrite {
    /// The frontmatter tag whose name holds byte `offset` (of `tags:`, else `tag:`: a block
    /// list, a flow list or a string), and the bytes of its name as a tag rename rewrites
    /// them (without quotes or `#`); nil anywhere else, and in a shape a rename leaves alone.
    public static func frontmatterTag(at offset: Int, in bytes: [UInt8], dialect: NoteDialect = .markdown) -> (name: String, range: Range<Int>)? {
        let structure = NoteStructure(bytes: bytes, extent: .header, dialect: dialect)
        guard let block = structure.frontmatter, block.byteRange.contains(offset) else { return nil }
        guard let entry = TagEdits.tagsEntry(Frontmatter(reading: bytes, block: block)) else { return nil }
        var edits = TagEdits(bytes: bytes, map: SourceMap(bytes), rename: nil)
        for item in edits.items(of: entry, block: block) ?? [] {
            let name = edits.name(of: item)
            if name.lowerBound <= offset && offset <= name.upperBound && !name.isEmpty { return (bytes.utf8String(name), name) }
        }
        return nil
    }

    /// The tag of a Logseq page's `tags::` property whose name holds byte `offset`, and the
    /// bytes of its name (without `#` or `[[ ]]`); nil anywhere else.
    public static func propertyTag(at offset: Int, in bytes: [UInt8], dialect: NoteDialect) -> (name: String, range: Range<Int>)? {
        let structure = NoteStructure(bytes: bytes, extent: .header, dialect: dialect)
        guard structure.frontmatter == nil, let properties = structure.properties, properties["tags"] != nil,
            structure.textStart <= offset, offset <= structure.bodyStart
        else { return nil }
        let edits = TagEdits(bytes: bytes, map: SourceMap(bytes), rename: nil)
        guard let found = edits.propertyItems(from: structure.textStart, to: structure.bodyStart), found.line.contains(offset) || found.line.upperBound == offset
        else { return nil }
        for item in found.items {
            let name = edits.name(of: item)
            if name.lowerBound <= offset && offset <= name.upperBound && !name.isEmpty { return (bytes.utf8String(name), name) }
        }
        return nil
    }
}
