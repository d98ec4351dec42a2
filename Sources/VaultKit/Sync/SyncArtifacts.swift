import VaultMarkdown
import VaultSystem

/// Files that sync tools and `vault` itself leave while they work (DESIGN.md 8): never notes,
/// never assets, never touched.
public enum SyncArtifacts {
    /// True when a file or folder name belongs to a sync tool's or `vault`'s own machinery.
    ///
    /// Every name starting with `.` is already outside the vault's notes; this also covers
    /// the ones that do not start with a dot.
    ///
    /// Names are compared as characters (`.́x`, a dot under a mark, is no dot name), but
    /// most are first ruled out on their bytes: the walk asks this of every name, and the
    /// comparisons of characters cost 800 instructions a name.
    public static func isIgnored(_ name: String) -> Bool {
        guard mayBeIgnored(name.utf8) else { return false }
        if name.hasPrefix(".") { return !Placeholders.isPlaceholderName(name) }
        return (name.hasPrefix("~syncthing~") && name.hasSuffix(".tmp"))
            || name.hasSuffix(".!Sync")
            || name.hasPrefix("~$")
            || name.hasSuffix(".part")
            || name == "desktop.ini"
            || name == "Icon\r"
    }

    /// True when a name is a sync tool's own (DESIGN.md 8: `.syncthing.*.tmp`, `.stversions/`,
    /// `.dropbox*`, Syncthing's `.stfolder` and `.stignore`, and the others `isIgnored` names
    /// that do not start with a dot) or an iCloud placeholder: what a folder move carries of
    /// its hidden files leaves these where they are.
    public static func isSyncToolName(_ name: String) -> Bool {
        if name.hasPrefix(".") {
            // iCloud's stand-in of any evicted file (`.photo.png.icloud`), a note's or not.
            return (name.hasSuffix(".icloud") && name.utf8.count > ".x.icloud".utf8.count - 1)
                || (name.hasPrefix(".syncthing.") && name.hasSuffix(".tmp")) || name.hasPrefix(".dropbox")
                || [".stversions", ".stfolder", ".stignore"].contains(name)
        }
        return isIgnored(name)
    }

    /// False when the bytes alone show that `isIgnored` is false: a name that holds those
    /// characters holds their bytes.
    private static func mayBeIgnored(_ bytes: String.UTF8View) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first == UInt8(ascii: ".") || first == UInt8(ascii: "~") { return true }
        switch last {
        case UInt8(ascii: "c"), UInt8(ascii: "t"), UInt8(ascii: "i"), 0x0D: return true
        default: return false
        }
    }
}

/// iCloud Drive's stand-ins for evicted files: `.Name.md.icloud` stands for `Name.md`.
public enum Placeholders {
    /// True for a `.X.icloud` name whose X is a note name.
    public static func isPlaceholderName(_ name: String) -> Bool {
        noteName(forPlaceholder: name) != nil
    }

    /// The path of the placeholder that would stand for the note at `path` (`a/Idea.md` ->
    /// `a/.Idea.md.icloud`); works for absolute and vault-relative paths.
    public static func placeholderPath(for path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." + path + ".icloud" }
        return String(path[...slash]) + "." + path[path.index(after: slash)...] + ".icloud"
    }

    /// The note name a placeholder stands for (`.Idea.md.icloud` -> `Idea.md`).
    public static func noteName(forPlaceholder name: String) -> String? {
        guard name.hasPrefix("."), name.hasSuffix(".icloud"), name.count > ".x.md.icloud".count - 1 else { return nil }
        let inner = String(name.dropFirst().dropLast(".icloud".count))
        return NoteFiles.isNoteName(inner) ? inner : nil
    }
}

/// Which file names are notes.
public enum NoteFiles {
    /// The extensions of notes, lower-case.
    public static let extensions = ["md", "markdown"]
    /// The extension of a Logseq graph's org pages: notes there, attachments elsewhere
    /// (DESIGN.md 2 names `.md` and `.markdown`).
    public static let orgExtension = "org"

    /// True for a visible `.md` or `.markdown` file name, or, with `org` (in a Logseq
    /// graph), a visible `.org` one.
    public static func isNoteName(_ name: String, org: Bool = false) -> Bool {
        // By bytes, without a lowered copy: the walk asks this of every file of the vault.
        var name = name
        return name.withUTF8 { bytes in
            guard let first = bytes.first, first != UInt8(ascii: "."), let (ext, _) = noteExtension(ofName: bytes) else { return false }
            return ext == .markdown || org
        }
    }

    /// The name without its note extension (`Idea.md` -> `Idea`, `faq.org` -> `faq`).
    public static func stem(_ name: String) -> String {
        // By bytes: every note's path and every link's target pass here when links are
        // indexed, and walking characters and lowering a copy was a tenth of that.
        let bytes = stemUTF8(name)
        return bytes.endIndex == name.endIndex ? name : String(name[..<bytes.endIndex])
    }

    /// The stem of the file `path` names (`pages/Idea.md` -> `Idea`): `stem(path.fileName)`
    /// found on the path's bytes, with one string made, not two (every note of a walk).
    public static func stem(ofPath path: String) -> String {
        var path = path
        return path.withUTF8 { stem(ofPathBytes: $0) }
    }

    /// `stem(ofPath:)` of a path's bytes.
    static func stem(ofPathBytes bytes: UnsafeBufferPointer<UInt8>) -> String {
        var start = bytes.count
        while start > 0 && bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
        let name = UnsafeBufferPointer(rebasing: bytes[start...])
        let end = noteExtension(ofName: name).map { start + $0.dot } ?? bytes.count
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The bytes of `stem(name)`, a slice of the name's own.
    public static func stemUTF8(_ name: String) -> Substring.UTF8View {
        var copy = name
        guard let dot = copy.withUTF8({ noteExtension(ofName: $0)?.dot }) else { return name[...].utf8 }
        let utf8 = name.utf8
        return name[..<utf8.index(utf8.startIndex, offsetBy: dot)].utf8
    }

    /// How many of a name's bytes come before its note extension (all of them without one).
    static func stemByteCount(ofName bytes: UnsafeBufferPointer<UInt8>) -> Int {
        noteExtension(ofName: bytes)?.dot ?? bytes.count
    }

    private enum Extension { case markdown, org }

    /// The note extension a name's bytes end with and where its dot is; nil when it has
    /// none (`Idea.txt`, `Idea`).
    private static func noteExtension(ofName bytes: UnsafeBufferPointer<UInt8>) -> (Extension, dot: Int)? {
        // The longest extension, `markdown`, is eight bytes: the dot is among the last nine.
        var dot = bytes.count - 1
        while dot >= 0 && dot >= bytes.count - 9 && bytes[dot] != UInt8(ascii: ".") { dot -= 1 }
        guard dot >= 0, bytes[dot] == UInt8(ascii: "."), let ext = noteExtension(UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]))
        else { return nil }
        return (ext, dot)
    }

    /// Which note extension `ext` (without its dot) is, in any case: `md`, `markdown`, `org`.
    private static func noteExtension(_ ext: UnsafeBufferPointer<UInt8>) -> Extension? {
        func equalsIgnoringCase(_ lower: StaticString) -> Bool {
            guard ext.count == lower.utf8CodeUnitCount else { return false }
            for index in 0..<ext.count {
                let byte = ext[index]
                let folded = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                guard folded == lower.utf8Start[index] else { return false }
            }
            return true
        }
        if equalsIgnoringCase("md") || equalsIgnoringCase("markdown") { return .markdown }
        return equalsIgnoringCase("org") ? .org : nil
    }

    /// The extension with its dot (`.md`), or empty.
    public static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return String(name[dot...])
    }
}
