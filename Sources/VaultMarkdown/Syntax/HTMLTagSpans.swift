/// The inline HTML open tags of a line, as CommonMark reads raw HTML (spec 6.6): `<`, a
/// tag name, attributes (a name, and a value unquoted, in `'…'` or in `"…"`), `/`, `>`.
/// What stands inside one is HTML, not markdown text.
enum HTMLTagSpans {
    /// The open tags in `bytes[range]`, each from its `<` to its `>`; a tag that does not
    /// close on the line is none.
    static func openTags(_ bytes: [UInt8], in range: Range<Int>) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { text in
            var spans: [Range<Int>] = []
            var position = range.lowerBound
            while position < range.upperBound {
                if text[position] == UInt8(ascii: "<"), let end = openTagEnd(text, from: position, limit: range.upperBound) {
                    spans.append(position..<end)
                    position = end
                } else {
                    position += 1
                }
            }
            return spans
        }
    }

    /// The end (after `>`) of the open tag whose `<` is at `start`, nil when none starts there.
    private static func openTagEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int? {
        var index = start + 1
        guard index < limit, isLetter(text[index]) else { return nil }
        while index < limit && isNameByte(text[index]) { index += 1 }
        return attributesEnd(text, from: index, limit: limit)
    }

    /// The end (after `>` or `/>`) of an open tag whose name ends at `nameEnd`: its
    /// attributes, each after white space, then an optional `/` and `>`; nil when they are
    /// not well formed before `limit`.
    static func attributesEnd(_ text: UnsafeBufferPointer<UInt8>, from nameEnd: Int, limit: Int) -> Int? {
        var index = nameEnd
        while true {
            let spaced = skipSpaces(text, &index, limit)
            guard index < limit else { return nil }
            let byte = text[index]
            if byte == UInt8(ascii: ">") { return index + 1 }
            if byte == UInt8(ascii: "/") { return index + 1 < limit && text[index + 1] == UInt8(ascii: ">") ? index + 2 : nil }
            // An attribute: white space before it, then its name.
            guard spaced, isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") else { return nil }
            while index < limit && (isNameByte(text[index]) || "_.:".utf8.contains(text[index])) { index += 1 }
            var afterName = index
            _ = skipSpaces(text, &afterName, limit)
            guard afterName < limit, text[afterName] == UInt8(ascii: "=") else { continue }
            index = afterName + 1
            _ = skipSpaces(text, &index, limit)
            guard index < limit else { return nil }
            let quote = text[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                index += 1
                while index < limit && text[index] != quote { index += 1 }
                guard index < limit else { return nil }
                index += 1
            } else {
                let start = index
                while index < limit && !" \t\"'=<>`".utf8.contains(text[index]) { index += 1 }
                guard index > start else { return nil }
            }
        }
    }

    /// Moves past spaces and tabs; true when there were any.
    private static func skipSpaces(_ text: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ limit: Int) -> Bool {
        let start = index
        while index < limit && (text[index] == 0x20 || text[index] == 0x09) { index += 1 }
        return index > start
    }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }

    /// A byte of a tag name after its first letter: a letter, a digit or `-`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
    }
}
