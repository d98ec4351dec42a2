/// The combining diacritical marks, the characters a decomposed (NFD) text carries after
/// their base letter: U+0300…U+036F, U+1AB0…U+1AFF, U+1DC0…U+1DFF, U+20D0…U+20FF and
/// U+FE20…U+FE2F. One list for the UTF-8 check, the folding of diacritics and the byte
/// scanner of searches, which each kept their own and disagreed at the edges.
public enum CombiningMarks {
    /// True when the scalar `value` is a combining diacritical mark.
    @inline(__always)
    public static func contains(_ value: UInt32) -> Bool {
        (0x300...0x36F).contains(value) || (0x1AB0...0x1AFF).contains(value) || (0x1DC0...0x1DFF).contains(value)
            || (0x20D0...0x20FF).contains(value) || (0xFE20...0xFE2F).contains(value)
    }

    /// True when the valid UTF-8 character of two or three bytes `lead second third` (`third`
    /// unread for two) is a combining diacritical mark; false for any other lead.
    @inline(__always)
    public static func contains(lead: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
        if lead < 0xCC || lead >= 0xF0 { return false }
        if lead < 0xE0 { return contains(UInt32(lead & 0x1F) << 6 | UInt32(second & 0x3F)) }
        return contains(UInt32(lead & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F))
    }
}
