import VaultMarkdown
import VaultSystem

extension RenamePlanner {
    /// The bytes of a Logseq page's `title::` value (`#+TITLE:` in org), which a rename keeps
    /// in step with the page's new name; nil when the page has none.
    static func titleProperty(_ structure: NoteStructure) -> Range<Int>? {
        guard let properties = structure.properties, properties["title"] != nil else { return nil }
        let bytes = structure.bytes
        var lineStart = structure.textStart
        for entry in properties.entries {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            guard entry.key == "title" else { continue }
            var start = lineStart
            if structure.dialect == .org {
                // `#+TITLE: name`: the value starts after the first colon.
                while start < lineEnd && bytes[start] != UInt8(ascii: ":") { start += 1 }
                start += 1
            } else {
                while start + 1 < lineEnd && !(bytes[start] == UInt8(ascii: ":") && bytes[start + 1] == UInt8(ascii: ":")) { start += 1 }
                start += 2
            }
            var end = lineEnd > start && bytes[lineEnd - 1] == 0x0D ? lineEnd - 1 : lineEnd
            while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
            while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
            return start < end ? start..<end : nil
        }
        return nil
    }
}
