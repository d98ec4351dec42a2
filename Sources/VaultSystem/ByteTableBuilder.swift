import Foundation

/// Collects the distinct byte strings that `ByteWriter` writes by reference: each is kept
/// once, and a writer writes its number in the table instead of its bytes.
///
/// Shared by the writers of many threads; the entries are laid out as `ByteTable` reads
/// them, so records can be read back before the table is written anywhere. Values are
/// found by a hash of their bytes in a table of their numbers, so that looking one up
/// (most are found, not added) copies nothing.
public final class ByteTableBuilder: @unchecked Sendable {
    private let lock = Lock()
    /// The entries, each a length and its bytes.
    private var bytes: [UInt8] = []
    private var starts: [UInt32] = []
    /// Where each entry's value begins, how long it is, and its hash.
    private var values: [(start: Int, count: Int, hash: UInt64)] = []
    /// Entry numbers by hash, open addressing; -1 for an empty slot. Kept at most half full.
    private var slots = [Int32](repeating: -1, count: 1 << 10)

    public init() {}

    /// The number of the entry holding `value`, added when it is new.
    public func number(of value: UnsafeRawBufferPointer) -> UInt64 {
        // FNV-1a: values are short, and the hash is taken before the lock.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in value { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return lock.withLock {
            var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
            while true {
                let number = Int(slots[slot])
                if number < 0 { break }
                let known = values[number]
                if known.hash == hash && known.count == value.count
                    && bytes.withUnsafeBytes({ value.count == 0 || memcmp($0.baseAddress! + known.start, value.baseAddress!, value.count) == 0 })
                {
                    return UInt64(number)
                }
                slot = (slot + 1) & (slots.count - 1)
            }
            let number = starts.count
            slots[slot] = Int32(number)
            starts.append(UInt32(truncatingIfNeeded: bytes.count))
            var length = value.count
            while length >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: length) | 0x80)
                length >>= 7
            }
            bytes.append(UInt8(length))
            values.append((bytes.count, value.count, hash))
            bytes.append(contentsOf: value)
            if values.count * 2 > slots.count { grow() }
            return UInt64(number)
        }
    }

    /// The number of the entry holding `value`, added when it is new.
    public func number(of value: some Collection<UInt8>) -> UInt64 {
        if let number = value.withContiguousStorageIfAvailable({ number(of: UnsafeRawBufferPointer($0)) }) { return number }
        return Array(value).withUnsafeBytes { number(of: $0) }
    }

    private func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for (number, value) in values.enumerated() {
            var slot = Int(truncatingIfNeeded: value.hash) & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(number)
        }
    }

    /// The entries, each a length and its bytes, as a file holds them, and how many there are.
    public var entries: (bytes: [UInt8], count: Int) { lock.withLock { (bytes, starts.count) } }

    /// Calls `body` with a view of the entries as they are now; no entry is added meanwhile.
    public func withTable<Result>(_ body: (ByteTable) throws -> Result) rethrows -> Result {
        try lock.withLock {
            try bytes.withUnsafeBufferPointer { bytes in
                try starts.withUnsafeBufferPointer { starts in try body(ByteTable(bytes: bytes, starts: starts)) }
            }
        }
    }
}
