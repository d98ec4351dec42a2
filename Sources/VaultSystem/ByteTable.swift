/// A read-only view of a table of byte strings that `ByteReader` resolves references into:
/// each entry is a length and its bytes, and `starts` says where each entry begins, or
/// every `1 << shift`-th one (the others are found by skipping from there).
///
/// A reference is relative to `first`, so records encoded against a table that was later
/// appended to another one (records whose strings were interned in another run) still
/// resolve: their entries begin at `first`.
public struct ByteTable {
    let bytes: UnsafeBufferPointer<UInt8>
    let starts: UnsafeBufferPointer<UInt32>
    /// Each start is of the entry numbered `1 << shift` times its place.
    let shift: Int
    /// The number of entries.
    public let count: Int
    /// The global number of the entry a reference of zero names.
    public var first: Int

    /// A view of the entries in `bytes` beginning at `starts`; both must outlive the view.
    public init(bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>, first: Int = 0) {
        self.init(bytes: bytes, starts: starts, shift: 0, count: starts.count, first: first)
    }

    /// A view of the `count` entries in `bytes` where every `1 << shift`-th begins at `starts`
    /// (see `starts(of:in:count:shift:)`); both must outlive the view.
    public init(bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>, shift: Int, count: Int, first: Int = 0) {
        self.bytes = bytes
        self.starts = starts
        self.shift = shift
        self.count = count
        self.first = first
    }

    /// The bytes of entry `reference` (relative to `first`) as a range of `bytes`.
    func range(of reference: UInt64, at offset: Int) throws(ByteReader.Malformed) -> Range<Int> {
        try range(ofEntry: try entry(of: reference, at: offset))
    }

    /// The global number of the entry `reference` (relative to `first`) names.
    ///
    /// - Throws: `ByteReader.Malformed` at `offset` when the table has no such entry.
    func entry(of reference: UInt64, at offset: Int) throws(ByteReader.Malformed) -> Int {
        guard first >= 0, first <= count, reference < UInt64(count - first) else { throw ByteReader.Malformed(offset: offset) }
        return first + Int(reference)
    }

    /// The bytes of the entry numbered `entry` (a valid global number) as a range of `bytes`.
    func range(ofEntry entry: Int) throws(ByteReader.Malformed) -> Range<Int> {
        var reader = ByteReader(bytes, start: Int(starts[entry >> shift]))
        for _ in 0..<(entry & (1 << shift - 1)) { try reader.skip(try reader.count()) }
        let length = try reader.count()
        return reader.offset..<reader.offset + length
    }

    /// Where each entry of `bytes[range]` (lengths and bytes, one after another) begins, or
    /// every `1 << shift`-th one.
    ///
    /// - Throws: `ByteReader.Malformed` when an entry runs past the range.
    public static func starts(
        of bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, count: Int, shift: Int = 0
    ) throws(ByteReader.Malformed) -> [UInt32] {
        guard range.upperBound <= Int(UInt32.max) else { throw ByteReader.Malformed(offset: range.lowerBound) }
        var reader = ByteReader(bytes, start: range.lowerBound, end: range.upperBound)
        var starts: [UInt32] = []
        starts.reserveCapacity((count + 1 << shift - 1) >> shift)
        let mask = 1 << shift - 1
        for number in 0..<count {
            if number & mask == 0 { starts.append(UInt32(reader.offset)) }
            try reader.skip(try reader.count())
        }
        return starts
    }
}
