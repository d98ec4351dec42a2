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
}
