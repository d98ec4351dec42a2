import Testing
@testable import VaultLSP

@Suite("LineMap")
struct LineMapTests {
    @Test("lines end at LF, CRLF and a lone CR, and a line ending is not part of the line")
    func lineEndings() {
        let lines = LineMap(Array("a\r\nbc\rd\ne".utf8))
        #expect(lines.lineCount == 4)
        #expect(lines.offset(line: 1, character: 0) == 3)
        #expect(lines.offset(line: 1, character: 9) == 5)
        #expect(lines.offset(line: 2, character: 1) == 7)
        #expect(lines.position(of: 4) == (1, 1))
        #expect(lines.offset(line: 4, character: 0) == nil)
    }

    @Test("columns count UTF-16 units; one inside a surrogate pair means the character's start")
    func utf16() {
        let bytes = Array("é😀x".utf8)
        let lines = LineMap(bytes)
        #expect(lines.position(of: 2) == (0, 1))
        #expect(lines.position(of: 6) == (0, 3))
        #expect(lines.offset(line: 0, character: 3) == 6)
        #expect(lines.offset(line: 0, character: 2) == 2)
        #expect(lines.offset(line: 0, character: 4) == 7)
    }

    @Test("positions of ascending offsets, taken in one pass, are the whole map's, with and without carriage returns")
    func positionsAgree() {
        var seed: UInt64 = 42
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % bound
        }
        let pieces = ["a", "bc ", "é", "😀", "東京", "\n", "\n", "[[x]] ", "\t"]
        for round in 0..<200 {
            // Half the texts hold a CR (a lone one or CRLF), which takes the byte-by-byte path.
            var text = (0..<next(80)).map { _ in pieces[next(pieces.count)] }.joined()
            if round % 2 == 1 { text += ["\r\n", "\r"][next(2)] + "tail\nmore" }
            let bytes = Array(text.utf8)
            let offsets = (0..<next(12)).map { _ in next(bytes.count + 3) }.sorted()
            let map = LineMap(bytes)
            let found = LineMap.positions(of: offsets, in: bytes)
            #expect(found.count == offsets.count)
            for (offset, position) in zip(offsets, found) {
                let expected = map.position(of: min(offset, bytes.count))
                #expect(position == expected, "offset \(offset) of \(text.debugDescription)")
            }
        }
    }
}
