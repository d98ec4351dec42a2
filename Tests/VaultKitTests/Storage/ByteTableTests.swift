import TestSupport
import Testing
@testable import VaultSystem

/// A table keeps where every entry begins, or every few (the cache's side table): either
/// way each entry reads back as written, and a number past the last is refused.
@Suite("A table of byte strings")
struct ByteTableTests {
    /// Entries of lengths around the bounds of a length's encoding, written one after another.
    private func entries(_ count: Int, _ generator: inout SeededGenerator) -> (bytes: [UInt8], values: [[UInt8]]) {
        var writer = ByteWriter()
        var values: [[UInt8]] = []
        for _ in 0..<count {
            let length = [0, 1, 127, 128, 300, Int.random(in: 0...40, using: &generator)].randomElement(using: &generator)!
            let value = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            writer.data(value)
            values.append(value)
        }
        return (writer.bytes, values)
    }

    @Test("every entry reads back as written, with a start for each and with one every eighth", arguments: [0, 1, 7, 8, 9, 63, 64, 1000])
    func sparseStartsReadBack(count: Int) throws {
        var generator = SeededGenerator(seed: UInt64(count))
        let (bytes, values) = entries(count, &generator)
        for shift in [0, 3] {
            let starts = try bytes.withUnsafeBufferPointer { try ByteTable.starts(of: $0, in: 0..<bytes.count, count: count, shift: shift) }
            #expect(starts.count == (count + (1 << shift) - 1) >> shift)
            try bytes.withUnsafeBufferPointer { buffer in
                try starts.withUnsafeBufferPointer { starts in
                    for first in [0, min(5, count)] {
                        let table = ByteTable(bytes: buffer, starts: starts, shift: shift, count: count, first: first)
                        for reference in 0..<(count - first) {
                            let range = try table.range(of: UInt64(reference), at: 0)
                            #expect(Array(buffer[range]) == values[first + reference])
                        }
                        #expect(throws: ByteReader.Malformed.self) { try table.range(of: UInt64(count - first), at: 0) }
                    }
                }
            }
        }
    }

    @Test("64-bit values written at once read back at once, and as they would one by one", arguments: [0, 1, 2, 1000])
    func fixedWidthRun(count: Int) throws {
        var generator = SeededGenerator(seed: UInt64(count))
        let values = (0..<count).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) }
        var writer = ByteWriter()
        writer.byte(7)
        writer.fixed64s(values)
        writer.byte(9)
        var single = ByteWriter()
        single.byte(7)
        for value in values { single.fixed64(value) }
        single.byte(9)
        #expect(writer.bytes == single.bytes)
        try writer.bytes.withUnsafeBufferPointer { buffer throws in
            var reader = ByteReader(buffer)
            #expect(try reader.byte() == 7)
            #expect(try reader.fixed64s(count: count) == values)
            #expect(try reader.byte() == 9)
            #expect(reader.isAtEnd)
        }
    }

    @Test("asking more 64-bit values than the bytes hold is refused, not read past the end")
    func fixedWidthRunTooLong() {
        let bytes = [UInt8](repeating: 1, count: 23)
        bytes.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer, start: 0, end: 17)
            #expect(throws: ByteReader.Malformed.self) { try reader.fixed64s(count: 3) }
            #expect(throws: ByteReader.Malformed.self) { try reader.fixed64s(count: -1) }
            #expect(throws: ByteReader.Malformed.self) { try reader.fixed64s(count: Int.max / 4) }
            #expect((try? reader.fixed64s(count: 2)) == [0x0101_0101_0101_0101, 0x0101_0101_0101_0101])
            #expect(reader.remaining == 1)
        }
    }

    @Test("a table whose last entry runs past its end has no starts")
    func truncatedTableRefused() {
        var generator = SeededGenerator(seed: 3)
        let (bytes, _) = entries(20, &generator)
        let cut = Array(bytes.dropLast())
        for shift in [0, 3] {
            #expect(throws: ByteReader.Malformed.self) {
                try cut.withUnsafeBufferPointer { try ByteTable.starts(of: $0, in: 0..<cut.count, count: 20, shift: shift) }
            }
        }
    }
}
