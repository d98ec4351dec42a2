import FoundationEssentials
import VaultSystem

/// A note's YAML frontmatter, read with the subset of YAML that notes really use.
///
/// Scalars (plain, `'single'` and `"double"` quoted), flow lists `[a, b]` and block lists
/// (`- a`) are understood. Anything else (nested maps, block scalars, flow maps) is kept
/// verbatim as `.verbatim` and never rewritten; lines that cannot be read at all are reported
/// in `issues`, and the note is still a note.
public struct Frontmatter: Equatable, Sendable {
    /// One value of a top-level key.
    public enum Value: Equatable, Sendable {
        case null
        case string(String)
        case list([String])
        /// A value outside the supported subset, kept exactly as written.
        case verbatim(String)
    }

    /// A top-level `key: value` pair, in the order written.
    public struct Entry: Equatable, Sendable {
        public var key: String
        public var value: Value
        /// The 1-based line of the key in the note.
        public var line: Int
    }

    /// A line that could not be read, with a message for the person at the terminal.
    public struct Issue: Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// The entries in the order written.
    public private(set) var entries: [Entry] = []
    /// Lines that could not be read (the first `issueLimit`, then how many more).
    public private(set) var issues: [Issue] = []
    private var suppressed = 0
    /// The byte range of the whole block, both delimiter lines included.
    public let byteRange: Range<Int>
    /// The 1-based lines of the block, both delimiter lines included.
    public let lines: ClosedRange<Int>

    /// The value of `key`, if present.
    public subscript(key: String) -> Value? {
        entries.first(where: { $0.key == key })?.value
    }

    /// The strings under the first of `keys` present: a list's items, or a string split on
    /// commas (and, when `splitOnSpaces`, on white space too).
    public func strings(for keys: [String], splitOnSpaces: Bool = false) -> [String] {
        for key in keys {
            switch self[key] {
            case .list(let items): return items.filter { !$0.isEmpty }
            case .string(let text):
                let separators: Set<Character> = splitOnSpaces ? [",", " ", "\t"] : [","]
                return text.split(whereSeparator: { separators.contains($0) })
                    .map { $0.trimmed() }.filter { !$0.isEmpty }
            case .verbatim, .null, nil: continue
            }
        }
        return []
    }

    /// Finds and reads the frontmatter at the start of `bytes` (after `offset`, which skips a
    /// BOM); nil when the note has none. A block that never closes is not frontmatter.
    public static func locate(in bytes: [UInt8], from offset: Int = 0) -> Frontmatter? {
        FrontmatterBlock.locate(in: bytes, from: offset).map { Frontmatter(reading: bytes, block: $0) }
    }

    /// Reads the YAML of a block `FrontmatterBlock.locate` found in `bytes`.
    package init(reading bytes: [UInt8], block: FrontmatterBlock) {
        self.init(byteRange: block.byteRange, lines: block.lines)
        var body: [String] = []
        body.reserveCapacity(block.lines.count - 2)
        var start = block.bodyStart
        for _ in 0..<(block.lines.count - 2) {
            let line = FrontmatterBlock.line(in: bytes, at: start)
            body.append(bytes.utf8String(line.content))
            start = line.next
        }
        read(body, firstLine: 2)
        countSuppressed()
    }

    private init(byteRange: Range<Int>, lines: ClosedRange<Int>) {
        self.byteRange = byteRange
        self.lines = lines
    }

    /// At most this many issues are kept per note; the rest are counted in one last issue. A
    /// block of a million bad lines says as much in a hundred, and holding them all would
    /// cost many times the note.
    public static let issueLimit = 100

    private mutating func report(line: Int, _ message: @autoclosure () -> String) {
        if issues.count < Self.issueLimit {
            issues.append(Issue(line: line, message: message()))
            return
        }
        if issues.count == Self.issueLimit { issues.append(Issue(line: line, message: "")) }
        suppressed += 1
    }

    /// Words the last issue once the block is read: how many more lines could not be read.
    private mutating func countSuppressed() {
        guard suppressed > 0 else { return }
        issues[Self.issueLimit].message = "and \(suppressed) more line\(suppressed == 1 ? "" : "s") that cannot be read"
    }

    private mutating func read(_ body: [String], firstLine: Int) {
        // JSON is YAML too, and Obsidian reads a frontmatter block written as a JSON object.
        if let first = body.firstIndex(where: { !$0.isBlank }),
            body[first].trimmed().hasPrefix("{")
        {
            readJSON(body, firstLine: firstLine + first, from: first)
            return
        }
        var index = 0
        var seen = Set<String>()
        while index < body.count {
            let line = body[index]
            let number = firstLine + index
            index += 1
            // Blank and comment lines, told by their first byte that is not white space.
            let lead = line.utf8.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
            if lead == nil || lead == UInt8(ascii: "#") { continue }
            if line.first == " " || line.first == "\t" {
                report(line: number, "indented line outside any key")
                continue
            }
            guard let (key, rest) = Self.splitKey(line) else {
                report(line: number, "expected `key: value`")
                continue
            }
            if !seen.insert(key).inserted {
                report(line: number, "key `\(key)` appears twice")
            }
            // The lines indented under this key belong to its value.
            var nested: [String] = []
            while index < body.count {
                let candidate = body[index]
                let first = candidate.utf8.first
                guard first == nil || first == 0x20 || first == 0x09 || candidate.isBlank || candidate.hasPrefix("- ")
                    || candidate == "-"
                else { break }
                nested.append(candidate)
                index += 1
            }
            while let last = nested.last, last.isBlank { nested.removeLast() }
            let value = readValue(rest, nested: nested, line: number)
            entries.append(Entry(key: key, value: value, line: number))
        }
    }

    private mutating func readJSON(_ body: [String], firstLine: Int, from first: Int) {
        let text = body[first...].joined(separator: "\n")
        guard case .object(let members)? = try? JSONValue.parse(Array(text.utf8)) else {
            report(line: firstLine, "a `{` block that is not a JSON object")
            return
        }
        for (key, value) in members {
            let converted: Value
            switch value {
            case .null: converted = .null
            case .string(let text): converted = .string(text)
            case .number(let text): converted = .string(text)
            case .bool(let flag): converted = .string(flag ? "true" : "false")
            case .array(let items) where items.allSatisfy({ $0.stringValue != nil }):
                converted = .list(items.compactMap(\.stringValue))
            default: converted = .verbatim(value.formatted().trimming { $0.isNewline })
            }
            entries.append(Entry(key: key, value: converted, line: firstLine))
        }
    }

    private mutating func readValue(_ rest: String, nested: [String], line: Int) -> Value {
        let text = rest.trimmed()
        if text.isEmpty || text.hasPrefix("#") {
            if nested.isEmpty { return .null }
            let items = nested.map { $0.trimmed() }.filter { !$0.isEmpty }
            if items.allSatisfy({ $0 == "-" || $0.hasPrefix("- ") }) {
                var list: [String] = []
                for (offset, item) in items.enumerated() {
                    switch Self.scalar(String(item.dropFirst()).trimmed()) {
                    case .success(let value): list.append(value)
                    case .failure(let failure):
                        report(line: line + 1 + offset, failure.message)
                        return .verbatim(nested.joined(separator: "\n"))
                    }
                }
                return .list(list)
            }
            return .verbatim(nested.joined(separator: "\n"))
        }
        if !nested.isEmpty {
            // A plain scalar continued on indented lines folds them with spaces.
            if !text.hasPrefix("\"") && !text.hasPrefix("'") && !text.hasPrefix("[") && !text.hasPrefix("{")
                && text != "|" && text != ">" && !text.hasPrefix("|") && !text.hasPrefix(">")
            {
                let folded = ([text] + nested.map { $0.trimmed() }).joined(separator: " ")
                return .string(folded)
            }
            return .verbatim(([text] + nested).joined(separator: "\n"))
        }
        if text.hasPrefix("[") {
            guard let items = Self.flowList(text) else {
                report(line: line, "a `[` list that does not close or cannot be read")
                return .verbatim(text)
            }
            return .list(items)
        }
        if text.hasPrefix("{") || text.hasPrefix("|") || text.hasPrefix(">") || text.hasPrefix("&")
            || text.hasPrefix("*") || text.hasPrefix("!")
        {
            return .verbatim(text)
        }
        switch Self.scalar(text) {
        case .success(let value):
            return (value == "~" || value == "null") && !text.hasPrefix("\"") && !text.hasPrefix("'") ? .null : .string(value)
        case .failure(let failure):
            report(line: line, failure.message)
            return .verbatim(text)
        }
    }

    /// `key: rest` for a top-level line; keys may be quoted.
    private static func splitKey(_ line: String) -> (String, String)? {
        // Keys and the `:` after them are ASCII: scan the bytes, not Characters.
        let bytes = Array(line.utf8)
        var index = 0
        var key: String
        if let quote = bytes.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            index = 1
            while index < bytes.count && bytes[index] != quote { index += 1 }
            guard index < bytes.count else { return nil }
            key = bytes.utf8String(1..<index)
            index += 1
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        } else {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: ":")
                    && (index + 1 == bytes.count || bytes[index + 1] == 0x20 || bytes[index + 1] == 0x09)
                {
                    break
                }
                index += 1
            }
            guard index < bytes.count else { return nil }
            key = bytes.utf8String(0..<index).trimmingTrailingSpaces()
            if key.isEmpty || key.hasPrefix("-") || key.hasPrefix("[") || key.hasPrefix("{") { return nil }
        }
        return (key, bytes.utf8String((index + 1)..<bytes.count))
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var result = Substring(self)
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return String(result)
    }
}
