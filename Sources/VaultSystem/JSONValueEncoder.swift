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
        try ValueEncoder(parent: nil, key: nil, target: box).encodeValue(value)
        return box.finished
    }
}

/// A growing JSON value shared by the containers that fill it.
private final class Box {
    /// A member or item: a value known whole, or a box its own containers fill. Most are
    /// values, held without a box of their own.
    enum Slot {
        case value(JSONValue)
        case box(Box)

        var finished: JSONValue {
            switch self {
            case .value(let value): return value
            case .box(let box): return box.finished
            }
        }
    }

    var value: JSONValue = .null
    var members: [(String, Slot)]?
    var items: [Slot]?

    /// The finished value, with object keys sorted so output is stable; of a key encoded
    /// twice, the later value is kept, as `JSONEncoder` keeps it.
    var finished: JSONValue {
        if let members {
            let order = members.indices.sorted { members[$0].0 != members[$1].0 ? members[$0].0 < members[$1].0 : $0 < $1 }
            var object: [(String, JSONValue)] = []
            object.reserveCapacity(order.count)
            for (position, index) in order.enumerated() {
                if position + 1 < order.count, members[order[position + 1]].0 == members[index].0 { continue }
                object.append((members[index].0, members[index].1.finished))
            }
            return .object(object)
        }
        if let items { return .array(items.map(\.finished)) }
        return value
    }
}

private final class ValueEncoder: Encoder {
    /// The encoder of the value this one's value is in, and the key it is under there: the
    /// coding path is made from them only when asked, never for each value encoded.
    private let parent: ValueEncoder?
    private let key: (any CodingKey)?
    let userInfo: [CodingUserInfoKey: Any] = [:]
    /// The box this encoder fills.
    let target: Box

    init(parent: ValueEncoder?, key: (any CodingKey)?, target: Box) {
        self.parent = parent
        self.key = key
        self.target = target
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var encoder: ValueEncoder? = self
        while let current = encoder {
            if let key = current.key { path.append(key) }
            encoder = current.parent
        }
        return path.reversed()
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

    /// Encodes a child value: a string or a number as it is, anything else into a new box.
    func child<T: Encodable>(_ value: T, key: (any CodingKey)?) throws -> Box.Slot {
        if let text = value as? String { return .value(.string(text)) }
        if let number = value as? Int { return .value(VaultSystem.number(number)) }
        let box = Box()
        try ValueEncoder(parent: self, key: key, target: box).encodeValue(value)
        return .box(box)
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

    private func set(_ key: Key, _ value: JSONValue) { box.members!.append((key.stringValue, .value(value))) }

    private func set(_ key: Key, _ child: Box.Slot) { box.members!.append((key.stringValue, child)) }

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
        set(key, .box(child))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: ValueEncoder(parent: encoder, key: key, target: child), box: child))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = Box()
        child.items = []
        set(key, .box(child))
        return UnkeyedContainer(encoder: ValueEncoder(parent: encoder, key: key, target: child), box: child)
    }

    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder
    let box: Box
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { box.items!.count }

    private func append(_ value: JSONValue) { box.items!.append(.value(value)) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(number(value)) }
    mutating func encode(_ value: Int) throws { append(number(value)) }
    mutating func encode(_ value: Int64) throws { append(number(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.items!.append(try encoder.child(value, key: IndexKey(count))) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = Box()
        child.members = []
        let key = IndexKey(count)
        box.items!.append(.box(child))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: ValueEncoder(parent: encoder, key: key, target: child), box: child))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = Box()
        child.items = []
        let key = IndexKey(count)
        box.items!.append(.box(child))
        return UnkeyedContainer(encoder: ValueEncoder(parent: encoder, key: key, target: child), box: child)
    }

    mutating func superEncoder() -> any Encoder { encoder }
}

/// The key of an array's item in a coding path, as `JSONEncoder` names it.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
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
        box.value = try encoder.child(value, key: nil).finished
    }
}
