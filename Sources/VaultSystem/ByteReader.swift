/// Reads back what `ByteWriter` wrote, checking every length against the bytes there are:
/// a truncated or damaged buffer gives `ByteReader.Malformed`, never a crash.
public struct ByteReader {
    /// The bytes end early, or a value is not what the writer could have written.
    public struct Malformed: Error, Sendable {
        public var offset: Int
        public init(offset: Int) { self.offset = offset }
    }

    private let base: UnsafeBufferPointer<UInt8>
    public private(set) var offset: Int
    private let end: Int
    /// The table the writer's shared values went into; nil when they were written in place.
    public var table: ByteTable?
    /// The table the writer's values written aside went into (`ByteWriter.sideTable`); nil
    /// when it had none, and they went where the others did.
    public var sideTable: ByteTable?

    /// A reader of `buffer[start..<end]`; the buffer (and the tables') must outlive the reader.
    public init(
        _ buffer: UnsafeBufferPointer<UInt8>, start: Int = 0, end: Int? = nil, table: ByteTable? = nil, sideTable: ByteTable? = nil
    ) {
        base = buffer
        offset = start
        self.end = min(end ?? buffer.count, buffer.count)
        self.table = table
        self.sideTable = sideTable
    }

    /// Reads what `ByteWriter.sharedAside(_:)` wrote, with `read` reading the value's bytes.
    public mutating func sharedAside<Value>(_ read: (inout ByteReader) throws(Malformed) -> Value) throws(Malformed) -> Value {
        guard let sideTable else { return try shared(read) }
        var aside = self
        (aside.table, aside.sideTable) = (sideTable, sideTable)
        defer { offset = aside.offset }
        return try aside.shared(read)
    }

    /// Reads what `ByteWriter.sharedAside(_:)` wrote as a yes or no, as `shared(answers:_:)`
    /// does (`answers` kept by entries of the side table).
    public mutating func sharedAside(
        answers: EntryAnswers?, _ answer: (inout ByteReader) throws(Malformed) -> Bool
    ) throws(Malformed) -> Bool {
        guard let sideTable else { return try shared(answers: answers, answer) }
        var aside = self
        (aside.table, aside.sideTable) = (sideTable, sideTable)
        defer { offset = aside.offset }
        return try aside.shared(answers: answers, answer)
    }

    /// Reads what `ByteWriter.shared(_:)` wrote, with `read` reading the value's bytes.
    public mutating func shared<Value>(_ read: (inout ByteReader) throws(Malformed) -> Value) throws(Malformed) -> Value {
        guard let table else {
            let length = try count()
            var inner = ByteReader(base, start: offset, end: offset + length, sideTable: sideTable)
            offset += length
            return try read(&inner)
        }
        let range = try table.range(of: try unsigned(), at: offset)
        var inner = ByteReader(table.bytes, start: range.lowerBound, end: range.upperBound, table: table, sideTable: sideTable)
        return try read(&inner)
    }

    /// Reads what `ByteWriter.shared(_:)` wrote as a yes or no that `answer` gives of the
    /// value's bytes, asking `answers` first by the table entry the value is in, and keeping
    /// there what `answer` says: a value many records share is looked at once.
    ///
    /// An entry's answer stands for every record that names it only because they all read it
    /// with the same `first`: the references inside an entry count from the `first` of the
    /// records that wrote it, and a table is only ever appended to, each run's entries named
    /// by that run's records alone. A table whose entries records of different bases shared
    /// would need its answers kept by entry and base.
    public mutating func shared(
        answers: EntryAnswers?, _ answer: (inout ByteReader) throws(Malformed) -> Bool
    ) throws(Malformed) -> Bool {
        guard let table, let answers else { return try shared(answer) }
        let start = offset
        let entry = try table.entry(of: try unsigned(), at: start)
        if let known = answers[entry] { return known }
        let range = try table.range(ofEntry: entry)
        var inner = ByteReader(table.bytes, start: range.lowerBound, end: range.upperBound, table: table, sideTable: sideTable)
        let found = try answer(&inner)
        answers.remember(found, for: entry)
        return found
    }

    /// Reads what `ByteWriter.sharedString(_:)` wrote.
    public mutating func sharedString() throws(Malformed) -> String {
        guard let table else { return try string() }
        let range = try table.range(of: try unsigned(), at: offset)
        return String(decoding: UnsafeBufferPointer(rebasing: table.bytes[range]), as: UTF8.self)
    }

    /// The bytes of what `ByteWriter.sharedString(_:)` wrote, as a view of the table's (or
    /// this reader's) buffer: for a caller that only looks at them, no string is made.
    public mutating func sharedBuffer() throws(Malformed) -> UnsafeBufferPointer<UInt8> {
        guard let table else {
            let length = try count()
            defer { offset += length }
            return UnsafeBufferPointer(rebasing: base[offset..<offset + length])
        }
        return UnsafeBufferPointer(rebasing: table.bytes[try table.range(of: try unsigned(), at: offset)])
    }

    /// Reads what `ByteWriter.sharedString(_:)` wrote as a yes or no that `answer` gives of
    /// its bytes, asking `answers` first by the table entry, as `shared(answers:_:)` does: a
    /// string many records share is looked at once, and its bytes, far off in the table,
    /// are not reached again.
    public mutating func sharedBuffer(
        answers: EntryAnswers?, _ answer: (UnsafeBufferPointer<UInt8>) -> Bool
    ) throws(Malformed) -> Bool {
        guard let table, let answers else { return answer(try sharedBuffer()) }
        let start = offset
        let entry = try table.entry(of: try unsigned(), at: start)
        if let known = answers[entry] { return known }
        let found = answer(UnsafeBufferPointer(rebasing: table.bytes[try table.range(ofEntry: entry)]))
        answers.remember(found, for: entry)
        return found
    }

    /// Reads what `ByteWriter.sharedBytes(_:)` wrote, appending the bytes to `bytes`.
    public mutating func sharedBytes(into bytes: inout [UInt8]) throws(Malformed) {
        guard let table else {
            let length = try count()
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: base[offset..<offset + length]))
            offset += length
            return
        }
        let range = try table.range(of: try unsigned(), at: offset)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: table.bytes[range]))
    }

    /// Reads what `ByteWriter.sharedStrings(_:)` wrote.
    public mutating func sharedStrings() throws(Malformed) -> [String] {
        try list { reader throws(Malformed) in try reader.sharedString() }
    }

    /// A count, then that many values each read by `read`.
    private mutating func list<Value>(_ read: (inout ByteReader) throws(Malformed) -> Value) throws(Malformed) -> [Value] {
        let count = try count()
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    public var isAtEnd: Bool { offset >= end }
    /// How many bytes are left to read.
    public var remaining: Int { max(0, end - offset) }

    public mutating func unsigned() throws(Malformed) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end, shift < 64 else { throw Malformed(offset: offset) }
            let byte = base[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    public mutating func int() throws(Malformed) -> Int {
        let zigzag = try unsigned()
        return Int(truncatingIfNeeded: Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1))))
    }

    /// A count or length: at most what is left, so damage cannot ask for a huge allocation.
    public mutating func count() throws(Malformed) -> Int {
        let value = try unsigned()
        guard value <= UInt64(end - offset) else { throw Malformed(offset: offset) }
        return Int(value)
    }

    public mutating func bool() throws(Malformed) -> Bool {
        let value = try byte()
        guard value <= 1 else { throw Malformed(offset: offset - 1) }
        return value == 1
    }

    public mutating func byte() throws(Malformed) -> UInt8 {
        guard offset < end else { throw Malformed(offset: offset) }
        defer { offset += 1 }
        return base[offset]
    }

    public mutating func fixed64() throws(Malformed) -> UInt64 {
        guard end - offset >= 8 else { throw Malformed(offset: offset) }
        let value = UnsafeRawPointer(base.baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += 8
        return UInt64(littleEndian: value)
    }

    /// `count` values written by `ByteWriter.fixed64s(_:)`, in one copy.
    public mutating func fixed64s(count: Int) throws(Malformed) -> [UInt64] {
        guard count >= 0, count <= remaining / 8 else { throw Malformed(offset: offset) }
        let source = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(base)[offset..<offset + count * 8])
        offset += count * 8
        let values = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            initialized = count
        }
        #if _endian(little)
        return values
        #else
        return values.map { UInt64(littleEndian: $0) }
        #endif
    }

    public mutating func string() throws(Malformed) -> String {
        try string(length: try count())
    }

    /// A string of `length` bytes, its length read before.
    public mutating func string(length: Int) throws(Malformed) -> String {
        guard length >= 0, length <= end - offset else { throw Malformed(offset: offset) }
        defer { offset += length }
        return String(decoding: UnsafeBufferPointer(rebasing: base[offset..<offset + length]), as: UTF8.self)
    }

    public mutating func optionalString() throws(Malformed) -> String? {
        try bool() ? try string() : nil
    }

    /// Reads what `ByteWriter.data(_:)` wrote as a view of this reader's buffer, not a copy:
    /// valid as long as the buffer is.
    public mutating func dataView() throws(Malformed) -> UnsafeBufferPointer<UInt8> {
        let length = try count()
        defer { offset += length }
        return UnsafeBufferPointer(rebasing: base[offset..<offset + length])
    }

    /// `count` bytes as a view of this reader's buffer, their length known (read before, or
    /// told apart from other bits): valid as long as the buffer is.
    public mutating func view(count: Int) throws(Malformed) -> UnsafeBufferPointer<UInt8> {
        guard count >= 0, count <= end - offset else { throw Malformed(offset: offset) }
        defer { offset += count }
        return UnsafeBufferPointer(rebasing: base[offset..<offset + count])
    }

    public mutating func data() throws(Malformed) -> [UInt8] {
        Array(try dataView())
    }

    public mutating func range() throws(Malformed) -> Range<Int> {
        let lower = try int()
        let length = try int()
        guard length >= 0, lower <= Int.max - length else { throw Malformed(offset: offset) }
        return lower..<lower + length
    }

    public mutating func strings() throws(Malformed) -> [String] {
        try list { reader throws(Malformed) in try reader.string() }
    }

    /// Moves past `length` bytes.
    public mutating func skip(_ length: Int) throws(Malformed) {
        guard length >= 0, length <= end - offset else { throw Malformed(offset: offset) }
        offset += length
    }
}
