import FoundationEssentials
import VaultSystem

/// Everything one note says, as one value: its title, aliases, tags, headings, block ids,
/// links, tasks and frontmatter problems.
///
/// Built from one `NoteStructure` of the note's bytes, which alone decides what is code, raw
/// HTML, a comment or text; each fact is then read off it. Every read command consumes this
/// value, and a cache of it stores exactly this: plain structs, strings and integer byte
/// ranges, nothing that is costly to encode or decode.
public struct NoteFacts: Codable, Sendable, Equatable {
    /// Which facts to read: a command that shows titles need not read links or tasks.
    public struct Parts: OptionSet, Codable, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Title, aliases, frontmatter and Logseq tags, frontmatter problems: only the
        /// header and the first block are read.
        public static let header = Parts(rawValue: 1 << 0)
        /// Inline `#tags` (implies the header).
        public static let tags = Parts(rawValue: 1 << 1)
        /// The headings, block ids, links and tasks, each read only when asked for.
        public static let headings = Parts(rawValue: 1 << 2), blockIDs = Parts(rawValue: 1 << 3),
            links = Parts(rawValue: 1 << 4), tasks = Parts(rawValue: 1 << 5)
        public static let all: Parts = [.header, .tags, .headings, .blockIDs, .links, .tasks]
    }

    /// The facts that were read; the others are left empty.
    public var parts: Parts
    /// False when the bytes are not valid UTF-8: such a note has no title, tags, headings or
    /// links of its own (it is never rewritten), only its tasks, listed and never edited.
    public var isUTF8: Bool
    public var hasFrontmatter: Bool
    /// Frontmatter `title:` or Logseq `title::`, else the `# Title` heading the note starts
    /// with; nil when it has neither (its file name is its title).
    public var title: String?
    /// Frontmatter `aliases:` (or Logseq `alias::`).
    public var aliases: [String]
    /// Frontmatter (or Logseq) tags then inline tags, without `#`, each once (first spelling
    /// kept, compared case-insensitively after NFC).
    public var tags: [String]
    /// How many of `tags` the header gave (they come first): what a summary, which reads no
    /// inline tag, holds of them.
    public var headerTagCount: Int
    public var headings: [Heading]
    public var blockIDs: [BlockID]
    /// The links in the order written: frontmatter links first.
    public var links: [Link]
    public var tasks: [TaskFact]
    /// True when the frontmatter says `tasks: false`: the note's tasks are not listed.
    public var optsOutOfTasks: Bool
    /// Frontmatter lines that could not be read.
    public var frontmatterIssues: [Frontmatter.Issue]
    /// Frontmatter keys whose values are outside the supported YAML subset, kept verbatim.
    public var verbatimKeys: [String]

    /// Reads the facts of a note.
    ///
    /// - Parameter complete: false when `bytes` is only the start of the note (a summary
    ///   reads a prefix); UTF-8 is then checked on what was read.
    /// - Parameter dialect: whose rules the note is written by (a Logseq graph's notes are
    ///   outlines whose tags and page properties name pages and whose `TODO` words are tasks).
    public init(bytes: [UInt8], parts: Parts = .all, complete: Bool = true, dialect: NoteDialect = .markdown) {
        self.init(bytes: bytes, parts: parts, complete: complete, mayHoldTask: nil, dialect: dialect)
    }

    /// The facts of a note; `mayHoldTask` is what `TaskSyntax.mayHoldTask` said of the bytes
    /// when the caller asked already (the task list asks before it reads anything else).
    package init(bytes: [UInt8], parts: Parts, complete: Bool, mayHoldTask: Bool?, dialect: NoteDialect = .markdown) {
        self.parts = parts
        isUTF8 = Self.isUTF8(bytes, complete: complete)
        hasFrontmatter = false
        aliases = []
        tags = []
        headerTagCount = 0
        headings = []
        blockIDs = []
        links = []
        tasks = []
        optsOutOfTasks = false
        frontmatterIssues = []
        verbatimKeys = []
        let body: Parts = [.tags, .headings, .blockIDs, .links, .tasks]
        let needsBody =
            !parts.isDisjoint(with: [.headings, .blockIDs, .links])
            || (parts.contains(.tasks) && (mayHoldTask ?? TaskSyntax.mayHoldTask(bytes, dialect: dialect)))
            || (parts.contains(.tags) && isUTF8 && Self.mayHoldInlineTag(bytes))
        let structure = NoteStructure(
            bytes: bytes, extent: needsBody && !parts.isDisjoint(with: body) ? .whole : .header,
            recordsBlocks: !parts.isDisjoint(with: [.header, .tags, .headings]), dialect: dialect)
        if isUTF8 && !parts.isDisjoint(with: [.header, .tags]) {
            readHeader(structure)
            if !tags.isEmpty { headerTagCount = Self.unique(tags).count }
        }
        if structure.extent == .whole {
            if isUTF8 && parts.contains(.tags) { tags += TagScanner.inlineTags(in: structure) }
            if isUTF8 && parts.contains(.headings) { headings = structure.headings() }
            if isUTF8 && parts.contains(.blockIDs) { blockIDs = BlockIDScanner.blockIDs(in: structure) }
            if isUTF8 && parts.contains(.links) { links = LinkScanner.links(in: structure) }
            if parts.contains(.tasks) {
                optsOutOfTasks = TaskSyntax.optsOut(structure)
                if !optsOutOfTasks { tasks = TaskSyntax.tasks(in: structure) }
            }
        } else if parts.contains(.tasks) {
            optsOutOfTasks = TaskSyntax.optsOut(structure)
        }
        tags = Self.unique(tags)
    }

    /// These facts with only `parts` read: what reading the note for those parts alone gives,
    /// so that facts read once for everything serve a command that asks for less.
    public func restricted(to parts: Parts) -> NoteFacts {
        var facts = self
        facts.restrict(to: parts)
        return facts
    }

    /// Leaves only `parts` of the facts, as `restricted(to:)` does, in place: a reader of the
    /// cache restricts every record it decodes, and a copy made to be restricted took and
    /// let go of each of the facts' arrays once more.
    public mutating func restrict(to parts: Parts) {
        if self.parts.isSubset(of: parts) { return }
        self.parts = self.parts.intersection(parts)
        if parts.isDisjoint(with: [.header, .tags]) {
            hasFrontmatter = false
            title = nil
            aliases = []
            tags = []
            headerTagCount = 0
            frontmatterIssues = []
            verbatimKeys = []
        } else if !parts.contains(.tags) {
            tags = Array(tags.prefix(headerTagCount))
        }
        if !parts.contains(.headings) { headings = [] }
        if !parts.contains(.blockIDs) { blockIDs = [] }
        if !parts.contains(.links) { links = [] }
        if !parts.contains(.tasks) {
            tasks = []
            optsOutOfTasks = false
        }
    }

    /// True when the bytes are UTF-8; a prefix may end inside a character.
    public static func isUTF8(_ bytes: [UInt8], complete: Bool) -> Bool {
        switch UTF8Check.validate(bytes) {
        case .valid: return true
        case .truncated: return !complete
        case .invalid: return false
        }
    }

    /// False when no `#` could start a tag (each is a heading marker or follows a word), so
    /// the body need not be scanned to know there are no inline tags.
    static func mayHoldInlineTag(_ bytes: [UInt8]) -> Bool {
        // A byte-order mark is not text: a tag right after it starts the first line.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "#") {
                let before = index == start ? 0x0A : bytes[index - 1]
                let after = index + 1 < bytes.count ? bytes[index + 1] : 0x20
                if (before == 0x0A || before == 0x20 || before == 0x09)
                    && !(after == 0x20 || after == 0x09 || after == 0x0A || after == 0x0D || after == UInt8(ascii: "#"))
                {
                    return true
                }
            }
            index += 1
        }
        return false
    }

    /// Keeps the first spelling of each tag, comparing case-insensitively after NFC.
    package static func unique(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for tag in tags where !tag.isEmpty {
            let normalized = tag.utf8.allSatisfy { $0 < 0x80 } ? tag : tag.canonicallyComposed
            if seen.insert(normalized.lowercased()).inserted { result.append(normalized) }
        }
        return result
    }
}
