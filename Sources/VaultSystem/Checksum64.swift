import Foundation

/// A fast 64-bit checksum of a byte buffer, eight bytes at a step: it tells a damaged or
/// torn derived file (the cache) from a sound one. Not cryptographic, and not meant to be.
public enum Checksum64 {
    public static func of(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(buffer.count)
        let words = buffer.count / 8
        var index = 0
        while index < words {
            let word = buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            hash = (hash ^ (word &* 0xC2B2_AE3D_27D4_EB4F)).rotatedLeft(31) &* 0x9E37_79B1_85EB_CA87
            index += 1
        }
        var tail: UInt64 = 0
        for offset in (words * 8)..<buffer.count { tail = tail << 8 | UInt64(buffer[offset]) }
        hash = (hash ^ (tail &* 0xC2B2_AE3D_27D4_EB4F)).rotatedLeft(31) &* 0x9E37_79B1_85EB_CA87
        hash ^= hash >> 33
        hash = hash &* 0xFF51_AFD7_ED55_8CCD
        return hash ^ (hash >> 33)
    }

    public static func of(_ bytes: some ContiguousBytes) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}
