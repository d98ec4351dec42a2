/// Names written each as the number of bytes it shares with the one before and the rest: a
/// folder's names and a vault's paths come sorted, and most share a long start with the name
/// before (the cache file's paths and the folder memo's names are written so).
public enum SharedStart {
    /// How many bytes `second` begins with that `first` begins with.
    public static func length(_ first: some Sequence<UInt8>, _ second: some Sequence<UInt8>) -> Int {
        var shared = 0
        for (one, other) in zip(first, second) {
            guard one == other else { break }
            shared += 1
        }
        return shared
    }

    /// Reads names back, each over the one before it in a buffer of its own.
    public struct Reader: ~Copyable {
        private let buffer: UnsafeMutableBufferPointer<UInt8>
        private let longest: Int
        /// The length of the name before, as written (without a suffix given back with it).
        private var length = 0

        /// A reader of names of at most `longest` bytes as written, given back with a suffix
        /// of at most `longestSuffix`.
        public init(longest: Int, longestSuffix: Int = 0) {
            self.longest = longest
            buffer = .allocate(capacity: longest + longestSuffix)
        }

        deinit { buffer.deallocate() }

        /// The next name: the `shared` bytes it begins with of the one before, then `rest`,
        /// then `suffix` (not part of what the next name shares); nil when it shares more than
        /// the one before had, or is longer than `longest` (damage, or a file made to look
        /// sound). Valid until the next call.
        public mutating func next(shared: UInt64, rest: UnsafeBufferPointer<UInt8>, suffix: [UInt8] = []) -> UnsafeBufferPointer<UInt8>? {
            guard shared <= UInt64(length), Int(shared) + rest.count <= longest, suffix.count <= buffer.count - longest else { return nil }
            _ = UnsafeMutableBufferPointer(rebasing: buffer[Int(shared)...]).update(fromContentsOf: rest)
            length = Int(shared) + rest.count
            _ = UnsafeMutableBufferPointer(rebasing: buffer[length...]).update(fromContentsOf: suffix)
            return UnsafeBufferPointer(rebasing: buffer[..<(length + suffix.count)])
        }
    }
}
