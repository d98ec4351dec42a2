import VaultMarkdown

/// A link as a live vault keeps it for every note: where it leads and the bytes it spans,
/// in 16 bytes where the link itself takes over a hundred and two strings. Whatever else a
/// question needs is read again from the note's facts.
struct LinkSpot: Sendable, Equatable {
    /// The number of the path the link leads to in the vault's `LinkPaths`; -1 for none.
    var target: Int32
    var start: Int32
    var end: Int32
    /// How many files the link's name matched (at most 65,535 are told apart).
    var candidates: UInt16
    private var flags: UInt8

    init(_ link: Link, target: Int32, candidates: Int) {
        self.target = target
        self.candidates = UInt16(clamping: candidates)
        start = Int32(clamping: link.range.lowerBound)
        end = Int32(clamping: link.range.upperBound)
        flags = (link.isSelfLink ? 1 : 0) | (link.form == .property ? 2 : 0)
    }

    /// The bytes of the note the link spans.
    var range: Range<Int> { Int(start)..<Int(end) }
    /// True for a link to the note it is written in (`[[#Heading]]`).
    var isSelfLink: Bool { flags & 1 != 0 }
    /// True for a link written in a property (a Logseq page's `alias::`).
    var isProperty: Bool { flags & 2 != 0 }
}
