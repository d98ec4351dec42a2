import Foundation
import Testing
@testable import VaultSystem

/// Threads that keep per-thread slots get numbers of their own.
@Suite("A thread's number")
struct ThreadNumberTests {
    @Test("threads alive at once have numbers of their own, each the same whenever it asks")
    func distinctAndStable() {
        let threads = 6
        let numbers = Numbers()
        let started = DispatchGroup()
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<threads {
            started.enter()
            done.enter()
            Thread.detachNewThread {
                let first = ThreadNumber.current
                started.leave()
                // Every thread is alive until all have asked: none can reuse another's.
                release.wait()
                numbers.set(index, (first, ThreadNumber.current))
                done.leave()
            }
        }
        started.wait()
        for _ in 0..<threads { release.signal() }
        done.wait()
        let found = numbers.all
        #expect(found.count == threads)
        #expect(found.values.allSatisfy { $0.0 == $0.1 })
        #expect(Set(found.values.map(\.0)).count == threads)
        #expect(ThreadNumber.current == ThreadNumber.current)
    }
}

/// The numbers each thread found, by the thread's index.
private final class Numbers: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [Int: (Int, Int)] = [:]
    func set(_ index: Int, _ numbers: (Int, Int)) { lock.withLock { found[index] = numbers } }
    var all: [Int: (Int, Int)] { lock.withLock { found } }
}
