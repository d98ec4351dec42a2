import VaultSystem

/// Small text helpers for hot paths: Foundation's `trimmingCharacters` bridges through
/// NSString on Linux and costs more than the parse around it.
extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    package func trimmed() -> String {
        // Most names are trimmed already: their first and last bytes say so without the
        // slow walk over characters.
        let isSpaceByte = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        if let first = utf8.first, !isSpaceByte(first), !isSpaceByte(utf8[utf8.index(utf8.startIndex, offsetBy: utf8.count - 1)]) {
            return String(self)
        }
        // `\r\n` is one character to Swift, equal to neither of its parts.
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }

    /// True when the text is empty or only white space.
    package var isBlank: Bool { allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" } }
}

extension Array where Element == UInt8 {
    /// Decodes a range of the bytes as UTF-8 (invalid sequences repaired), without the slow
    /// generic path a slice would take.
    package func utf8String(_ range: Range<Int>) -> String {
        withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks, as the
    /// `StringProtocol` method trims it. A `String` answers here without the generic
    /// method's calls through its conformance (a thousand instructions a name, when every
    /// link of a check is trimmed); only text with space at an end goes the generic way.
    package func trimmed() -> String {
        let ends: (first: UInt8, last: UInt8)? = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.isEmpty ? nil : (bytes[0], bytes[bytes.count - 1])
        } ?? nil
        guard let ends else { return isEmpty ? "" : self[...].trimmed() }
        let isSpaceByte = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        if !isSpaceByte(ends.first) && !isSpaceByte(ends.last) { return self }
        return self[...].trimmed()
    }

    /// The part after the last `/` (the whole string when there is none), found in the
    /// bytes: Foundation's `lastPathComponent` goes through NSString, costly once per note.
    package var fileName: String {
        guard let slash = lastUTF8Offset(of: UInt8(ascii: "/")) else { return self }
        var copy = self
        return copy.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[(slash + 1)...]), as: UTF8.self) }
    }

    /// Where the last `byte` is among the string's UTF-8 bytes, found on the bytes themselves:
    /// `utf8.lastIndex(of:)` steps an index at a time, a thousand instructions for a path,
    /// and every note's path is looked at this way.
    package func lastUTF8Offset(of byte: UInt8) -> Int? {
        var copy = self
        return copy.withUTF8 { bytes in
            var index = bytes.count
            while index > 0 {
                index -= 1
                if bytes[index] == byte { return index }
            }
            return nil
        }
    }

    /// True when the string holds this ASCII byte; unlike `contains(_: String)`, which
    /// Foundation answers through NSString, this is a plain scan.
    package func hasByte(_ byte: UInt8) -> Bool {
        // On the contiguous bytes where there are any: the view's own `contains` steps its
        // indexes, some five hundred instructions for a link's target.
        utf8.withContiguousStorageIfAvailable { $0.contains(byte) } ?? utf8.contains(byte)
    }
}
