import VaultSystem

/// Where each thread last found an entry among a cache file's sorted entries.
///
/// A walk asks for its notes in about the order the entries are in, so the entry a thread
/// asks for next is most often the one after the last it found: one comparison, where a
/// binary search took seventeen at 100,000 notes. A hint is a guess, checked before it is
/// used: threads that share a slot (see `ThreadSlots`) cost a search, never a wrong answer.
final class LookupHints: Sendable {
    private let slots = ThreadSlots(-1)

    /// Where the calling thread last found an entry; -1 when it found none yet.
    var last: Int { slots.value }

    /// Keeps `ordinal` as where the calling thread last found an entry.
    func remember(_ ordinal: Int) { slots.store(ordinal) }
}
