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

    /// What a quoted scalar's text `text` reads as: the inverse of `escaped`.
    package static func unescaped(_ text: String, quote: UInt8) -> String {
        switch quote {
        case UInt8(ascii: "'"):
            return text.contains("''") ? text.replacing("''", with: "'") : text
        case UInt8(ascii: "\""):
            guard text.contains("\\") else { return text }
            var result = ""
            var escaping = false
            for character in text {
                if escaping {
                    if character != "\\" && character != "\"" && character != "/" { result.append("\\") }
                    result.append(character)
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else {
                    result.append(character)
                }
            }
            if escaping { result.append("\\") }
            return result
        default:
            return text
        }
    }
}
