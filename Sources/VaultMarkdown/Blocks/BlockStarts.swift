import VaultSystem

/// The line tests of CommonMark's block starts, as cmark-gfm applies them, on raw bytes.
///
/// Each takes the note's bytes, the first non-space byte of the line (after any container
/// prefixes) and the line's end (before `\r\n`).
enum BlockStarts {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// `#` to `######` followed by a space, a tab or the end of the line.
    static func isATXHeading(_ text: Bytes, _ start: Int, _ end: Int) -> Bool {
        var position = start
        while position < end && text[position] == UInt8(ascii: "#") && position - start < 7 { position += 1 }
        let count = position - start
        return count >= 1 && count <= 6 && (position == end || text[position] == 0x20 || text[position] == 0x09)
    }

    /// The length of an opening code fence (three or more backticks or tildes); a backtick
    /// fence's info string may not hold a backtick.
    static func openingFence(_ text: Bytes, _ start: Int, _ end: Int) -> Int? {
        guard start < end else { return nil }
        let character = text[start]
        guard character == UInt8(ascii: "`") || character == UInt8(ascii: "~") else { return nil }
        var position = start
        while position < end && text[position] == character { position += 1 }
        let length = position - start
        guard length >= 3 else { return nil }
        if character == UInt8(ascii: "`") {
            for index in position..<end where text[index] == UInt8(ascii: "`") { return nil }
        }
        return length
    }

    /// The length of a closing fence of `character`, followed only by spaces and tabs.
    static func closingFence(_ text: Bytes, _ start: Int, _ end: Int, character: UInt8) -> Int? {
        var position = start
        while position < end && text[position] == character { position += 1 }
        let length = position - start
        guard length >= 3 else { return nil }
        for index in position..<end where text[index] != 0x20 && text[index] != 0x09 { return nil }
        return length
    }

    /// Three or more `*`, `-` or `_` (the same one), with only spaces and tabs between.
    static func isThematicBreak(_ text: Bytes, _ start: Int, _ end: Int) -> Bool {
        guard start < end else { return false }
        let character = text[start]
        guard character == UInt8(ascii: "*") || character == UInt8(ascii: "-") || character == UInt8(ascii: "_") else {
            return false
        }
        var count = 0
        for index in start..<end {
            let byte = text[index]
            if byte == character {
                count += 1
            } else if byte != 0x20 && byte != 0x09 {
                return false
            }
        }
        return count >= 3
    }

    /// A run of `=` or of `-` followed only by spaces and tabs.
    static func isSetextUnderline(_ text: Bytes, _ start: Int, _ end: Int) -> Bool {
        guard start < end else { return false }
        let character = text[start]
        guard character == UInt8(ascii: "=") || character == UInt8(ascii: "-") else { return false }
        var position = start
        while position < end && text[position] == character { position += 1 }
        for index in position..<end where text[index] != 0x20 && text[index] != 0x09 { return false }
        return true
    }

    /// The width of a list marker (`-`, `*`, `+`, or up to nine digits and `.` or `)`)
    /// followed by white space or the end of the line. A marker that would interrupt a
    /// paragraph needs text after it, and an ordered one must start at 1.
    static func listMarkerWidth(_ text: Bytes, _ start: Int, _ end: Int, interruptsParagraph: Bool) -> Int? {
        guard start < end else { return nil }
        let first = text[start]
        var position = start
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            position += 1
        } else if first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") {
            var value = 0
            while position < end && position - start < 9 && text[position] >= UInt8(ascii: "0")
                && text[position] <= UInt8(ascii: "9")
            {
                value = value * 10 + Int(text[position] - UInt8(ascii: "0"))
                position += 1
            }
            if interruptsParagraph && value != 1 { return nil }
            guard position < end, text[position] == UInt8(ascii: ".") || text[position] == UInt8(ascii: ")") else {
                return nil
            }
            position += 1
        } else {
            return nil
        }
        if position < end && text[position] != 0x20 && text[position] != 0x09 { return nil }
        if interruptsParagraph {
            var after = position
            while after < end && (text[after] == 0x20 || text[after] == 0x09) { after += 1 }
            if after >= end { return nil }
        }
        return position - start
    }

    /// A GFM table's delimiter row (`| --- | :-: |`) with as many cells as the header line.
    static func isTableDelimiter(_ text: Bytes, _ start: Int, _ end: Int, headerCells header: Range<Int>) -> Bool {
        var cells = 0
        var position = start
        var trimmedEnd = end
        while trimmedEnd > start && (text[trimmedEnd - 1] == 0x20 || text[trimmedEnd - 1] == 0x09) { trimmedEnd -= 1 }
        if position < trimmedEnd && text[position] == UInt8(ascii: "|") { position += 1 }
        while position < trimmedEnd {
            while position < trimmedEnd && (text[position] == 0x20 || text[position] == 0x09) { position += 1 }
            if position < trimmedEnd && text[position] == UInt8(ascii: ":") { position += 1 }
            var dashes = 0
            while position < trimmedEnd && text[position] == UInt8(ascii: "-") {
                position += 1
                dashes += 1
            }
            guard dashes > 0 else { return false }
            if position < trimmedEnd && text[position] == UInt8(ascii: ":") { position += 1 }
            while position < trimmedEnd && (text[position] == 0x20 || text[position] == 0x09) { position += 1 }
            cells += 1
            if position == trimmedEnd { break }
            guard text[position] == UInt8(ascii: "|") else { return false }
            position += 1
        }
        // A lone `---` never gets here: it is a setext underline or a rule, tested first.
        return cells > 0 && cells == cellCount(text, header)
    }

    /// The cells of a table row: pipes not escaped by a backslash, outer pipes optional.
    private static func cellCount(_ text: Bytes, _ line: Range<Int>) -> Int {
        var start = line.lowerBound
        var end = line.upperBound
        while start < end && (text[start] == 0x20 || text[start] == 0x09) { start += 1 }
        while end > start && (text[end - 1] == 0x20 || text[end - 1] == 0x09) { end -= 1 }
        guard start < end else { return 0 }
        var pipes = 0
        var position = start
        while position < end {
            if text[position] == UInt8(ascii: "\\") {
                position += 2
                continue
            }
            if text[position] == UInt8(ascii: "|") { pipes += 1 }
            position += 1
        }
        var cells = pipes + 1
        if text[start] == UInt8(ascii: "|") { cells -= 1 }
        if end - start > 1 && text[end - 1] == UInt8(ascii: "|") && text[end - 2] != UInt8(ascii: "\\") { cells -= 1 }
        return cells
    }
}
