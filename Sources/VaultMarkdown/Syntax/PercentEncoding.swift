import VaultSystem

/// Percent-decoding of markdown link destinations (DESIGN.md 4): every `%XX` escape is
/// decoded, `%28` and `%29` as much as `%20`, and an invalid escape (`100%`, `%zz`) is kept
/// as written rather than spoiling the rest, as Foundation's `removingPercentEncoding` does.
package enum PercentEncoding {
    /// `text` with its escapes decoded. Escapes of bytes from 0x80 up are decoded only when
    /// together they make UTF-8; otherwise they stay as written.
    package static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        if let decoded = decode(Array(text.utf8), nonASCII: true) { return decoded }
        return decode(Array(text.utf8), nonASCII: false) ?? text
    }

    /// `text` with its escapes decoded, as a URI's parts are read: nil when an escape is
    /// invalid or the bytes decoded are not UTF-8.
    package static func strictDecode(_ text: some StringProtocol) -> String? {
        decode(Array(text.utf8), nonASCII: true, strict: true)
    }

    /// `path` as the path of a URI: every byte escaped but the unreserved ones of RFC 3986
    /// and `/`, so that a name in any script gives the same URI whichever side writes it
    /// (the language server's `file:` URIs and the MCP server's `vault:` ones alike).
    package static func encodePath(_ path: String) -> String {
        // By bytes, through a table: a server writes one URI per linking note of an answer.
        var encoded: [UInt8] = []
        encoded.reserveCapacity(path.utf8.count + 16)
        for byte in path.utf8 {
            if unreserved[Int(byte)] {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
    private static let unreserved: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8 { table[Int(byte)] = true }
        return table
    }()

    /// The bytes with their escapes decoded (of bytes from 0x80 up only when `nonASCII`), as
    /// UTF-8; nil when they are not UTF-8, or with `strict`, when an escape is invalid.
    private static func decode(_ bytes: [UInt8], nonASCII: Bool, strict: Bool = false) -> String? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), let high = hexValue(at: index + 1, bytes),
                let low = hexValue(at: index + 2, bytes)
            {
                let byte = high << 4 | low
                if byte < 0x80 || nonASCII {
                    result.append(byte)
                    index += 3
                    continue
                }
            } else if strict && bytes[index] == UInt8(ascii: "%") {
                return nil
            }
            result.append(bytes[index])
            index += 1
        }
        return String(validating: result, as: UTF8.self)
    }

    private static func hexValue(at index: Int, _ bytes: [UInt8]) -> UInt8? {
        index < bytes.count ? hexValue(bytes[index]) : nil
    }

    /// The value of a hex digit (`0`…`9`, `a`…`f`, `A`…`F`); nil for another byte.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
