import VaultSystem

/// The framing the memo files of the cache folder share (the check's findings, the folders'
/// listings, a folder's names for a capture): the file's magic, then pieces, each its length,
/// its bytes and their checksum.
///
/// A memo only ever saves work: a file that is missing, larger than its kind can be, of
/// another magic or whose framing is broken is read as no memo, and a piece whose checksum
/// does not match is handed over as damaged, so that a memo whose pieces stand alone (one
/// folder's names) loses that piece alone. Nothing is written by a program that cannot tell
/// which it is (`CacheFileFormat.program` is 0): the next build may not share its rules.
enum MemoFile {
    /// The pieces of a memo file, read one after another.
    struct Pieces {
        private let buffer: UnsafeBufferPointer<UInt8>
        private var file: ByteReader

        fileprivate init(_ buffer: UnsafeBufferPointer<UInt8>, start: Int) {
            self.buffer = buffer
            file = ByteReader(buffer, start: start)
        }

        /// True when every piece was read.
        var isAtEnd: Bool { file.isAtEnd }

        /// A reader of the next piece's bytes; nil when they do not match their checksum. Throws
        /// when the file ends before the piece does.
        mutating func next() throws(ByteReader.Malformed) -> ByteReader? {
            let length = try file.count()
            let start = file.offset
            try file.skip(length)
            let bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[start..<start + length])
            guard try file.fixed64() == Checksum64.of(bytes) else { return nil }
            return ByteReader(buffer, start: start, end: start + length)
        }
    }

    /// What `read` gives of the file at `path` when it is no larger than `largest` and begins
    /// with `magic`: `body`, handed its pieces; nil otherwise, or when `body` throws.
    static func read<Value>(
        _ path: String, magic: [UInt8], largest: Int64, fileSystem: any FileSystem,
        _ body: (inout Pieces) throws(ByteReader.Malformed) -> Value?
    ) -> Value? {
        // A file far larger than its kind can be is not read whole to be refused.
        guard CacheFileFormat.program != 0, let size = (try? fileSystem.status(path))??.size, size <= largest,
            let bytes = try? fileSystem.readFile(path), bytes.starts(with: magic)
        else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var pieces = Pieces(buffer, start: magic.count)
            return try? body(&pieces)
        }
    }

    /// Hands each piece to the file being written.
    struct PieceWriter {
        fileprivate let add: ([UInt8]) throws -> Void

        /// Writes `bytes` as the next piece.
        func piece(_ bytes: [UInt8]) throws {
            var framing = ByteWriter()
            framing.unsigned(UInt64(bytes.count))
            try add(framing.take())
            try add(bytes)
            framing.fixed64(Checksum64.of(bytes))
            try add(framing.take())
        }
    }

    /// Writes a memo of the pieces `pieces` writes to `path`, in the cache folder `folder`:
    /// renamed into place, handed to the file a quarter of a MiB at a time (a memo is never
    /// held whole), or, `inPlace`, written over the file there (for a small memo written
    /// under the vault's lock, whose torn end reads as a broken framing). One that cannot be
    /// written costs the next run the work it would have saved, nothing else.
    static func save(
        _ path: String, magic: [UInt8], folder: String, inPlace: Bool = false, fileSystem: any FileSystem,
        pieces: (PieceWriter) throws -> Void
    ) {
        guard CacheFileFormat.program != 0 else { return }
        try? fileSystem.createDirectories(folder)
        let writer = SafeWriter(fileSystem: fileSystem)
        if inPlace {
            var bytes = magic
            guard (try? pieces(PieceWriter { bytes += $0 })) != nil else { return }
            try? writer.overwriteDerived(path, with: bytes)
            return
        }
        try? writer.replaceDerived(path) { write in
            try withoutActuallyEscaping(write) { write in
                var pending = magic
                try pieces(
                    PieceWriter { bytes in
                        pending += bytes
                        guard pending.count >= 1 << 18 else { return }
                        try write(pending)
                        pending.removeAll(keepingCapacity: true)
                    })
                try write(pending)
            }
        }
    }
}
