import Glibc
import VaultSystem

/// A text cut into lines for a diff: each line is a byte range that ends with its `\n` (the
/// last may have none), so a `\r` before it and a missing final newline are part of the line
/// and show in the diff exactly as they are on disk.
struct DiffLines {
    let bytes: [UInt8]
    /// Where each line starts, and the end of the text after the last.
    private(set) var bounds: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var bounds = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var position = 0
            while position < buffer.count, let found = memchr(base + position, 0x0A, buffer.count - position) {
                position = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                bounds.append(position)
            }
        }
        if bounds.last != bytes.count { bounds.append(bytes.count) }
        self.bounds = bounds
    }

    /// The number of lines; an empty text has none.
    var count: Int { bounds.count - 1 }

    /// The bytes of line `index`, with its line ending.
    func range(_ index: Int) -> Range<Int> { bounds[index]..<bounds[index + 1] }

    /// True when the text's last line has no `\n`.
    var lacksFinalNewline: Bool { bytes.last.map { $0 != 0x0A } ?? false }

    /// True when line `index` here and line `other` of `lines` hold the same bytes.
    func same(_ index: Int, as other: Int, in lines: DiffLines) -> Bool {
        let mine = range(index)
        let theirs = lines.range(other)
        guard mine.count == theirs.count else { return false }
        if mine.isEmpty { return true }
        return bytes.withUnsafeBufferPointer { a in
            lines.bytes.withUnsafeBufferPointer { b in
                memcmp(a.baseAddress! + mine.lowerBound, b.baseAddress! + theirs.lowerBound, mine.count) == 0
            }
        }
    }

    /// A hash of each line in `lines`, to compare lines quickly (equal hashes are then checked
    /// byte for byte).
    func hashes(_ lines: Range<Int>) -> [UInt64] {
        lines.map { ContentHash.of(bytes[range($0)]) }
    }
}
