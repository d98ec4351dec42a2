/// Elementary functions computed from IEEE additions and multiplications only.
///
/// The C library's `exp` may differ in the last bit between libc versions and CPUs; one
/// different bit can move a note's size by a byte, so the generator uses these instead.
enum PortableMath {
    private static let ln2 = 0.693_147_180_559_945_3
    private static let inverseLn2 = 1.442_695_040_888_963_4

    /// e raised to `x`, for |x| below about 700.
    static func exp(_ x: Double) -> Double {
        let k = (x * inverseLn2).rounded()
        let r = x - k * ln2
        // |r| <= ln2 / 2: eighteen Taylor terms are far past double precision.
        var term = 1.0
        var sum = 1.0
        for n in 1...18 {
            term = term * r / Double(n)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }
}
