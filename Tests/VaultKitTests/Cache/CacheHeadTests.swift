import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The cache file's header and index, written in pieces and never held whole.
@Suite("The cache file's index")
struct CacheHeadTests {
    @Test("an index of several MiB, written in pieces, reads back entry by entry with its checksum")
    func indexInPieces() throws {
        let records = (0..<6_000).map { number in
            CacheFileFormat.Record(
                path: "pages/Note \(number) \(String(repeating: "é", count: number % 50)).md",
                index: ArraySlice((0..<(400 + number % 300)).map { UInt8(truncatingIfNeeded: $0 &+ number) }),
                bodyLength: number % 7, bodySum: UInt64(number) &* 0x9E37_79B9,
                bases: CacheFileFormat.Bases(table: number % 3, side: number % 2))
        }
        var pieces: [[UInt8]] = []
        try CacheFileFormat.writeHead(
            root: "/vault", dialect: .markdown, writtenAt: 1_700_000_000_000_000_000,
            tables: CacheFileFormat.TableSizes(tableCount: 3, tableLength: 3, sideCount: 2, sideLength: 2), records: records
        ) { pieces.append($0) }
        #expect(pieces.count > 3)
        var file = Array(pieces.joined())
        let header = try CacheFileFormat.header(file)
        #expect(header.isCurrent && header.indexEnd == file.count)
        // No filters and their checksum, a table of three empty values and its checksum, a
        // side table of two, then the bodies, as a whole file has them.
        var filtersTrailer = ByteWriter()
        filtersTrailer.fixed64(Checksum64.of([UInt8]()))
        file += filtersTrailer.bytes
        var trailer = ByteWriter()
        trailer.fixed64(Checksum64.of([UInt8](repeating: 0, count: 3)))
        var sideTrailer = ByteWriter()
        sideTrailer.fixed64(Checksum64.of([UInt8](repeating: 0, count: 2)))
        file += [0, 0, 0] + trailer.bytes + [0, 0] + sideTrailer.bytes
        file += [UInt8](repeating: 0, count: records.reduce(0) { $0 + $1.bodyLength })
        let index = try CacheFileFormat.index(file, header: header)
        #expect(index.root == "/vault" && index.writtenAt == 1_700_000_000_000_000_000)
        #expect(index.entries.count == records.count)
        for (entry, record) in zip(index.entries, records) {
            #expect(String(decoding: file[entry.path], as: UTF8.self) == record.path)
            #expect(file[entry.index].elementsEqual(record.index + [TargetSignature.absent]))
            #expect(entry.body.count == record.bodyLength && entry.bodySum == record.bodySum && entry.bases == record.bases)
        }
        // One byte changed anywhere in the index fails its checksum.
        file[header.indexEnd / 2] ^= 1
        #expect(throws: CacheFileFormat.Damage.self) { try CacheFileFormat.index(file, header: header) }
    }
}
