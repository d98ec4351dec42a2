import Testing
@testable import VaultSystem

/// Names written as what each shares with the one before and the rest, read back.
@Suite("Names written against the one before")
struct SharedStartTests {
    /// `names` written and read back, each with `suffix` when it is given.
    static func roundTrip(_ names: [[UInt8]], longest: Int = 255, suffix: [UInt8] = []) -> [[UInt8]?] {
        var reader = SharedStart.Reader(longest: longest, suffix: suffix)
        var before: [UInt8] = []
        return names.map { name in
            let shared = SharedStart.length(before, name)
            before = name
            return Array(name[shared...]).withUnsafeBufferPointer { rest in
                reader.next(shared: UInt64(shared), rest: rest, suffixed: !suffix.isEmpty).map(Array.init)
            }
        }
    }

    @Test("names sharing starts of every length read back whole, a suffix after each and not shared")
    func roundTrip() {
        let names = ["", "a", "a", "ab", "abc", "b", "ba", "bcdef", "bcdeg", "caf\u{E9}", "cafe\u{301}", "\u{8AAD}\u{66F8}", "\u{8AAD}\u{66F9}"]
            .map { Array($0.utf8) }
        #expect(Self.roundTrip(names) == names)
        #expect(Self.roundTrip(names, suffix: Array(".md".utf8)) == names.map { $0 + Array(".md".utf8) })
        #expect(SharedStart.length(Array("abc".utf8), Array("abd".utf8)) == 2 && SharedStart.length([], [1]) == 0)
    }

    @Test("a name sharing more than the one before had, or longer than the longest, is refused")
    func refused() {
        var reader = SharedStart.Reader(longest: 4)
        let abc: [UInt8] = Array("abc".utf8)
        #expect(abc.withUnsafeBufferPointer { reader.next(shared: 0, rest: $0).map(Array.init) } == abc)
        #expect([UInt8]().withUnsafeBufferPointer { reader.next(shared: 4, rest: $0) } == nil)
        #expect([UInt8]("de".utf8).withUnsafeBufferPointer { reader.next(shared: 3, rest: $0) } == nil)
        #expect([UInt8]("d".utf8).withUnsafeBufferPointer { reader.next(shared: 3, rest: $0).map(Array.init) } == Array("abcd".utf8))
    }
}
