/// UTF-8 validation that skips ASCII eight bytes at a time: notes are mostly ASCII with a
/// few accented letters, and the standard library's validator spends several times longer
/// on such text. It is run on every note a command reads.
enum UTF8Check {
    enum Outcome: Equatable {
        case valid
        /// Valid up to a sequence cut off by the end of the bytes (a prefix read).
        case truncated
        case invalid
    }

    static func validate(_ bytes: [UInt8]) -> Outcome {
        bytes.withUnsafeBytes { raw in
            let count = raw.count
            var index = 0
            while index < count {
                if index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
                let lead = raw[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                // The lead byte gives the length and the allowed range of the second byte
                // (which excludes overlong forms, surrogates and values past U+10FFFF).
                let length: Int
                var low: UInt8 = 0x80
                var high: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; low = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; high = 0x9F
                case 0xF0: length = 4; low = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; high = 0x8F
                default: return .invalid
                }
                for offset in 1..<length {
                    guard index + offset < count else { return .truncated }
                    let byte = raw[index + offset]
                    let (min, max) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                    if byte < min || byte > max { return .invalid }
                }
                index += length
            }
            return .valid
        }
    }
}
