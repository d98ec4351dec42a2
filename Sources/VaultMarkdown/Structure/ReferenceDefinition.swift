import VaultSystem

/// A link reference definition, `[label]: destination "title"`: a line (or a few) that
/// names a destination for `[text][label]`, `[label][]` and `[label]` to use, and is not
/// shown as text (Foam writes one per wikilink).
public struct ReferenceDefinition: Sendable, Equatable {
    /// The bytes between the brackets, as written; matched case-insensitively, white space
    /// collapsed.
    public var label: Range<Int>
    /// The destination as written, without its angle brackets.
    public var destination: Range<Int>
    /// True when the destination is written `<in angle brackets>`.
    public var angleBrackets: Bool
    /// The title's bytes, without its quotes or parentheses, when there is one.
    public var title: Range<Int>?
    /// From the `[` to the end of the last line the definition takes.
    public var range: Range<Int>
    /// The 1-based lines it takes.
    public var lines: ClosedRange<Int>

    public init(
        label: Range<Int>, destination: Range<Int>, angleBrackets: Bool, title: Range<Int>?, range: Range<Int>,
        lines: ClosedRange<Int>
    ) {
        self.label = label
        self.destination = destination
        self.angleBrackets = angleBrackets
        self.title = title
        self.range = range
        self.lines = lines
    }
}
