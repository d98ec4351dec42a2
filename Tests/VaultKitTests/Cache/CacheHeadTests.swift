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
            tables: CacheFileFormat.TableSizes(tableCount: 3, tableLength: 3, sideCount: 2, sideLength: 2),
            pathsLength: records.reduce(0) { $0 + $1.path.utf8.count }, records: records
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
            #expect(String(decoding: index.paths[entry.path], as: UTF8.self) == record.path)
            #expect(file[entry.index].elementsEqual(record.index + [TargetSignature.absent]))
            #expect(entry.body.count == record.bodyLength && entry.bodySum == record.bodySum && entry.bases == record.bases)
        }
        // One byte changed anywhere in the index fails its checksum.
        file[header.indexEnd / 2] ^= 1
        #expect(throws: CacheFileFormat.Damage.self) { try CacheFileFormat.index(file, header: header) }
    }

    /// The index of `paths`' records, with no tables and bodies of no length.
    private static func index(of paths: [String]) throws -> [UInt8] {
        let records = paths.map { CacheFileFormat.Record(path: $0, index: [1], bodyLength: 0, bodySum: 0, bases: .init(table: 0, side: 0)) }
        var file: [UInt8] = []
        try CacheFileFormat.writeHead(
            root: "/vault", dialect: .markdown, writtenAt: 0, tables: CacheFileFormat.TableSizes(),
            pathsLength: paths.reduce(0) { $0 + $1.utf8.count }, records: records
        ) { file += $0 }
        return file
    }

    /// Sets the index's checksum and end in the header to those of `file`, an index alone.
    private static func resum(_ file: inout [UInt8]) {
        var sum = ByteWriter()
        sum.fixed64(Checksum64.of(file[CacheFileFormat.headerLength...]))
        file.replaceSubrange(32..<40, with: sum.bytes)
        var end = ByteWriter()
        end.fixed64(UInt64(file.count))
        file.replaceSubrange(48..<56, with: end.bytes)
    }

    @Test("paths written against the one before read back whole, whatever they share")
    func pathsAgainstTheOneBefore() throws {
        let paths = [
            "", "a", "a.md", "a.md.md", "a/b.md", "a/b/c/d/e/f.md", "a/b/c/d/e/g.md", "a/bc.md", "b.md", "caf\u{E9}.md",
            "cafe\u{301}.md", "pages/" + String(repeating: "x", count: 250) + ".md", "pages/" + String(repeating: "x", count: 250) + "y.md",
            "pages/\u{8AAD}\u{66F8}.md", "pages/\u{8AAD}\u{66F9}.md", "z",
        ].sorted(by: CacheFileFormat.precedes)
        let file = try Self.index(of: paths)
        let index = try CacheFileFormat.index(file, header: try CacheFileFormat.header(file))
        #expect(index.entries.map { String(decoding: index.paths[$0.path], as: UTF8.self) } == paths)
        #expect(index.paths.count == paths.reduce(0) { $0 + $1.utf8.count })
        // Each written as what it shares with the one before and the rest: the whole index
        // of a folder's notes is shorter than their paths written whole.
        let notes = (0..<1_000).map { "archive/pages/Areas/Note \($0).md" }.sorted(by: CacheFileFormat.precedes)
        #expect(try Self.index(of: notes).count < notes.reduce(0) { $0 + $1.utf8.count })
    }

    @Test("a path said to share more than the one before had, or paths that do not add up, are refused")
    func pathsThatCannotBe() throws {
        let file = try Self.index(of: ["a.md", "b.md"])
        // The second path: it shares nothing (0) and has four bytes of its own, then its entry.
        let second: [UInt8] = [0, 4] + Array("b.md".utf8)
        let at = try #require((0..<file.count - second.count).first { file[$0..<$0 + second.count].elementsEqual(second) })
        for shared: UInt8 in [5, 9, 127] {
            var damaged = file
            damaged[at] = shared
            Self.resum(&damaged)
            #expect(throws: CacheFileFormat.Damage.self) { try CacheFileFormat.index(damaged, header: try CacheFileFormat.header(damaged)) }
        }
        // "a" then "bcd", the second rewritten to share two bytes of the one-byte "a" and add
        // "d": the same length in all, refused for what it shares alone.
        var overlong = try Self.index(of: ["a", "bcd"])
        let bcd: [UInt8] = [0, 3] + Array("bcd".utf8)
        let place = try #require((0..<overlong.count - bcd.count).first { overlong[$0..<$0 + bcd.count].elementsEqual(bcd) })
        overlong.replaceSubrange(place..<place + bcd.count, with: [2, 1] + Array("d".utf8))
        Self.resum(&overlong)
        #expect(throws: CacheFileFormat.Damage.self) { try CacheFileFormat.index(overlong, header: try CacheFileFormat.header(overlong)) }
        // A path longer than any the system can open, and paths longer in all than the start says.
        let long = try Self.index(of: [String(repeating: "x", count: Int(PATH_MAX) + 1)])
        #expect(throws: CacheFileFormat.Damage.self) { try CacheFileFormat.index(long, header: try CacheFileFormat.header(long)) }
        var longer = try Self.index(of: ["a.md", "b.md"])
        // After the header: when (8 bytes), "/vault" and "markdown" (each its length first),
        // the base (8), then the compacted length, four table sizes and the filters' length
        // (a byte each, all zero), then the paths' length.
        let total = CacheFileFormat.headerLength + 8 + 7 + 9 + 8 + 1 + 4 + 1
        #expect(longer[total] == 8)
        longer[total] = 7
        Self.resum(&longer)
        #expect(throws: CacheFileFormat.Damage.self) { try CacheFileFormat.index(longer, header: try CacheFileFormat.header(longer)) }
        // Sharing three bytes of "a.md" and adding none is a path the index can hold, one
        // byte short of the paths' length its start gave.
        var short = file
        short.replaceSubrange(at..<at + second.count, with: [3, 0])
        Self.resum(&short)
        #expect(throws: CacheFileFormat.Damage.self) { try CacheFileFormat.index(short, header: try CacheFileFormat.header(short)) }
    }
}
