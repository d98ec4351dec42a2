/// Storage that one thread reads files into, one after another, kept from file to file.
///
/// A search reads every note once and keeps none of it: a fresh array for each note cost an
/// allocation whose generic path (the array's storage type looked up at run time) took some
/// 500 instructions besides `malloc` and `free`, 10 million at 10,000 notes.
public final class ReadBuffer: @unchecked Sendable {
    private var storage: UnsafeMutableRawBufferPointer
    /// How many bytes of `storage` the last read filled.
    public private(set) var count = 0

    /// The most kept from one read to the next: storage grown for a larger file is let go
    /// at the next read, so one large note does not hold its size for the rest of a run.
    static let keptCapacity = 1 << 20

    public init() {
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 << 10, alignment: 16)
    }

    deinit { storage.deallocate() }

    /// The bytes the last read left.
    public var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Empties the buffer for a read of about `expected` bytes.
    func start(expecting expected: Int) {
        count = 0
        if storage.count > Self.keptCapacity && expected < Self.keptCapacity {
            storage.deallocate()
            storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 << 10, alignment: 16)
        }
        reserve(expected)
    }

    /// The room after the bytes held, at least `minimum` bytes of it.
    func room(atLeast minimum: Int) -> UnsafeMutableRawBufferPointer {
        reserve(count + minimum)
        return UnsafeMutableRawBufferPointer(rebasing: storage[count...])
    }

    /// Counts `added` bytes written into the room as held.
    func took(_ added: Int) { count += added }

    /// Holds `bytes` instead of what it held.
    public func replace(with bytes: [UInt8]) {
        start(expecting: bytes.count)
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { storage.baseAddress!.copyMemory(from: base, byteCount: source.count) }
        }
        count = bytes.count
    }

    private func reserve(_ capacity: Int) {
        guard capacity > storage.count else { return }
        let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(capacity, storage.count * 2), alignment: 16)
        if count > 0 { grown.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: count) }
        storage.deallocate()
        storage = grown
    }
}
