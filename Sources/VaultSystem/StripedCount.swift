import Synchronization

/// A count that the workers of a parallel read add to, each thread in a cache line of its
/// own: one counter for every note of a warm walk, added to by two workers at once, passed
/// its line back and forth between the cores a hundred thousand times.
public final class StripedCount: Sendable {
    /// One stripe, padded so that the next stripe's value lies in another cache line.
    private final class Stripe: Sendable {
        let value = Atomic<Int>(0)
        private let padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    }

    /// A power of two, well above the cores of the machines this runs on.
    private static let stripeCount = 16
    private let stripes: [Stripe] = (0..<StripedCount.stripeCount).map { _ in Stripe() }

    public init() {}

    /// Adds `amount` in the calling thread's stripe.
    public func add(_ amount: Int = 1) {
        stripes[Self.stripe()].value.wrappingAdd(amount, ordering: .relaxed)
    }

    /// The sum of every stripe: exact once the threads that add are done.
    public var total: Int { stripes.reduce(0) { $0 &+ $1.value.load(ordering: .relaxed) } }

    /// The stripe of the calling thread: its own among a command's workers (see `ThreadNumber`).
    private static func stripe() -> Int { ThreadNumber.current & (stripeCount - 1) }
}
