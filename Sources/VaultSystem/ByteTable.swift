/// A read-only view of a table of byte strings that `ByteReader` resolves references into:
/// each entry is a length and its bytes, and `starts` says where each entry begins.
///
/// A reference is relative to `first`, so records encoded against a table that was later
/// appended to another one (records whose strings were interned in another run) still
/// resolve: their entries begin at `first`.
public struct ByteTable {
    let bytes: UnsafeBufferPointer<UInt8>
    let starts: UnsafeBufferPointer<UInt32>
    /// The global number of the entry a reference of zero names.
    public var first: Int

    /// A view of the entries in `bytes` beginning at `starts`; both must outlive the view.
    public init(bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>, first: Int = 0) {
        self.bytes = bytes
        self.starts = starts
        self.first = first
    }

    /// The number of entries.
    public var count: Int { starts.count }

    /// The bytes of entry `reference` (relative to `first`) as a range of `bytes`.
    func range(of reference: UInt64, at offset: Int) throws(ByteReader.Malformed) -> Range<Int> {
        try range(ofEntry: try entry(of: reference, at: offset))
    }

    /// The global number of the entry `reference` (relative to `first`) names.
    ///
    /// - Throws: `ByteReader.Malformed` at `offset` when the table has no such entry.
    func entry(of reference: UInt64, at offset: Int) throws(ByteReader.Malformed) -> Int {
        guard first >= 0, first <= starts.count, reference < UInt64(starts.count - first) else { throw ByteReader.Malformed(offset: offset) }
        return first + Int(reference)
    }

    /// The bytes of the entry numbered `entry` (a valid global number) as a range of `bytes`.
    func range(ofEntry entry: Int) throws(ByteReader.Malformed) -> Range<Int> {
        var reader = ByteReader(bytes, start: Int(starts[entry]))
        let length = try reader.count()
        return reader.offset..<reader.offset + length
    }

    /// Where each entry of `bytes[range]` (lengths and bytes, one after another) begins.
    ///
    /// - Throws: `ByteReader.Malformed` when an entry runs past the range.
    public static func starts(of bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, count: Int) throws(ByteReader.Malformed)
        -> [UInt32]
    {
        guard range.upperBound <= Int(UInt32.max) else { throw ByteReader.Malformed(offset: range.lowerBound) }
        var reader = ByteReader(bytes, start: range.lowerBound, end: range.upperBound)
        var starts: [UInt32] = []
        starts.reserveCapacity(count)
        for _ in 0..<count {
            starts.append(UInt32(reader.offset))
            try reader.skip(try reader.count())
        }
        return starts
    }
}
