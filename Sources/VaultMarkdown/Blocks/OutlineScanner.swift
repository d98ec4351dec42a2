import Glibc
import VaultSystem

/// Finds every list item of a note and the item that holds it, following the block rules of
/// CommonMark as cmark applies them (block quotes, list items, fenced and indented code, HTML
/// blocks, tables, paragraphs with their lazy continuation lines), without inline parsing.
///
/// Listing tasks must keep up with `rg`, and a full cmark parse costs several times more
/// than reading the files. This scanner looks at the first bytes of each line, so it runs at
/// close to the speed of the read. The test suite checks that it agrees with cmark's block
/// structure on every fixture and corpus note.
package struct OutlineScanner {
    enum Leaf: Equatable {
        case none, paragraph, table
        case fenced(character: UInt8, length: Int)
        case indented
        case html(kind: Int)
    }

    struct Container {
        var isQuote: Bool
        /// For an item: the columns its continuation lines must be indented by.
        var width: Int
        /// For an item: its index in `items`.
        var item: Int
        var hasContent: Bool
        /// The index in `items` of the innermost item at or below this container (-1 if none),
        /// so a new item finds its parent without walking the quotes above it.
        var enclosingItem: Int
    }

    let text: UnsafeBufferPointer<UInt8>
    /// The list items, when `recordsItems` (tasks need them).
    package var items: [OutlineItem] = []
    /// The start offset of each line scanned, when `recordsKinds`.
    package var lineStarts: [Int] = []

    var containers: [Container] = []
    /// The indices in `containers` of the block quotes, in order: a blank line matches every
    /// list item up to the first quote, found here without visiting each item.
    var quoteIndices: [Int] = []
    /// How many containers from the bottom are known to hold content (all but the last one,
    /// at most, after each line), so marking them costs nothing per line.
    private var contentPrefix = 0
    /// The last line that extended the open list items: an item's `lastLine` is settled when
    /// it closes, instead of touching every open item on every line (deep nesting).
    var lastExtendedLine = 0
    /// Where a thematic-break test stopped on this line, so a line of many markers
    /// (`- - - - x`) is not tested again from each marker.
    var ruleStop = (line: 0, character: UInt8(0), from: 0, stop: 0)
    var leaf = Leaf.none
    /// What the last line left open, as a line appended after it would find it.
    package private(set) var openAtEnd = OpenEnd.nothing

    /// What a note's last line leaves open to a line appended after it.
    package enum OpenEnd: Equatable, Sendable {
        /// Nothing a plain line would join: a blank line, code, HTML, a heading.
        case nothing
        /// A paragraph, which a plain line continues (lazily, in a quote or a list item).
        case paragraph(quoted: Bool, inListItem: Bool)
        /// A GFM table, of which a plain line is another row.
        case table
    }

    /// The content of the paragraph's last line, for a table header's cell count.
    var paragraphLine = 0..<0
    private var indentedFirst = 0
    var indentedLast = 0
    let recordsItems: Bool
    /// The blocks a `NoteStructure` lists (headings, code and HTML blocks), when asked for.
    var blocks: OutlineBlocks?
    /// What each line is (index 0 unused), with the lines' start offsets and the reference
    /// definitions, when `recordsKinds` (a `NoteStructure` needs them).
    let recordsKinds: Bool
    /// Reads a Logseq outline: indentation never makes code, and a bullet indented any
    /// depth is an item (Logseq nests blocks by indentation alone).
    package var readsOutline = false
    package var kinds: [LineKind] = []
    var references = ReferenceDefinitionScanner()
    /// How many of `references.definitions` have marked their lines.
    var markedDefinitions = 0
    /// The first line that is not blank from the line `scan` was given as `firstBlockFrom`.
    package private(set) var firstBlockLine: Int?

    // The cursor in the current line (see `OutlineScanner+Cursor.swift`).
    private(set) var lineNumber = 0
    var lineEnd = 0
    var offset = 0
    var column = 0
    var partialTab = false
    var firstNonspace = 0
    var firstNonspaceColumn = 0
    var indent = 0
    var blank = false

    package init(
        text: UnsafeBufferPointer<UInt8>, recordsItems: Bool = true, recordsBlocks: Bool = false,
        recordsKinds: Bool = false
    ) {
        self.text = text
        self.recordsItems = recordsItems
        self.recordsKinds = recordsKinds
        blocks = recordsBlocks ? OutlineBlocks() : nil
    }

    /// Scans the lines from byte `start` (which begins line `firstLine`) to the end. The first
    /// line that is not blank from line `firstBlockFrom` on is `firstBlockLine` (where a
    /// note's title heading may be); with `stopsAfterFirstBlock`, the scan ends at the first
    /// blank line after it.
    package mutating func scan(
        from start: Int, firstLine: Int, firstBlockFrom: Int? = nil, stopsAfterFirstBlock: Bool = false
    ) {
        if recordsKinds { kinds = [LineKind](repeating: [], count: firstLine) }
        var position = start
        lineNumber = firstLine - 1
        let base = text.baseAddress!
        while position < text.count {
            lineNumber += 1
            var end = text.count
            if let newline = memchr(base + position, 0x0A, text.count - position) {
                end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
            }
            lineEnd = end > position && text[end - 1] == 0x0D ? end - 1 : end
            if let first = firstBlockFrom, lineNumber >= first, firstBlockLine == nil || stopsAfterFirstBlock {
                let isBlank = (position..<lineEnd).allSatisfy { text[$0] == 0x20 || text[$0] == 0x09 }
                if isBlank && firstBlockLine != nil {
                    lineNumber -= 1
                    break
                }
                if !isBlank && firstBlockLine == nil { firstBlockLine = lineNumber }
            }
            if recordsKinds {
                kinds.append([])
                lineStarts.append(position)
            }
            process(lineStart: position)
            position = end + 1
        }
        switch leaf {
        case .paragraph: openAtEnd = .paragraph(quoted: !quoteIndices.isEmpty, inListItem: containers.contains { !$0.isQuote })
        case .table: openAtEnd = .table
        default: openAtEnd = .nothing
        }
        closeLeaf()
        closeContainers(from: 0)
        if recordsKinds {
            references.finishParagraph()
            markDefinitions()
        }
    }

    // MARK: - One line

    private mutating func process(lineStart: Int) {
        if lineStart < lineEnd, Self.isPlainText(text[lineStart]), continuesPlainText(lineStart) { return }
        offset = lineStart
        column = 0
        partialTab = false
        var rawBlank = true
        for index in lineStart..<lineEnd where text[index] != 0x20 && text[index] != 0x09 {
            rawBlank = false
            break
        }
        defer { if !rawBlank { extendOpenItems() } }

        var matched = 0
        while matched < containers.count {
            findFirstNonspace()
            let container = containers[matched]
            if container.isQuote {
                guard indent <= 3 && byte(firstNonspace) == UInt8(ascii: ">") else { break }
                advance(indent + 1, columns: true)
                if isSpaceOrTab(byte(offset)) { advance(1, columns: true) }
            } else if indent >= container.width {
                advance(container.width, columns: true)
            } else if blank && container.hasContent {
                advance(firstNonspace - offset, columns: false)
                // Nothing is left of a blank line: every item above matches it too, up to the
                // first quote or the last container if it holds nothing yet.
                matched = blankLineReach(from: matched + 1)
                break
            } else {
                break
            }
            matched += 1
        }
        let allMatched = matched == containers.count
        findFirstNonspace()
        if allMatched, continueLeaf() { return }

        // A lazy continuation line is decided before anything opens: it is the paragraph's.
        let wasParagraph = leaf == .paragraph
        var interruptsParagraph = allMatched && leaf == .paragraph && !blank
        var continuesTable = allMatched && leaf == .table && !blank
        var maybeLazy = wasParagraph
        var opened = false
        var lastOpenedItem = -1
        var consumed = false

        func beginOpening(_ scanner: inout OutlineScanner) {
            if !opened {
                opened = true
                scanner.closeContainers(from: matched)
                scanner.closeLeaf()
            }
        }

        opening: while true {
            findFirstNonspace()
            let indented = indent >= 4 && !readsOutline
            let first = byte(firstNonspace)
            if !indented && first == UInt8(ascii: ">") {
                beginOpening(&self)
                advance(firstNonspace + 1 - offset, columns: false)
                if isSpaceOrTab(byte(offset)) { advance(1, columns: true) }
                openQuote()
                lastOpenedItem = -1
            } else if !indented && BlockStarts.isATXHeading(text, firstNonspace, lineEnd) {
                beginOpening(&self)
                if blocks != nil { recordATXHeading() }
                mark([.inline, .leafStart])
                consumed = true
                break opening
            } else if readsOutline && BlockStarts.isOrgCodeStart(text, firstNonspace, lineEnd) {
                beginOpening(&self)
                openOrgCode()
                consumed = true
                break opening
            } else if !indented, let fence = BlockStarts.openingFence(text, firstNonspace, lineEnd) {
                beginOpening(&self)
                leaf = .fenced(character: first, length: fence)
                markCode(lineNumber)
                if blocks != nil { openFence(length: fence) }
                consumed = true
                break opening
            } else if !indented,
                let kind = BlockStarts.htmlBlockKind(
                    text, firstNonspace, lineEnd, interruptsParagraph: interruptsParagraph)
            {
                beginOpening(&self)
                leaf = .html(kind: kind)
                mark(.html)
                blocks?.openBlock(line: lineNumber)
                if BlockStarts.htmlBlockEnds(kind, text, firstNonspace, lineEnd) { closeLeaf() }
                consumed = true
                break opening
            } else if !indented && interruptsParagraph && BlockStarts.isSetextUnderline(text, firstNonspace, lineEnd) {
                blocks?.setextHeading(underline: first, in: text)
                endParagraph()
                leaf = .none
                consumed = true
                break opening
            } else if !indented && isThematicBreak(first) {
                beginOpening(&self)
                consumed = true
                break opening
            } else if !indented,
                let width = BlockStarts.listMarkerWidth(
                    text, firstNonspace, lineEnd, interruptsParagraph: interruptsParagraph)
            {
                beginOpening(&self)
                lastOpenedItem = openItem(markerWidth: width)
            } else if indented && !maybeLazy && !blank {
                beginOpening(&self)
                advance(4, columns: true)
                leaf = .indented
                indentedFirst = lineNumber
                indentedLast = lineNumber
                blocks?.openBlock(line: lineNumber)
                consumed = true
                lastOpenedItem = -1
                break opening
            } else if !indented && interruptsParagraph
                && BlockStarts.isTableDelimiter(text, firstNonspace, lineEnd, headerCells: paragraphLine)
            {
                blocks?.endParagraph()
                endParagraph()
                // The header row is inline text of its own, apart from the paragraph above it.
                mark(.leafStart, line: lineNumber - 1)
                leaf = .table
                consumed = true
                break opening
            } else {
                break opening
            }
            interruptsParagraph = false
            continuesTable = false
            maybeLazy = false
        }

        findFirstNonspace()
        if !opened && !allMatched && !blank && wasParagraph {
            paragraphLine = firstNonspace..<lineEnd
            recordParagraphLine(paragraphLine, starts: false, lazyIndented: firstNonspace > offset)
            return
        }
        if !opened && !allMatched {
            closeContainers(from: matched)
            closeLeaf()
        }
        if let last = containers.indices.last {
            // All but the last container already hold content (see `contentPrefix`).
            if contentPrefix < last {
                for index in contentPrefix..<last { containers[index].hasContent = true }
                contentPrefix = last
            }
            if !blank || consumed {
                containers[last].hasContent = true
                contentPrefix = last + 1
            }
        }
        if lastOpenedItem >= 0 && !consumed && !blank && containers.last?.item == lastOpenedItem {
            items[lastOpenedItem].textStart = firstNonspace
        }
        if consumed || blank { return }
        if continuesTable || leaf == .table {
            mark([.inline, .leafStart])
            return
        }
        let starts = leaf != .paragraph
        if starts { leaf = .paragraph }
        paragraphLine = firstNonspace..<lineEnd
        recordParagraphLine(paragraphLine, starts: starts)
    }

    private mutating func openItem(markerWidth: Int) -> Int {
        let markerOffset = indent
        let markerStart = firstNonspace
        advance(firstNonspace + markerWidth - offset, columns: false)
        let saved = (offset, column, partialTab)
        while column - saved.1 <= 5 && isSpaceOrTab(byte(offset)) { advance(1, columns: true) }
        let spaces = column - saved.1
        let padding: Int
        if spaces >= 5 || spaces < 1 || offset >= lineEnd {
            padding = markerWidth + 1
            (offset, column, partialTab) = saved
            if spaces > 0 { advance(1, columns: true) }
        } else {
            padding = markerWidth + spaces
        }
        var item = -1
        if recordsItems {
            item = items.count
            items.append(
                OutlineItem(
                    line: lineNumber, parent: containers.last?.enclosingItem ?? -1, markerStart: markerStart,
                    markerEnd: markerStart + markerWidth, textStart: -1, lastLine: lineNumber))
        }
        push(Container(isQuote: false, width: markerOffset + padding, item: item, hasContent: false, enclosingItem: item))
        return item
    }

    /// Opens a block quote.
    private mutating func openQuote() {
        quoteIndices.append(containers.count)
        push(Container(isQuote: true, width: 0, item: -1, hasContent: false, enclosingItem: containers.last?.enclosingItem ?? -1))
    }

    private mutating func push(_ container: Container) {
        containers.append(container)
    }

    /// Closes the containers from `count` up; the items among them learn their last line.
    mutating func closeContainers(from count: Int) {
        guard count < containers.count else { return }
        if recordsItems {
            for container in containers[count...] where container.item >= 0 {
                items[container.item].lastLine = max(items[container.item].lastLine, lastExtendedLine)
            }
        }
        containers.removeSubrange(count...)
        while let last = quoteIndices.last, last >= count { quoteIndices.removeLast() }
        contentPrefix = min(contentPrefix, count)
    }

    mutating func closeLeaf() {
        switch leaf {
        case .indented:
            for line in indentedFirst...indentedLast { markCode(line) }
            blocks?.closeCode(fenced: false)
        case .fenced:
            blocks?.closeCode(fenced: true)
        case .html:
            blocks?.closeHTML()
        case .none, .paragraph, .table:
            break
        }
        leaf = .none
    }

    mutating func extendOpenItems() {
        lastExtendedLine = lineNumber
    }

    mutating func markCode(_ line: Int) {
        if recordsKinds { kinds[line].insert(.code) }
    }
}
