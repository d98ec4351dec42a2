import Glibc
import VaultSystem

/// The collision keys of one folder's names as a `vault` write last left them, kept in the
/// cache folder: a capture into a `quick/` of thousands of notes checks its new name against
/// them rather than listing the folder again (at 8,000 names the listing is 2.5–3 ms of
/// kernel time, most of a capture's own cost).
///
/// What it decides is only which of the free names a new note takes: the note is still
/// created by a link that fails on any file of that name, so a memo that is wrong can cost a
/// name that differs from another in case alone, never a file. It counts while the folder
/// has the status it recorded (a name added, removed or renamed by any program changes the
/// folder's modification and status-change times) and for a minute after the listing it was
/// made from: a change by another program in the same timestamp tick as a `vault` write,
/// which the folder's times cannot show, is missed for that long at most.
struct FolderNameMemo: Equatable {
    /// How long a memo counts after the listing it was made from.
    static let lifetime: Int64 = 60_000_000_000
    static let magic: [UInt8] = Array("VAULTFN".utf8) + [2]
    /// The largest memo read: two million names.
    static let largest: Int64 = 16 << 20

    /// The folder's status when the memo was last made or added to.
    var folder: FileStatus
    /// When the folder was last listed whole, in nanoseconds since 1970.
    var listedAt: Int64
    /// `Naming.collisionHash` of each name, sorted.
    private(set) var keys: [UInt64]

    init(folder: FileStatus, listedAt: Int64, keys: [UInt64]) {
        self.folder = folder
        self.listedAt = listedAt
        // Sorted without repeats, as `read` accepts them: two names can share a key.
        var unique: [UInt64] = []
        unique.reserveCapacity(keys.count)
        for key in keys.sorted() where unique.last != key { unique.append(key) }
        self.keys = unique
    }

    /// The file of the memo of the vault folder `folder` in the cache folder `cacheFolder`.
    static func file(for folder: String, in cacheFolder: String) -> String {
        var name = folder
        let sum = name.withUTF8 { Checksum64.of(UnsafeRawBufferPointer($0)) }
        let hex = String(sum, radix: 16)
        return cacheFolder + "/names-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// True when a name of the folder has the collision key whose hash is `key`.
    func holds(_ key: UInt64) -> Bool {
        let place = position(of: key)
        return place < keys.count && keys[place] == key
    }

    /// Adds a name's key, for a note this run made.
    mutating func insert(_ key: UInt64) {
        let place = position(of: key)
        if place == keys.count || keys[place] != key { keys.insert(key, at: place) }
    }

    /// Where `key` is, or would go, among the sorted keys.
    private func position(of key: UInt64) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The memo in `path` when it is sound, of this program, for the folder as `status` finds
    /// it and younger than `lifetime` at `now`; nil otherwise (a missing, damaged or foreign
    /// file is one more listing, nothing else).
    static func read(_ path: String, folder status: FileStatus, now: Int64, fileSystem: any FileSystem) -> FolderNameMemo? {
        MemoFile.read(path, magic: magic, largest: largest, fileSystem: fileSystem) { pieces throws(ByteReader.Malformed) in
            // One piece, and nothing after it: written in place, a longer memo's end may follow.
            guard var reader = try pieces.next(), pieces.isAtEnd, try reader.fixed64() == CacheFileFormat.program else { return nil }
            let recorded = try Self.status(&reader)
            let listedAt = Int64(bitPattern: try reader.fixed64())
            guard recorded == status, now >= listedAt, now - listedAt < lifetime else { return nil }
            let keys = try reader.fixed64s(count: try reader.count())
            // Sorted, as `holds` searches them: a memo out of order is no memo.
            guard reader.isAtEnd, zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
            var memo = FolderNameMemo(folder: recorded, listedAt: listedAt, keys: [])
            memo.keys = keys
            return memo
        }
    }

    /// Writes the memo to `path`, over the file there; one that cannot be written costs the
    /// next capture a listing.
    func save(_ path: String, fileSystem: any FileSystem) {
        var writer = ByteWriter(capacity: 64 + keys.count * 8)
        writer.fixed64(CacheFileFormat.program)
        writer.fixed64(folder.device)
        writer.fixed64(folder.inode)
        writer.fixed64(UInt64(bitPattern: folder.modifiedNanoseconds))
        writer.fixed64(UInt64(bitPattern: folder.changedNanoseconds))
        writer.fixed64(UInt64(bitPattern: listedAt))
        writer.unsigned(UInt64(keys.count))
        writer.fixed64s(keys)
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        // In place: the memo is written under the vault's lock, and read as one piece checked
        // by its sum with nothing after it, so a torn one only reads as no memo.
        MemoFile.save(path, magic: Self.magic, folder: folder, inPlace: true, fileSystem: fileSystem) { file in
            try file.piece(writer.take())
        }
    }

    /// Removes every memo in the cache folder `folder`, and what a kill left of one.
    static func removeAll(in folder: String, fileSystem: any FileSystem) throws {
        for entry in (try? fileSystem.entries(folder)) ?? []
        where entry.kind == .file && (entry.name.hasPrefix("names-") || entry.name.hasPrefix(".~names-")) {
            // Gone meanwhile (another run cleared it too) is what was asked.
            do { try fileSystem.removeFile(folder + "/" + entry.name) } catch let error as SystemError where error.code == ENOENT {}
        }
    }

    /// The parts of a folder's status the memo is checked by.
    private static func status(_ reader: inout ByteReader) throws(ByteReader.Malformed) -> FileStatus {
        let device = try reader.fixed64()
        let inode = try reader.fixed64()
        let modified = Int64(bitPattern: try reader.fixed64())
        let changed = Int64(bitPattern: try reader.fixed64())
        return FileStatus(kind: .directory, size: 0, modifiedNanoseconds: modified, changedNanoseconds: changed, device: device, inode: inode)
    }

    /// `status` as the memo compares it: the kind, times and identity, not the size or mode.
    static func comparable(_ status: FileStatus) -> FileStatus {
        FileStatus(
            kind: .directory, size: 0, modifiedNanoseconds: status.modifiedNanoseconds, changedNanoseconds: status.changedNanoseconds,
            device: status.device, inode: status.inode)
    }
}
