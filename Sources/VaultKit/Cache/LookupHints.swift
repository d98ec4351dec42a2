import Synchronization
import VaultSystem

/// Where each thread last found an entry among a cache file's sorted entries.
///
/// A walk asks for its notes in about the order the entries are in, so the entry a thread
/// asks for next is most often the one after the last it found: one comparison, where a
/// binary search took seventeen at 100,000 notes. A hint is a guess, checked before it is
/// used: threads that share a slot (more of them than slots) cost a search, never a wrong
/// answer.
final class LookupHints: @unchecked Sendable {
    private static let slotCount = 8
    /// Words from one slot to the next: 128 bytes, so that threads storing their hints do
    /// not write to one cache line.
    private static let stride = 16
    private let slots: UnsafeMutablePointer<Atomic<Int>>

    init() {
        slots = .allocate(capacity: Self.slotCount * Self.stride)
        for index in 0..<(Self.slotCount * Self.stride) { (slots + index).initialize(to: Atomic(-1)) }
    }

    deinit {
        slots.deinitialize(count: Self.slotCount * Self.stride)
        slots.deallocate()
    }

    /// The calling thread's slot: its own among a command's workers (see `ThreadNumber`).
    private static var slot: Int { ThreadNumber.current & (slotCount - 1) }

    /// Where the calling thread last found an entry; -1 when it found none yet.
    var last: Int { slots[Self.slot * Self.stride].load(ordering: .relaxed) }

    /// Keeps `ordinal` as where the calling thread last found an entry.
    func remember(_ ordinal: Int) { slots[Self.slot * Self.stride].store(ordinal, ordering: .relaxed) }
}
