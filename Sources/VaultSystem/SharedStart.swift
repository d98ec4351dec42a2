/// Names written each as the number of bytes it shares with the one before and the rest: a
/// folder's names and a vault's paths come sorted, and most share a long start with the name
/// before (the cache file's paths and the folder memo's names are written so).
public enum SharedStart {
    /// How many bytes `second` begins with that `first` begins with.
    @inlinable
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
        // Inlined where names are read (every name of every folder in a warm walk).
        @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
        @usableFromInline let longest: Int
        @usableFromInline let suffix: [UInt8]
        /// The length of the name before, as written (without the suffix given back with it).
        @usableFromInline var length = 0

        /// A reader of names of at most `longest` bytes as written, each given back with
        /// `suffix` when asked.
        public init(longest: Int, suffix: [UInt8] = []) {
            self.longest = longest
            self.suffix = suffix
            buffer = .allocate(capacity: longest + suffix.count)
        }

        deinit { buffer.deallocate() }

        /// The next name: the `shared` bytes it begins with of the one before, then `rest`,
        /// then, `suffixed`, the reader's suffix (not part of what the next name shares); nil
        /// when it shares more than the one before had, or is longer than `longest` (damage,
        /// or a file made to look sound). Valid until the next call.
        @inlinable
        public mutating func next(shared: UInt64, rest: UnsafeBufferPointer<UInt8>, suffixed: Bool = false) -> UnsafeBufferPointer<UInt8>? {
            guard shared <= UInt64(length), Int(shared) + rest.count <= longest else { return nil }
            _ = UnsafeMutableBufferPointer(rebasing: buffer[Int(shared)...]).update(fromContentsOf: rest)
            length = Int(shared) + rest.count
            guard suffixed else { return UnsafeBufferPointer(rebasing: buffer[..<length]) }
            // The suffix was given once, not with each name: an array handed to every call
            // was retained and released for each name.
            _ = UnsafeMutableBufferPointer(rebasing: buffer[length...]).update(fromContentsOf: suffix)
            return UnsafeBufferPointer(rebasing: buffer[..<(length + suffix.count)])
        }
    }
}
