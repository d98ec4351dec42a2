import Foundation

/// Collects the distinct byte strings that `ByteWriter` writes by reference: each is kept
/// once, and a writer writes its number in the table instead of its bytes.
///
/// Shared by the writers of many threads; the entries are laid out as `ByteTable` reads
/// them, so records can be read back before the table is written anywhere.
public final class ByteTableBuilder: @unchecked Sendable {
    private let lock = NSLock()
    private var numbers: [[UInt8]: UInt32] = [:]
    /// The entries, each a length and its bytes.
    private var bytes: [UInt8] = []
    private var starts: [UInt32] = []

    public init() {}

    /// The number of the entry holding `value`, added when it is new.
    public func number(of value: [UInt8]) -> UInt64 {
        lock.withLock {
            if let number = numbers[value] { return UInt64(number) }
            let number = UInt32(starts.count)
            numbers[value] = number
            starts.append(UInt32(bytes.count))
            var length = ByteWriter()
            length.unsigned(UInt64(value.count))
            bytes.append(contentsOf: length.bytes)
            bytes.append(contentsOf: value)
            return UInt64(number)
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
