import Testing
@testable import VaultKit

/// Which bodies are read with a stretch after them, whatever order readers ask in.
@Suite("Stretches read ahead for bodies")
struct BodyReadAheadTests {
    /// A file of `count` bodies of `size` bytes each, one after another.
    struct File {
        let size: Int
        let bytes: [UInt8]
        init(count: Int, size: Int) {
            self.size = size
            bytes = (0..<count * size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        }
        func range(_ body: Int) -> Range<Int> { body * size..<(body + 1) * size }
    }

    /// Asks for `bodies` in order as `readAhead` says, reading stretches from `file`; the
    /// number of reads and of bytes read, and whether every body came back as it is.
    func read(_ bodies: [Int], of file: File, with readAhead: inout BodyReadAhead) -> (reads: Int, bytes: Int, sound: Bool) {
        var (reads, bytes, sound) = (0, 0, true)
        for body in bodies {
            let range = file.range(body)
            let got: [UInt8]
            switch readAhead.answer(for: range) {
            case .bytes(let kept): got = kept
            case .alone:
                reads += 1
                bytes += range.count
                got = Array(file.bytes[range])
            case .withStretch:
                let stretch = Array(file.bytes[range.lowerBound..<min(file.bytes.count, range.lowerBound + BodyReadAhead.length)])
                reads += 1
                bytes += stretch.count
                readAhead.keep(stretch, at: range.lowerBound)
                got = Array(stretch[..<range.count])
            }
            sound = sound && got == Array(file.bytes[range])
        }
        return (reads, bytes, sound)
    }

    @Test("a reader walking forward reads its first body alone, then a stretch at a time")
    func forward() {
        let file = File(count: 2_000, size: 1_000)
        var readAhead = BodyReadAhead(capacity: 4)
        let done = read(Array(0..<2_000), of: file, with: &readAhead)
        #expect(done.sound)
        // 2 MB in stretches of 128 KiB, and the first body alone.
        #expect(done.reads <= 2_000_000 / BodyReadAhead.length + 3, "\(done.reads) reads")
    }

    @Test("readers given blocks far apart, taking turns, each keep their own stretch")
    func blocksFarApart() {
        let file = File(count: 4_000, size: 1_000)
        var readAhead = BodyReadAhead(capacity: 8)
        // Four workers, each a block of 1,000 bodies, asking one after another.
        let order = (0..<1_000).flatMap { step in (0..<4).map { $0 * 1_000 + step } }
        let done = read(order, of: file, with: &readAhead)
        #expect(done.sound)
        #expect(done.reads <= 4 * (1_000_000 / BodyReadAhead.length + 3), "\(done.reads) reads")
        #expect(done.bytes <= 4_000_000 + 4 * 2 * BodyReadAhead.length, "\(done.bytes) bytes")
    }

    @Test("a reader walking backwards, or here and there, reads each body alone and no more")
    func backwardsAndScattered() {
        let file = File(count: 1_000, size: 500)
        var readAhead = BodyReadAhead(capacity: 4)
        let backwards = read(Array((0..<1_000).reversed()), of: file, with: &readAhead)
        #expect(backwards.sound && backwards.bytes == 1_000 * 500)
        // A server's lookups over a 20 MB file: now and then one falls a little after another.
        let large = File(count: 40_000, size: 500)
        var scattered = BodyReadAhead(capacity: 4)
        let far = read((0..<100).map { ($0 * 7_919) % 40_000 }, of: large, with: &scattered)
        #expect(far.sound && far.bytes <= 100 * 500 + 5 * BodyReadAhead.length, "\(far.bytes) bytes")
    }

    @Test("bodies far into a file, where no reader has been, ask nothing that overflows")
    func farOffsets() {
        var readAhead = BodyReadAhead(capacity: 4)
        let far = Int.max / 2
        #expect(readAhead.answer(for: far..<far + 10) == .alone)
        #expect(readAhead.answer(for: 0..<10) == .alone)
        #expect(readAhead.answer(for: far + 10..<far + 20) == .withStretch)
    }
}
