import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Builds a `Note`'s metadata from its bytes (DESIGN.md 3).
public enum NoteReader {
    /// How much of a note to read: parsing the whole markdown costs far more than reading the
    /// file, so commands ask only for what they show.
    public enum Detail: Int, Sendable, Comparable {
        /// Paths only, from the folder listings: no note is opened or even `stat`ed (titles
        /// are file names; size and modification time are left at zero).
        case paths = -1
        /// Title, aliases, frontmatter and Logseq tags, frontmatter facts: no markdown parse.
        case summary
        /// The summary plus inline tags (the markdown is parsed only when a tag may be there).
        case tags
        /// Everything, headings included.
        case full

        public static func < (lhs: Detail, rhs: Detail) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// How much of a note a summary reads: its header and first block fit in far less.
    public static let summaryPrefix = 16 * 1024

    /// Reads a note's metadata from its bytes, to the level of detail asked for.
    ///
    /// - Parameter complete: false when `bytes` is only the start of the note (a summary
    ///   reads `summaryPrefix` bytes); UTF-8 is then checked on what was read.
    public static func note(
        path: String, kind: FolderKind, status: FileStatus, bytes: [UInt8], detail: Detail = .full,
        complete: Bool = true, dialect: NoteDialect = .markdown
    ) -> Note {
        let facts = NoteFacts(bytes: bytes, parts: parts(for: detail), complete: complete, dialect: dialect)
        return note(path: path, kind: kind, status: status, facts: facts)
    }

    /// The facts a level of detail needs.
    public static func parts(for detail: Detail) -> NoteFacts.Parts {
        switch detail {
        case .paths, .summary: return .header
        case .tags: return [.header, .tags]
        case .full: return [.header, .tags, .headings]
        }
    }

    /// A note's metadata from its facts.
    public static func note(path: String, kind: FolderKind, status: FileStatus, facts: NoteFacts) -> Note {
        guard facts.isUTF8 else {
            var note = skeleton(path: path, kind: kind, status: status, availability: .available)
            note.isUTF8 = false
            return note
        }
        // Made whole in one go: a skeleton filled in field by field was copied and let go
        // twice for each note, in every command that lists notes.
        let stem = facts.title == nil || kind == .journal ? NoteFiles.stem(ofPath: path) : ""
        return Note(
            path: path, kind: kind, availability: .available, unavailableReason: nil,
            size: status.size, modified: status.modified, title: facts.title ?? stem, aliases: facts.aliases, tags: facts.tags,
            headings: facts.headings, journalDate: kind == .journal ? journalDate(fromStem: stem) : nil,
            isUTF8: true, hasFrontmatter: facts.hasFrontmatter, frontmatterIssues: facts.frontmatterIssues,
            verbatimKeys: facts.verbatimKeys)
    }

    /// True when the bytes are UTF-8; a prefix may end inside a character.
    static func isUTF8(_ bytes: [UInt8], complete: Bool) -> Bool { NoteFacts.isUTF8(bytes, complete: complete) }

    /// True when a prefix holds the whole header a summary needs: it is not cut inside an
    /// open frontmatter block.
    public static func prefixHoldsHeader(_ bytes: [UInt8]) -> Bool { NoteStructure.holdsHeader(bytes) }

    /// A note with only what its path and status tell (for placeholders, unreadable notes).
    public static func skeleton(path: String, kind: FolderKind, status: FileStatus, availability: Note.Availability) -> Note {
        let stem = NoteFiles.stem(ofPath: path)
        return Note(
            path: path, kind: kind, availability: availability, unavailableReason: nil,
            size: status.size, modified: status.modified, title: stem, aliases: [], tags: [], headings: [],
            journalDate: kind == .journal ? journalDate(fromStem: stem) : nil,
            isUTF8: true, hasFrontmatter: false, frontmatterIssues: [], verbatimKeys: [])
    }

    /// `2026-11-30` from `2026-11-30` or Logseq's `2026_11_30`; nil for any other name.
    public static func journalDate(fromStem stem: String) -> String? {
        // On the stem's own bytes, with no array made: asked of every journal a walk reads.
        var stem = stem
        let separator = stem.withUTF8 { bytes -> UInt8? in
            guard bytes.count == 10, bytes[4] == bytes[7], bytes[4] == UInt8(ascii: "-") || bytes[4] == UInt8(ascii: "_")
            else { return nil }
            for index in 0..<10 where index != 4 && index != 7 && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                return nil
            }
            let month = Int(bytes[5] - 48) * 10 + Int(bytes[6] - 48)
            let day = Int(bytes[8] - 48) * 10 + Int(bytes[9] - 48)
            guard (1...12).contains(month), (1...31).contains(day) else { return nil }
            return bytes[4]
        }
        guard let separator else { return nil }
        return separator == UInt8(ascii: "-") ? stem : String(stem.map { $0 == "_" ? "-" : $0 })
    }
}
