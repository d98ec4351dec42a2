import VaultSystem

/// Finds block ids (`^id`: letters, digits and `-`) at the end of a line of text, after white
/// space or alone on the line, as Obsidian writes them after a paragraph or a list item.
/// Never in code, raw HTML, code spans or comments, as the note's structure says.
enum BlockIDScanner {
    static func blockIDs(in structure: NoteStructure) -> [BlockID] {
        let bytes = structure.bytes
        let exclusions = structure.inlineExclusions
        var found: [BlockID] = []
        for line in 1...max(structure.lineCount, 1) where line <= structure.lineCount && !structure.isHidden(line: line) {
            let range = structure.textRange(ofLine: line)
            var end = range.upperBound
            while end > range.lowerBound && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
            var start = end
            while start > range.lowerBound && isIDByte(bytes[start - 1]) { start -= 1 }
            guard start < end, start > range.lowerBound, bytes[start - 1] == UInt8(ascii: "^") else { continue }
            let caret = start - 1
            guard caret == range.lowerBound || bytes[caret - 1] == 0x20 || bytes[caret - 1] == 0x09
                || bytes[caret - 1] == UInt8(ascii: ">"),
                !TaskSyntax.contains(exclusions, caret)
            else { continue }
            found.append(BlockID(id: bytes.utf8String(start..<end), line: line, range: caret..<end))
        }
        return found
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }
}
