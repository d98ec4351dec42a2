/// Numbers written with a fixed number of digits, zero-padded: what `printf`'s `%04x` or
/// `%05d` writes, without a formatter.
public enum Digits {
    /// `value` in decimal, at least `width` digits (a minus sign before them).
    public static func decimal(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Appends `value` in decimal to `bytes`, as `String(value)` writes it, without a string
    /// made: for output written a row at a time (30,000 rows of a `check`).
    public static func append(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// `value` in hexadecimal, at least `width` digits.
    public static func hex(_ value: some BinaryInteger, width: Int, uppercase: Bool = false) -> String {
        number(value, radix: 16, width: width, uppercase: uppercase)
    }

    /// `value` (not negative) in base `radix`, at least `width` digits.
    public static func number(_ value: some BinaryInteger, radix: Int, width: Int, uppercase: Bool = false) -> String {
        let digits = String(value, radix: radix, uppercase: uppercase)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The number the `count` ASCII digits at `start` of `bytes` write; nil when one of them
    /// is no digit or they run past the end.
    public static func value(of bytes: [UInt8], at start: Int, count: Int) -> Int? {
        guard start >= 0, start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<start + count] {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
