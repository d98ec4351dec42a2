import FoundationEssentials

/// Bytes a JSON file holds as base64 text: the new bytes of a file in an intent journal.
///
/// Reading text that is not base64 is an error, never empty bytes: a damaged journal would
/// otherwise restore a note as an empty file.
@propertyWrapper
public struct Base64Bytes: Codable, Sendable {
    public var wrappedValue: [UInt8]

    public init(wrappedValue: [UInt8]) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let data = Data(base64Encoded: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not base64"))
        }
        wrappedValue = Array(data)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Data(wrappedValue).base64EncodedString())
    }
}
