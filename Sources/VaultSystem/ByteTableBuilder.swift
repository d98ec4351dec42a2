import FoundationEssentials
import Glibc

/// Collects the distinct byte strings that `ByteWriter` writes by reference: each is kept
/// once, and a writer writes its number in the table instead of its bytes.
///
/// Shared by the writers of many threads; the entries are laid out as `ByteTable` reads
/// them, so records can be read back before the table is written anywhere. Values are
/// found by a hash of their bytes in a table of their numbers, so that looking one up
/// (most are found, not added) copies nothing.
///
/// Beside its bytes, an entry costs a byte of its hash, an eighth of its start and two to
/// four slots: a first run over a large vault adds a million entries or more (990,000 link
/// shapes and their strings in a first `check` at 100,000 notes), and a start and a 32-bit
/// hash apiece (8 MB there) were the largest part of what such a run held beside the values.
public final class ByteTableBuilder: @unchecked Sendable {
    private let lock = Lock()
    /// The entries, each a length and its bytes.
    private var bytes: [UInt8] = []
    /// Where every `1 << startShift`-th entry begins: the others are found by skipping
    /// at most seven lengths from there.
    private var starts: [UInt32] = []
    private var count = 0
    /// The high byte of each entry's hash: a slot whose entry differs from the value looked
    /// up is passed over without its bytes being read, but for one time in 256.
    private var tags: [UInt8] = []
    /// Entry numbers by hash, open addressing; -1 for an empty slot. Kept at most three
    /// quarters full: at half, the slots of a million entries took 16 MB, and twice that
    /// while they grew.
    private var slots = [Int32](repeating: -1, count: 1 << 10)
    private static let startShift = 3

    public init() {}

    /// The number of the entry holding `value`, added when it is new.
    public func number(of value: UnsafeRawBufferPointer) -> UInt64 {
        // Taken before the lock.
        let hash = Self.hash(value)
        // The high byte: the low bits choose the slot, so entries met on the way share them.
        let tag = UInt8(truncatingIfNeeded: hash >> 24)
        return lock.withLock {
            if slots.isEmpty { placeEntries(in: Self.slotCount(for: count)) }
            var slot = Int(hash) & (slots.count - 1)
            while true {
                let number = Int(slots[slot])
                if number < 0 { break }
                if tags[number] == tag && holds(number, value) { return UInt64(number) }
                slot = (slot + 1) & (slots.count - 1)
            }
            let number = count
            slots[slot] = Int32(number)
            if number & (1 << Self.startShift - 1) == 0 { starts.append(UInt32(truncatingIfNeeded: bytes.count)) }
            count += 1
            tags.append(tag)
            var length = value.count
            while length >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: length) | 0x80)
                length >>= 7
            }
            bytes.append(UInt8(length))
            bytes.append(contentsOf: value)
            if count * 4 > slots.count * 3 { placeEntries(in: slots.count * 2) }
            return UInt64(number)
        }
    }

    /// The number of the entry holding `value`, added when it is new.
    public func number(of value: some Collection<UInt8>) -> UInt64 {
        if let number = value.withContiguousStorageIfAvailable({ number(of: UnsafeRawBufferPointer($0)) }) { return number }
        return Array(value).withUnsafeBytes { number(of: $0) }
    }

    /// True when entry `number` holds exactly `value`; the lock is held.
    private func holds(_ number: Int, _ value: UnsafeRawBufferPointer) -> Bool {
        withEntries { bytes, table in
            guard let range = try? table.range(ofEntry: number) else { return false }
            return range.count == value.count
                && (value.count == 0 || memcmp(bytes.baseAddress! + range.lowerBound, value.baseAddress!, value.count) == 0)
        }
    }

    /// Calls `body` with the entries as a table; the lock is held.
    private func withEntries<Result>(_ body: (UnsafeBufferPointer<UInt8>, ByteTable) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { bytes in
            try starts.withUnsafeBufferPointer { starts in
                try body(bytes, ByteTable(bytes: bytes, starts: starts, shift: Self.startShift, count: count))
            }
        }
    }

    /// FNV-1a, whose low bits mix well: values are short. The slots are far fewer than 2^32,
    /// so 32 bits choose one.
    private static func hash(_ value: UnsafeRawBufferPointer) -> UInt32 {
        var wide: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in value { wide = (wide ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return UInt32(truncatingIfNeeded: wide)
    }

    /// Lets go of what finds an entry by its value (its slots: 8 MB for the million values
    /// of a first run at 100,000 notes) while the entries are written out; a later lookup
    /// takes them up again.
    public func dropLookups() {
        lock.withLock { slots = [] }
    }

    /// The fewest slots that hold `count` entries at most three quarters full.
    private static func slotCount(for count: Int) -> Int {
        var slots = 1 << 10
        while count * 4 > slots * 3 { slots *= 2 }
        return slots
    }

    /// Makes `count` slots and places every entry by its hash, read again from its bytes;
    /// the lock is held. The old slots go first: held beside the new ones, they were a third
    /// more at the moment a large table doubled.
    private func placeEntries(in count: Int) {
        slots = []
        slots = [Int32](repeating: -1, count: count)
        let mask = count - 1
        withEntries { bytes, _ in
            var reader = ByteReader(bytes, start: 0)
            for number in 0..<self.count {
                // Written here, each entry reads back; were one not to, it would only be
                // added again when next asked for.
                guard let length = try? reader.count(), reader.offset + length <= bytes.count else { return }
                let hash = Self.hash(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[reader.offset..<reader.offset + length]))
                try? reader.skip(length)
                var slot = Int(hash) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(number)
            }
        }
    }

    /// How many bytes the entries take, and how many there are.
    public var size: (bytes: Int, count: Int) { lock.withLock { (bytes.count, count) } }

    /// Hands the first `length` bytes of the entries (each a length and its bytes, as a
    /// file holds them) to `write` in pieces of up to a MiB, so that writing a table of tens
    /// of MB does not copy it whole. Entries are only ever appended: the first bytes a `size`
    /// counted stay what they were, whatever another thread adds meanwhile.
    public func copyEntries(length: Int, _ write: ([UInt8]) throws -> Void) rethrows {
        try lock.withLock {
            let length = min(length, bytes.count)
            var start = 0
            while start < length {
                let end = min(length, start + (1 << 20))
                try write(Array(bytes[start..<end]))
                start = end
            }
        }
    }

    /// Calls `body` with a view of the entries as they are now; no entry is added meanwhile.
    public func withTable<Result>(_ body: (ByteTable) throws -> Result) rethrows -> Result {
        try lock.withLock { try withEntries { _, table in try body(table) } }
    }
}
