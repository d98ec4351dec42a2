import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// File names from titles, and the `T`, `T 2`, `T 3` rule for collisions (DESIGN.md 3).
public enum Naming {
    /// The characters no file name gets from a title: those some systems forbid, and those
    /// no link can reach (`#` starts a heading, `^` a block, `[` `]` and `|` end a wikilink's
    /// target, as Obsidian keeps them out of linkable names).
    static let unnamable: Set<Unicode.Scalar> = Set("\\/:*?\"<>|#^[]".unicodeScalars)

    /// The file stem for a title: forbidden and unlinkable characters and control characters
    /// become `-`, white space (line breaks too) collapses, at most 200 characters and 255
    /// bytes with the extension, `Untitled` when nothing is left.
    public static func fileStem(forTitle title: String, extensionBytes: Int = 3) -> String {
        var result = ""
        var lastWasSpace = false
        for scalar in title.canonicallyComposed.unicodeScalars {
            if scalar.properties.isWhitespace {
                // Tabs and line breaks are white space first, so they collapse like spaces.
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
            } else if unnamable.contains(scalar) || scalar.properties.generalCategory == .control {
                result.unicodeScalars.append("-")
                lastWasSpace = false
            } else {
                result.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        result = result.trimmed()
        // A leading dot would hide the note from every tool.
        while result.hasPrefix(".") { result.removeFirst() }
        var characters = Array(result)
        if characters.count > 200 { characters = Array(characters.prefix(200)) }
        while String(characters).utf8.count + extensionBytes > 255 { characters.removeLast() }
        result = String(characters).trimmed()
        return result.isEmpty ? "Untitled" : result
    }

    /// A title as a heading holds it: white space (line breaks included) collapsed to one
    /// space, control characters dropped, trimmed. A heading is one line: a line break in a
    /// title would make the rest of it a paragraph.
    public static func cleanTitle(_ title: String) -> String {
        var result = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in title.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
            } else if scalar.properties.generalCategory != .control {
                result.append(scalar)
                lastWasSpace = false
            }
        }
        return String(result).trimmed()
    }

    /// The text after `# ` of the heading that names a note `title` (already clean): the
    /// title as written when that line reads back as a level-1 heading of exactly this text
    /// and holds no link, else with its ASCII punctuation escaped (`a \\*b\\*` for `a *b*`,
    /// `C \\#` for `C #`), which always reads back.
    public static func headingMarkup(forTitle title: String) -> String {
        if reads(title, as: title) { return title }
        var escaped = ""
        for scalar in title.unicodeScalars {
            if isASCIIPunctuation(scalar) { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }

    /// CommonMark's ASCII punctuation: what a backslash escapes.
    static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        (0x21...0x2F).contains(scalar.value) || (0x3A...0x40).contains(scalar.value)
            || (0x5B...0x60).contains(scalar.value) || (0x7B...0x7E).contains(scalar.value)
    }

    /// True when `# markup` is a level-1 heading whose text is `title`, without a link in it.
    static func reads(_ markup: String, as title: String) -> Bool {
        let document = MarkdownDocument(bytes: Array(("# " + markup + "\n").utf8))
        guard document.headings.count == 1, let heading = document.headings.first else { return false }
        return heading.level == 1 && heading.line == 1 && heading.text == title && LinkScanner.links(in: document).isEmpty
    }

    /// The first of `stem`, `stem 2`, `stem 3`, … that is free, comparing names the way a
    /// case-insensitive, normalising disk does.
    public static func availableStem(
        _ stem: String, ext: String = ".md", iCloud: Bool = false, taken: (String) -> Bool
    ) -> String {
        if !taken(stem + ext) { return stem }
        var number = 2
        while taken(numbered(stem, number, iCloud: iCloud, ext: ext) + ext) { number += 1 }
        return numbered(stem, number, iCloud: iCloud, ext: ext)
    }

    /// The stem of the `number`th note titled `stem`: `T 2`, or `T (2)` in iCloud Drive,
    /// where `T 2` beside `T` is how iCloud names its own conflict copies (DESIGN.md 8).
    ///
    /// The stem is cut where needed so the name, with `ext`, stays within 255 bytes.
    public static func numbered(_ stem: String, _ number: Int, iCloud: Bool, ext: String = ".md") -> String {
        if number == 1 { return stem }
        let suffix = iCloud ? " (\(number))" : " \(number)"
        let room = 255 - ext.utf8.count - suffix.utf8.count
        var cut = stem
        while cut.utf8.count > room { cut.removeLast() }
        return cut + suffix
    }

    /// False when a file name, as its folder holds its bytes, cannot have a `collisionKey`
    /// that starts as `stem`'s does: its first letter is another ASCII one, in either case,
    /// as is a placeholder's (`.name.md.icloud`). Lets a folder of thousands of names be
    /// listed without a string made of each.
    static func mayCollide(_ name: UnsafeBufferPointer<UInt8>, withStem stem: String) -> Bool {
        guard let lead = stem.utf8.first, var first = name.first else { return false }
        if first == UInt8(ascii: "."), lead != first, name.count > 1 { first = name[1] }
        return first >= 0x80 || lead >= 0x80 || first | 0x20 == lead | 0x20
    }

    /// The key under which two names collide: NFC, then case-folded.
    public static func collisionKey(_ name: String) -> String {
        // Most names are ASCII, where normalising is a no-op and NFC is slow. One pass over
        // the bytes tells both whether a name is ASCII and whether it has a capital: every
        // link of a check and of a rename is keyed, and three passes through the generic
        // views took a tenth of a check.
        if let ascii = asciiKey(name) { return ascii }
        // A name of scripts with no combining marks is NFC as it is: NFC took 3% of a check of
        // 100,000 notes whose names are often not English.
        if isComposed(name) { return lowercased(name) }
        return lowercased(name.canonicallyComposed)
    }

    /// True when `collisionKey(name) == key`, or, with `prefix`, when the key starts with
    /// `key`: for an ASCII name, told on its bytes without a key made (a lookup by name asks
    /// it of every note of the vault).
    static func hasCollisionKey(_ name: String, _ key: String, prefix: Bool = false) -> Bool {
        let ascii: Bool? = name.utf8.withContiguousStorageIfAvailable { bytes in
            key.utf8.withContiguousStorageIfAvailable { wanted -> Bool? in
                var any: UInt8 = 0
                for byte in bytes { any |= byte }
                guard any < 0x80 else { return nil }
                guard prefix ? bytes.count >= wanted.count : bytes.count == wanted.count else { return false }
                for index in wanted.indices {
                    let byte = bytes[index]
                    guard ((byte &- UInt8(ascii: "A")) < 26 ? byte | 0x20 : byte) == wanted[index] else { return false }
                }
                return true
            } ?? nil
        } ?? nil
        if let ascii { return ascii }
        return prefix ? collisionKey(name).hasPrefix(key) : collisionKey(name) == key
    }

    /// The checksum of `collisionKey(name)`: what a folder's memo of its names holds.
    static func collisionHash(_ name: String) -> UInt64 {
        var key = collisionKey(name)
        return key.withUTF8 { Checksum64.of(UnsafeRawBufferPointer($0)) }
    }

    /// `collisionHash` of a name as its folder holds its bytes, or of the note's name for a
    /// placeholder (`.Idea.md.icloud`); nil for a name that is not UTF-8, which no new
    /// note's name can equal. An ASCII name is lowered on a copy of its bytes, without a
    /// string: a folder of thousands of names is summed as it is listed.
    static func collisionHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var any: UInt8 = 0
        for byte in bytes { any |= byte }
        let placeholder = bytes.first == UInt8(ascii: ".") && bytes.count > 7 && bytes.last == UInt8(ascii: "d")
        if any < 0x80 && !placeholder {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { lowered in
                for index in bytes.indices {
                    let byte = bytes[index]
                    lowered[index] = (byte &- UInt8(ascii: "A")) < 26 ? byte | 0x20 : byte
                }
                return Checksum64.of(UnsafeRawBufferPointer(lowered))
            }
        }
        guard UTF8Check.validate(UnsafeRawBufferPointer(bytes)) == .valid else { return nil }
        let name = String(decoding: bytes, as: UTF8.self)
        return collisionHash(Placeholders.noteName(forPlaceholder: name) ?? name)
    }

    /// `name.lowercased()`, made on the name's bytes: a scalar that does not change is
    /// copied as it is, and only one that does is mapped. The runtime makes a string of
    /// each scalar's mapping, and for a name in a script without case (Devanagari, CJK) gave
    /// back the name after some ten thousand instructions.
    static func lowercased(_ name: String) -> String {
        var out: [UInt8]?
        var offset = 0
        var source = name
        source.withUTF8 { bytes in
            for scalar in name.unicodeScalars {
                let width = UTF8.width(scalar)
                let value = scalar.value
                // The final sigma folds to the sigma that lowercasing gives its capital, as a
                // case-insensitive disk folds it (`οδος` and `ΟΔΟΣ` are one name there).
                let changes = value < 0x80 ? (0x41...0x5A).contains(value)
                    : value == 0x3C2 || !isCaseless(value) && scalar.properties.changesWhenLowercased
                if changes {
                    if out == nil {
                        out = Array(UnsafeBufferPointer(rebasing: bytes[..<offset]))
                        out?.reserveCapacity(bytes.count + 8)
                    }
                    if value < 0x80 {
                        out?.append(UInt8(value) | 0x20)
                    } else if value == 0x3C2 {
                        out?.append(contentsOf: [0xCF, 0x83])
                    } else {
                        out?.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
                    }
                } else if out != nil {
                    out?.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[offset..<offset + width]))
                }
                offset += width
            }
        }
        return out.map { String(decoding: $0, as: UTF8.self) } ?? name
    }

    /// True for a scalar of a script without case, which lowercasing keeps: Hebrew to
    /// Myanmar, the Hangul jamo, kana and the CJK ideographs, the Hangul syllables.
    private static func isCaseless(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x109F, 0x1100...0x11FF, 0x3040...0x9FFF, 0xAC00...0xD7A3: true
        default: false
        }
    }

    /// The key of an ASCII name (itself, or lowercased when it has a capital); nil for a
    /// name with any other byte, or one not stored contiguously.
    private static func asciiKey(_ name: String) -> String? {
        let scan: (ascii: Bool, capitals: Bool)? = name.utf8.withContiguousStorageIfAvailable { bytes in
            // Branch-free, so that the loop runs over many bytes at a time.
            var any: UInt8 = 0
            var capitals: UInt8 = 0
            for byte in bytes {
                any |= byte
                capitals |= (byte &- UInt8(ascii: "A")) < 26 ? 1 : 0
            }
            return (any < 0x80, capitals != 0)
        }
        guard let scan, scan.ascii else { return nil }
        guard scan.capitals else { return name }
        let count = name.utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            _ = name.utf8.withContiguousStorageIfAvailable { bytes in
                for index in 0..<count {
                    let byte = bytes[index]
                    buffer[index] = (byte &- UInt8(ascii: "A")) < 26 ? byte | 0x20 : byte
                }
            }
            return count
        }
    }

    /// True when every scalar of `name` is one that NFC keeps as it is whatever comes before
    /// or after it: below the combining marks (U+0300), or a kana, a CJK ideograph or a
    /// Hangul syllable, none of which decomposes. The combining marks, the jamo that make up
    /// syllables and the kana voicing marks are outside those ranges, so no scalar of such a
    /// name composes with its neighbour.
    static func isComposed(_ name: String) -> Bool {
        name.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case ..<0x300, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3: true
            default: false
            }
        }
    }
}
