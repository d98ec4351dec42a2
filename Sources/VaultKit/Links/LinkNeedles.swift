import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// A quick test of a note's raw bytes for any link that could name one of a set of files,
/// so that only those notes are parsed (a rename or a backlinks query reads every note but
/// parses few).
///
/// A link names a file by its stem, written as is, in another case, percent-encoded (any
/// byte may be: `%28` for `(`, `%4D` for `M`), backslash-escaped (`\(`), escaped as a
/// double-quoted YAML value may be (`\x74`, `\u00e9`, `\ `) or decomposed (NFD). Each needle
/// is looked for case-insensitively for ASCII letters, with the note's escapes read as what
/// they stand for (`TargetSignature.step`); a stem whose non-ASCII letters could appear in
/// another case is looked for by its longest ASCII run instead, and a stem with no usable
/// run, or with a `%` or `\` (which a note may write as an escape or as itself), disables
/// the filter (every note passes).
public struct LinkNeedles: Sendable {
    private var needles: [[UInt8]] = []
    /// Which bytes can start a needle (a `%` can start any): only there are needles compared.
    private var starts = [Bool](repeating: false, count: 256)
    /// True when the filter cannot rule anything out.
    public private(set) var matchesEverything = false
    /// True when a needle holds `_` or a no-break space, either of which `\_` stands for (a
    /// CommonMark escape, or YAML's): a note that has one may match.
    private var readsEscapedUnderscore = false
    /// The needles as runs of a record's target filter (see `TargetSignature`); nil when
    /// every note may match, or a needle is too short for a run.
    private(set) var signatureProbe: TargetSignature.Probe?

    /// Needles for links to files with these vault-relative paths, or by these names (a
    /// Logseq page's names need not be its file's).
    public init(paths: [String], names: [String] = []) {
        var seen = Set<[UInt8]>()
        let stems = paths.map { path in NoteFiles.stem(String(path.split(separator: "/").last ?? Substring(path))) }
        for stem in stems + names {
            for form in Self.forms(of: stem) {
                // A `%` or `\` may stand for itself where it looks like an escape: no needle
                // then tells which notes cannot link to the name.
                guard let needle = Self.needle(form), !needle.contains(UInt8(ascii: "%")), !needle.contains(UInt8(ascii: "\\")) else {
                    matchesEverything = true
                    return
                }
                if seen.insert(needle).inserted { needles.append(needle) }
            }
        }
        starts[Int(UInt8(ascii: "%"))] = true
        // A backslash starts a CommonMark escape of punctuation or a YAML escape of any character.
        starts[Int(UInt8(ascii: "\\"))] = true
        for needle in needles {
            starts[Int(needle[0])] = true
            starts[Int(Self.upper(needle[0]))] = true
            // Characters NFC makes ASCII (see `TargetSignature.step`) start with these.
            switch needle[0] {
            case UInt8(ascii: "k"): starts[0xE2] = true
            case UInt8(ascii: ";"): starts[0xCD] = true
            case UInt8(ascii: "`"): starts[0xE1] = true
            default: break
            }
        }
        readsEscapedUnderscore = needles.contains { needle in
            needle.contains(UInt8(ascii: "_")) || needle.indices.dropFirst().contains { needle[$0 - 1] == 0xC2 && needle[$0] == 0xA0 }
        }
        signatureProbe = TargetSignature.Probe(needles: needles)
    }

    /// Needles for links to files with these paths, by their names in `index` too (a Logseq
    /// page's names).
    public init(paths: [String], index: LinkIndex) {
        self.init(paths: paths, names: paths.flatMap { index.pages?.names(of: $0) ?? [] })
    }

    /// The ways a stem can be spelled in a link, escapes aside (they are decoded as the
    /// note is searched), and with a quote doubled, as in a single-quoted frontmatter value
    /// (`'[[Bob''s notes]]'`).
    private static func forms(of stem: String) -> [String] {
        let forms = [stem.canonicallyComposed, stem.canonicallyDecomposed]
        guard stem.contains("'") else { return forms }
        return forms + forms.map { YAMLQuoting.escaped($0, quote: UInt8(ascii: "'")) }
    }

    /// The bytes to look for, lower-cased ASCII; nil when no safe needle exists.
    private static func needle(_ form: String) -> [UInt8]? {
        let bytes = Array(form.utf8)
        let hasCaseVariants = form.unicodeScalars.contains { !$0.isASCII && $0.properties.changesWhenCaseMapped }
        if !hasCaseVariants { return bytes.isEmpty ? nil : bytes.map(TargetSignature.lower) }
        let runs = bytes.split(whereSeparator: { $0 >= 0x80 })
        guard let longest = runs.max(by: { $0.count < $1.count }), longest.count >= 3 else { return nil }
        return longest.map(TargetSignature.lower)
    }

    private static func upper(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
    }

    /// True when the bytes may hold a link to one of the files: one pass over the bytes,
    /// comparing needles only where a byte can start one (a `%` can start any).
    public func mayMatch(_ bytes: [UInt8]) -> Bool {
        if matchesEverything { return true }
        return bytes.withUnsafeBufferPointer { mayMatch($0) }
    }

    /// True when a link's target as written may name one of the files: a link that resolves
    /// to a file always names its stem (or, in a Logseq graph, one of its page's names).
    public func mayMatch(target: String) -> Bool {
        if matchesEverything { return true }
        var target = target
        return target.withUTF8 { mayMatch($0) }
    }

    /// `mayMatch(target:)` of a target's bytes, as a record of the cache holds them.
    func mayMatch(targetBytes: UnsafeBufferPointer<UInt8>) -> Bool {
        matchesEverything || mayMatch(targetBytes)
    }

    private func mayMatch(_ haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        if readsEscapedUnderscore,
            haystack.indices.dropFirst().contains(where: { haystack[$0 - 1] == UInt8(ascii: "\\") && haystack[$0] == UInt8(ascii: "_") })
        {
            return true
        }
        return starts.withUnsafeBufferPointer { starts in
            for index in haystack.indices where starts[Int(haystack[index])] {
                for needle in needles where Self.matches(needle, at: index, in: haystack) { return true }
            }
            return false
        }
    }

    /// True when `needle` is at `start`, read as `TargetSignature.step` reads a target.
    private static func matches(_ needle: [UInt8], at start: Int, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = start
        var matched = 0
        while matched < needle.count {
            guard position < haystack.count,
                let next = TargetSignature.step(haystack, at: position, { unit in
                    guard matched < needle.count, unit == needle[matched] else { return false }
                    matched += 1
                    return true
                })
            else { return false }
            position = next
        }
        return true
    }
}
