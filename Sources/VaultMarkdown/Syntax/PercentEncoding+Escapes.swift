import VaultSystem

/// Backslash escapes in link destinations (CommonMark 6.1): `\(` is `(`, `\\` is `\`; a
/// backslash before anything but ASCII punctuation is itself.
extension PercentEncoding {
    /// The file path a destination names: backslash escapes, then percent escapes, decoded.
    package static func decodeDestination(_ text: String) -> String {
        decode(unescapingBackslashes(text))
    }

    /// `text` with each backslash escape replaced by the character it escapes.
    package static func unescapingBackslashes(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        var result: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count, isPunctuation(bytes[index + 1]) {
                index += 1
            }
            result.append(bytes[index])
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// True when `text` escapes a character with a backslash: a rewrite escapes the same way.
    package static func hasBackslashEscape(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.indices.dropLast().contains { bytes[$0] == UInt8(ascii: "\\") && isPunctuation(bytes[$0 + 1]) }
    }

    /// ASCII punctuation, what a backslash may escape.
    package static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }
}
