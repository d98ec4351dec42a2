/// JSON on one line, for protocols that send a message per line.
extension JSONValue {
    /// The value as UTF-8 JSON text without spaces or newlines.
    public func compactBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(128)
        appendCompact(to: &output)
        return output
    }

    private func appendCompact(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): Self.appendQuoted(text, to: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.appendCompact(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.appendQuoted(member.0, to: &output)
                output.append(UInt8(ascii: ":"))
                member.1.appendCompact(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}
