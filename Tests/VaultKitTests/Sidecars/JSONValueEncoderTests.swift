import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Encoding values as JSON")
struct JSONValueEncoderTests {
    struct Sample: Encodable {
        enum Kind: String, Encodable { case page }
        var name = "a \"quoted\"\nline\t\u{1}"
        var count = 3
        var ratio = 1.5
        var flag = true
        var missing: String? = nil
        var kind = Kind.page
        var date = Date(timeIntervalSince1970: 1_796_040_000)
        var nested = [["b": 2, "a": 1]]
        var empty: [Int] = []
    }

    @Test("keys are sorted, nil is left out, dates are ISO 8601, strings are escaped")
    func sample() throws {
        let text = try JSONValueEncoder().encode(Sample()).formatted()
        #expect(
            text == """
                {
                  "count": 3,
                  "date": "2026-11-30T12:00:00Z",
                  "empty": [],
                  "flag": true,
                  "kind": "page",
                  "name": "a \\"quoted\\"\\nline\\t\\u0001",
                  "nested": [
                    {
                      "a": 1,
                      "b": 2
                    }
                  ],
                  "ratio": 1.5
                }

                """)
    }

    @Test("what it writes, JSONSerialization reads back as the same value")
    func roundTrip() throws {
        let bytes = try JSONValueEncoder().encode(Sample()).formattedBytes()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["name"] as? String == Sample().name)
        #expect(object["count"] as? Int == 3)
        #expect(try JSONValue.parse(bytes) == JSONValueEncoder().encode(Sample()))
    }

    /// A value whose `encode(to:)` writes one key twice and asks its coding path.
    struct Twice: Encodable {
        enum Keys: String, CodingKey { case b, a }
        struct Inner: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "."))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .b)
            try container.encode(2, forKey: .a)
            try container.encode("later", forKey: .b)
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
            try nested.encode([Inner()], forKey: .b)
        }
    }

    @Test("a key encoded twice keeps its later value, and a nested value is told its coding path")
    func keyTwice() throws {
        let value = try JSONValueEncoder().encode(Twice())
        #expect(value == .object([("a", .object([("b", .array([.string("a.b.Index 0")]))])), ("b", .string("later"))]))
    }
}
