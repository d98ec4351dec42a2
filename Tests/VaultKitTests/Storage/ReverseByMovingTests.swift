import Synchronization
import Testing
@testable import VaultSystem

/// Reversing an array by moving its elements gives what `reverse()` gives, and each element
/// is let go once, when the array is.
@Suite("Reversing by moving")
struct ReverseByMovingTests {
    /// An element that counts how many of its kind are alive.
    final class Counted: Sendable {
        static let alive = Atomic<Int>(0)
        let value: Int
        init(_ value: Int) {
            self.value = value
            Self.alive.add(1, ordering: .relaxed)
        }
        deinit { Self.alive.subtract(1, ordering: .relaxed) }
    }

    @Test("arrays of every length to nine, of strings and of objects, come out as reverse() makes them")
    func sameAsReverse() {
        for count in 0...9 {
            var strings = (0..<count).map { "a note whose path is longer than fifteen bytes \($0)" }
            var expected = strings
            expected.reverse()
            strings.reverseByMoving()
            #expect(strings == expected)
        }
    }

    @Test("no element is copied or let go twice: once the array goes, none is alive")
    func nothingLeaksOrIsFreedTwice() {
        do {
            var objects = (0..<7).map(Counted.init)
            objects.reverseByMoving()
            #expect(objects.map(\.value) == [6, 5, 4, 3, 2, 1, 0])
            #expect(Counted.alive.load(ordering: .relaxed) == 7)
            // A shared array is copied first, and the other keeps its order.
            let shared = objects
            objects.reverseByMoving()
            #expect(objects.map(\.value) == Array(0..<7))
            #expect(shared.map(\.value) == [6, 5, 4, 3, 2, 1, 0])
        }
        #expect(Counted.alive.load(ordering: .relaxed) == 0)
    }
}
