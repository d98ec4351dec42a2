/// The inline HTML open tags of a line, as CommonMark reads raw HTML (spec 6.6): `<`, a
/// tag name, attributes (a name, and a value unquoted, in `'…'` or in `"…"`), `/`, `>`.
/// What stands inside one is HTML, not markdown text.
enum HTMLTagSpans {
    /// The open tags in `bytes[range]`, each from its `<` to its `>`; a tag that does not
    /// close on the line is none.
    static func openTags(_ bytes: [UInt8], in range: Range<Int>) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var position = range.lowerBound
        while position < range.upperBound {
            if bytes[position] == UInt8(ascii: "<"), let end = openTagEnd(bytes, from: position, limit: range.upperBound) {
                spans.append(position..<end)
                position = end
            } else {
                position += 1
            }
        }
        return spans
    }

    /// The end (after `>`) of the open tag whose `<` is at `start`, nil when none starts there.
    private static func openTagEnd(_ bytes: [UInt8], from start: Int, limit: Int) -> Int? {
        var index = start + 1
        guard index < limit, isLetter(bytes[index]) else { return nil }
        while index < limit && (isLetter(bytes[index]) || isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "-")) { index += 1 }
        while true {
            let spaced = skipSpaces(bytes, &index, limit)
            guard index < limit else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return index + 1 }
            if byte == UInt8(ascii: "/") { return index + 1 < limit && bytes[index + 1] == UInt8(ascii: ">") ? index + 2 : nil }
            // An attribute: white space before it, then its name.
            guard spaced, isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") else { return nil }
            while index < limit && (isLetter(bytes[index]) || isDigit(bytes[index]) || "_.:-".utf8.contains(bytes[index])) { index += 1 }
            var afterName = index
            _ = skipSpaces(bytes, &afterName, limit)
            guard afterName < limit, bytes[afterName] == UInt8(ascii: "=") else { continue }
            index = afterName + 1
            _ = skipSpaces(bytes, &index, limit)
            guard index < limit else { return nil }
            let quote = bytes[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                index += 1
                while index < limit && bytes[index] != quote { index += 1 }
                guard index < limit else { return nil }
                index += 1
            } else {
                let start = index
                while index < limit && !" \t\"'=<>`".utf8.contains(bytes[index]) { index += 1 }
                guard index > start else { return nil }
            }
        }
    }

    /// Moves past spaces and tabs; true when there were any.
    private static func skipSpaces(_ bytes: [UInt8], _ index: inout Int, _ limit: Int) -> Bool {
        let start = index
        while index < limit && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        return index > start
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
