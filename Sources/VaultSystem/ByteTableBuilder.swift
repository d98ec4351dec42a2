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
/// Beside its bytes, an entry costs its start and the low half of its hash (eight bytes)
/// and two to four slots: a first run over a large vault adds a million entries or more,
/// and a start, a length and a whole hash apiece (32 bytes, half as much again while the
/// array grew) made the table the largest thing such a run held.
public final class ByteTableBuilder: @unchecked Sendable {
    private let lock = Lock()
    /// The entries, each a length and its bytes.
    private var bytes: [UInt8] = []
    private var starts: [UInt32] = []
    /// The low 32 bits of each entry's hash: which slot it takes, and a check that rules
    /// out almost every other entry met on the way before its bytes are compared.
    private var hashes: [UInt32] = []
    /// Entry numbers by hash, open addressing; -1 for an empty slot. Kept at most three
    /// quarters full: at half, the slots of a million entries took 16 MB, and twice that
    /// while they grew.
    private var slots = [Int32](repeating: -1, count: 1 << 10)

    public init() {}

    /// The number of the entry holding `value`, added when it is new.
    public func number(of value: UnsafeRawBufferPointer) -> UInt64 {
        // Taken before the lock.
        let hash = Self.hash(value)
        return lock.withLock {
            if slots.isEmpty { rebuildLookups() }
            var slot = Int(hash) & (slots.count - 1)
            while true {
                let number = Int(slots[slot])
                if number < 0 { break }
                if hashes[number] == hash && holds(number, value) { return UInt64(number) }
                slot = (slot + 1) & (slots.count - 1)
            }
            let number = starts.count
            slots[slot] = Int32(number)
            starts.append(UInt32(truncatingIfNeeded: bytes.count))
            hashes.append(hash)
            var length = value.count
            while length >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: length) | 0x80)
                length >>= 7
            }
            bytes.append(UInt8(length))
            bytes.append(contentsOf: value)
            if hashes.count * 4 > slots.count * 3 { grow() }
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
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                // Read as `ByteTable` reads an entry: its length, then its bytes.
                guard let range = try? ByteTable(bytes: bytes, starts: starts).range(of: UInt64(number), at: 0) else { return false }
                return range.count == value.count
                    && (value.count == 0 || memcmp(bytes.baseAddress! + range.lowerBound, value.baseAddress!, value.count) == 0)
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

    /// Lets go of what finds an entry by its value (its hashes and slots: 14 MB for the 1.3
    /// million values of a first run at 100,000 notes) while the entries are written out;
    /// a later lookup takes them up again.
    public func dropLookups() {
        lock.withLock {
            hashes = []
            slots = []
        }
    }

    /// Hashes every entry again, after `dropLookups()`; the lock is held.
    private func rebuildLookups() {
        hashes.reserveCapacity(starts.count)
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                let table = ByteTable(bytes: bytes, starts: starts)
                for number in 0..<starts.count {
                    // Written here, each entry reads back; were one not to, it would only be
                    // added again when next asked for.
                    let range = (try? table.range(of: UInt64(number), at: 0)) ?? 0..<0
                    hashes.append(Self.hash(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[range])))
                }
            }
        }
        var count = 1 << 10
        while hashes.count * 4 > count * 3 { count *= 2 }
        place(in: count)
    }

    private func grow() { place(in: slots.count * 2) }

    /// Makes `count` slots and places every entry by its hash; the lock is held.
    private func place(in count: Int) {
        slots = [Int32](repeating: -1, count: count)
        for (number, hash) in hashes.enumerated() {
            var slot = Int(hash) & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(number)
        }
    }

    /// How many bytes the entries take, and how many there are.
    public var size: (bytes: Int, count: Int) { lock.withLock { (bytes.count, starts.count) } }

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
        try lock.withLock {
            try bytes.withUnsafeBufferPointer { bytes in
                try starts.withUnsafeBufferPointer { starts in try body(ByteTable(bytes: bytes, starts: starts)) }
            }
        }
    }
}
