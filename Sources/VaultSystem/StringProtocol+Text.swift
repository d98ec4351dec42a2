/// Trimming and padding, by characters.
extension StringProtocol {
    /// The text without the characters `strip` accepts at either end.
    public func trimming(_ strip: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !strip($0) }) else { return "" }
        let last = lastIndex(where: { !strip($0) })!
        return String(self[first...last])
    }

    /// The text without white space, line breaks included, at either end (and the zero-width
    /// space, which Foundation's character sets count as white space).
    public func trimmingWhitespace() -> String { trimming { $0.isWhitespace || $0 == "\u{200B}" } }

    /// The text without spaces and tabs (white space other than line breaks) at either end.
    public func trimmingSpaces() -> String { trimming { ($0.isWhitespace && !$0.isNewline) || $0 == "\u{200B}" } }

    /// The text cut or padded with spaces on the right to `width` characters.
    public func padded(to width: Int) -> String {
        String(prefix(width)) + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
