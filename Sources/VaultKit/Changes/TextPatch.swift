import VaultSystem

/// A file's new bytes kept as replacements of the bytes a plan read, with the hashes of both:
/// a change to thousands of notes holds a few bytes a link instead of every note twice, and
/// each note's new bytes are made again from the file when they are written.
///
/// The file must still hash as the plan read it, and the result as the plan made it, or
/// nothing is made: a note saved elsewhere since is never patched.
public struct TextPatch: Sendable, Equatable {
    /// What replaces what, in the bytes read, in order, none overlapping.
    public let replacements: [TextReplacement]
    /// The replacements that turn the new bytes back into the bytes read.
    public let restoring: [TextReplacement]
    /// `ContentHash` of the bytes read, and of the new bytes.
    public let beforeHash: UInt64
    public let afterHash: UInt64
    /// True when every replacement puts back the text it replaces.
    public let changesNothing: Bool

    /// The patch that makes `replacements` (in order, none overlapping) to `before`;
    /// `after`, when given, is what they make, already made, and `beforeHash`, when given,
    /// `before`'s hash, already taken (a snapshot's).
    public init(before: [UInt8], replacements: [TextReplacement], after: [UInt8]? = nil, beforeHash: UInt64? = nil) {
        self.replacements = replacements
        var restoring: [TextReplacement] = []
        restoring.reserveCapacity(replacements.count)
        var shift = 0
        var same = true
        for replacement in replacements {
            let old = before[replacement.range]
            let new = replacement.text.utf8
            same = same && old.elementsEqual(new)
            let start = replacement.range.lowerBound + shift
            restoring.append(TextReplacement(range: start..<start + new.count, text: String(decoding: old, as: UTF8.self)))
            shift += new.count - old.count
        }
        self.restoring = restoring
        changesNothing = same
        self.beforeHash = beforeHash ?? ContentHash.of(before)
        afterHash = ContentHash.of(after ?? TextReplacement.applied(replacements, to: before))
    }

    /// The new bytes, made from `bytes`; nil unless `bytes` are the bytes the plan read.
    public func applied(to bytes: [UInt8]) -> [UInt8]? {
        guard ContentHash.of(bytes) == beforeHash else { return nil }
        let after = TextReplacement.applied(replacements, to: bytes)
        return ContentHash.of(after) == afterHash ? after : nil
    }

    /// The bytes the plan read, made back from `bytes`; nil unless `bytes` are the new bytes.
    public func restored(from bytes: [UInt8]) -> [UInt8]? {
        guard ContentHash.of(bytes) == afterHash else { return nil }
        let before = TextReplacement.applied(restoring, to: bytes)
        return ContentHash.of(before) == beforeHash ? before : nil
    }
}
