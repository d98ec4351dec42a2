import Testing
@testable import VaultKit

/// The "did you mean" names: a real edit distance, and a suggestion only when it is close.
@Suite("Closest names")
struct ClosestNamesTests {
    @Test("a swap of two neighbours counts one edit, as a typo does")
    func swapIsOneEdit() {
        #expect(ClosestNames.distance("serach", "search") == 1)
        #expect(ClosestNames.distance("lsit", "list") == 1)
        // Levenshtein alone would count two.
        #expect(ClosestNames.distance("ab", "ba") == 1)
    }

    @Test("insertions, deletions and substitutions count one each, and case does not count")
    func plainEdits() {
        #expect(ClosestNames.distance("jsn", "json") == 1)
        #expect(ClosestNames.distance("kitten", "sitting") == 3)
        #expect(ClosestNames.distance("", "abc") == 3)
        #expect(ClosestNames.distance("Search", "search") == 0)
        #expect(ClosestNames.distance("ca", "abc") == 3)
    }

    @Test("the distance agrees with a direct computation on random words")
    func agreesWithDirectComputation() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let a = String((0..<Int.random(in: 0...7, using: &random)).map { _ in "abc".randomElement(using: &random)! })
            let b = String((0..<Int.random(in: 0...7, using: &random)).map { _ in "abc".randomElement(using: &random)! })
            #expect(ClosestNames.distance(a, b) == Self.reference(Array(a), Array(b)), "\(a) \(b)")
        }
    }

    @Test("close names come closest first; a word like none gets none")
    func suggestsOnlyClose() {
        let commands = ["list", "show", "search", "find", "tasks", "task", "trash", "rename", "move"]
        #expect(ClosestNames.closest(to: "serach", among: commands) == ["search"])
        #expect(ClosestNames.closest(to: "taks", among: commands) == ["tasks", "task"], "ties in the order given")
        #expect(ClosestNames.closest(to: "nosuch", among: commands).isEmpty)
        #expect(ClosestNames.closest(to: "frobnicate", among: commands).isEmpty)
        // The name itself is no suggestion.
        #expect(ClosestNames.closest(to: "list", among: commands).isEmpty)
    }

    /// The optimal string alignment distance by its full table.
    static func reference(_ a: [Character], _ b: [Character]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
