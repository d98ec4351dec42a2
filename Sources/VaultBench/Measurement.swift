/// The timings of one command over several runs.
struct Measurement: Sendable, Equatable {
    /// Wall-clock seconds of each run, in run order.
    var seconds: [Double] = []
    /// Peak resident memory of each run, in KiB.
    var maxRSSKiB: [Int] = []

    init(seconds: [Double] = [], maxRSSKiB: [Int] = []) {
        self.seconds = seconds
        self.maxRSSKiB = maxRSSKiB
    }

    /// The fastest run: the least disturbed by the rest of the machine.
    var min: Double? { seconds.min() }

    /// The middle run (the mean of the two middle ones for an even count).
    var median: Double? {
        guard !seconds.isEmpty else { return nil }
        let sorted = seconds.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The highest peak memory of any run.
    var peakRSSKiB: Int? { maxRSSKiB.max() }
}
