import VaultSystem

/// The records a run read afresh, encoded, until the cache file is written: their bytes in
/// a scratch file of the cache folder, and in memory only where each one is.
///
/// A first run over a large vault reads every note, and kept as arrays its records were
/// the largest part of what the run held (about 40 MB at 100,000 notes, with an array's
/// overhead apiece), and so of a server's peak. The scratch file is unlinked as soon as it
/// is made, so nothing is left however the run ends. Where none can be made (a cache folder
/// that cannot be written), the bytes are kept in memory, as before.
///
/// Not safe to share between threads: its owner's lock guards it.
final class FreshRecords {
    /// Where one record's bytes are: its index entry, then its body. In 24 bytes: a record's
    /// parts are far under 4 GiB (the cache file's own entries hold them in 32 bits).
    struct Slot {
        let offset: Int
        let sum: UInt64
        private let counts: (index: UInt32, body: UInt32)

        init(offset: Int, indexCount: Int, bodyCount: Int, sum: UInt64) {
            self.offset = offset
            self.sum = sum
            counts = (UInt32(truncatingIfNeeded: indexCount), UInt32(truncatingIfNeeded: bodyCount))
        }

        var indexCount: Int { Int(counts.index) }
        var bodyCount: Int { Int(counts.body) }
    }

    /// The folder for the scratch file, made when first needed; nil when it cannot be made.
    private let folder: () -> String?
    /// Each path's place in `slots`: a dictionary of slots themselves took 12.6 MB at
    /// 100,000 notes (its buckets double past three quarters full), this one 6 MB with them.
    private var places: [PathBytes: Int32] = [:]
    private var slots: [Slot] = []
    /// Made on the first store; nil after that when none could be made.
    private var scratch: ScratchFile?
    private var triedScratch = false
    /// The bytes of every record, when there is no scratch file.
    private var memory: [UInt8] = []
    /// At most how many bytes the scratch file takes (a full disk, for tests).
    private let capacity: Int

    /// Records kept in a scratch file of the folder `folder` gives (asked on the first
    /// store), or in memory when it gives nil or no file can be made there; a scratch file
    /// takes at most `capacity` bytes.
    init(folder: @escaping () -> String?, capacity: Int = .max) {
        self.folder = folder
        self.capacity = capacity
    }

    var isEmpty: Bool { places.isEmpty }
    /// How many paths have a record.
    var count: Int { places.count }
    /// The bytes of every record stored, those since replaced included.
    private(set) var bytes = 0
    /// The paths of the records kept, each as the file system spells it.
    var paths: [String] { places.keys.map(\.path) }
    func slot(for path: String) -> Slot? { places[PathBytes(path)].map { slots[Int($0)] } }

    /// Keeps the record of `path`; when its bytes cannot be kept (a full disk), the note has
    /// no record and is read again next time.
    func store(_ path: String, index: [UInt8], body: [UInt8], sum: UInt64) {
        let offset: Int?
        if let scratch = openScratch() {
            offset = scratch.append(index + body)
        } else {
            offset = memory.count
            memory += index
            memory += body
        }
        // Too large for a slot's counts: not kept, as a record the disk cannot take.
        guard let offset, index.count <= Int(UInt32.max), body.count <= Int(UInt32.max) else {
            places[PathBytes(path)] = nil
            return
        }
        let slot = Slot(offset: offset, indexCount: index.count, bodyCount: body.count, sum: sum)
        bytes += index.count + body.count
        let key = PathBytes(path)
        if let place = places[key] {
            slots[Int(place)] = slot
        } else {
            places[key] = Int32(slots.count)
            slots.append(slot)
        }
    }

    /// The index entry of a record; nil when it cannot be read back.
    func index(of slot: Slot) -> [UInt8]? { bytes(slot.offset, slot.indexCount) }

    /// The body of a record; nil when it cannot be read back.
    func body(of slot: Slot) -> [UInt8]? { bytes(slot.offset + slot.indexCount, slot.bodyCount) }

    /// The index entry and body of a record, in one read; nil when they cannot be read back.
    func record(of slot: Slot) -> (index: [UInt8], body: [UInt8])? {
        guard let bytes = bytes(slot.offset, slot.indexCount + slot.bodyCount) else { return nil }
        return (Array(bytes[..<slot.indexCount]), Array(bytes[slot.indexCount...]))
    }

    private func bytes(_ offset: Int, _ count: Int) -> [UInt8]? {
        if let scratch { return scratch.read(at: offset, count: count) }
        guard offset + count <= memory.count else { return nil }
        return Array(memory[offset..<offset + count])
    }

    private func openScratch() -> ScratchFile? {
        if !triedScratch {
            triedScratch = true
            if let folder = folder() { scratch = ScratchFile(folder: folder, capacity: capacity) }
        }
        return scratch
    }
}

/// A path compared and hashed by its bytes: two file names that differ only in Unicode
/// normalization are two files, while Swift's `==` on strings takes them for one, and their
/// records took turns in one place, each read again on every run.
struct PathBytes: Hashable {
    let path: String

    init(_ path: String) { self.path = path }

    static func == (first: PathBytes, second: PathBytes) -> Bool { first.path.utf8.elementsEqual(second.path.utf8) }

    func hash(into hasher: inout Hasher) {
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
