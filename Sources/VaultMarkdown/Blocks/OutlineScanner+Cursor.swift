import VaultSystem

/// The cursor in the current line, as cmark keeps it: a byte offset and a column, where tabs
/// stop every 4 columns and a tab may be consumed in part (a list item's content can start
/// in the middle of one).
extension OutlineScanner {
    func byte(_ index: Int) -> UInt8 { index < lineEnd ? text[index] : 0x0A }

    func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Finds the first byte at or after the cursor that is not a space or a tab. The answer
    /// found for an earlier cursor on the line still holds while the cursor has not passed
    /// it (only white space lies between), as cmark keeps it: matching many containers walks
    /// the indentation once, not once per container.
    mutating func findFirstNonspace() {
        if firstNonspace > offset && firstNonspace <= lineEnd {
            indent = firstNonspaceColumn - column
            return
        }
        var position = offset
        var columnHere = column
        var toTab = 4 - (column % 4)
        while position < lineEnd {
            let byte = text[position]
            if byte == 0x20 {
                position += 1
                columnHere += 1
                toTab -= 1
                if toTab == 0 { toTab = 4 }
            } else if byte == 0x09 {
                position += 1
                columnHere += toTab
                toTab = 4
            } else {
                break
            }
        }
        firstNonspace = position
        firstNonspaceColumn = columnHere
        indent = columnHere - column
        blank = position >= lineEnd
    }

    /// Moves the cursor by `count` columns (`columns`) or bytes, splitting a tab if needed.
    mutating func advance(_ count: Int, columns: Bool) {
        var remaining = count
        while remaining > 0 && offset < lineEnd {
            if text[offset] == 0x09 {
                let toTab = 4 - (column % 4)
                if columns {
                    partialTab = toTab > remaining
                    let step = min(remaining, toTab)
                    column += step
                    if !partialTab { offset += 1 }
                    remaining -= step
                } else {
                    partialTab = false
                    column += toTab
                    offset += 1
                    remaining -= 1
                }
            } else {
                partialTab = false
                offset += 1
                column += 1
                remaining -= 1
            }
        }
    }
}
