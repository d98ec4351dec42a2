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
    private static let simpleEscapes: [Unicode.Scalar: Unicode.Scalar] = [
        "0": "\u{0}", "a": "\u{7}", "b": "\u{8}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{B}", "f": "\u{C}", "r": "\r",
        "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}", "L": "\u{2028}", "P": "\u{2029}",
    ]

    /// What a quoted scalar's text `text` reads as: the inverse of `escaped`, and every
    /// escape YAML gives double quotes (`\u00e9`, `\xe9`, `\U0001F600`, `\t`, …).
    package static func unescaped(_ text: String, quote: UInt8) -> String {
        switch quote {
        case UInt8(ascii: "'"):
            return text.contains("''") ? text.replacing("''", with: "'") : text
        case UInt8(ascii: "\""):
            guard text.contains("\\") else { return text }
            var result = String.UnicodeScalarView()
            var scalars = Substring(text).unicodeScalars[...]
            while let scalar = scalars.popFirst() {
                guard scalar == "\\", let escape = scalars.first else {
                    result.append(scalar)
                    continue
                }
                if let value = simpleEscapes[escape] {
                    scalars.removeFirst()
                    result.append(value)
                } else if let digits = ["x": 2, "u": 4, "U": 8][Character(escape)], scalars.count > digits,
                    let code = UInt32(String(String.UnicodeScalarView(scalars.dropFirst().prefix(digits))), radix: 16),
                    let decoded = Unicode.Scalar(code)
                {
                    scalars.removeFirst(digits + 1)
                    result.append(decoded)
                } else {
                    // Not an escape YAML knows: kept as written.
                    result.append(scalar)
                }
            }
            return String(result)
        default:
            return text
        }
    }
}
