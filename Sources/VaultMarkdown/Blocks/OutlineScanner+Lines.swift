import VaultSystem

/// The line tests of `OutlineScanner` that decide quickly: plain text at the start of a
/// line, a line an open code or HTML block takes, a blank line under many items, a line of
/// many list markers.
extension OutlineScanner {
    /// True for a byte that cannot begin a block or a container prefix at column 0: a letter,
    /// or any byte of a non-ASCII character.
    static func isPlainText(_ byte: UInt8) -> Bool {
        byte >= 0x80 || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
    }

    /// The common case, decided without the full algorithm: a line starting with a letter in
    /// column 0 continues an open paragraph (lazily, if containers are open), or, outside code
    /// and HTML, closes every container and starts a paragraph. False when the full rules apply.
    mutating func continuesPlainText(_ lineStart: Int) -> Bool {
        var starts = true
        switch leaf {
        case .paragraph:
            starts = false
        case .table where containers.isEmpty:
            mark([.inline, .leafStart])
            return true  // another row
        case .none, .table:
            closeContainers(from: 0)
        case .fenced, .indented, .html:
            guard !containers.isEmpty else { return false }
            closeContainers(from: 0)
            closeLeaf()
        }
        leaf = .paragraph
        paragraphLine = lineStart..<lineEnd
        recordParagraphLine(paragraphLine, starts: starts)
        extendOpenItems()
        return true
    }

    /// Feeds the line to an open code or HTML block; true when the block took it.
    mutating func continueLeaf() -> Bool {
        switch leaf {
        case .fenced(let character, let length):
            markCode(lineNumber)
            blocks?.extendBlock(line: lineNumber)
            if character == UInt8(ascii: "#") {
                if BlockStarts.isOrgEnd(text, firstNonspace, lineEnd) { closeLeaf() }
            } else if indent <= 3 && byte(firstNonspace) == character,
                let run = BlockStarts.closingFence(text, firstNonspace, lineEnd, character: character), run >= length
            {
                closeLeaf()
            }
            return true
        case .indented:
            if indent >= 4 {
                indentedLast = lineNumber
                if !blank { blocks?.extendBlock(line: lineNumber) }
                return true
            }
            if blank { return true }
            closeLeaf()
            return false
        case .html(let kind):
            if blank && kind >= 6 {
                closeLeaf()
                return true
            }
            mark(.html)
            blocks?.extendBlock(line: lineNumber)
            if BlockStarts.htmlBlockEnds(kind, text, firstNonspace, lineEnd) { closeLeaf() }
            return true
        case .paragraph, .table:
            if blank { leaf = .none }
            return false
        case .none:
            return false
        }
    }

    /// How many containers a blank line matches once an item at `index - 1` matched it by
    /// holding content: the items after it too, up to the first quote (a quote needs its `>`)
    /// and short of a last item that holds nothing yet.
    func blankLineReach(from index: Int) -> Int {
        var low = 0
        var high = quoteIndices.count
        while low < high {
            let middle = (low + high) / 2
            if quoteIndices[middle] < index { low = middle + 1 } else { high = middle }
        }
        var reach = low < quoteIndices.count ? quoteIndices[low] : containers.count
        if reach == containers.count, let last = containers.last, !last.hasContent { reach = containers.count - 1 }
        return max(index, reach)
    }

    /// `BlockStarts.isThematicBreak` at the first non-space byte, remembering where a failed
    /// test stopped: a later marker on the same line, before that byte, fails the same way.
    mutating func isThematicBreak(_ character: UInt8) -> Bool {
        guard character == UInt8(ascii: "*") || character == UInt8(ascii: "-") || character == UInt8(ascii: "_") else {
            return false
        }
        if ruleStop.line == lineNumber && ruleStop.character == character && firstNonspace >= ruleStop.from
            && firstNonspace < ruleStop.stop
        {
            return false
        }
        var count = 0
        var index = firstNonspace
        while index < lineEnd {
            let byte = text[index]
            if byte == character {
                count += 1
            } else if byte != 0x20 && byte != 0x09 {
                break
            }
            index += 1
        }
        if index == lineEnd { return count >= 3 }
        ruleStop = (lineNumber, character, firstNonspace, index)
        return false
    }
}
