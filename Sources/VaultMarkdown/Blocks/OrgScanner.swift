import VaultSystem

/// Reads a Logseq page written in org (DESIGN.md 2, Logseq graphs): its `*` headlines are
/// Logseq's blocks, as `- ` bullets are in a markdown page, and nest by their stars;
/// `#+BEGIN_SRC` … `#+END_SRC` (and the other kinds of `BlockStarts.orgCodeKinds`) are code;
/// `=verbatim=`, `~code~` and backtick spans are code spans; `# ` lines are comments.
///
/// Org has no indented code, HTML blocks, quotes or setext headings: none of markdown's block
/// rules apply, so this is a pass of its own, finding what `OutlineScanner` finds for
/// markdown (lines, what each line is, items, code blocks) for one `NoteStructure`.
package struct OrgScanner {
    package private(set) var lineStarts: [Int] = []
    /// What each line is, indexed by its 1-based number (index 0 unused).
    package private(set) var kinds: [LineKind] = [[]]
    /// The headlines, each with the headline that holds it (the nearest one above with
    /// fewer stars).
    package private(set) var items: [OutlineItem] = []
    package private(set) var codeBlocks: [CodeBlock] = []
    package private(set) var codeSpans: [Range<Int>] = []
    package private(set) var comments: [Range<Int>] = []
    /// The first line at or after the body's first line that is not blank.
    package private(set) var firstBlockLine: Int?

    /// Scans `bytes` from `start`, the first line there numbered 1; `bodyLine` is the first
    /// line after the page's `#+` keywords.
    package init(bytes: [UInt8], from start: Int, bodyLine: Int, stopsAfterFirstBlock: Bool) {
        var position = start
        var line = 0
        var open: (start: Int, info: String)?
        // The headlines holding the current line, outermost first, with their star counts.
        var stack: [(stars: Int, item: Int)] = []
        var previousBlank = true
        // The last line that is not blank: the last line of each headline that closes.
        var lastContent = 0
        while position < bytes.count {
            line += 1
            lineStarts.append(position)
            var end = position
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            let next = end + 1
            var contentEnd = end
            if contentEnd > position && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            defer { position = next }
            var first = position
            while first < contentEnd && (bytes[first] == 0x20 || bytes[first] == 0x09) { first += 1 }
            let blank = first == contentEnd
            if let block = open {
                kinds.append(.code)
                if bytes.withUnsafeBufferPointer({ BlockStarts.isOrgEnd($0, first, contentEnd) }) {
                    codeBlocks.append(CodeBlock(lines: block.start...line, isFenced: true, info: block.info))
                    open = nil
                }
                lastContent = line
                continue
            }
            if blank {
                kinds.append([])
                previousBlank = true
                continue
            }
            if firstBlockLine == nil && line >= bodyLine { firstBlockLine = line }
            if stopsAfterFirstBlock && firstBlockLine != nil && line > firstBlockLine! && Self.stars(bytes, position, contentEnd) > 0 {
                kinds.append([])
                break
            }
            if bytes.withUnsafeBufferPointer({ BlockStarts.isOrgCodeStart($0, first, contentEnd) }) {
                kinds.append(.code)
                var infoStart = first
                while infoStart < contentEnd && bytes[infoStart] != 0x20 && bytes[infoStart] != 0x09 { infoStart += 1 }
                open = (line, bytes.utf8String(infoStart..<contentEnd).trimmed())
                lastContent = line
                previousBlank = false
                continue
            }
            let stars = Self.stars(bytes, position, contentEnd)
            var kind: LineKind = .inline
            if stars > 0 {
                while let last = stack.last, last.stars >= stars { close(stack.removeLast().item, at: lastContent) }
                var text = position + stars
                while text < contentEnd && (bytes[text] == 0x20 || bytes[text] == 0x09) { text += 1 }
                stack.append((stars, items.count))
                items.append(
                    OutlineItem(
                        line: line, parent: stack.count > 1 ? stack[stack.count - 2].item : -1, markerStart: position,
                        markerEnd: position + stars, textStart: text < contentEnd ? text : -1, lastLine: line))
                kind.insert(.leafStart)
            } else {
                if previousBlank { kind.insert(.leafStart) }
                if bytes[position] == UInt8(ascii: "#") && (position + 1 == contentEnd || bytes[position + 1] == 0x20) {
                    comments.append(position..<contentEnd)
                    kinds.append(kind)
                    previousBlank = false
                    lastContent = line
                        continue
                }
            }
            kinds.append(kind)
            previousBlank = false
            lastContent = line
            findSpans(bytes, (stars > 0 ? position + stars : first)..<contentEnd)
        }
        if let block = open { codeBlocks.append(CodeBlock(lines: block.start...line, isFenced: true, info: block.info)) }
        for entry in stack { close(entry.item, at: lastContent) }
    }

    /// The stars of a headline at `start`: one or more `*` at the start of the line, then
    /// white space or the end of the line; 0 for any other line (`*bold*` is text).
    static func stars(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
        var index = start
        while index < end && bytes[index] == UInt8(ascii: "*") { index += 1 }
        guard index > start, index == end || bytes[index] == 0x20 || bytes[index] == 0x09 else { return 0 }
        return index - start
    }

    /// Settles a headline's last line when it closes, instead of touching every open
    /// headline on every line (deep nesting).
    private mutating func close(_ item: Int, at line: Int) {
        items[item].lastLine = max(items[item].lastLine, line)
    }

    /// The code spans of one line: `=verbatim=` and `~code~` as org's emphasis rules read
    /// them (after the start, white space or `-({'"`; not white space inside the marks;
    /// before the end, white space or punctuation), and backtick spans as Logseq reads them.
    private mutating func findSpans(_ bytes: [UInt8], _ range: Range<Int>) {
        // A mark with no closing one after some opening one has none after a later one
        // either: each is looked for to the end of the line once, so a line of openers costs
        // time in proportion to its length.
        var unclosed: Set<UInt8> = []
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "`") && !unclosed.contains(byte) {
                var close = index + 1
                while close < range.upperBound && bytes[close] != UInt8(ascii: "`") { close += 1 }
                if close == range.upperBound { unclosed.insert(byte) }
                if close < range.upperBound && close > index + 1 {
                    codeSpans.append(index..<close + 1)
                    index = close + 1
                    continue
                }
            } else if byte == UInt8(ascii: "=") || byte == UInt8(ascii: "~"), !unclosed.contains(byte), Self.mayOpen(bytes, index, range) {
                if let close = Self.closing(bytes, byte, after: index, range) {
                    codeSpans.append(index..<close + 1)
                    index = close + 1
                    continue
                }
                unclosed.insert(byte)
            }
            index += 1
        }
    }

    private static func mayOpen(_ bytes: [UInt8], _ index: Int, _ range: Range<Int>) -> Bool {
        guard index + 1 < range.upperBound, !isSpace(bytes[index + 1]) else { return false }
        return index == range.lowerBound || isSpace(bytes[index - 1]) || "-({'\"".utf8.contains(bytes[index - 1])
    }

    private static func closing(_ bytes: [UInt8], _ mark: UInt8, after open: Int, _ range: Range<Int>) -> Int? {
        var index = open + 2
        while index < range.upperBound {
            if bytes[index] == mark && !isSpace(bytes[index - 1])
                && (index + 1 == range.upperBound || isSpace(bytes[index + 1]) || "-.,:!?;'\")}[]".utf8.contains(bytes[index + 1]))
            {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
