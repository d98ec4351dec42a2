import Dispatch
import Testing
@testable import VaultKit
@testable import VaultMarkdown

@Suite("Result slots")
struct SlotsTests {
    @Test("workers filling slots at once lose no value and never copy the slots under each other")
    func concurrentFill() {
        for _ in 0..<20 {
            let count = 20_000
            let slots = Slots<String>(count: count)
            let next = Counter()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                while true {
                    let index = next.increment()
                    if index >= count { break }
                    slots[index] = String(index)
                }
            }
            #expect(slots.values == (0..<count).map { String($0) })
        }
    }
}
