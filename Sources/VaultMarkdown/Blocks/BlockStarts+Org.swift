import VaultSystem

extension BlockStarts {
    /// The kinds of Logseq's `#+BEGIN_…` blocks whose lines are code, not text: source,
    /// examples, exports, comments and queries (`#+BEGIN_NOTE` and the like hold text).
    static let orgCodeKinds: [[UInt8]] = ["SRC", "EXAMPLE", "EXPORT", "COMMENT", "QUERY"].map { Array($0.utf8) }

    /// True when the line at `start` opens a code block of Logseq's org form: `#+BEGIN_SRC`,
    /// `#+begin_example` … (any case), then the end of the line or white space.
    static func isOrgCodeStart(_ text: Bytes, _ start: Int, _ end: Int) -> Bool {
        guard let word = orgWord(text, start, end, after: "#+BEGIN_") else { return false }
        return orgCodeKinds.contains(word)
    }

    /// True when the line at `start` is an `#+END_…` line.
    static func isOrgEnd(_ text: Bytes, _ start: Int, _ end: Int) -> Bool {
        orgWord(text, start, end, after: "#+END_") != nil
    }

    /// The upper-cased word after `prefix` (compared in any case) at `start`.
    private static func orgWord(_ text: Bytes, _ start: Int, _ end: Int, after prefix: String) -> [UInt8]? {
        let lead = Array(prefix.utf8)
        guard end - start > lead.count else { return nil }
        for (offset, byte) in lead.enumerated() where upper(text[start + offset]) != byte { return nil }
        var word: [UInt8] = []
        var index = start + lead.count
        while index < end && text[index] != 0x20 && text[index] != 0x09 && text[index] != 0x0D {
            word.append(upper(text[index]))
            index += 1
        }
        return word.isEmpty ? nil : word
    }

    private static func upper(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }
}
