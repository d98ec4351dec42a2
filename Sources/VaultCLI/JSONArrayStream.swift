import VaultSystem

/// A JSON array written element by element as a sink receives them, in the bytes
/// `Context.emit` gives for the whole array at once: `--json` stays one document and its
/// output starts with the first result.
struct JSONArrayStream {
    /// How deep the array stands in its document (0 when it is the document).
    let depth: Int
    private(set) var count = 0
    /// Why an element could not be encoded; nothing more is appended after it.
    private(set) var failure: (any Error)?

    init(depth: Int = 0) {
        self.depth = depth
    }

    /// Appends one element, after the opening bracket or a comma.
    mutating func append(_ value: JSONValue, to output: inout [UInt8]) {
        startElement(&output)
        value.append(to: &output, depth: depth + 1)
    }

    /// The bytes of `element` as an element of an array `depth` deep, for `append(encoded:in:)`:
    /// made apart, on any thread.
    static func encoded(_ element: some Encodable, depth: Int = 0) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try JSONValueEncoder().encode(element).append(to: &bytes, depth: depth + 1)
        return bytes
    }

    /// Writes an element `encoded(_:depth:)` made through `context`; false when it could not be
    /// made (the error is kept in `failure`), so that a sink can stop there.
    mutating func append(encoded element: Result<[UInt8], any Error>, in context: Context) -> Bool {
        guard failure == nil else { return false }
        switch element {
        case .success(let bytes):
            context.write { output in
                startElement(&output)
                output.append(contentsOf: bytes)
            }
            return true
        case .failure(let error):
            failure = error
            return false
        }
    }

    /// The opening bracket or a comma, and the element's indent.
    private mutating func startElement(_ output: inout [UInt8]) {
        output.append(count == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
        output.append(0x0A)
        output.append(contentsOf: repeatElement(0x20, count: 2 * (depth + 1)))
        count += 1
    }

    /// Encodes `element` and writes it through `context`; false when it cannot be encoded
    /// (the error is kept in `failure`), so that a sink can stop there.
    mutating func append(encoding element: some Encodable, in context: Context) -> Bool {
        guard failure == nil else { return false }
        return append(encoded: Result { try Self.encoded(element, depth: depth) }, in: context)
    }

    /// Closes the array: `[]` when nothing came, else the closing bracket on its own line.
    func finish(to output: inout [UInt8]) {
        guard count > 0 else { return output.append(contentsOf: "[]".utf8) }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(0x20, count: 2 * depth))
        output.append(UInt8(ascii: "]"))
    }
}
