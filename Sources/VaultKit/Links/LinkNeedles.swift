import Foundation

/// A quick test of a note's raw bytes for any link that could name one of a set of files,
/// so that only those notes are parsed (a rename or a backlinks query reads every note but
/// parses few).
///
/// A link names a file by its stem, written as is, in another case, percent-encoded or
/// decomposed (NFD). Each needle is looked for case-insensitively for ASCII letters; a stem
/// whose non-ASCII letters could appear in another case is looked for by its longest ASCII
/// run instead, and a stem with no usable run disables the filter (every note passes).
public struct LinkNeedles: Sendable {
    private var needles: [[UInt8]] = []
    /// True when the filter cannot rule anything out.
    public private(set) var matchesEverything = false

    /// Needles for links to files with these vault-relative paths.
    public init(paths: [String]) {
        var seen = Set<[UInt8]>()
        for path in paths {
            let name = String(path.split(separator: "/").last ?? Substring(path))
            let stem = NoteFiles.stem(name)
            for form in Self.forms(of: stem) {
                guard let needle = Self.needle(form) else {
                    matchesEverything = true
                    return
                }
                if seen.insert(needle).inserted { needles.append(needle) }
            }
        }
    }

    /// The ways a stem can be spelled in a link.
    private static func forms(of stem: String) -> [String] {
        var forms = [stem.precomposedStringWithCanonicalMapping, stem.decomposedStringWithCanonicalMapping]
        if let encoded = stem.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) { forms.append(encoded) }
        forms.append(stem.replacingOccurrences(of: " ", with: "%20"))
        return forms
    }

    /// The bytes to look for, lower-cased ASCII; nil when no safe needle exists.
    private static func needle(_ form: String) -> [UInt8]? {
        let bytes = Array(form.utf8)
        let hasCaseVariants = form.unicodeScalars.contains { !$0.isASCII && $0.properties.changesWhenCaseMapped }
        if !hasCaseVariants { return bytes.isEmpty ? nil : bytes.map(lower) }
        let runs = bytes.split(whereSeparator: { $0 >= 0x80 })
        guard let longest = runs.max(by: { $0.count < $1.count }), longest.count >= 3 else { return nil }
        return longest.map(lower)
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func upper(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
    }

    /// True when the bytes may hold a link to one of the files: one pass over the bytes,
    /// comparing needles only where a byte can start one.
    public func mayMatch(_ bytes: [UInt8]) -> Bool {
        if matchesEverything { return true }
        var starts = [Bool](repeating: false, count: 256)
        for needle in needles {
            starts[Int(needle[0])] = true
            starts[Int(Self.upper(needle[0]))] = true
        }
        return bytes.withUnsafeBufferPointer { haystack in
            starts.withUnsafeBufferPointer { starts in
                for index in haystack.indices where starts[Int(haystack[index])] {
                    for needle in needles where needle.count <= haystack.count - index {
                        var offset = 0
                        while offset < needle.count && Self.lower(haystack[index + offset]) == needle[offset] { offset += 1 }
                        if offset == needle.count { return true }
                    }
                }
                return false
            }
        }
    }
}
