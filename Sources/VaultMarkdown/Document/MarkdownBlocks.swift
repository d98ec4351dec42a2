import VaultSystem

/// A heading: its level (1 to 6), its plain text and the 1-based line it starts on.
public struct Heading: Equatable, Sendable, Codable {
    public var level: Int
    public var text: String
    public var line: Int

    public init(level: Int, text: String, line: Int) {
        self.level = level
        self.text = text
        self.line = line
    }
}

/// A fenced or indented code block and the 1-based lines it covers, fences included.
public struct CodeBlock: Equatable, Sendable {
    public var lines: ClosedRange<Int>
    public var isFenced: Bool
    /// The fence's info string (`swift`, `tasks`), empty for indented code.
    public var info: String

    public init(lines: ClosedRange<Int>, isFenced: Bool, info: String) {
        self.lines = lines
        self.isFenced = isFenced
        self.info = info
    }
}

/// A list item: the 1-based line its marker is on and how deep its list is nested (1 = top).
public struct ListItem: Equatable, Sendable {
    public var line: Int
    public var depth: Int

    public init(line: Int, depth: Int) {
        self.line = line
        self.depth = depth
    }
}
