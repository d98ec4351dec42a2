/// A small seeded pseudo-random generator (SplitMix64) whose stream depends only on its seed.
///
/// The standard library's `random(in:using:)` algorithms may change between Swift releases,
/// so every draw the generator makes goes through the methods here: the same seed gives the
/// same vault on any machine and any toolchain.
public struct SeededRandom: Sendable, RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator whose whole stream is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// Creates an independent stream for one item (a note, a folder) of a seeded run.
    ///
    /// Mixing the stream number through SplitMix's finaliser keeps neighbouring items
    /// uncorrelated, so notes can be composed in any order, on any thread.
    public init(seed: UInt64, stream: UInt64, salt: UInt64 = 0) {
        var mixer = SeededRandom(seed: seed ^ 0x5DEE_CE66_D1CE_4E5B)
        let first = mixer.next()
        var second = SeededRandom(seed: first &+ stream &* 0x9E37_79B9_7F4A_7C15 &+ salt)
        state = second.next()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (Lemire's multiply-shift, without the rare retry:
    /// the bias is below 2^-40 for the bounds used here).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let product = next().multipliedFullWidth(by: UInt64(bound))
        return Int(product.high)
    }

    /// A uniform integer in a closed range.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// A uniform double in `0..<1` with 53 random bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// One element of a non-empty array, uniformly.
    public mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }

    /// An index drawn with the given weights (non-negative, not all zero).
    public mutating func weighted(_ weights: [Double]) -> Int {
        var total = 0.0
        for weight in weights { total += weight }
        var point = unit() * total
        for (index, weight) in weights.enumerated() {
            if point < weight { return index }
            point -= weight
        }
        return weights.count - 1
    }

    /// An approximately standard normal deviate (Irwin-Hall: twelve uniforms), built from
    /// additions only so that it is bit-identical everywhere.
    public mutating func normal() -> Double {
        var sum = 0.0
        for _ in 0..<12 { sum += unit() }
        return sum - 6
    }

    /// Shuffles `elements` in place (Fisher-Yates).
    public mutating func shuffle<Element>(_ elements: inout [Element]) {
        guard elements.count > 1 else { return }
        for index in stride(from: elements.count - 1, to: 0, by: -1) {
            let other = below(index + 1)
            if other != index { elements.swapAt(index, other) }
        }
    }
}
