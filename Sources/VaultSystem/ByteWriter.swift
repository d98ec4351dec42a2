/// Appends values to a byte buffer in a compact binary form: unsigned LEB128 integers,
/// zigzag for signed ones, strings as a length and their UTF-8 bytes.
///
/// For files `vault` derives from a vault (the cache of note facts), which `ByteReader`
/// reads back; nothing in the form is meant for other programs.
public struct ByteWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// Where repeated strings go: `shared(_:)` writes a number into it instead of the
    /// bytes. Without one, they are written in place.
    public let table: ByteTableBuilder?
    /// Where `sharedAside(_:)` writes: a second table, for values a reader wants without the
    /// others (a cache's link shapes, which `backlinks` and `check` read and nothing else
    /// of). Without one, they go where `shared(_:)` writes.
    public let sideTable: ByteTableBuilder?

    /// Emptied buffers of values built apart (`shared`, `lengthPrefixed`), kept for the next:
    /// a record of many values then allocates a few buffers, not one a value.
    private var spares: [[UInt8]] = []

    public init(capacity: Int = 0, table: ByteTableBuilder? = nil, sideTable: ByteTableBuilder? = nil) {
        self.table = table
        self.sideTable = sideTable
        bytes.reserveCapacity(capacity)
    }

    /// Writes what `build` writes once in the table and here only its number (in place,
    /// behind its length, without a table): for values many records repeat.
    public mutating func shared(_ build: (inout ByteWriter) -> Void) {
        apart(build, into: table, side: sideTable)
    }

    /// Writes what `build` writes once in the side table (see `sideTable`), the shared values
    /// within it too, and here only its number; as `shared(_:)` does without a side table.
    public mutating func sharedAside(_ build: (inout ByteWriter) -> Void) {
        guard let sideTable else { return shared(build) }
        apart(build, into: sideTable, side: sideTable)
    }

    /// Writes what `build` writes behind its length, so that a reader may skip it unread.
    public mutating func lengthPrefixed(_ build: (inout ByteWriter) -> Void) {
        apart(build, table: table, side: sideTable) { writer, built in writer.data(built) }
    }

    /// Writes what `build` writes once in `table` and here only its number, or in place
    /// behind its length without a table; `build`'s own shared values go into `table`.
    private mutating func apart(_ build: (inout ByteWriter) -> Void, into table: ByteTableBuilder?, side: ByteTableBuilder?) {
        apart(build, table: table, side: side) { writer, built in
            if let table {
                writer.unsigned(built.withUnsafeBytes { table.number(of: $0) })
            } else {
                writer.data(built)
            }
        }
    }

    /// Builds a value in a writer of its own over a spare buffer, writing its shared values
    /// into `table` and `side`, and hands it to `finish`.
    private mutating func apart(
        _ build: (inout ByteWriter) -> Void, table: ByteTableBuilder?, side: ByteTableBuilder?,
        finish: (inout ByteWriter, [UInt8]) -> Void
    ) {
        var inner = ByteWriter(table: table, sideTable: side)
        if var spare = spares.popLast() { swap(&inner.bytes, &spare) }
        swap(&inner.spares, &spares)
        build(&inner)
        swap(&inner.spares, &spares)
        var built: [UInt8] = []
        swap(&built, &inner.bytes)
        finish(&self, built)
        built.removeAll(keepingCapacity: true)
        spares.append(built)
    }

    /// A string written once in the table (see `shared(_:)`).
    public mutating func sharedString(_ value: String) {
        guard let table else { return string(value) }
        var value = value
        unsigned(value.withUTF8 { table.number(of: UnsafeRawBufferPointer($0)) })
    }

    /// Bytes written once in the table (see `shared(_:)`).
    public mutating func sharedBytes(_ value: some Collection<UInt8>) {
        guard let table else { return data(Array(value)) }
        unsigned(table.number(of: value))
    }

    /// Strings, each written once in the table (see `shared(_:)`).
    public mutating func sharedStrings(_ values: [String]) {
        unsigned(UInt64(values.count))
        for value in values { sharedString(value) }
    }

    public mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    public mutating func int(_ value: Int) {
        // Zigzag, so that -1 takes one byte.
        unsigned(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))))
    }

    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    public mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// Eight bytes, little-endian: for values whose width matters (a checksum).
    public mutating func fixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Each value as `fixed64(_:)` writes it, in one copy: for thousands of them at once.
    public mutating func fixed64s(_ values: [UInt64]) {
        #if _endian(little)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
        for value in values { fixed64(value) }
        #endif
    }

    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            unsigned(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    public mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    public mutating func data(_ value: [UInt8]) {
        unsigned(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    public mutating func range(_ value: Range<Int>) {
        int(value.lowerBound)
        int(value.count)
    }

    public mutating func strings(_ values: [String]) {
        unsigned(UInt64(values.count))
        for value in values { string(value) }
    }

    /// Appends raw bytes, with no length before them.
    public mutating func raw(_ value: some Collection<UInt8>) { bytes.append(contentsOf: value) }

    /// The bytes written so far, leaving the writer empty (its capacity kept) for the next:
    /// for a file written in pieces.
    public mutating func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }
}
