import Testing
@testable import VaultKit

/// The bounded heap a fuzzy search ranks in keeps the first results of the ranking.
@Suite("Bounded ranking")
struct BoundedRankingTests {
    @Test("what is kept is always the first of all the results in order, within the limit and the budget")
    func keepsThePrefix() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let values = (0..<Int.random(in: 0...60, using: &random)).map { _ in Int.random(in: 0...1_000, using: &random) }
            let unique = Array(Set(values)).shuffled(using: &random)
            let limit = Int.random(in: 1...70, using: &random)
            let budget = Int.random(in: 1...400, using: &random)
            var ranking = BoundedRanking<Value>(limit: limit, budget: budget)
            for value in unique { ranking.insert(Value(number: value)) }
            let leftOut = ranking.leftOut
            let kept = ranking.sorted().map(\.number)
            let all = unique.sorted()
            #expect(kept == Array(all.prefix(kept.count)), "\(unique) limit \(limit) budget \(budget)")
            #expect(kept.count <= limit)
            #expect(kept.count == 1 || kept.reduce(0) { $0 + $1 % 37 + 1 } <= budget)
            #expect(leftOut == (kept.count < all.count))
        }
    }

    /// A number that costs itself modulo 37, plus one: a mix of cheap and dear results.
    struct Value: Rankable {
        var number: Int
        var cost: Int { number % 37 + 1 }
        static func < (a: Value, b: Value) -> Bool { a.number < b.number }
    }
}
