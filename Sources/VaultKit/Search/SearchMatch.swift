import VaultMarkdown
import VaultSystem

/// A note found by `NoteFinder`, with the field that matched best.
public struct NoteMatch: Sendable, Equatable {
    /// Which text of the note matched.
    public enum Field: String, Sendable, Codable {
        case title, alias, path
    }

    public var note: Note
    /// The fzf score of the best field (0 when the query looks for nothing).
    public var score: Int
    public var field: Field
    /// The text that matched: the title, one alias, or the path without its extension.
    public var text: String
    /// The UTF-8 byte ranges of `text` that matched, for highlighting.
    public var ranges: [Range<Int>]
}

extension NoteMatch: Encodable {
    private enum CodingKeys: String, CodingKey {
        case path, title, kind, score, field, text, positions
    }

    /// `positions` are the matched characters of `text`, counted in Unicode scalars.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(note.path, forKey: .path)
        try container.encode(note.title, forKey: .title)
        try container.encode(note.kind, forKey: .kind)
        try container.encode(score, forKey: .score)
        try container.encode(field, forKey: .field)
        try container.encode(text, forKey: .text)
        try container.encode(ScalarOffsets.spans(of: ranges, in: text).flatMap { Array($0[0]..<$0[1]) }, forKey: .positions)
    }
}

/// A line found by `LineSearch`.
public struct LineMatch: Sendable, Equatable {
    /// The note's vault-relative path.
    public var path: String
    /// The 1-based line number.
    public var line: Int
    /// The line without its line ending (a byte that is not UTF-8 shows as U+FFFD).
    public var text: String
    /// The UTF-8 byte ranges of `text` that matched, for highlighting.
    public var ranges: [Range<Int>]
    /// The fuzzy score (0 for exact and regex searches).
    public var score: Int
    /// Lines before and after it, when context was asked for.
    public var before: [ContextLine] = []
    public var after: [ContextLine] = []
    /// True for a fuzzy match where every term stands as written (a case-insensitive
    /// substring), which ranks before the lines whose letters are only scattered.
    public var literal = false
}

/// A line shown around a match.
public struct ContextLine: Sendable, Equatable, Encodable {
    public var line: Int
    public var text: String
}

extension LineMatch: Encodable {
    private enum CodingKeys: String, CodingKey {
        case path, line, text, ranges, score, before, after
    }

    /// `ranges` are `[start, end]` pairs of Unicode scalar offsets into `text`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(line, forKey: .line)
        try container.encode(text, forKey: .text)
        try container.encode(ScalarOffsets.spans(of: ranges, in: text), forKey: .ranges)
        try container.encode(score, forKey: .score)
        if !before.isEmpty || !after.isEmpty {
            try container.encode(before, forKey: .before)
            try container.encode(after, forKey: .after)
        }
    }
}

/// Converts UTF-8 byte ranges to Unicode scalar offsets, the unit JSON readers index by.
enum ScalarOffsets {
    /// `[start, end]` in scalars of each range, in one pass over `text`: a line of a few
    /// megabytes holds tens of thousands of matches, and counting from its start for each
    /// took minutes.
    static func spans(of ranges: [Range<Int>], in text: String) -> [[Int]] {
        let bounds = Array(Set(ranges.flatMap { [$0.lowerBound, $0.upperBound] })).sorted()
        var scalars: [Int: Int] = [:]
        scalars.reserveCapacity(bounds.count)
        var next = 0
        var count = 0
        var offset = 0
        for byte in text.utf8 {
            while next < bounds.count && bounds[next] <= offset {
                scalars[bounds[next]] = count
                next += 1
            }
            if next == bounds.count { break }
            if byte & 0xC0 != 0x80 { count += 1 }
            offset += 1
        }
        for bound in bounds[next...] { scalars[bound] = count }
        return ranges.map { [scalars[$0.lowerBound]!, scalars[$0.upperBound]!] }
    }
}
