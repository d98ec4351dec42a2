import Testing
import VaultSystem

/// The checksum names cache folders and guards the cache's parts: its values must never
/// change, and summing in pieces must give what summing the bytes whole gives.
@Suite("The 64-bit checksum")
struct Checksum64Tests {
    static let samples: [(bytes: [UInt8], sum: UInt64)] = [
        ([], 0xc542_87a1_dc0d_d197),
        (Array("a".utf8), 0x9778_2f7e_b051_8551),
        (Array("/home/someone/notes".utf8), 0xc821_9e78_7d13_c763),
        (Array((0..<3).flatMap { _ in (0...255).map(UInt8.init) }) + Array("xyz".utf8), 0xce91_73d1_2e10_4cca),
    ]

    @Test("the sums of known bytes are the ones earlier versions gave")
    func knownSums() {
        for sample in Self.samples { #expect(Checksum64.of(sample.bytes) == sample.sum) }
    }

    @Test("a sum made piece by piece equals the sum of the bytes whole, wherever the pieces are cut")
    func piecesAgreeWithWhole() {
        for sample in Self.samples {
            let bytes = sample.bytes
            for first in [0, 1, 3, 7, 8, 9, 17] where first <= bytes.count {
                for second in [0, 1, 5, 8, 13] where first + second <= bytes.count {
                    var stream = Checksum64.Stream(length: bytes.count)
                    stream.add(Array(bytes[..<first]))
                    stream.add(Array(bytes[first..<first + second]))
                    stream.add(Array(bytes[(first + second)...]))
                    #expect(stream.sum == sample.sum, "cut at \(first) and \(first + second) of \(bytes.count)")
                }
            }
        }
    }
}
