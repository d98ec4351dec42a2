import Foundation

/// Builds a `Note`'s metadata from its bytes (DESIGN.md 3).
public enum NoteReader {
    /// Reads title, aliases, tags, headings and frontmatter facts from a note's bytes.
    public static func note(
        path: String, kind: FolderKind, status: FileStatus, bytes: [UInt8]
    ) -> Note {
        var note = skeleton(path: path, kind: kind, status: status, availability: .available)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            note.isUTF8 = false
            return note
        }
        let document = MarkdownDocument(bytes: bytes)
        apply(document, to: &note)
        return note
    }

    /// Fills a note's metadata from an already parsed document.
    public static func apply(_ document: MarkdownDocument, to note: inout Note) {
        note.headings = document.headings
        var tags: [String] = []
        if let frontmatter = document.frontmatter {
            note.hasFrontmatter = true
            note.frontmatterIssues = frontmatter.issues
            note.verbatimKeys = frontmatter.entries.compactMap {
                if case .verbatim = $0.value { return $0.key }
                return nil
            }
            if case .string(let title) = frontmatter["title"], !title.trimmingCharacters(in: .whitespaces).isEmpty {
                note.title = title.trimmingCharacters(in: .whitespaces)
            } else if let heading = leadingTitleHeading(document, skippingLines: frontmatter.lines.upperBound) {
                note.title = heading.text
            }
            note.aliases = frontmatter.strings(for: ["aliases", "alias"])
            tags = frontmatter.strings(for: ["tags", "tag"], splitOnSpaces: true).map {
                $0.hasPrefix("#") ? String($0.dropFirst()) : $0
            }
        } else {
            let properties = LogseqProperties(text: Substring(String(decoding: document.bytes.prefix(4096), as: UTF8.self)))
            if let title = properties["title"], !title.isEmpty {
                note.title = title
            } else if let heading = leadingTitleHeading(document, skippingLines: properties.entries.count) {
                note.title = heading.text
            }
            note.aliases = properties.names("alias")
            tags = properties.names("tags")
        }
        tags += TagScanner.inlineTags(in: document)
        note.tags = unique(tags.filter { !$0.isEmpty })
    }

    /// The `# Title` a note starts with: a level-1 heading that is the first thing after the
    /// frontmatter (or Logseq properties), not nested in a list or quote. A heading further
    /// down names a section, not the note; Obsidian and Logseq name such notes by file.
    static func leadingTitleHeading(_ document: MarkdownDocument, skippingLines skipped: Int) -> Heading? {
        let bytes = document.bytes
        var line = skipped + 1
        while line <= document.sourceMap.lineCount {
            let range = document.sourceMap.range(ofLine: line, in: bytes)
            var start = range.lowerBound
            if line == 1 && document.hasByteOrderMark { start += 3 }
            let content = bytes[min(start, range.upperBound)..<range.upperBound]
            if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                line += 1
                continue
            }
            guard let heading = document.headings.first, heading.line == line, heading.level == 1, !heading.text.isEmpty
            else { return nil }
            let indent = content.prefix(while: { $0 == 0x20 }).count
            let isATX = indent <= 3 && content.dropFirst(indent).first == UInt8(ascii: "#")
            // A setext heading's text line is plain; its underline of `=` follows.
            let isSetext = !isATX && line < document.sourceMap.lineCount
                && bytes[document.sourceMap.range(ofLine: line + 1, in: bytes)].first == UInt8(ascii: "=")
            return isATX || isSetext ? heading : nil
        }
        return nil
    }

    /// A note with only what its path and status tell (for placeholders, unreadable notes).
    public static func skeleton(path: String, kind: FolderKind, status: FileStatus, availability: Note.Availability) -> Note {
        let name = path.split(separator: "/").last.map(String.init) ?? path
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
        for tag in tags {
            let normalized = tag.precomposedStringWithCanonicalMapping
            if seen.insert(normalized.lowercased()).inserted { result.append(normalized) }
        }
        return result
    }
}
