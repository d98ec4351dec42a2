import FoundationEssentials

/// The names of the safe writer's temporary files, which say what each was for so that a
/// leftover can be judged after a crash.
extension SafeWriter {
    /// What a temporary file was for, written into its name so that a leftover can be judged
    /// after a crash: a replacement never holds the only copy of anything, a new file may.
    public enum TemporaryKind: String, Sendable {
        /// New text for a note; after the swap, the note's earlier version set aside.
        case replacement = ""
        case newFile = ".new"
        /// The middle name of a case-only rename.
        case rename = ".rename"
    }

    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private static func randomSuffix() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    /// The two texts a replacement's temporary file can hold: the note as it was read, and
    /// the new text. Written into its name, so that after a crash at any step the leftover
    /// says which it holds (or that another program wrote into it meanwhile).
    public struct Versions: Equatable, Sendable {
        public var read: UInt64
        public var written: UInt64

        var label: String { Self.hex(read) + "-" + Self.hex(written) }

        static func hex(_ value: UInt64) -> String { Digits.hex(value, width: 16) }

        init(read: UInt64, written: UInt64) {
            self.read = read
            self.written = written
        }

        init?(label: Substring) {
            let parts = label.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ $0.count == 16 }), let read = UInt64(parts[0], radix: 16),
                let written = UInt64(parts[1], radix: 16)
            else { return nil }
            self.init(read: read, written: written)
        }
    }

    /// What a temporary name says.
    package struct TemporaryName: Equatable {
        /// The (possibly cut) name of the file it was for.
        package var name: String
        package var kind: TemporaryKind
        /// True when the name was cut to fit.
        package var cut: Bool
        /// For a replacement, the texts it may hold; nil in names of earlier versions.
        package var versions: Versions?
    }

    /// The bytes a note's name may keep in a temporary name: 255 less `.~`, `.`, the two
    /// versions (33), `.`, 13 random characters, `.new` and `.tmp`.
    static let temporaryNameRoom = 255 - 2 - 1 - 33 - 1 - 13 - 4 - 4

    /// `.~<name>.<random>[.new].tmp`, `.~<name>.<random>.<read>-<written>.tmp` for a
    /// replacement, or `.~<name>.rename.tmp`, within 255 bytes.
    package static func temporaryName(for name: String, kind: TemporaryKind, versions: Versions? = nil) -> String {
        let random = kind == .rename ? "" : "." + randomSuffix()
        let label = kind == .replacement ? versions.map { "." + $0.label } ?? "" : ""
        return ".~" + shortened(name) + random + label + kind.rawValue + ".tmp"
    }

    /// A temporary path beside `path`.
    static func temporaryPath(beside path: String, kind: TemporaryKind, versions: Versions? = nil) -> String {
        let (folder, name) = split(path)
        return folder + "/" + temporaryName(for: name, kind: kind, versions: versions)
    }

    /// Reads a temporary name back: the (possibly cut) name it was for, its kind and, for a
    /// replacement, the versions it may hold.
    package static func parseTemporaryName(_ name: String) -> TemporaryName? {
        guard isTemporaryName(name) else { return nil }
        var inner = String(name.dropFirst(2).dropLast(4))
        var kind = TemporaryKind.replacement
        var versions: Versions?
        if inner.hasSuffix(".rename") {
            kind = .rename
            inner.removeLast(7)
        } else {
            if inner.hasSuffix(".new") {
                kind = .newFile
                inner.removeLast(4)
            } else if let dot = inner.lastIndex(of: "."), let found = Versions(label: inner[inner.index(after: dot)...]) {
                versions = found
                inner = String(inner[..<dot])
            }
            guard let dot = inner.lastIndex(of: ".") else { return nil }
            inner = String(inner[..<dot])
        }
        guard !inner.isEmpty else { return nil }
        return TemporaryName(name: inner, kind: kind, cut: inner.utf8.count > temporaryNameRoom - 4, versions: versions)
    }

    /// A name cut (at a character boundary) so the temporary name around it stays within the
    /// 255 bytes a file name may have; a note named near that limit can still be written.
    static func shortened(_ name: String, toBytes room: Int = temporaryNameRoom) -> String {
        guard name.utf8.count > room else { return name }
        var cut = ""
        for character in name {
            if cut.utf8.count + String(character).utf8.count > room { break }
            cut.append(character)
        }
        return cut
    }

    /// True for a temporary file name this writer makes; only these are ever cleaned up.
    public static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".~") && name.hasSuffix(".tmp")
    }
}
