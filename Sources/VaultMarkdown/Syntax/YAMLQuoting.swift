/// The escapes of a quoted YAML scalar, for a link written inside one in frontmatter
/// (`up: '[[Bob''s notes]]'`, `up: "[[Say \"hi\"]]"`): YAML reads the value, and so the
/// link, only through them, as Obsidian does.
package enum YAMLQuoting {
    /// `text` as a quoted scalar holds it: `'` doubled inside single quotes; `\` and `"`
    /// escaped with a backslash inside double quotes.
    package static func escaped(_ text: String, quote: UInt8) -> String {
        switch quote {
        case UInt8(ascii: "'"):
            return text.contains("'") ? text.replacing("'", with: "''") : text
        case UInt8(ascii: "\""):
            guard text.contains(where: { $0 == "\\" || $0 == "\"" }) else { return text }
            return text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        default:
            return text
        }
    }

    /// YAML's escapes of one character after `\` in double quotes, and what each stands for.
    private static let simpleEscapes: [UInt8: Unicode.Scalar] = Dictionary(uniqueKeysWithValues: ([
        "0": "\u{0}", "a": "\u{7}", "b": "\u{8}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{B}", "f": "\u{C}", "r": "\r",
        "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}", "L": "\u{2028}", "P": "\u{2029}",
    ] as [Unicode.Scalar: Unicode.Scalar]).map { (UInt8($0.key.value), $0.value) })

    /// What YAML's escape of one character, `\` then `byte` in double quotes, stands for; nil
    /// when `byte` makes no such escape.
    package static func simpleEscape(_ byte: UInt8) -> Unicode.Scalar? { simpleEscapes[byte] }

    /// What a quoted scalar's text `text` reads as: the inverse of `escaped`, and every
    /// escape YAML gives double quotes (`\u00e9`, `\xe9`, `\U0001F600`, `\t`, …).
    package static func unescaped(_ text: String, quote: UInt8) -> String {
        switch quote {
        case UInt8(ascii: "'"):
            return text.contains("''") ? text.replacing("''", with: "'") : text
        case UInt8(ascii: "\""):
            guard text.contains("\\") else { return text }
            var result: [UInt8] = []
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                result.reserveCapacity(bytes.count)
                var index = 0
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                        if let value = simpleEscapes[bytes[index + 1]] {
                            result.append(contentsOf: UTF8.encode(value)!)
                            index += 2
                            continue
                        }
                        if let (scalar, end) = hexEscape(bytes, at: index) {
                            result.append(contentsOf: UTF8.encode(scalar)!)
                            index = end
                            continue
                        }
                    }
                    // Not an escape YAML knows: kept as written.
                    result.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: result, as: UTF8.self)
        default:
            return text
        }
    }

    /// The character a YAML hex escape whose `\` is at `backslash` stands for (`\x74`,
    /// `\u00e9`, `\U0001F600`), and where the escape ends; nil for any other text.
    package static func hexEscape(_ bytes: UnsafeBufferPointer<UInt8>, at backslash: Int) -> (scalar: Unicode.Scalar, end: Int)? {
        guard backslash + 1 < bytes.count, bytes[backslash] == UInt8(ascii: "\\") else { return nil }
        let digits: Int
        switch bytes[backslash + 1] {
        case UInt8(ascii: "x"): digits = 2
        case UInt8(ascii: "u"): digits = 4
        case UInt8(ascii: "U"): digits = 8
        default: return nil
        }
        let start = backslash + 2
        guard start + digits <= bytes.count else { return nil }
        var value: UInt32 = 0
        for index in start..<start + digits {
            guard let digit = PercentEncoding.hexValue(bytes[index]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return Unicode.Scalar(value).map { ($0, start + digits) }
    }
}
