import Foundation
import Testing
@testable import VaultSystem

/// The answers to one question about a table's entries, kept by entry number for every
/// thread that asks it.
@Suite("Answers kept by table entry")
struct EntryAnswersTests {
    @Test("an answer is unknown until kept, then read back as kept, next to others in the same word")
    func keepsEachAnswer() {
        let answers = EntryAnswers(count: 70)
        #expect((0..<70).allSatisfy { answers[$0] == nil })
        answers.remember(true, for: 0)
        answers.remember(false, for: 1)
        answers.remember(true, for: 31)
        answers.remember(false, for: 32)
        answers.remember(true, for: 69)
        #expect(answers[0] == true && answers[1] == false && answers[31] == true && answers[32] == false && answers[69] == true)
        #expect(answers[2] == nil && answers[30] == nil && answers[33] == nil && answers[68] == nil)
        // The same answer kept again changes nothing.
        answers.remember(false, for: 1)
        #expect(answers[1] == false)
    }

    @Test("an entry out of range is never known nor kept")
    func outOfRange() {
        let answers = EntryAnswers(count: 3)
        answers.remember(true, for: 3)
        answers.remember(true, for: -1)
        #expect(answers[3] == nil && answers[-1] == nil && answers[64] == nil)
        let empty = EntryAnswers(count: 0)
        empty.remember(true, for: 0)
        #expect(empty[0] == nil)
    }

    @Test("threads keeping answers at once each find every answer kept, none of another's lost")
    func keptAtOnce() {
        let count = 4096
        let answers = EntryAnswers(count: count)
        // Each thread keeps a different part of every word, and all keep the same answer for entry 7.
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for entry in stride(from: thread, to: count, by: 8) { answers.remember(entry % 3 == 0, for: entry) }
            answers.remember(false, for: 7)
        }
        #expect((0..<count).allSatisfy { answers[$0] == ($0 % 3 == 0) })
    }
}
