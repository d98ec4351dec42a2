import Testing
@testable import VaultMarkdown

/// The line walks and the lookup tables that take over from them on a long line give the
/// same answers.
@Suite("Link lines")
struct LinkLineTests {
    /// Each question at each position of `text`, as the walks answer it and as the tables do.
    private static func answers(_ text: [UInt8], tables: Bool) -> [String] {
        text.withUnsafeBufferPointer { buffer in
            var line = LinkLine(bytes: buffer, start: 0, end: buffer.count, budget: tables ? -1 : Int.max / 2)
            // The first question is walked; with a spent budget the tables answer the rest.
            _ = line.angleClose(0)
            var found: [String] = []
            // A destination starts after `(` or a space, never on a byte a `\` escapes.
            for position in 0..<buffer.count where position == 0 || buffer[position - 1] != UInt8(ascii: "\\") {
                found.append(
                    "\(position): \(line.destinationStop(position)) \(line.destinationStop(position, spaced: true)) "
                        + "\(line.closingParenthesis(position) ?? -1) \(line.angleClose(position) ?? -1)")
                if buffer[position] == UInt8(ascii: "[") { found.append("] \(line.closingBracket(position) ?? -1)") }
            }
            return found
        }
    }

    @Test("on random lines of brackets, parentheses, spaces, quotes and escapes the tables answer as the walks do")
    func tablesAgreeWithWalks() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("[]()<>\\\"' \tx".utf8)
        for _ in 0..<400 {
            let length = Int.random(in: 1...40, using: &generator)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            #expect(Self.answers(text, tables: true) == Self.answers(text, tables: false), "\(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test("a spaced destination reads over spaces and balanced parentheses, and stops at a `)` none opened")
    func spacedStops() {
        let text = Array("a (1) b.png) rest".utf8)
        for tables in [false, true] {
            text.withUnsafeBufferPointer { buffer in
                var line = LinkLine(bytes: buffer, start: 0, end: buffer.count, budget: tables ? -1 : nil)
                _ = line.angleClose(0)
                #expect(line.destinationStop(0, spaced: true) == 11)
                #expect(line.destinationStop(0) == 1)
            }
        }
    }
}
