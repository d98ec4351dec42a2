/// Draws note sizes shaped like real vaults: most notes near a folder's median, a long tail.
///
/// A log-normal body (the median of the folder, spread 0.75) plus 3 % long notes spread
/// evenly in log scale between 8 KB and 50 KB: meeting transcripts, book notes, clippings.
enum NoteSizes {
    /// The largest note the generator writes, in bytes.
    static let largest = 50_000

    /// The smallest note the generator aims for, in bytes.
    static let smallest = 90

    /// A target size in bytes for a note in `folder`.
    static func draw(for folder: NoteFolder, _ random: inout SeededRandom) -> Int {
        let longShare = folder == .quick ? 0.0 : 0.03
        if random.chance(longShare) {
            let size = 8_000 * PortableMath.exp(random.unit() * 1.832_581_463_748_310)  // ln(50/8)
            return min(largest, Int(size))
        }
        let spread = folder == .quick ? 0.6 : 0.75
        let size = folder.medianBytes * PortableMath.exp(spread * random.normal())
        return max(smallest, min(largest, Int(size)))
    }
}
