/// Reads one EDN value from text: maps, vectors, lists, sets, strings, keywords, symbols,
/// numbers, characters, `true`/`false`/`nil`, `;` comments, `#_` discards and tagged values.
/// Logseq's settings use nothing else.
public struct EDNReader {
    /// Why the text is no EDN value, and on which line.
    public struct Failure: Error, Equatable, Sendable {
        public var line: Int
        public var reason: String
    }

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0
    /// Deeper nesting than any settings file needs is refused rather than followed.
    private static let maxDepth = 200

    private init(_ text: String) { bytes = Array(text.utf8) }

    /// The one value the text holds (white space and comments around it allowed).
    public static func read(_ text: String) throws(Failure) -> EDNValue {
        var reader = EDNReader(text)
        let value = try reader.value()
        reader.skipBlank()
        guard reader.position == reader.bytes.count else {
            let byte = reader.bytes[reader.position]
            if "}])".utf8.contains(byte) { throw reader.failure("\(Character(Unicode.Scalar(byte))) closes nothing") }
            throw reader.failure("text after the value")
        }
        return value
    }

    private func failure(_ reason: String) -> Failure {
        Failure(line: 1 + bytes[..<min(position, bytes.count)].count { $0 == 0x0A }, reason: reason)
    }

    private mutating func skipBlank() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ";") {
                while position < bytes.count && bytes[position] != 0x0A { position += 1 }
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ",") {
                position += 1
            } else {
                return
            }
        }
    }

    private mutating func value() throws(Failure) -> EDNValue {
        skipBlank()
        guard position < bytes.count else { throw failure("the text ends where a value should be") }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "{"): return .map(try pairs())
        case UInt8(ascii: "["): return .vector(try sequence(closing: UInt8(ascii: "]")))
        case UInt8(ascii: "("): return .list(try sequence(closing: UInt8(ascii: ")")))
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
            throw failure("\(Character(Unicode.Scalar(byte))) closes nothing")
        case UInt8(ascii: "#"):
            position += 1
            guard position < bytes.count else { throw failure("the text ends after #") }
            if bytes[position] == UInt8(ascii: "{") { return .set(try sequence(closing: UInt8(ascii: "}"))) }
            if bytes[position] == UInt8(ascii: "_") {
                position += 1
                _ = try value()
                return try value()
            }
            let tag = token()
            guard !tag.isEmpty else { throw failure("# is followed by no tag") }
            return .tagged(tag: tag, value: try value())
        case UInt8(ascii: "\\"):
            // A character, `\a` or `\newline`: at least the one byte after the backslash.
            position += 1
            guard position < bytes.count else { throw failure("the text ends after \\") }
            let start = position
            position += 1
            return .string(String(decoding: bytes[start..<position], as: UTF8.self) + token())
        default:
            let word = token()
            guard !word.isEmpty else { throw failure("unexpected \(Character(Unicode.Scalar(byte)))") }
            if word.hasPrefix(":") { return .keyword(String(word.dropFirst())) }
            if word == "true" { return .bool(true) }
            if word == "false" { return .bool(false) }
            if word == "nil" { return .null }
            let first = word.unicodeScalars.first!
            let second = word.unicodeScalars.dropFirst().first
            if ("0"..."9").contains(first) || ((first == "-" || first == "+") && second.map { ("0"..."9").contains($0) } == true) {
                return .number(word)
            }
            return .symbol(word)
        }
    }

    /// A run of bytes up to white space or a delimiter.
    private mutating func token() -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || "{}[]()\",;".utf8.contains(byte) { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func string() throws(Failure) -> String {
        let start = position
        position += 1
        var result: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: result, as: UTF8.self) }
            if byte == UInt8(ascii: "\\"), position < bytes.count {
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "r"): result.append(0x0D)
                default: result.append(escaped)
                }
            } else {
                result.append(byte)
            }
        }
        position = start
        throw failure("a string is not closed")
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maxDepth { throw failure("nested deeper than \(Self.maxDepth) levels") }
    }

    private mutating func sequence(closing: UInt8) throws(Failure) -> [EDNValue] {
        try enter()
        defer { depth -= 1 }
        let start = position
        position += 1
        var items: [EDNValue] = []
        while true {
            skipBlank()
            guard position < bytes.count else {
                position = start
                throw failure("\(Character(Unicode.Scalar(bytes[start]))) is not closed")
            }
            if bytes[position] == closing {
                position += 1
                return items
            }
            items.append(try value())
        }
    }

    private mutating func pairs() throws(Failure) -> [(key: EDNValue, value: EDNValue)] {
        let items = try sequence(closing: UInt8(ascii: "}"))
        guard items.count % 2 == 0 else { throw failure("a map holds a key without a value") }
        return stride(from: 0, to: items.count, by: 2).map { (items[$0], items[$0 + 1]) }
    }
}
