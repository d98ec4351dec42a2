import VaultSystem

/// A block id, `^id` at the end of a paragraph or list item's line (or on a line of its own
/// after the block), which `[[Note#^id]]` links name.
public struct BlockID: Codable, Sendable, Equatable {
    /// The id, without `^`.
    public var id: String
    /// The 1-based line it is written on.
    public var line: Int
    /// The bytes of `^id`.
    public var range: Range<Int>

    public init(id: String, line: Int, range: Range<Int>) {
        self.id = id
        self.line = line
        self.range = range
    }
}
