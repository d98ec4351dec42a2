import Synchronization

/// The yes-or-no answers to one question about the entries of a `ByteTable`, each kept by
/// its entry's number once found, and shared by the threads asking it.
///
/// Records name the table's entries by number, and many records name the same entry (a
/// link's shape, which 980,000 links share 422,000 of at 100,000 notes): a question about
/// them ("does this link name one of these files?") is then answered once an entry, not
/// once a record. Two bits an entry: known, and the answer; a thread that finds an answer
/// another has just found sets the same bits.
public final class EntryAnswers: @unchecked Sendable {
    /// Thirty-two entries a word.
    private let words: UnsafeMutablePointer<Atomic<UInt64>>
    private let wordCount: Int
    /// The number of entries answers are kept for.
    public let count: Int

    /// Room for the answers about `count` entries, none known.
    public init(count: Int) {
        self.count = max(0, count)
        wordCount = (self.count + 31) / 32
        words = .allocate(capacity: max(1, wordCount))
        for index in 0..<max(1, wordCount) { (words + index).initialize(to: Atomic(0)) }
    }

    deinit {
        words.deinitialize(count: max(1, wordCount))
        words.deallocate()
    }

    /// The answer found for `entry`; nil when none is known yet, or the entry is out of range.
    public subscript(entry: Int) -> Bool? {
        guard entry >= 0, entry < count else { return nil }
        let bits = (words[entry >> 5].load(ordering: .relaxed) >> Self.shift(entry)) & 3
        return bits == 0 ? nil : bits == 3
    }

    /// Keeps `answer` for `entry` (an entry out of range is not kept).
    public func remember(_ answer: Bool, for entry: Int) {
        guard entry >= 0, entry < count else { return }
        words[entry >> 5].bitwiseOr((answer ? 3 : 1) << Self.shift(entry), ordering: .relaxed)
    }

    private static func shift(_ entry: Int) -> UInt64 { UInt64((entry & 31) * 2) }
}
