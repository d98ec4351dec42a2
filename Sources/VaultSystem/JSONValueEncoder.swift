import FoundationEssentials

/// Encodes any `Encodable` straight into a `JSONValue`, keys sorted, dates as ISO 8601.
///
/// The CLI's `--json` output goes through this rather than `JSONEncoder`: building the value
/// directly avoids writing JSON text only to parse it again for stable formatting, and is
/// several times faster on large listings.
public struct JSONValueEncoder {
    public init() {}

    /// The value of `value` as JSON.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let box = Box()
        try ValueEncoder(codingPath: [], target: box).encodeValue(value)
        return box.finished
    }
}

/// A growing JSON value shared by the containers that fill it.
private final class Box {
    var value: JSONValue = .null
    var members: [(String, Box)]?
    var items: [Box]?

    /// The finished value, with object keys sorted so output is stable.
    var finished: JSONValue {
        if let members {
            return .object(members.map { ($0.0, $0.1.finished) }.sorted { $0.0 < $1.0 })
        }
        if let items { return .array(items.map(\.finished)) }
        return value
    }
}

private final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    /// The box this encoder fills.
    let target: Box

    init(codingPath: [any CodingKey], target: Box) {
        self.codingPath = codingPath
        self.target = target
    }

    func encodeValue<T: Encodable>(_ value: T) throws {
        switch value {
        case let date as Date:
            target.value = .string(WallTime.iso8601(date))
        case let url as URL:
            target.value = .string(url.absoluteString)
        default:
            try value.encode(to: self)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if target.members == nil { target.members = [] }
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, box: target))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if target.items == nil { target.items = [] }
        return UnkeyedContainer(encoder: self, box: target)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(encoder: self, box: target) }

    /// Encodes a child value into a new box.
    func child<T: Encodable>(_ value: T, key: (any CodingKey)?) throws -> Box {
        let box = Box()
        try ValueEncoder(codingPath: codingPath + (key.map { [$0] } ?? []), target: box).encodeValue(value)
        return box
    }
}

private func number<T: BinaryInteger>(_ value: T) -> JSONValue { .number(String(value)) }

private func number(_ value: Double) -> JSONValue {
    value.isFinite ? .number(value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)) : .null
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder
    let box: Box
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ key: Key, _ value: JSONValue) {
        let child = Box()
        child.value = value
        set(key, child)
    }

    private func set(_ key: Key, _ child: Box) {
        if let index = box.members!.firstIndex(where: { $0.0 == key.stringValue }) {
            box.members![index].1 = child
        } else {
            box.members!.append((key.stringValue, child))
        }
    }

    mutating func encodeNil(forKey key: Key) throws { set(key, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(key, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(key, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(key, number(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(key, number(Double(value))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(key, number(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(key, number(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(key, number(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(key, number(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(key, number(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(key, number(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(key, number(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(key, number(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(key, number(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(key, number(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(key, try encoder.child(value, key: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = Box()
        child.members = []
        set(key, child)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: encoder, box: child))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = Box()
        child.items = []
        set(key, child)
        return UnkeyedContainer(encoder: encoder, box: child)
    }

    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder
    let box: Box
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { box.items!.count }

    private func append(_ value: JSONValue) {
        let child = Box()
        child.value = value
        box.items!.append(child)
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(number(value)) }
    mutating func encode(_ value: Int) throws { append(number(value)) }
    mutating func encode(_ value: Int64) throws { append(number(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.items!.append(try encoder.child(value, key: nil)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = Box()
        child.members = []
        box.items!.append(child)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: encoder, box: child))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = Box()
        child.items = []
        box.items!.append(child)
        return UnkeyedContainer(encoder: encoder, box: child)
    }

    mutating func superEncoder() -> any Encoder { encoder }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    let box: Box
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { box.value = .null }
    mutating func encode(_ value: Bool) throws { box.value = .bool(value) }
    mutating func encode(_ value: String) throws { box.value = .string(value) }
    mutating func encode(_ value: Double) throws { box.value = number(value) }
    mutating func encode(_ value: Float) throws { box.value = number(Double(value)) }
    mutating func encode(_ value: Int) throws { box.value = number(value) }
    mutating func encode(_ value: Int8) throws { box.value = number(value) }
    mutating func encode(_ value: Int16) throws { box.value = number(value) }
    mutating func encode(_ value: Int32) throws { box.value = number(value) }
    mutating func encode(_ value: Int64) throws { box.value = number(value) }
    mutating func encode(_ value: UInt) throws { box.value = number(value) }
    mutating func encode(_ value: UInt8) throws { box.value = number(value) }
    mutating func encode(_ value: UInt16) throws { box.value = number(value) }
    mutating func encode(_ value: UInt32) throws { box.value = number(value) }
    mutating func encode(_ value: UInt64) throws { box.value = number(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let child = try encoder.child(value, key: nil)
        box.value = child.finished
    }
}
