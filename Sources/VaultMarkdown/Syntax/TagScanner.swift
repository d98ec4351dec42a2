import VaultSystem

/// Finds inline `#tags` in a note (DESIGN.md 3).
///
/// A tag starts with `#` at the start of a line or after white space and runs over unicode
/// letters, digits, marks and `_ - /`. Not a tag: a heading marker (`# `), a URL fragment
/// (`page#part`, no space before), a pure number (`#123`), anything in code or a comment,
/// and a colour or other value inside an inline HTML tag (`<mark style="color: #FFB8EB">`,
/// as highlighting plugins write), which is raw HTML to Obsidian and CommonMark alike.
public enum TagScanner {
    /// The inline tags of a parsed note, in order of appearance, without `#`.
    public static func inlineTags(in document: MarkdownDocument) -> [String] { inlineTags(in: document.structure) }

    /// The inline tags of a note, in order of appearance, without `#`: never in code, raw
    /// HTML, code spans or comments, as its structure says.
    public static func inlineTags(in structure: NoteStructure) -> [String] {
        inlineTagRanges(in: structure).map(\.name)
    }

    /// The inline tags of a note with the bytes of each, `#` included, in order.
    public static func inlineTagRanges(in structure: NoteStructure) -> [(name: String, range: Range<Int>)] {
        let bytes = structure.bytes
        let exclusions = structure.inlineExclusions
        var exclusionIndex = 0
        var tags: [(name: String, range: Range<Int>)] = []
        for line in 1...max(structure.lineCount, 1) where !structure.isHidden(line: line) {
            guard line <= structure.lineCount else { break }
            let range = structure.textRange(ofLine: line)
            var position = range.lowerBound
            // The line's inline HTML tags, found once a `#` on it needs them.
            var htmlTags: [Range<Int>]?
            while position < range.upperBound {
                defer { position += 1 }
                guard bytes[position] == UInt8(ascii: "#") else { continue }
                if position > range.lowerBound {
                    let before = bytes[position - 1]
                    guard before == 0x20 || before == 0x09 else { continue }
                }
                while exclusionIndex < exclusions.count && exclusions[exclusionIndex].upperBound <= position {
                    exclusionIndex += 1
                }
                if exclusionIndex < exclusions.count && exclusions[exclusionIndex].contains(position) { continue }
                if htmlTags == nil { htmlTags = HTMLTagSpans.openTags(bytes, in: range) }
                if htmlTags!.contains(where: { $0.contains(position) }) { continue }
                // Logseq's `#[[two words]]` is a tag as much as `#word`.
                if structure.dialect.isLogseq, let (name, end) = bracketedTag(bytes, at: position, limit: range.upperBound) {
                    tags.append((name, position..<end))
                    position = end - 1
                    continue
                }
                let (tag, end) = readTag(bytes, from: position + 1, limit: range.upperBound)
                if let tag {
                    tags.append((tag, position..<position + 1 + tag.utf8.count))
                    position = end - 1
                }
            }
        }
        return tags
    }

    /// The name and end of a Logseq `#[[name]]` whose `#` is at `start`, closed on its line,
    /// its name holding no bracket; nil for any other text.
    static func bracketedTag(_ bytes: [UInt8], at start: Int, limit: Int) -> (name: String, end: Int)? {
        bracketedName(bytes, at: start, limit: limit).map { (bytes.utf8String($0.name), $0.end) }
    }

    /// The bytes of the name of a Logseq `#[[name]]` whose `#` is at `start` (without the
    /// brackets and the spaces inside them), and its end; nil for any other text.
    private static func bracketedName(_ bytes: [UInt8], at start: Int, limit: Int) -> (name: Range<Int>, end: Int)? {
        guard start + 4 < limit, bytes[start + 1] == UInt8(ascii: "["), bytes[start + 2] == UInt8(ascii: "[") else { return nil }
        var close = start + 3
        while close + 1 < limit && bytes[close] != UInt8(ascii: "]") {
            if bytes[close] == UInt8(ascii: "[") { return nil }
            close += 1
        }
        guard close + 1 < limit, bytes[close + 1] == UInt8(ascii: "]") else { return nil }
        var name = start + 3..<close
        while let first = name.first, bytes[first] == 0x20 || bytes[first] == 0x09 { name = first + 1..<name.upperBound }
        while let last = name.last, bytes[last] == 0x20 || bytes[last] == 0x09 { name = name.lowerBound..<last }
        return name.isEmpty ? nil : (name, close + 2)
    }

    /// The bytes of the name of the inline tag at `range` (as `inlineTagRanges` gives it):
    /// after `#`, and for Logseq's `#[[two words]]` inside the brackets.
    package static func nameRange(ofTag range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        bracketedName(bytes, at: range.lowerBound, limit: range.upperBound)?.name ?? range.lowerBound + 1..<range.upperBound
    }

    /// Reads the tag body after `#`; nil when it is empty or only digits.
    static func readTag(_ bytes: [UInt8], from start: Int, limit: Int) -> (String?, Int) {
        var iterator = bytes[start..<limit].makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        var end = start
        var allDigits = true
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                guard isTagScalar(scalar) else { break decoding }
                if !(scalar.properties.numericType != nil && scalar.isASCII) { allDigits = false }
                scalars.append(scalar)
                end += UTF8.width(scalar)
            case .emptyInput, .error:
                break decoding
            }
        }
        // A trailing `/` or `-` is punctuation after the tag, as in `#idea/`.
        while let last = scalars.last, last == "/" {
            scalars.removeLast()
            end -= 1
        }
        if scalars.isEmpty || allDigits { return (nil, end) }
        return (String(scalars), end)
    }

    /// True when `#name` reads back as one tag of exactly that name.
    package static func isPlainTag(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.last != UInt8(ascii: "/") else { return false }
        let (tag, end) = readTag(bytes, from: 0, limit: bytes.count)
        return tag == name && end == bytes.count
    }

    /// True when Logseq's `#[[name]]` reads back as one tag of exactly that name: words
    /// with spaces between, on one line, holding no bracket.
    package static func isBracketedTag(_ name: String) -> Bool {
        let bytes = Array(("#[[" + name + "]]").utf8)
        return !name.contains(where: \.isNewline) && bracketedTag(bytes, at: 0, limit: bytes.count).map { $0 == (name, bytes.count) } ?? false
    }

    static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" || scalar == "-" || scalar == "/" { return true }
        if scalar.isASCII { return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}
