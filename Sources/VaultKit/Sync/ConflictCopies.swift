import VaultMarkdown
import VaultSystem

/// Recognises the conflict copies sync tools make, by the shape of the name rather than by
/// English words, since Dropbox translates its wording (DESIGN.md 8).
public enum ConflictCopies {
    /// The tool whose naming a conflict copy follows.
    public enum Tool: String, Sendable, Codable {
        case syncthing, dropbox, nextcloud, onedrive, icloud, resilio
        /// `vault`'s own: an earlier save kept when two saves by others crossed a write.
        case vault
    }

    /// The words `vault` puts in the name of its own conflict copies:
    /// `Name (vault conflict YYYY-MM-DD HHMMSS).md`.
    public static let vaultMarker = SafeWriter.conflictMarker

    /// What a conflict copy's name says about it.
    public struct Match: Equatable, Sendable {
        /// The name of the note it is a copy of, in the same folder.
        public var originalName: String
        public var tool: Tool
    }

    /// Tells whether `name` is a conflict copy.
    ///
    /// - Parameters:
    ///   - siblings: the other names in the same folder; shapes that a person might also
    ///     choose (`x 2.md`, `x-HOST.md`, `x (… 2026-01-02).md`) count only when `x.md` exists.
    ///   - iCloud: whether the vault lives in iCloud Drive, the only place `x 2.md` is a copy
    ///     rather than the `T 2` name `vault` itself gives a second note titled T.
    public static func match(_ name: String, siblings: Set<String>, iCloud: Bool) -> Match? {
        guard NoteFiles.isNoteName(name), mayBeCopy(name, iCloud: iCloud) else { return nil }
        let ext = NoteFiles.fileExtension(name)
        let stem = Array(NoteFiles.stem(name))
        func original(_ end: Int) -> String { String(stem[..<end]) + ext }

        if let marker = lastRange(of: ".sync-conflict-", in: stem) {
            let tail = stem[marker.upperBound...]
            let parts = tail.split(separator: "-", omittingEmptySubsequences: false)
            if parts.count == 3, parts[0].count == 8, parts[0].allSatisfy(\.isPlainDigit), parts[1].count == 6,
                parts[1].allSatisfy(\.isPlainDigit), !parts[2].isEmpty,
                parts[2].allSatisfy({ $0.isPlainDigit || ("A"..."Z").contains($0) })
            {
                return Match(originalName: original(marker.lowerBound), tool: .syncthing)
            }
        }
        if stem.count > 9, String(stem.suffix(9)) == ".Conflict" {
            return Match(originalName: original(stem.count - 9), tool: .resilio)
        }
        if let match = parenthesised(stem, ext: ext), siblings.contains(match.originalName) { return match }
        // OneDrive appends the machine's name, which may itself hold dashes (`DESKTOP-1AB2C3D`).
        for dash in stem.indices where stem[dash] == "-" && dash > 0 {
            if isMachineName(stem[(dash + 1)...]), siblings.contains(original(dash)) {
                return Match(originalName: original(dash), tool: .onedrive)
            }
        }
        if iCloud, let space = stem.lastIndex(of: " "), space > 0 {
            let number = stem[(space + 1)...]
            if !number.isEmpty, number.allSatisfy(\.isPlainDigit), siblings.contains(original(space)) {
                return Match(originalName: original(space), tool: .icloud)
            }
        }
        return nil
    }

    /// True for a name OneDrive takes from a machine Windows named itself (`DESKTOP-1AB2C3D`,
    /// `LAPTOP-…`, seven capitals and digits). Any other code after a dash (`Plan-V2`,
    /// `Report-FY2026Q1`) is a name people give notes, and `vault new` gives them as typed: a
    /// copy from a machine named otherwise is listed as a note, which loses nothing, where a
    /// note taken for a copy was hidden and followed another note's renames.
    static func isMachineName(_ host: ArraySlice<Character>) -> Bool {
        ["DESKTOP-", "LAPTOP-"].contains { prefix in
            let code = host.dropFirst(prefix.count)
            return host.starts(with: prefix) && code.count == 7 && code.allSatisfy { $0.isPlainDigit || ("A"..."Z").contains($0) }
        }
    }

    /// A cheap look at the bytes that rules out most names before they are taken apart.
    static func mayBeCopy(_ name: String, iCloud: Bool) -> Bool {
        // Over the name's own bytes, by offsets: the walk asks this of every note, and a copy
        // of each name (or generic slices of its view) was most of the walk's cost here.
        var name = name
        return name.withUTF8 { all in
            let bytes = UnsafeBufferPointer(rebasing: all[..<NoteFiles.stemByteCount(ofName: all)])
            guard let last = bytes.last else { return false }
            if last == UInt8(ascii: ")") { return true }
            if iCloud && isDigit(last) { return true }
            if bytes.count > 9 && bytes[(bytes.count - 9)...].elementsEqual(".Conflict".utf8) { return true }
            // Syncthing and OneDrive both end in a dash-separated code of capitals and digits.
            guard let lastDash = bytes.lastIndex(of: UInt8(ascii: "-")),
                bytes[(lastDash + 1)...].allSatisfy({ isCapital($0) || isDigit($0) })
            else { return false }
            if ByteScan.contains(bytes, ".sync-conflict-") { return true }
            // OneDrive's machine name holds a capital after a dash: a dated name (`2026-01-02`),
            // which ends in digits after a dash too, is not taken apart for every journal.
            guard let firstDash = bytes.dropFirst().firstIndex(of: UInt8(ascii: "-")) else { return false }
            return bytes[(firstDash + 1)...].contains(where: isCapital)
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isCapital(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }

    /// `x (words YYYY-MM-DD).md` (Dropbox, any language, with an optional ` (n)`) and
    /// `x (words YYYY-MM-DD HHMMSS).md` (Nextcloud and ownCloud).
    private static func parenthesised(_ stem: [Character], ext: String) -> Match? {
        guard stem.last == ")" else { return nil }
        var inner = Array(stem.dropLast())
        // Dropbox numbers repeated copies: `(… conflicted copy 2026-01-02 (1))`.
        if inner.last == ")", let open = inner.lastIndex(of: "("), open > 0, inner[open - 1] == " ",
            inner[(open + 1)..<(inner.count - 1)].allSatisfy(\.isPlainDigit), open + 1 < inner.count - 1
        {
            inner = Array(inner[..<(open - 1)])
        }
        guard let open = inner.lastIndex(of: "("), open >= 2, inner[open - 1] == " " else { return nil }
        let words = inner[(open + 1)...].split(separator: " ").map { String($0) }
        guard words.count >= 2 else { return nil }
        let isDate: (String) -> Bool = { text in
            let parts = text.split(separator: "-")
            return parts.count == 3 && parts.map(\.count) == [4, 2, 2] && parts.allSatisfy { $0.allSatisfy(\.isPlainDigit) }
        }
        let base = String(inner[..<(open - 1)]) + ext
        if words.count >= 4, words[0] == "vault", words[1] == "conflict", isDate(words[2]) {
            return Match(originalName: base, tool: .vault)
        }
        // Dropbox names the person and says it is a conflicted copy, in three words or more
        // (`Ana's conflicted copy`, `Konfliktkopie von Ana`): fewer and a date
        // (`Standup (weekly sync 2026-01-05)`) is a title.
        if words.count >= 4, isDate(words[words.count - 1]) {
            return Match(originalName: base, tool: .dropbox)
        }
        if words.count >= 3, isDate(words[words.count - 2]), words[words.count - 1].count == 6,
            words[words.count - 1].allSatisfy(\.isPlainDigit)
        {
            return Match(originalName: base, tool: .nextcloud)
        }
        return nil
    }

    private static func lastRange(of marker: String, in stem: [Character]) -> Range<Int>? {
        let pattern = Array(marker)
        guard stem.count > pattern.count else { return nil }
        for start in stride(from: stem.count - pattern.count, through: 1, by: -1)
        where Array(stem[start..<(start + pattern.count)]) == pattern {
            return start..<(start + pattern.count)
        }
        return nil
    }
}

extension Character {
    var isPlainDigit: Bool { isASCII && isNumber }
}
