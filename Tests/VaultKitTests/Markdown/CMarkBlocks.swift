@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// What cmark, parsing a whole note, says about its blocks: the oracle `MarkdownDocument`'s
/// own block scan is held to. Frontmatter is blanked (newlines kept) so line numbers stay
/// true, and cmark's two known slips are corrected as the document once did itself: a fence
/// left open until its list item or quote ends is reported one line too long, and an
/// indented block takes the blank lines after it.
struct CMarkBlocks {
    var headings: [Heading]
    var codeBlocks: [CodeBlock]
    var htmlBlocks: [ClosedRange<Int>]
    var listItems: [ListItem]

    init(_ bytes: [UInt8]) {
        let map = SourceMap(bytes)
        var text = bytes
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if let frontmatter = Frontmatter.locate(in: bytes, from: start) {
            for index in frontmatter.byteRange where text[index] != 0x0A { text[index] = 0x20 }
        }
        let blocks = CMarkParser.parse(text)
        headings = blocks.headings
        var fixed = blocks.codeBlocks
        for check in blocks.fenceChecks where fixed[check.block].lines.upperBound <= map.lineCount {
            let last = map.range(ofLine: fixed[check.block].lines.upperBound, in: bytes)
            let text = bytes[last].drop { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
            if text.prefix(3).count < 3 || !text.prefix(3).allSatisfy({ $0 == check.fence }) {
                let lower = fixed[check.block].lines.lowerBound
                fixed[check.block].lines = lower...max(lower, check.contentEnd)
            }
        }
        codeBlocks = fixed.map { block in
            guard !block.isFenced else { return block }
            var trimmed = block
            while trimmed.lines.upperBound > trimmed.lines.lowerBound,
                map.range(ofLine: min(trimmed.lines.upperBound, map.lineCount), in: bytes).allSatisfy({
                    bytes[$0] == 0x20 || bytes[$0] == 0x09
                })
            {
                trimmed.lines = trimmed.lines.lowerBound...(trimmed.lines.upperBound - 1)
            }
            return trimmed
        }
        htmlBlocks = blocks.htmlBlocks
        listItems = blocks.listItems
    }
}
