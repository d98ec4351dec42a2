import FoundationEssentials

/// The stretches of a cache file read ahead for records' bodies, for readers that each walk
/// forward through the file: bodies are stored in path order, and a walk's workers each read
/// a run or a block of notes in that order.
///
/// A body that starts inside or a little after a stretch kept, or a little after a body read
/// on its own, is where a reader walks on: it is read with the stretch after it. Any other
/// body (the first of a reader, one read backwards, a server's single lookup) is read on its
/// own, so that no order of reading costs more than a read apiece. Not safe to share between
/// threads: its owner's lock guards it.
struct BodyReadAhead {
    /// The length of a stretch.
    static let length = 128 << 10
    /// How many stretches, and how many ends of bodies read on their own, are kept: two for
    /// each core, so that workers given blocks of notes far apart each keep their own.
    let capacity: Int
    private var stretches: [(start: Int, bytes: [UInt8], used: Int)] = []
    private var ends: [Int] = []
    /// Counts the questions, to tell the stretch used longest ago.
    private var clock = 0

    init(capacity: Int = min(16, max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))) {
        self.capacity = capacity
    }

    /// How a body is to be read.
    enum Answer: Equatable {
        /// From a stretch kept: these are its bytes.
        case bytes([UInt8])
        /// With the stretch after it, to be kept (`keep(_:at:)`).
        case withStretch
        /// On its own.
        case alone
    }

    /// How the body at `range` of the file is to be read.
    mutating func answer(for range: Range<Int>) -> Answer {
        clock += 1
        for index in stretches.indices {
            let stretch = stretches[index]
            guard stretch.start <= range.lowerBound, range.upperBound <= stretch.start + stretch.bytes.count else { continue }
            stretches[index].used = clock
            return .bytes(Array(stretch.bytes[(range.lowerBound - stretch.start)..<(range.upperBound - stretch.start)]))
        }
        let start = range.lowerBound
        let walksOn =
            stretches.contains { start >= $0.start && start - ($0.start + $0.bytes.count) <= Self.length }
            || ends.contains { start >= $0 && start - $0 <= Self.length }
        guard walksOn else {
            ends.append(range.upperBound)
            if ends.count > capacity { ends.removeFirst() }
            return .alone
        }
        return .withStretch
    }

    /// Keeps `bytes`, read from `start` on, in the place of the stretch used longest ago.
    mutating func keep(_ bytes: [UInt8], at start: Int) {
        // Two readers that met at the same place read it both: it is kept once.
        guard !bytes.isEmpty, !stretches.contains(where: { $0.start == start }) else { return }
        clock += 1
        if stretches.count >= capacity, let oldest = stretches.indices.min(by: { stretches[$0].used < stretches[$1].used }) {
            stretches.remove(at: oldest)
        }
        stretches.append((start, bytes, clock))
    }
}
