import FoundationEssentials
import VaultSystem
internal import CCmarkGFM

/// The only place that sees cmark: parses bytes and returns the block structure as Swift
/// values, freeing the C tree before it returns.
///
/// Notes are not parsed whole by cmark (see `OutlineBlocks`): it reads headings' text, and
/// the tests hold the outline scan to its block structure.
enum CMarkParser {
    /// What cmark reports about the blocks of a document; lines are 1-based.
    struct Blocks {
        var headings: [Heading] = []
        var codeBlocks: [CodeBlock] = []
        var htmlBlocks: [ClosedRange<Int>] = []
        var listItems: [ListItem] = []
        /// Fenced blocks whose reported end runs past their content: the code block's index,
        /// the last line of its content, and the fence character, for `MarkdownDocument` to
        /// tell a closing fence from cmark reporting one line too many.
        var fenceChecks: [(block: Int, contentEnd: Int, fence: UInt8)] = []
        /// The content of every inline code span, in order (the oracle of `NoteStructure`'s).
        var codeSpans: [String] = []
    }

    /// cmark keeps a global registry of extensions; registering is done once per process
    /// (Swift runs a global's initializer exactly once, thread-safely).
    /// The pointers are to cmark's immutable, process-wide extension records.
    nonisolated(unsafe) private static let extensions: [OpaquePointer] = {
        cmark_gfm_core_extensions_ensure_registered()
        return ["table", "strikethrough", "autolink", "tasklist"].compactMap { name in
            name.withCString { cmark_find_syntax_extension($0) }
        }
    }()

    /// Parses `bytes` (frontmatter already blanked) into block facts. Never fails.
    static func parse(_ bytes: [UInt8]) -> Blocks {
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return Blocks() }
        defer { cmark_parser_free(parser) }
        for ext in extensions { cmark_parser_attach_syntax_extension(parser, ext) }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_parser_feed(parser, $0, buffer.count)
                }
            }
        }
        guard let root = cmark_parser_finish(parser) else { return Blocks() }
        defer { cmark_node_free(root) }
        return collect(root)
    }

    /// The text of each heading found by an outline scan of `bytes`, as cmark reads it (inline
    /// markup resolved, line breaks as spaces); nil where cmark finds no heading (a setext
    /// underline under nothing but link reference definitions).
    ///
    /// Headings are parsed alone, a few hundred at a time, each from at most its budget of
    /// bytes (`HeadingSource`): cmark's tree costs many times the text it holds, and its
    /// inline parser is slow on long runs of markup.
    static func headingTexts(_ sources: [HeadingSource], in bytes: [UInt8]) -> [String?] {
        var texts: [String?] = []
        texts.reserveCapacity(sources.count)
        var start = 0
        while start < sources.count {
            var end = start
            var size = 0
            while end < sources.count && end - start < 512 && (size < 65_536 || end == start) {
                size += sources[end].parts.reduce(8) { $0 + $1.count + 1 }
                end += 1
            }
            let batch = sources[start..<end]
            let found = parse(batch.reduce(into: []) { text, source in text += chunk(source, bytes) }).headings
            if found.count == batch.count {
                texts += found.map(\.text)
            } else {
                texts += batch.map { parse(chunk($0, bytes)).headings.first?.text }
            }
            start = end
        }
        return texts
    }

    /// One heading as a document of its own, followed by a blank line.
    private static func chunk(_ source: HeadingSource, _ bytes: [UInt8]) -> [UInt8] {
        var text: [UInt8] = []
        for (index, part) in source.parts.enumerated() {
            if index > 0 { text.append(0x0A) }
            text += bytes[part]
        }
        if source.isSetext { text += source.level == 1 ? Array("\n===".utf8) : Array("\n---".utf8) }
        text += [0x0A, 0x0A]
        return text
    }

    private static func collect(_ root: OpaquePointer) -> Blocks {
        var blocks = Blocks()
        guard let iterator = cmark_iter_new(root) else { return blocks }
        defer { cmark_iter_free(iterator) }
        var headingText: String?
        var headingStart = (level: 0, line: 0)
        var listDepth = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let entering = event == CMARK_EVENT_ENTER
            switch type {
            case CMARK_NODE_HEADING:
                if entering {
                    headingText = ""
                    headingStart = (Int(cmark_node_get_heading_level(node)), Int(cmark_node_get_start_line(node)))
                } else {
                    blocks.headings.append(
                        Heading(level: headingStart.level, text: trimmed(headingText ?? ""), line: headingStart.line))
                    headingText = nil
                }
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if entering, headingText != nil { headingText! += literal(node) }
                if type == CMARK_NODE_CODE { blocks.codeSpans.append(literal(node)) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                if entering, headingText != nil { headingText! += " " }
            case CMARK_NODE_CODE_BLOCK:
                var length: Int32 = 0
                var offset: Int32 = 0
                var character: CChar = 0
                let fenced = cmark_node_get_fenced(node, &length, &offset, &character) != 0
                let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
                let lines = lineRange(node)
                if fenced, let literal = cmark_node_get_literal(node) {
                    var contentLines = 0
                    var cursor = literal
                    while cursor.pointee != 0 {
                        if cursor.pointee == 0x0A { contentLines += 1 }
                        cursor += 1
                    }
                    if lines.upperBound > lines.lowerBound + contentLines {
                        blocks.fenceChecks.append(
                            (blocks.codeBlocks.count, lines.lowerBound + contentLines, UInt8(bitPattern: character)))
                    }
                }
                blocks.codeBlocks.append(
                    CodeBlock(
                        lines: lines, isFenced: fenced,
                        info: fenced ? trimmed(info) : ""))
            case CMARK_NODE_HTML_BLOCK:
                blocks.htmlBlocks.append(lineRange(node))
            case CMARK_NODE_LIST:
                listDepth += entering ? 1 : -1
            case CMARK_NODE_ITEM:
                if entering {
                    blocks.listItems.append(ListItem(line: Int(cmark_node_get_start_line(node)), depth: listDepth))
                }
            default:
                break
            }
        }
        return blocks
    }

    private static func lineRange(_ node: OpaquePointer) -> ClosedRange<Int> {
        let start = Int(cmark_node_get_start_line(node))
        return start...max(start, Int(cmark_node_get_end_line(node)))
    }

    private static func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmed()
    }
}
