import FoundationEssentials

/// A JSON value that keeps the order of object keys, so a settings file `vault` rewrites
/// differs from the original only where it changed (a reordered file is a sync upload and a
/// noisy diff for nothing).
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The value under `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.0 == key })?.1
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Sets `key` of an object, keeping its place when it exists, appending it otherwise.
    public mutating func set(_ key: String, _ value: JSONValue) {
        guard case .object(var members) = self else { return }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
        self = .object(members)
    }

    /// Parses JSON text.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.document()
    }

    /// The value as JSON with 2-space indent and a final newline.
    public func formatted() -> String {
        String(decoding: formattedBytes(), as: UTF8.self)
    }

    /// The value as UTF-8 JSON text with 2-space indent and a final newline.
    public func formattedBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        appendText(to: &output, depth: 0)
        output.append(0x0A)
        return output
    }

    /// Appends the value's text as it stands `depth` levels deep in a formatted document (its
    /// inner lines indented to match), with no final newline: for documents written piece by
    /// piece.
    package func append(to output: inout [UInt8], depth: Int) {
        appendText(to: &output, depth: depth)
    }

    /// The value as UTF-8 JSON text without spaces or newlines, for protocols that send a
    /// message per line.
    public func compactBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(128)
        appendText(to: &output, depth: 0, pretty: false)
        return output
    }

    /// The value as compact JSON text, as a person would write it in a settings file.
    public var jsonText: String { String(decoding: compactBytes(), as: UTF8.self) }

    private func appendText(to output: inout [UInt8], depth: Int, pretty: Bool = true) {
        func indent(_ level: Int) {
            guard pretty else { return }
            output.append(0x0A)
            output.append(contentsOf: repeatElement(0x20, count: 2 * level))
        }
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): Self.appendQuoted(text, to: &output)
        case .array(let items):
            if items.isEmpty { output.append(contentsOf: "[]".utf8); return }
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                indent(depth + 1)
                item.appendText(to: &output, depth: depth + 1, pretty: pretty)
            }
            indent(depth)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { output.append(contentsOf: "{}".utf8); return }
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                indent(depth + 1)
                Self.appendQuoted(member.0, to: &output)
                output.append(contentsOf: (pretty ? ": " : ":").utf8)
                member.1.appendText(to: &output, depth: depth + 1, pretty: pretty)
            }
            indent(depth)
            output.append(UInt8(ascii: "}"))
        }
    }

    static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                // Runs of plain bytes are copied whole; only the bytes that need escaping stop it.
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
                case 0x0A: output.append(contentsOf: "\\n".utf8)
                case 0x0D: output.append(contentsOf: "\\r".utf8)
                case 0x09: output.append(contentsOf: "\\t".utf8)
                default: output.append(contentsOf: ("\\u" + Digits.hex(byte, width: 4)).utf8)
                }
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }

}

/// Why a JSON text could not be read, with the byte offset.
public struct JSONSyntaxError: Error, CustomStringConvertible, Sendable {
    public let offset: Int
    public let message: String
    public var description: String { "\(message) at byte \(offset)" }
}

private struct JSONParser {
    let bytes: [UInt8]
    var position = 0

    mutating func document() throws -> JSONValue {
        position = ByteOrderMark.length(of: bytes)
        let value = try self.value(depth: 0)
        skipSpace()
        guard position == bytes.count else { throw fail("unexpected text after the value") }
        return value
    }

    private func fail(_ message: String) -> JSONSyntaxError { JSONSyntaxError(offset: position, message: message) }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func expect(_ word: String) throws {
        let pattern = Array(word.utf8)
        guard position + pattern.count <= bytes.count, Array(bytes[position..<position + pattern.count]) == pattern
        else { throw fail("expected \(word)") }
        position += pattern.count
    }

    private mutating func value(depth: Int) throws -> JSONValue {
        guard depth < 512 else { throw fail("nested too deeply") }
        skipSpace()
        guard position < bytes.count else { throw fail("unexpected end of file") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
            while true {
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                let key = try string()
                skipSpace()
                try expect(":")
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard position < bytes.count else { throw fail("unexpected end of file") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                try expect("}")
                return .object(members)
            }
        case UInt8(ascii: "["):
            position += 1
            var items: [JSONValue] = []
            skipSpace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard position < bytes.count else { throw fail("unexpected end of file") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                try expect("]")
                return .array(items)
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default:
            let start = position
            while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) { position += 1 }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            guard !text.isEmpty, Double(text) != nil else {
                position = start
                throw fail("unexpected character")
            }
            return .number(text)
        }
    }

    private mutating func string() throws -> String {
        position += 1
        // Most strings hold no escape: made from their bytes at once, not a scalar at a time
        // (the usage file's thousand paths cost `show` milliseconds so).
        var end = position
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { position = end + 1 }
            return String(decoding: bytes[position..<end], as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            if !raw.isEmpty { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw = [] }
        }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") {
                flush()
                return String(scalars)
            }
            if byte < 0x20 { throw fail("a control character inside a string") }
            guard byte == UInt8(ascii: "\\") else { raw.append(byte); continue }
            flush()
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                {
                    position += 2
                    let low = try hex4()
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escape))
            default: throw fail("unknown escape")
            }
        }
        throw fail("a string that does not close")
    }

    private mutating func hex4() throws -> UInt32 {
        guard position + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else { throw fail("bad \\u escape") }
        position += 4
        return code
    }
}
