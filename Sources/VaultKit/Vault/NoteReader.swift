import Foundation
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
        complete: Bool = true
    ) -> Note {
        var note = skeleton(path: path, kind: kind, status: status, availability: .available)
        guard isUTF8(bytes, complete: complete) else {
            note.isUTF8 = false
            return note
        }
        let bodyStart = readHeader(bytes, into: &note)
        var tags = note.tags
        switch detail {
        case .paths, .summary:
            break
        case .tags where !mayHoldInlineTag(bytes, from: bodyStart):
            break
        case .tags, .full:
            let document = MarkdownDocument(bytes: bytes)
            if detail == .full { note.headings = document.headings }
            tags += TagScanner.inlineTags(in: document)
        }
        note.tags = unique(tags)
        return note
    }

    /// True when the bytes are UTF-8; a prefix may end inside a character.
    static func isUTF8(_ bytes: [UInt8], complete: Bool) -> Bool {
        switch UTF8Check.validate(bytes) {
        case .valid: return true
        case .truncated: return !complete
        case .invalid: return false
        }
    }

    /// True when a prefix holds the whole header a summary needs: it is not cut inside an
    /// open frontmatter block.
    public static func prefixHoldsHeader(_ bytes: [UInt8]) -> Bool {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return !bytes[start...].starts(with: Array("---".utf8)) || Frontmatter.locate(in: bytes, from: start) != nil
    }

    /// Reads frontmatter (or Logseq properties) and the title; returns where the body starts.
    private static func readHeader(_ bytes: [UInt8], into note: inout Note) -> Int {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var bodyStart = start
        var title: String?
        if let frontmatter = Frontmatter.locate(in: bytes, from: start) {
            note.hasFrontmatter = true
            note.frontmatterIssues = frontmatter.issues
            note.verbatimKeys = frontmatter.entries.compactMap {
                if case .verbatim = $0.value { return $0.key }
                return nil
            }
            if case .string(let text) = frontmatter["title"] { title = text.trimmed() }
            note.aliases = frontmatter.strings(for: ["aliases", "alias"])
            note.tags = frontmatter.strings(for: ["tags", "tag"], splitOnSpaces: true).map {
                $0.hasPrefix("#") ? String($0.dropFirst()) : $0
            }
            bodyStart = frontmatter.byteRange.upperBound
        } else {
            // Properties start on the first line, so a first line without `::` rules them out.
            var colons = false
            var index = start
            while index + 1 < bytes.count && bytes[index] != 0x0A {
                if bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: ":") {
                    colons = true
                    break
                }
                index += 1
            }
            let properties =
                !colons
                ? LogseqProperties(text: "") : LogseqProperties(text: Substring(bytes.utf8String(start..<min(bytes.count, start + 4096))))
            if !properties.entries.isEmpty {
                title = properties["title"]
                note.aliases = properties.names("alias")
                note.tags = properties.names("tags")
                bodyStart = start + properties.byteCount
            }
        }
        if let title, !title.isEmpty {
            note.title = title
        } else if let heading = leadingTitle(bytes, from: bodyStart) {
            note.title = heading
        }
        return bodyStart
    }

    /// The `# Title` a note starts with, as its structure finds it (only the header and
    /// the first block are read, whatever the note's length).
    static func leadingTitle(_ bytes: [UInt8], from offset: Int) -> String? {
        NoteStructure(bytes: bytes, extent: .header).titleHeading()?.text
    }

    /// False when no `#` in the body could start a tag (each is a heading marker or follows a
    /// word), so the markdown need not be parsed to know there are no inline tags.
    static func mayHoldInlineTag(_ bytes: [UInt8], from start: Int) -> Bool {
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

    /// A note with only what its path and status tell (for placeholders, unreadable notes).
    public static func skeleton(path: String, kind: FolderKind, status: FileStatus, availability: Note.Availability) -> Note {
        let name = path.lastPathComponent
        let stem = NoteFiles.stem(name)
        return Note(
            path: path, kind: kind, availability: availability, unavailableReason: nil,
            size: status.size, modified: status.modified, title: stem, aliases: [], tags: [], headings: [],
            journalDate: kind == .journal ? journalDate(fromStem: stem) : nil,
            isUTF8: true, hasFrontmatter: false, frontmatterIssues: [], verbatimKeys: [])
    }

    /// `2026-11-30` from `2026-11-30` or Logseq's `2026_11_30`; nil for any other name.
    public static func journalDate(fromStem stem: String) -> String? {
        let bytes = Array(stem.utf8)
        guard bytes.count == 10, bytes[4] == bytes[7], bytes[4] == UInt8(ascii: "-") || bytes[4] == UInt8(ascii: "_")
        else { return nil }
        for index in [0, 1, 2, 3, 5, 6, 8, 9] where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            return nil
        }
        let month = Int(bytes[5] - 48) * 10 + Int(bytes[6] - 48)
        let day = Int(bytes[8] - 48) * 10 + Int(bytes[9] - 48)
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        return stem.replacingOccurrences(of: "_", with: "-")
    }

    /// Keeps the first spelling of each tag, comparing case-insensitively after NFC.
    static func unique(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for tag in tags where !tag.isEmpty {
            let normalized = tag.utf8.allSatisfy { $0 < 0x80 } ? tag : tag.precomposedStringWithCanonicalMapping
            if seen.insert(normalized.lowercased()).inserted { result.append(normalized) }
        }
        return result
    }
}
