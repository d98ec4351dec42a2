import VaultSystem

/// Typed reads of request parameters and the shapes of the protocol's answers.
extension JSONValue {
    /// An integer number, nil for anything else.
    package var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        return Int(text) ?? Double(text).flatMap { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) : nil }
    }

    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// An object of the members whose values are not nil, in order.
    static func members(_ members: KeyValuePairs<String, JSONValue?>) -> JSONValue {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }

    /// An LSP `Position`.
    static func position(_ position: (line: Int, character: Int)) -> JSONValue {
        .members(["line": .int(position.line), "character": .int(position.character)])
    }

    /// An LSP `Range` of the bytes `range` of a document.
    static func range(_ range: Range<Int>, in lines: LineMap) -> JSONValue {
        .members(["start": .position(lines.position(of: range.lowerBound)), "end": .position(lines.position(of: range.upperBound))])
    }

    /// An LSP `Location`.
    static func location(uri: String, range: JSONValue) -> JSONValue {
        .members(["uri": .string(uri), "range": range])
    }
}
