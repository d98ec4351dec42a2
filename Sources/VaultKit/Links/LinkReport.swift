import VaultMarkdown
import VaultSystem

/// A link as reported to people and scripts: where it is, how it is written, where it goes.
public struct LinkReport: Sendable, Codable, Equatable {
    public var source: String
    public var line: Int
    /// The link exactly as written.
    public var text: String
    public var form: Link.Form
    public var embed: Bool
    /// The target as written, decoded.
    public var target: String
    public var fragment: String?
    /// Where it resolves, nil when it dangles.
    public var resolved: String?
    /// How many files its bare name matched (more than one: a tie-break chose).
    public var candidates: Int
    /// The line the link is on, shared with the other reports of its links, and where the
    /// link starts in it: the context is cut from it only when asked for (a check of a
    /// million links prints none of them). An offset of -1 marks a context already cut,
    /// which stands for itself: cut again, one longer than `LinkEdge.contextLimit` would
    /// lose its ends.
    private var contextLine: String
    private var contextOffset: Int

    /// `text` on one line, for a terminal: a link whose text runs over lines has each line
    /// break, with the indent after it, shown as one space.
    public var textOnOneLine: String {
        guard Self.mayHoldLineBreak(text), text.contains(where: \.isNewline) else { return text }
        return text.split(whereSeparator: \.isNewline).map { $0.drop(while: { $0 == " " || $0 == "\t" }) }.joined(separator: " ")
    }

    /// False when `text` holds no line break, told from its bytes: a byte from 0x0A to 0x0D,
    /// or U+0085, U+2028 or U+2029 (`C2 85`, `E2 80 A8`, `E2 80 A9`), and nothing else, starts
    /// one. A check asked it of each of its 30,000 reports, by characters, on the one thread
    /// that writes; dashes and curly quotes (`E2 80 …` too) are told apart by their last byte.
    static func mayHoldLineBreak(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                if byte &- 0x0A < 4 { return true }
                if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 { return true }
                if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] &- 0xA8 < 2 { return true }
            }
            return false
        } ?? true
    }

    /// The line the link is on, trimmed, for context (around the link on a long line).
    public var context: String {
        contextOffset < 0 ? contextLine : LinkEdge.excerpt(of: contextLine, at: contextOffset, length: text.utf8.count)
    }

    /// Describes an edge.
    public init(_ edge: LinkEdge) {
        source = edge.source
        line = edge.link.line
        text = edge.text
        form = edge.link.form
        embed = edge.link.isEmbed
        target = edge.link.target
        fragment = edge.link.fragment
        resolved = edge.resolution.path
        candidates = edge.resolution.candidates
        contextLine = edge.line
        contextOffset = edge.offset
    }

    /// A report as it was made before and kept (`CheckMemo`), its context already cut.
    init(
        source: String, line: Int, text: String, form: Link.Form, embed: Bool, target: String, fragment: String?, resolved: String?,
        candidates: Int, context: String
    ) {
        self.source = source
        self.line = line
        self.text = text
        self.form = form
        self.embed = embed
        self.target = target
        self.fragment = fragment
        self.resolved = resolved
        self.candidates = candidates
        contextLine = context
        contextOffset = -1
    }

    /// Reports are equal when they say the same: a context kept cut equals the line it was cut from.
    public static func == (lhs: LinkReport, rhs: LinkReport) -> Bool {
        lhs.source == rhs.source && lhs.line == rhs.line && lhs.text == rhs.text && lhs.form == rhs.form && lhs.embed == rhs.embed
            && lhs.target == rhs.target && lhs.fragment == rhs.fragment && lhs.resolved == rhs.resolved
            && lhs.candidates == rhs.candidates && lhs.context == rhs.context
    }

    private enum CodingKeys: String, CodingKey {
        case source, line, text, form, embed, target, fragment, resolved, candidates, context
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        source = try container.decode(String.self, forKey: .source)
        line = try container.decode(Int.self, forKey: .line)
        text = try container.decode(String.self, forKey: .text)
        form = try container.decode(Link.Form.self, forKey: .form)
        embed = try container.decode(Bool.self, forKey: .embed)
        target = try container.decode(String.self, forKey: .target)
        fragment = try container.decodeIfPresent(String.self, forKey: .fragment)
        resolved = try container.decodeIfPresent(String.self, forKey: .resolved)
        candidates = try container.decode(Int.self, forKey: .candidates)
        // A context read back is already cut: it stands for itself.
        contextLine = try container.decode(String.self, forKey: .context)
        contextOffset = -1
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(line, forKey: .line)
        try container.encode(text, forKey: .text)
        try container.encode(form, forKey: .form)
        try container.encode(embed, forKey: .embed)
        try container.encode(target, forKey: .target)
        try container.encodeIfPresent(fragment, forKey: .fragment)
        try container.encodeIfPresent(resolved, forKey: .resolved)
        try container.encode(candidates, forKey: .candidates)
        try container.encode(context, forKey: .context)
    }
}
