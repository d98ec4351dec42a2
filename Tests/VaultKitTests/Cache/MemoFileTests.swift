import Foundation
import Testing
@testable import VaultKit
@testable import VaultSystem

/// The framing the cache folder's memo files share: magic, then pieces, each checked alone.
@Suite("The memo files' framing")
struct MemoFileTests {
    let folder = TemporaryFolder()
    var path: String { folder.path + "/cache/memo" }
    static let magic: [UInt8] = Array("VAULTXX".utf8) + [1]

    /// Writes `pieces` as a memo, renamed into place or written in place.
    func save(_ pieces: [[UInt8]], inPlace: Bool = false) {
        MemoFile.save(path, magic: Self.magic, folder: folder.path + "/cache", inPlace: inPlace, fileSystem: LocalFileSystem()) { file in
            for piece in pieces { try file.piece(piece) }
        }
    }

    /// Each piece as it was read (nil for one whose checksum failed), and whether the file
    /// ended after them; nil when the file is no memo or its framing is broken.
    func read(largest: Int64 = 1 << 30) -> (pieces: [[UInt8]?], atEnd: Bool)? {
        MemoFile.read(path, magic: Self.magic, largest: largest, fileSystem: LocalFileSystem()) { pieces throws(ByteReader.Malformed) in
            var read: [[UInt8]?] = []
            while !pieces.isAtEnd {
                if var piece = try pieces.next() { read.append(Array(try piece.view(count: piece.remaining))) } else { read.append(nil) }
            }
            return (read, pieces.isAtEnd)
        }
    }

    func bytes() throws -> [UInt8] { try LocalFileSystem().readFile(path) }

    func write(_ bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

    @Test("pieces of every size, one larger than a write's quarter MiB, read back in order")
    func roundTrip() throws {
        let large = (0..<(1 << 19) + 17).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let pieces: [[UInt8]] = [[], [7], Array("names".utf8), large, [0, 0, 0]]
        save(pieces)
        let found = try #require(read())
        #expect(found.pieces.map { $0 ?? [] } == pieces && found.pieces.allSatisfy { $0 != nil } && found.atEnd)
        #expect(try bytes().starts(with: Self.magic))
    }

    @Test("a damaged piece is handed over as damaged, the pieces around it whole")
    func damagedPiece() throws {
        save([Array("first".utf8), Array("second".utf8), Array("third".utf8)])
        var damaged = try bytes()
        // The second piece's bytes: after the magic, the first piece (length, 5 bytes, sum) and its own length.
        damaged[Self.magic.count + 1 + 5 + 8 + 1 + 2] ^= 0x10
        try write(damaged)
        let found = try #require(read())
        #expect(found.pieces.count == 3 && found.pieces[1] == nil)
        #expect(found.pieces[0] == Array("first".utf8) && found.pieces[2] == Array("third".utf8))
    }

    @Test("a file cut short, of another magic, too large, missing or a folder is no memo")
    func noMemo() throws {
        save([Array("first".utf8), Array("second".utf8)])
        let whole = try bytes()
        try write(Array(whole.dropLast(3)))
        #expect(read() == nil)
        try write(Array("VAULTYY".utf8) + [1] + whole.dropFirst(Self.magic.count))
        #expect(read() == nil)
        try write(whole)
        #expect(read(largest: Int64(whole.count) - 1) == nil)
        #expect(read(largest: Int64(whole.count)) != nil)
        try FileManager.default.removeItem(atPath: path)
        #expect(read() == nil)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(read() == nil)
        // Nor is one written where a folder stands: the folder is left as it was.
        save([[1]])
        #expect(read() == nil)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test("a save that fails in the middle leaves the memo before it whole, and no file of its own")
    func failedSave() throws {
        struct Failed: Error {}
        for inPlace in [false, true] {
            save([Array("before".utf8)], inPlace: inPlace)
            let before = try bytes()
            MemoFile.save(path, magic: Self.magic, folder: folder.path + "/cache", inPlace: inPlace, fileSystem: LocalFileSystem()) { file in
                try file.piece(Array(repeating: 9, count: 1 << 19))
                throw Failed()
            }
            #expect(try bytes() == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/cache") == ["memo"])
        }
    }

    @Test("a memo written in place over a longer one ends where it ends, and a torn one reads as damaged")
    func inPlace() throws {
        save([Array(repeating: 1, count: 100), Array(repeating: 2, count: 100)], inPlace: true)
        let long = try bytes()
        save([Array("short".utf8)], inPlace: true)
        let found = try #require(read())
        #expect(found.pieces == [Array("short".utf8)] && found.atEnd)
        // A write cut short: the new memo's start over the old one's end.
        let short = try bytes()
        try write(Array(short.prefix(short.count - 4) + long.dropFirst(short.count - 4)))
        let torn = read()
        #expect(torn == nil || torn?.pieces.first! == nil)
    }
}
