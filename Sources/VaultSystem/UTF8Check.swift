/// UTF-8 validation that skips ASCII eight bytes at a time: notes are mostly ASCII with a
/// few accented letters, and the standard library's validator spends several times longer
/// on such text. It is run on every note a command reads.
package enum UTF8Check {
    package enum Outcome: Equatable {
        case valid
        /// Valid up to a sequence cut off by the end of the bytes (a prefix read).
        case truncated
        case invalid
    }

    package static func validate(_ bytes: [UInt8]) -> Outcome {
        bytes.withUnsafeBytes { validate($0) }
    }

    /// `validate(_:)` of bytes the caller holds.
    package static func validate(_ raw: UnsafeRawBufferPointer) -> Outcome {
        var decomposed = false
        return validate(raw, checkingMarks: false, decomposed: &decomposed)
    }

    /// `validate(_:)` that also tells whether the text holds a character that composes with
    /// the one before it, as decomposed (NFD) text does: a combining mark, a kana voicing
    /// mark (U+3099, U+309A) or a Hangul vowel or final consonant written apart
    /// (U+1161…U+11FF). Checked only at characters beyond ASCII, so it costs nearly nothing.
    package static func validate(_ raw: UnsafeRawBufferPointer, decomposed: inout Bool) -> Outcome {
        validate(raw, checkingMarks: true, decomposed: &decomposed)
    }

    @inline(__always)
    private static func validate(_ raw: UnsafeRawBufferPointer, checkingMarks: Bool, decomposed: inout Bool) -> Outcome {
        do {
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
                guard let (length, low, high) = sequence(lead) else { return .invalid }
                for offset in 1..<length {
                    guard index + offset < count else { return .truncated }
                    let byte = raw[index + offset]
                    let (min, max) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                    if byte < min || byte > max { return .invalid }
                }
                if checkingMarks && !decomposed && lead >= 0xCC {
                    decomposed = composesWithPrevious(lead, raw[index + 1], length == 3 ? raw[index + 2] : 0)
                }
                index += length
            }
            return .valid
        }
    }

    /// True for the valid character of `lead`, `second` and `third` (0 for a two-byte one)
    /// when it composes with the one before it (see `validate(_:decomposed:)`).
    @inline(__always)
    private static func composesWithPrevious(_ lead: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
        if CombiningMarks.contains(lead: lead, second, third) { return true }
        switch lead {
        case 0xE1: return (second == 0x85 && third >= 0xA1) || second == 0x86 || second == 0x87  // Hangul U+1161…U+11FF
        case 0xE3: return second == 0x82 && (third == 0x99 || third == 0x9A)  // kana voicing marks
        default: return false
        }
    }

    /// The length of the valid UTF-8 character that starts at `index`, 0 when none does.
    static func characterLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        guard let (length, low, high) = sequence(lead) else { return 0 }
        for offset in 1..<length {
            guard index + offset < bytes.count else { return 0 }
            let byte = bytes[index + offset]
            let (min, max) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            if byte < min || byte > max { return 0 }
        }
        return length
    }

    /// What a lead byte above ASCII starts: the sequence's length and the allowed range of
    /// its second byte (which excludes overlong forms, surrogates and values past U+10FFFF).
    @inline(__always)
    private static func sequence(_ lead: UInt8) -> (length: Int, low: UInt8, high: UInt8)? {
        switch lead {
        case 0xC2...0xDF: return (2, 0x80, 0xBF)
        case 0xE0: return (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: return (3, 0x80, 0xBF)
        case 0xED: return (3, 0x80, 0x9F)
        case 0xF0: return (4, 0x90, 0xBF)
        case 0xF1...0xF3: return (4, 0x80, 0xBF)
        case 0xF4: return (4, 0x80, 0x8F)
        default: return nil
        }
    }
}
