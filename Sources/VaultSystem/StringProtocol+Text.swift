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

extension Array where Element == String {
    /// The strings with `separator` between each two, as `joined(separator:)` gives them.
    /// Written out for the calls on the way of a `capture`: the standard library's generic
    /// `joined` makes a run search the program's conformances the first time.
    public func joined(by separator: String) -> String {
        var text = ""
        text.reserveCapacity(reduce(Swift.max(0, count - 1) * separator.utf8.count) { $0 + $1.utf8.count })
        for (index, part) in enumerated() {
            if index > 0 { text.append(separator) }
            text.append(part)
        }
        return text
    }
}
