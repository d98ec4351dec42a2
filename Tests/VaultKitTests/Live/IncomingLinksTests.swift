import Testing
@testable import VaultKit

@Suite("The notes linking to each path")
struct IncomingLinksTests {
    @Test("pairs given in any order with repeats file each source once, in ascending order")
    func pairsAreSortedAndUnique() {
        let incoming = IncomingLinks([(3, 9), (1, 4), (3, 2), (3, 9), (1, 4), (3, 5), (0, 7)])
        #expect(incoming[3] == [2, 5, 9])
        #expect(incoming[1] == [4])
        #expect(incoming[0] == [7])
        #expect(incoming[2].isEmpty)
        #expect(incoming[40].isEmpty)
    }

    @Test("a source inserted twice is filed once, and removing it leaves the others")
    func insertAndRemove() {
        var incoming = IncomingLinks([(1, 8), (1, 2)])
        incoming.insert(5, into: 1)
        incoming.insert(5, into: 1)
        incoming.insert(1, into: 1)
        #expect(incoming[1] == [1, 2, 5, 8])
        incoming.remove(2, from: 1)
        incoming.remove(6, from: 1)
        #expect(incoming[1] == [1, 5, 8])
        incoming.insert(3, into: 12)
        #expect(incoming[12] == [3])
        incoming.remove(3, from: 99)
        #expect(incoming[12] == [3])
    }

    @Test("random edits keep the same sources a set per target would")
    func agreesWithSets() {
        var generator = SystemRandomNumberGenerator()
        var pairs: [(target: Int32, source: Int32)] = []
        for _ in 0..<500 { pairs.append((Int32.random(in: 0..<20, using: &generator), Int32.random(in: 0..<50, using: &generator))) }
        var incoming = IncomingLinks(pairs)
        var sets: [Int32: Set<Int32>] = [:]
        for pair in pairs { sets[pair.target, default: []].insert(pair.source) }
        for step in 0..<2_000 {
            let target = Int32.random(in: 0..<25, using: &generator)
            let source = Int32.random(in: 0..<50, using: &generator)
            if step % 3 == 0 {
                incoming.remove(source, from: target)
                sets[target]?.remove(source)
            } else {
                incoming.insert(source, into: target)
                sets[target, default: []].insert(source)
            }
        }
        for target in Int32(0)..<25 { #expect(incoming[target] == (sets[target] ?? []).sorted()) }
    }
}
