import VaultSystem

/// The values of frontmatter lines: quoted and plain scalars, flow lists.
extension Frontmatter {
    /// Reads one scalar: quoted (with escapes) or plain (a ` #` starts a comment).
    ///
    /// Read on the bytes: quotes, backslashes and `#` are ASCII, so a UTF-8 text is never cut
    /// inside a character, and a block of many values costs little per line.
    static func scalar(_ text: String) -> Result<String, ScalarFailure> {
        let bytes = Array(text.utf8)
        guard let first = bytes.first else { return .success("") }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            // The closing quote: not a doubled `''` in single quotes, nor an escaped `\"`.
            var index = 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == first {
                    if first == UInt8(ascii: "'") && index + 1 < bytes.count && bytes[index + 1] == first {
                        index += 2
                        continue
                    }
                    let rest = bytes.utf8String(index + 1..<bytes.count).trimmed()
                    guard rest.isEmpty || rest.hasPrefix("#") else { return .failure(.init("text after a closing quote")) }
                    return .success(YAMLQuoting.unescaped(bytes.utf8String(1..<index), quote: first))
                }
                index += first == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") ? 2 : 1
            }
            return .failure(.init("a quoted value that does not close"))
        }
        // A ` #` starts a comment.
        var index = 0
        while index + 1 < bytes.count {
            if (bytes[index] == 0x20 || bytes[index] == 0x09) && bytes[index + 1] == UInt8(ascii: "#") {
                return .success(bytes.utf8String(0..<index).trimmingTrailingSpaces())
            }
            index += 1
        }
        return .success(text)
    }

    /// Why a scalar could not be read.
    struct ScalarFailure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// Reads `[a, "b, c", 'd']`; nil when it does not close.
    static func flowList(_ text: String) -> [String]? {
        var items: [String] = []
        var current = ""
        var quote: Character?
        var remainder = Substring("")
        var closed = false
        var characters = text.dropFirst()
        while let character = characters.first {
            characters = characters.dropFirst()
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "\"", "'":
                quote = character
                current.append(character)
            case ",", "]":
                let item = current.trimmed()
                if !item.isEmpty {
                    guard case .success(let value) = scalar(item) else { return nil }
                    items.append(value)
                }
                current = ""
                if character == "]" {
                    closed = true
                    remainder = characters
                }
            case "[", "{":
                return nil
            default:
                current.append(character)
            }
            if closed { break }
        }
        let rest = remainder.trimmed()
        return closed && (rest.isEmpty || rest.hasPrefix("#")) ? items : nil
    }
}
