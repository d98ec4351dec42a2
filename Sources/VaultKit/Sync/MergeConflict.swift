import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// A note holding git's merge conflict markers (DESIGN.md 8): git wrote both sides of a
/// change into it, so its text, and its links, are two versions at once until a person keeps
/// one.
public struct MergeConflict: Sendable, Equatable, Codable {
    /// One side of a conflicting section: git's label for it and its lines.
    public struct Side: Sendable, Equatable, Codable {
        /// What git wrote after the marker: `HEAD`, a branch or a commit.
        public var label: String
        public var lines: [String]
    }

    /// One conflicting section, from `<<<<<<<` to `>>>>>>>`.
    public struct Section: Sendable, Equatable, Codable {
        /// The 1-based line of `<<<<<<<`.
        public var line: Int
        /// The version of the branch being merged into.
        public var ours: Side
        /// The common ancestor's text, when git wrote it (`merge.conflictStyle` diff3).
        public var base: Side?
        /// The version being merged in.
        public var theirs: Side
    }

    /// The note, vault-relative.
    public var path: String
    public var size: Int64
    public var modified: Date
    /// Its conflicting sections, in order.
    public var sections: [Section]

    /// The conflicting sections of a note's text, empty when there is none. A section counts
    /// only whole: `<<<<<<< `, then `=======`, then `>>>>>>> `, each at the start of a line and
    /// outside fenced code (a note about git may show markers in a code block).
    public static func sections(in bytes: [UInt8]) -> [Section] {
        guard mayHoldMarkers(bytes) else { return [] }
        let lines = Self.lines(bytes)
        var sections: [Section] = []
        var fence: (byte: UInt8, count: Int)?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if let open = fence {
                if Self.fence(line).map({ $0.byte == open.byte && $0.count >= open.count && $0.closes }) == true { fence = nil }
                index += 1
                continue
            }
            if let label = marker(line, "<"), let section = section(lines, from: index, ours: label) {
                sections.append(section.section)
                // Git does not care about fences inside a section: the text after it starts outside one.
                index = section.end + 1
                continue
            }
            if let opening = Self.fence(line) { fence = (opening.byte, opening.count) }
            index += 1
        }
        return sections
    }

    /// True when the bytes hold `<<<<<<<` at the start of a line: most notes are ruled out here.
    static func mayHoldMarkers(_ bytes: [UInt8]) -> Bool {
        var start = ByteOrderMark.length(of: bytes)
        let marker = Array("<<<<<<<".utf8)
        while start + marker.count <= bytes.count {
            if bytes[start] == marker[0] && bytes[start..<(start + marker.count)].elementsEqual(marker) { return true }
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else { return false }
            start = newline + 1
        }
        return false
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        LineDiff.split(Array(bytes.dropFirst(ByteOrderMark.length(of: bytes))))
    }

    /// The label after a 7-character marker of `character` at the start of `line`
    /// (`<<<<<<< HEAD` gives `HEAD`); nil when the line is not that marker.
    private static func marker(_ line: String, _ character: Character) -> String? {
        let run = String(repeating: character, count: 7)
        guard line.hasPrefix(run) else { return nil }
        let rest = line.dropFirst(7)
        if rest.isEmpty { return "" }
        guard rest.first == " " else { return nil }
        return rest.dropFirst().trimmingSpaces()
    }

    private static func isSeparator(_ line: String) -> Bool {
        line.hasPrefix("=======") && line.dropFirst(7).allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// The section that starts at `start`, and the line it ends on; nil when it never ends.
    private static func section(_ lines: [String], from start: Int, ours label: String) -> (section: Section, end: Int)? {
        var ours = Side(label: label, lines: [])
        var base: Side?
        var theirs: Side?
        for index in (start + 1)..<lines.count {
            let line = lines[index]
            if var side = theirs {
                if let label = marker(line, ">") {
                    side.label = label
                    return (Section(line: start + 1, ours: ours, base: base, theirs: side), index)
                }
                side.lines.append(line)
                theirs = side
            } else if isSeparator(line) {
                theirs = Side(label: "", lines: [])
            } else if base == nil, let label = marker(line, "|") {
                base = Side(label: label, lines: [])
            } else if base != nil {
                base!.lines.append(line)
            } else if marker(line, "<") != nil || marker(line, ">") != nil {
                return nil  // markers out of order: not git's
            } else {
                ours.lines.append(line)
            }
        }
        return nil
    }

    /// A code fence at the start of a line (up to three spaces in): its character, its length,
    /// and whether it could close a fence (nothing but spaces after it).
    private static func fence(_ line: String) -> (byte: UInt8, count: Int, closes: Bool)? {
        let bytes = Array(line.utf8)
        var index = 0
        while index < bytes.count && index < 3 && bytes[index] == 0x20 { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "`") || bytes[index] == UInt8(ascii: "~") else { return nil }
        let byte = bytes[index]
        var count = 0
        while index < bytes.count && bytes[index] == byte {
            count += 1
            index += 1
        }
        guard count >= 3 else { return nil }
        let rest = bytes[index...]
        // A backtick fence's info string holds no backtick; otherwise it is inline code.
        if byte == UInt8(ascii: "`") && rest.contains(byte) { return nil }
        return (byte, count, rest.allSatisfy { $0 == 0x20 || $0 == 0x09 })
    }
}

extension Vault {
    /// The notes holding merge conflict markers, when the vault is in a git work tree (the
    /// only place git writes them); empty elsewhere. Notes in the trash are left out, as
    /// everywhere links and tasks are read.
    public func mergeConflicts(_ scan: VaultScan) -> [MergeConflict] {
        guard gitWorkTree != nil else { return [] }
        return scan.notes.compactMap { note in
            guard note.kind != .trash, note.availability != .placeholder else { return nil }
            // A note the cache knows holds no marker line is not opened.
            if cache != nil,
                let reading = CachedReader(fileSystem: fileSystem, cache: cache, dialect: dialect, trustsWalk: true).cached(
                    path: note.path, absolute: absolutePath(note.path), wanted: []),
                reading.record?.mayHoldMergeMarkers == false
            {
                return nil
            }
            guard let contents = try? fileSystem.readPrefix(absolutePath(note.path), limit: Int.max) else { return nil }
            let sections = MergeConflict.sections(in: contents.bytes)
            return sections.isEmpty
                ? nil : MergeConflict(path: note.path, size: contents.status.size, modified: contents.status.modified, sections: sections)
        }
    }
}
