import Synchronization

/// An integer for each thread of a parallel read, each in a cache line of its own: what the
/// workers of a warm walk write for every note (a count of hits, where a lookup was last
/// found), which one value shared passed back and forth between the cores a hundred
/// thousand times.
///
/// A thread's slot goes by its `ThreadNumber`: threads that share a slot (more of them than
/// slots) cost time, never a value, since every access is atomic.
///
/// Not copyable, and so held in place by its owner and lent, never counted: a reference to a
/// table of its own, taken and let go at each access, was one more count the workers shared
/// (4 % of a `find`'s processor time).
public struct ThreadSlots: ~Copyable, @unchecked Sendable {
    /// A power of two, well above the cores of the machines this runs on.
    private static let count = 16
    /// Words from one slot to the next: 128 bytes, two cache lines, so that a neighbour's
    /// prefetch does not pull in another thread's slot.
    private static let stride = 16
    private let words: UnsafeMutablePointer<Atomic<Int>>

    /// Slots that each hold `initial`.
    public init(_ initial: Int = 0) {
        words = .allocate(capacity: Self.count * Self.stride)
        for index in 0..<(Self.count * Self.stride) { (words + index).initialize(to: Atomic(initial)) }
    }

    deinit {
        words.deinitialize(count: Self.count * Self.stride)
        words.deallocate()
    }

    /// The calling thread's slot.
    private var mine: UnsafeMutablePointer<Atomic<Int>> { words + (ThreadNumber.current & (Self.count - 1)) * Self.stride }

    /// The value in the calling thread's slot.
    public var value: Int { mine.pointee.load(ordering: .relaxed) }

    /// Puts `value` in the calling thread's slot.
    public func store(_ value: Int) { mine.pointee.store(value, ordering: .relaxed) }

    /// Adds `amount` in the calling thread's slot.
    public func add(_ amount: Int = 1) { mine.pointee.wrappingAdd(amount, ordering: .relaxed) }

    /// The sum of every slot: exact once the threads that add are done.
    public var total: Int { (0..<Self.count).reduce(0) { $0 &+ words[$1 * Self.stride].load(ordering: .relaxed) } }
}
