import Foundation
import Testing
@testable import VaultSystem

@Suite("Scratch files")
struct ScratchFileTests {
    @Test("what is appended reads back in any order, written out or still pending, and leaves no name behind")
    func readsBack() throws {
        let folder = TemporaryFolder()
        let scratch = try #require(ScratchFile(folder: folder.path))
        #expect(try folder.names().isEmpty)
        // Past a mebibyte the first records are on disk, the last still in memory.
        var records: [(offset: Int, bytes: [UInt8])] = []
        for index in 0..<3_000 {
            let bytes = Array("record \(index) ".utf8) + [UInt8](repeating: UInt8(index % 251), count: 500 + index % 97)
            records.append((try #require(scratch.append(bytes)), bytes))
        }
        for record in records.reversed() {
            #expect(scratch.read(at: record.offset, count: record.bytes.count) == record.bytes)
        }
        #expect(scratch.read(at: records.last!.offset, count: records.last!.bytes.count + 1) == nil)
    }

    @Test("past its capacity nothing more is added, and what was added still reads back")
    func full() throws {
        let scratch = try #require(ScratchFile(capacity: 10))
        let first = try #require(scratch.append(Array("12345678".utf8)))
        #expect(scratch.append(Array("abc".utf8)) == nil)
        #expect(scratch.append(Array("x".utf8)) == nil)
        #expect(scratch.read(at: first, count: 8) == Array("12345678".utf8))
    }
}
