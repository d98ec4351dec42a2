import FoundationEssentials

/// A fast 64-bit checksum of a byte buffer, eight bytes at a step: it tells a damaged or
/// torn derived file (the cache) from a sound one. Not cryptographic, and not meant to be.
public enum Checksum64 {
    public static func of(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
        var stream = Stream(length: buffer.count)
        stream.add(buffer)
        return stream.sum
    }

    public static func of(_ bytes: some ContiguousBytes) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    /// The checksum of bytes handed over in pieces, the same as `of` gives for them joined:
    /// a file written piece by piece is summed as it goes, never held whole.
    public struct Stream {
        private var hash: UInt64
        /// The bytes of a word begun in one piece and not yet ended.
        private var partial: UInt64 = 0
        private var partialCount = 0
        private var words = 0
        private let length: Int

        /// A sum of `length` bytes in all, which the pieces must add up to.
        public init(length: Int) {
            self.length = length
            hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(length)
        }

        /// Adds the next piece.
        public mutating func add(_ buffer: UnsafeRawBufferPointer) {
            var offset = 0
            // The whole words are those before the length's last eight-byte boundary.
            let wholeWords = length / 8
            while offset < buffer.count && words < wholeWords {
                if partialCount == 0 && buffer.count - offset >= 8 {
                    let word = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    mix(word)
                    offset += 8
                    continue
                }
                partial |= UInt64(buffer[offset]) << UInt64(8 * partialCount)
                partialCount += 1
                offset += 1
                if partialCount == 8 {
                    mix(partial)
                    (partial, partialCount) = (0, 0)
                }
            }
            // Past the last whole word, the tail is read most significant byte first.
            while offset < buffer.count {
                partial = partial << 8 | UInt64(buffer[offset])
                offset += 1
            }
        }

        public mutating func add(_ bytes: some ContiguousBytes) {
            bytes.withUnsafeBytes { add($0) }
        }

        private mutating func mix(_ word: UInt64) {
            hash = (hash ^ (word &* 0xC2B2_AE3D_27D4_EB4F)).rotatedLeft(31) &* 0x9E37_79B1_85EB_CA87
            words += 1
        }

        /// The checksum of every byte added.
        public var sum: UInt64 {
            var stream = self
            // The tail, up to seven bytes, is mixed as one word (zero when there is none).
            stream.mix(partial)
            var hash = stream.hash
            hash ^= hash >> 33
            hash = hash &* 0xFF51_AFD7_ED55_8CCD
            return hash ^ (hash >> 33)
        }
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}
