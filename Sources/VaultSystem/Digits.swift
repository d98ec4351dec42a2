/// Numbers written with a fixed number of digits, zero-padded: what `printf`'s `%04x` or
/// `%05d` writes, without a formatter.
public enum Digits {
    /// `value` in decimal, at least `width` digits (a minus sign before them).
    public static func decimal(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// `value` in hexadecimal, at least `width` digits.
    public static func hex(_ value: some BinaryInteger, width: Int, uppercase: Bool = false) -> String {
        let digits = String(value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
