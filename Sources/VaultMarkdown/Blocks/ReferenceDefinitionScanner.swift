import VaultSystem

/// Finds the link reference definitions that open a paragraph (`[label]: destination
/// "title"`, one after another), by the rules of CommonMark 0.29 as cmark-gfm reads them.
///
/// The outline scan hands it each line of a paragraph as it meets it (the line's content,
/// after container marks). It keeps only the state of the definition it is reading, so a
/// paragraph of any length costs one look at each byte: a title left open for a million
/// lines is given up at the paragraph's end, and the lines it took are the paragraph's text.
struct ReferenceDefinitionScanner {
    private(set) var definitions: [ReferenceDefinition] = []

    private enum Phase: Equatable {
        /// The paragraph's text has begun: nothing after it is a definition.
        case off
        /// The next line may begin a definition with `[`.
        case opening
        case label, colon
        case beforeDestination(crossedLine: Bool)
        case angleDestination, plainDestination
        /// The destination ended on this line: spaces, then a title or the line's end.
        case afterDestination
        /// The destination's line ended, so the definition holds without a title; the next
        /// line may hold one.
        case titleOnNextLine
        case title(sameLine: Bool)
        case afterTitle(sameLine: Bool)
    }

    private var phase = Phase.off
    private var start = (offset: 0, line: 0)
    private var label = 0..<0
    private var labelLength = 0
    private var labelHasContent = false
    private var destination = 0..<0
    private var angle = false
    private var parens = 0
    /// Where a title may start: right after the destination (white space must follow it).
    private var beforeTitle = 0
    private var titleCloser: UInt8 = 0
    private var titleStart = 0
    private var title = 0..<0
    /// The definition without its title, kept while a title on the next line is tried.
    private var pending: ReferenceDefinition?

    /// A paragraph starts; its lines follow.
    mutating func beginParagraph() {
        finishParagraph()
        phase = .opening
    }

    /// The paragraph ended: a definition waiting for a title on a next line holds without one.
    mutating func finishParagraph() {
        switch phase {
        case .titleOnNextLine, .title(sameLine: false), .afterTitle(sameLine: false): commitPending()
        default: break
        }
        phase = .off
    }

    /// One line of the paragraph: its content, after the container marks and the white space
    /// a paragraph's line drops (cmark reads `[s]: a` then `    [t]: b` as two definitions).
    /// A lazy line (one that leaves its quote's `>` out) keeps its white space in cmark: an
    /// indented one begins no definition.
    mutating func line(_ text: UnsafeBufferPointer<UInt8>, _ content: Range<Int>, number: Int, lazyIndented: Bool = false) {
        guard phase != .off else { return }
        var position = content.lowerBound
        let end = content.upperBound
        if phase == .titleOnNextLine {
            if position < end, let closer = Self.titleCloser(text[position]) {
                titleCloser = closer
                titleStart = position + 1
                position += 1
                phase = .title(sameLine: false)
            } else {
                commitPending()
                phase = .opening
            }
        }
        if phase == .opening {
            guard !lazyIndented, position < end, text[position] == UInt8(ascii: "[")
            else {
                phase = .off
                return
            }
            start = (position, number)
            label = position + 1..<position + 1
            labelLength = 0
            labelHasContent = false
            position += 1
            phase = .label
        }
        while phase != .off && position < end {
            position = step(text, at: position, end: end)
        }
        if phase != .off { lineEnded(at: end, number: number) }
    }

    /// Reads from `position`; returns where to go on.
    private mutating func step(_ text: UnsafeBufferPointer<UInt8>, at position: Int, end: Int) -> Int {
        let byte = text[position]
        switch phase {
        case .label:
            var next = position + 1
            if byte == UInt8(ascii: "\\") {
                labelHasContent = true
                labelLength += 1
                if next < end && Self.isPunctuation(text[next]) {
                    next += 1
                    labelLength += 1
                }
            } else if byte == UInt8(ascii: "[") {
                phase = .off
            } else if byte == UInt8(ascii: "]") {
                label = label.lowerBound..<position
                phase = labelHasContent ? .colon : .off
            } else {
                if !Self.isSpace(byte) { labelHasContent = true }
                labelLength += 1
            }
            if labelLength > 1000 { phase = .off }
            return next
        case .colon:
            phase = byte == UInt8(ascii: ":") ? .beforeDestination(crossedLine: false) : .off
            return position + 1
        case .beforeDestination:
            if byte == 0x20 || byte == 0x09 { return position + 1 }
            angle = byte == UInt8(ascii: "<")
            parens = 0
            let destinationStart = angle ? position + 1 : position
            destination = destinationStart..<destinationStart
            phase = angle ? .angleDestination : .plainDestination
            return angle ? position + 1 : position
        case .angleDestination:
            if byte == UInt8(ascii: ">") {
                destination = destination.lowerBound..<position
                beforeTitle = position + 1
                phase = .afterDestination
            } else if byte == UInt8(ascii: "<") {
                phase = .off
            } else if byte == UInt8(ascii: "\\") {
                return position + 2
            }
            return position + 1
        case .plainDestination:
            if byte == UInt8(ascii: "\\") && position + 1 < end && Self.isPunctuation(text[position + 1]) {
                return position + 2
            }
            if byte == UInt8(ascii: "(") {
                parens += 1
                if parens > 32 { phase = .off }
            } else if byte == UInt8(ascii: ")") && parens > 0 {
                parens -= 1
            } else if byte == UInt8(ascii: ")") || Self.isSpace(byte) {
                destination = destination.lowerBound..<position
                beforeTitle = position
                phase = .afterDestination
                return position
            }
            return position + 1
        case .afterDestination:
            if byte == 0x20 || byte == 0x09 { return position + 1 }
            // A title needs white space before it; anything else after the destination
            // makes this no definition.
            guard position > beforeTitle, let closer = Self.titleCloser(byte) else {
                phase = .off
                return position
            }
            titleCloser = closer
            titleStart = position + 1
            phase = .title(sameLine: true)
            return position + 1
        case .title(let sameLine):
            if byte == UInt8(ascii: "\\") && position + 1 < end && Self.isPunctuation(text[position + 1]) {
                return position + 2
            }
            if byte == titleCloser {
                title = titleStart..<position
                phase = .afterTitle(sameLine: sameLine)
            }
            return position + 1
        case .afterTitle(let sameLine):
            if byte == 0x20 || byte == 0x09 { return position + 1 }
            // Text after the title: a title on its own line was not one, and the definition
            // holds without it; on the destination's line, there is no definition.
            if !sameLine { commitPending() }
            phase = .off
            return position
        case .off, .opening, .titleOnNextLine:
            return end
        }
    }

    private mutating func lineEnded(at end: Int, number: Int) {
        switch phase {
        case .label:
            labelLength += 1
            if labelLength > 1000 { phase = .off }
        case .beforeDestination(let crossed):
            phase = crossed ? .off : .beforeDestination(crossedLine: true)
        case .plainDestination, .afterDestination:
            if phase == .plainDestination { destination = destination.lowerBound..<end }
            pending = ReferenceDefinition(
                label: label, destination: destination, angleBrackets: angle, title: nil, range: start.offset..<end,
                lines: start.line...number)
            phase = .titleOnNextLine
        case .afterTitle:
            definitions.append(
                ReferenceDefinition(
                    label: label, destination: destination, angleBrackets: angle, title: title,
                    range: start.offset..<end, lines: start.line...number))
            pending = nil
            phase = .opening
        case .colon, .angleDestination:
            phase = .off
        case .title, .off, .opening, .titleOnNextLine:
            break
        }
    }

    private mutating func commitPending() {
        if let pending { definitions.append(pending) }
        pending = nil
    }

    /// The byte that closes a title opened by `byte`, nil when it opens none.
    private static func titleCloser(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""): return UInt8(ascii: "\"")
        case UInt8(ascii: "'"): return UInt8(ascii: "'")
        case UInt8(ascii: "("): return UInt8(ascii: ")")
        default: return nil
        }
    }

    /// cmark's white space: space, tab, line feed, vertical tab, form feed, carriage return.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }
}
