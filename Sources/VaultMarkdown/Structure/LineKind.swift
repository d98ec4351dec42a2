import VaultSystem

/// What one line of a note is, as the outline scan finds it: one byte per line, so a note of
/// millions of lines keeps this cheaply.
package struct LineKind: OptionSet, Sendable, Equatable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// In a fenced or indented code block, fences included.
    package static let code = LineKind(rawValue: 1 << 0)
    /// In an HTML block: raw HTML, where nothing is a link, tag or task (as in cmark).
    package static let html = LineKind(rawValue: 1 << 1)
    /// Holds inline content: a paragraph's line, an ATX heading, a table row.
    package static let inline = LineKind(rawValue: 1 << 2)
    /// Starts a new run of inline content (a paragraph, a heading, a table row): a code span
    /// never runs into it from the line before.
    package static let leafStart = LineKind(rawValue: 1 << 3)
    /// Part of the frontmatter block, its delimiter lines included.
    package static let frontmatter = LineKind(rawValue: 1 << 4)
    /// Part of a link reference definition (`[label]: target "title"`).
    package static let referenceDefinition = LineKind(rawValue: 1 << 5)

    /// Lines whose text is never read for links, tags or block ids.
    package static let hidden: LineKind = [.code, .html, .frontmatter]
}
