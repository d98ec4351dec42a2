import VaultSystem

/// One line of a note as the link scanner walks it, answering what a markdown link needs to
/// know: where the `]` that closes a `[` is, where a destination stops, where the `)` after
/// an optional title is, where a `>` closes an `<destination>`.
///
/// Each question is answered by walking the bytes, as long as the walks on the line stay
/// within a budget of a few times its length; after that, lookup tables for the rest of
/// the line are built in one pass from its end. A line of many unclosed brackets, or of
/// `[a](b` repeated, would otherwise be walked to its end from every bracket: time that
/// grows with the square of the line.
///
/// Inline code binds tighter than a link's brackets, as in CommonMark: a `]` or `[` inside a
/// code span in a link's text (`` [`a]b`](x.md) ``) neither closes nor opens a bracket.
struct LinkLine {
    let bytes: UnsafeBufferPointer<UInt8>
    let start: Int
    let end: Int
    /// The note's code spans, in order.
    private let codeSpans: [Range<Int>]
    private var budget: Int
    private var tables: Tables?

    /// Offsets from `start`, one entry per byte of the line plus one for its end.
    private struct Tables {
        /// The positions of the `[` a left-to-right walk meets (a `\` hides the next byte),
        /// and where the `]` that closes each is (-1: none).
        var opens: [Int32] = []
        var closes: [Int32] = []
        /// Where a destination starting at each byte stops: a space, a tab, a `)` that no
        /// `(` in it opened, or the end (a `\(` or `\)` counts as neither).
        var destinationStop: [Int32] = []
        /// The same where spaces and tabs do not stop a destination.
        var spacedStop: [Int32] = []
        /// Where the `)` is that ends a link whose destination stopped at each byte, with
        /// quoted titles skipped (see `opensTitle`); the end when there is none.
        var titleEnd: [Int32] = []
        /// The first `>` at or after each byte; the end when there is none.
        var nextAngle: [Int32] = []
    }

    /// - Parameter budget: how many bytes the walks may take before the tables are built;
    ///   a few times the line's length when nil (a negative one builds them at the first
    ///   question, as the tests that hold the two ways to the same answers do).
    init(bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, codeSpans: [Range<Int>] = [], budget: Int? = nil) {
        self.bytes = bytes
        self.start = start
        self.end = end
        self.codeSpans = codeSpans
        self.budget = budget ?? 4 * (end - start) + 256
    }

    /// The `]` that closes the `[` at `open` (brackets nest; `\` escapes), nil when none
    /// does on this line.
    mutating func closingBracket(_ open: Int) -> Int? {
        if let tables {
            var low = 0
            var high = tables.opens.count
            let key = Int32(open - start)
            while low < high {
                let middle = (low + high) / 2
                if tables.opens[middle] < key { low = middle + 1 } else { high = middle }
            }
            if low < tables.opens.count, tables.opens[low] == key {
                return tables.closes[low] >= 0 ? start + Int(tables.closes[low]) : nil
            }
            // Not a bracket the left-to-right walk meets (never asked for): walk from it.
        }
        var depth = 0
        var index = open
        defer { spend(index - open) }
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "`"), let spanEnd = codeSpanEnd(at: index) {
                index = spanEnd
                continue
            }
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// The end of the code span that starts at `position`, nil when none does.
    func codeSpanEnd(at position: Int) -> Int? {
        var low = 0
        var high = codeSpans.count
        while low < high {
            let middle = (low + high) / 2
            if codeSpans[middle].lowerBound < position { low = middle + 1 } else { high = middle }
        }
        return low < codeSpans.count && codeSpans[low].lowerBound == position ? codeSpans[low].upperBound : nil
    }

    /// Where a destination written without `<>` from `position` stops.
    ///
    /// - Parameter spaced: true to read on over spaces and tabs, as Logseq writes paths
    ///   (`../assets/file (1).png`): only a `)` that no `(` in it opened stops it.
    mutating func destinationStop(_ position: Int, spaced: Bool = false) -> Int {
        if let tables { return start + Int((spaced ? tables.spacedStop : tables.destinationStop)[position - start]) }
        var parens = 0
        var stop = position
        defer { spend(stop - position) }
        while stop < end {
            let byte = bytes[stop]
            if !spaced && (byte == 0x20 || byte == 0x09) { break }
            // `\(` and `\)` are the destination's own, no parentheses that count.
            if byte == UInt8(ascii: "\\") && stop + 1 < end && PercentEncoding.isPunctuation(bytes[stop + 1]) {
                stop += 2
                continue
            }
            if byte == UInt8(ascii: "(") { parens += 1 }
            if byte == UInt8(ascii: ")") {
                if parens == 0 { break }
                parens -= 1
            }
            stop += 1
        }
        return stop
    }

    /// The `)` after an optional `"title"` or `'title'` from `position`, nil when the line
    /// has none.
    mutating func closingParenthesis(_ position: Int) -> Int? {
        if let tables {
            let found = start + Int(tables.titleEnd[position - start])
            return found < end ? found : nil
        }
        var index = position
        defer { spend(index - position) }
        while index < end && bytes[index] != UInt8(ascii: ")") {
            if let quote = opensTitle(index) {
                index += 1
                while index < end && bytes[index] != quote { index += 1 }
            }
            index += 1
        }
        return index < end ? index : nil
    }

    /// The quote that opens a title at `index`: a `"`, or a `'` after a space or a tab (a
    /// `'` in a path, `it's.md`, opens none); nil for any other byte.
    private func opensTitle(_ index: Int) -> UInt8? {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") { return byte }
        guard byte == UInt8(ascii: "'"), index > start, bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 else { return nil }
        return byte
    }

    /// The first `>` at or after `position`, nil when none.
    mutating func angleClose(_ position: Int) -> Int? {
        if let tables {
            let found = start + Int(tables.nextAngle[position - start])
            return found < end ? found : nil
        }
        var index = position
        defer { spend(index - position) }
        while index < end && bytes[index] != UInt8(ascii: ">") { index += 1 }
        return index < end ? index : nil
    }

    private mutating func spend(_ steps: Int) {
        budget -= steps
        // Offsets are stored in 32 bits; a longer line keeps walking.
        if budget < 0 && tables == nil && end - start < Int(Int32.max) { tables = makeTables() }
    }

    private func makeTables() -> Tables {
        let count = end - start
        var tables = Tables()
        var stack: [Int] = []
        var index = 0
        while index < count {
            let byte = bytes[start + index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "`"), let spanEnd = codeSpanEnd(at: start + index) {
                index = spanEnd - start
                continue
            }
            if byte == UInt8(ascii: "[") {
                stack.append(tables.opens.count)
                tables.opens.append(Int32(index))
                tables.closes.append(-1)
            } else if byte == UInt8(ascii: "]"), let open = stack.popLast() {
                tables.closes[open] = Int32(index)
            }
            index += 1
        }
        // Which bytes a `\` escapes, read from the left as escapes are.
        var escaped = [Bool](repeating: false, count: count + 1)
        var offset = 0
        while offset < count {
            let byte = bytes[start + offset]
            if byte == UInt8(ascii: "\\") && offset + 1 < count && PercentEncoding.isPunctuation(bytes[start + offset + 1]) {
                escaped[offset + 1] = true
                offset += 2
            } else {
                offset += 1
            }
        }
        let sentinel = Int32(count)
        tables.destinationStop = [Int32](repeating: sentinel, count: count + 1)
        tables.spacedStop = [Int32](repeating: sentinel, count: count + 1)
        tables.titleEnd = [Int32](repeating: sentinel, count: count + 1)
        tables.nextAngle = [Int32](repeating: sentinel, count: count + 1)
        var nearestQuote = count
        var nearestSingle = count
        for offset in stride(from: count - 1, through: 0, by: -1) {
            let byte = bytes[start + offset]
            let read = escaped[offset] ? 0 : byte
            func fill(_ stops: inout [Int32], spaced: Bool) {
                switch read {
                case UInt8(ascii: ")"): stops[offset] = Int32(offset)
                case 0x20 where !spaced, 0x09 where !spaced: stops[offset] = Int32(offset)
                case UInt8(ascii: "("):
                    // The `(` is closed by the stop of what follows it, if that is a `)`.
                    let inner = Int(stops[offset + 1])
                    stops[offset] = inner < count && bytes[start + inner] == UInt8(ascii: ")") ? stops[inner + 1] : Int32(inner)
                default: stops[offset] = stops[offset + 1]
                }
            }
            fill(&tables.destinationStop, spaced: false)
            fill(&tables.spacedStop, spaced: true)
            if byte == UInt8(ascii: ")") {
                tables.titleEnd[offset] = Int32(offset)
            } else if let quote = opensTitle(start + offset) {
                let closing = quote == UInt8(ascii: "'") ? nearestSingle : nearestQuote
                tables.titleEnd[offset] = closing < count ? tables.titleEnd[closing + 1] : sentinel
            } else {
                tables.titleEnd[offset] = tables.titleEnd[offset + 1]
            }
            if byte == UInt8(ascii: "\"") { nearestQuote = offset }
            if byte == UInt8(ascii: "'") { nearestSingle = offset }
            tables.nextAngle[offset] = byte == UInt8(ascii: ">") ? Int32(offset) : tables.nextAngle[offset + 1]
        }
        return tables
    }
}
