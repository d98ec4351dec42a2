import VaultSystem

/// A JSON object of lists written a member at a time and each list an element at a time,
/// in the bytes `Context.emit` gives for the whole object: a report of 30,000 links is not
/// held as one document beside the links.
struct JSONObjectStream {
    private var count = 0

    /// Writes the member `key` (members come in the order of their keys, as the encoder
    /// sorts them) with the list `elements` as its value.
    ///
    /// - Throws: what encoding an element throws.
    mutating func member<Element: Encodable>(_ key: String, elements: [Element], in context: Context) throws {
        context.write { output in
            output.append(count == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
            output.append(contentsOf: "\n  ".utf8)
            JSONValue.string(key).append(to: &output, depth: 1)
            output.append(contentsOf: ": ".utf8)
        }
        count += 1
        var list = JSONArrayStream(depth: 1)
        for element in elements where !list.append(encoding: element, in: context) { break }
        if let failure = list.failure { throw failure }
        context.write { list.finish(to: &$0) }
    }

    /// Closes the object and its line.
    func finish(in context: Context) {
        context.write { $0.append(contentsOf: (count == 0 ? "{}\n" : "\n}\n").utf8) }
    }
}
