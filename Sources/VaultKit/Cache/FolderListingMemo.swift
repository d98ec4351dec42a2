import VaultSystem

/// What the walk last found in each folder of a vault, kept in the cache folder
/// (`CacheLocation.foldersFile`): a folder whose status is the one it had when it was listed
/// is not listed again, nor its names sorted and sorted out.
///
/// A name added to a folder, taken from it or renamed in it changes the folder's modification
/// and status-change times (the second only the kernel sets), so a folder of the same status
/// holds the same names; git's untracked cache trusts a folder's times the same way. A
/// listing is kept only when that holds beyond doubt (`FactsCache.keepsListing`):
/// - the folder is on a disk whose times this machine's clock stamps: a network or FUSE
///   mount may change a folder's times late, or not at all, and an overlay shows a folder of
///   both its layers with the upper one's times, which a name added below leaves as they were;
/// - its last change was a few clock ticks older than the listing, so that a name added in
///   the same tick, which leaves the folder's times as they were, cannot go unseen;
/// - it holds only notes, other files and folders, told apart by their names and kinds: a
///   symlink (whose target may change while the folder does not), a placeholder of a note
///   not downloaded, a conflict copy, a name not UTF-8 or anything warned of has its folder
///   listed every time.
///
/// A folder taken from the memo is not opened: one whose permissions changed has a new
/// status-change time and is listed (and refused) again, but a reader who lost a group that
/// could read it is not told so until the folder changes.
///
/// The notes' own statuses are still taken one by one: an edit in place changes no folder.
///
/// What a listing makes of a name (a note, a conflict copy, a trashed note) follows from the
/// name, its kind and the vault's rules, which the memo's key holds (`key`): under other
/// rules every folder is listed afresh.
///
/// The file is a `MemoFile` (see `save`). A missing, damaged or foreign file costs one
/// listing of each folder, nothing else; a folder's damaged names, that folder's listing.
struct FolderListingMemo: Sendable {
    /// One folder's names as it was listed, and the status it had.
    struct Entry: Sendable, Equatable {
        /// `FileStatus.sameFileStamp` of the folder.
        var stamp: UInt64
        /// Its notes', other files', temporary files' and folders' names, in that order (see
        /// `encoded`).
        var names: [UInt8]
    }

    /// What a folder held, as paths (joined to the folder's).
    struct Listed: Sendable {
        var notes: [String] = []
        var assets: [String] = []
        var temporaryFiles: [String] = []
        var folders: [String] = []
    }

    static let magic: [UInt8] = Array("VAULTFL".utf8) + [3]
    /// The largest file read: far beyond the names of a million notes.
    static let largest: Int64 = 512 << 20

    /// The folders' entries, by path.
    let entries: [PathBytes: Entry]

    init(entries: [PathBytes: Entry]) {
        self.entries = entries
    }

    /// The key of a memo of `location`'s vault whose names are sorted out by these rules: a
    /// walk of Logseq's rules (`org` files are notes), of iCloud's (its conflict copies) or of
    /// another layout (a conflict copy in the trash is a trashed note) has its folders listed
    /// afresh.
    static func key(location: CacheLocation, layout: VaultLayout, org: Bool, iCloud: Bool) -> UInt64 {
        var writer = ByteWriter()
        writer.fixed64(CacheFileFormat.program)
        writer.unsigned(CacheFileFormat.version)
        writer.string(location.rootRealPath)
        for kind in VaultLayout.systemKinds { writer.optionalString(layout.folder(for: kind)) }
        writer.bool(org)
        writer.bool(iCloud)
        return Checksum64.of(writer.take())
    }

    /// The names of the folder at `relative` (empty for the vault's own) as paths, with its
    /// entry, when the memo holds them for a folder of `status` and they are sound.
    func listed(_ relative: String, status: FileStatus) -> (Listed, Entry)? {
        guard let entry = entries[PathBytes(relative)], entry.stamp == status.sameFileStamp else { return nil }
        // A name is at most 255 bytes on every file system kept (`NAME_MAX`): one longer is damage.
        var names = SharedStart.Reader(longest: Self.longestName, suffix: Self.noteExtension)
        let listed = entry.names.withUnsafeBufferPointer { buffer -> Listed? in
            var reader = ByteReader(buffer)
            func paths() throws(ByteReader.Malformed) -> [String] {
                let count = try reader.count()
                var paths: [String] = []
                paths.reserveCapacity(count)
                for _ in 0..<count {
                    // What it shares with the name before is bounded by that name, not by the
                    // bytes left to read.
                    let shared = try reader.unsigned()
                    let rest = try reader.unsigned()
                    let added = try reader.view(count: Int(truncatingIfNeeded: min(rest >> 1, UInt64(Int.max))))
                    // A name the listing could not have given (a file made to pass the checksum)
                    // would lead the walk out of the folder.
                    guard let name = names.next(shared: shared, rest: added, suffixed: rest & 1 == 1),
                        Self.isName(name)
                    else { throw ByteReader.Malformed(offset: reader.offset) }
                    paths.append(String(path: relative, bytes: name))
                }
                return paths
            }
            do {
                let listed = try Listed(notes: paths(), assets: paths(), temporaryFiles: paths(), folders: paths())
                return reader.isAtEnd ? listed : nil
            } catch {
                return nil
            }
        }
        return listed.map { ($0, entry) }
    }

    /// True for the bytes of a name a folder can hold: not empty, `.` or `..`, and without a
    /// slash or a zero byte.
    static func isName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // One pass: asked of every name a warm walk takes from the memo.
        var dots = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/") || byte == 0 { return false }
            if byte == UInt8(ascii: ".") { dots += 1 }
        }
        return !bytes.isEmpty && !(bytes.count <= 2 && dots == bytes.count)
    }

    /// The entry of a folder of `status` whose listing found these paths, each beginning with
    /// the folder's path and a slash (`prefix` bytes; none for the vault's own folder).
    static func entry(
        status: FileStatus, prefix: Int, notes: some Collection<String>, assets: [String], temporaryFiles: [String],
        folders: some Collection<String>
    ) -> Entry {
        func names(_ paths: some Collection<String>) -> [[UInt8]] {
            paths.map { path in
                var path = path
                return path.withUTF8 { bytes in
                    precondition(bytes.count > prefix, "a path of the folder listed")
                    return Array(bytes[prefix...])
                }
            }
        }
        return Entry(
            stamp: status.sameFileStamp, names: encoded([names(notes), names(assets), names(temporaryFiles), names(folders)]))
    }

    /// The longest name read back (`NAME_MAX` on Linux).
    static let longestName = 255
    /// The note extension a name's entry leaves out, and says so in one bit.
    static let noteExtension: [UInt8] = Array(".md".utf8)

    /// A folder's groups of names as an entry keeps them: each group its count, then each
    /// name as the number of bytes it shares with the name before, the length of the rest
    /// (twice over, plus one when the name ends in `.md`, which is left out) and the rest.
    /// A folder's names come sorted, and most share a start with the one before: 1.0 MB for
    /// the 102,000 names of 100,000 notes, against 1.9 MB written whole.
    static func encoded(_ groups: [[[UInt8]]]) -> [UInt8] {
        var writer = ByteWriter()
        for group in groups {
            writer.unsigned(UInt64(group.count))
            var before: ArraySlice<UInt8> = []
            for name in group {
                let note = name.count > noteExtension.count && name.suffix(noteExtension.count).elementsEqual(noteExtension)
                let written = note ? name.dropLast(noteExtension.count) : name[...]
                let shared = SharedStart.length(before, written)
                writer.unsigned(UInt64(shared))
                writer.unsigned(UInt64(written.count - shared) << 1 | (note ? 1 : 0))
                writer.raw(written.dropFirst(shared))
                before = written
            }
        }
        return writer.take()
    }

    /// The memo in the file at `path` when it is sound and of `key`; nil otherwise. A folder
    /// whose piece is damaged is left out (it alone is listed again).
    static func read(_ path: String, key: UInt64, fileSystem: any FileSystem) -> FolderListingMemo? {
        MemoFile.read(path, magic: magic, largest: largest, fileSystem: fileSystem) { pieces throws(ByteReader.Malformed) in
            guard var head = try pieces.next(), try head.fixed64() == key else { return nil }
            let count = try head.unsigned()
            guard head.isAtEnd else { return nil }
            var entries: [PathBytes: Entry] = [:]
            var read: UInt64 = 0
            while !pieces.isAtEnd {
                read += 1
                guard var piece = try pieces.next() else { continue }
                let folder = try piece.string()
                let stamp = try piece.fixed64()
                entries[PathBytes(folder)] = Entry(stamp: stamp, names: Array(try piece.view(count: piece.remaining)))
            }
            return read == count ? FolderListingMemo(entries: entries) : nil
        }
    }

    /// Writes `entries` with `key` to the file at `path`, in the cache folder `folder`: a
    /// `MemoFile` whose first piece holds the key and the number of folders, and each other
    /// piece a folder's path, status stamp and names, so that a piece stands for its folder
    /// alone. A memo that cannot be written costs the next walk its listings, nothing else.
    static func save(_ entries: [PathBytes: Entry], key: UInt64, to path: String, folder: String, fileSystem: any FileSystem) {
        MemoFile.save(path, magic: magic, folder: folder, fileSystem: fileSystem) { file in
            var writer = ByteWriter()
            writer.fixed64(key)
            writer.unsigned(UInt64(entries.count))
            try file.piece(writer.take())
            for (folder, entry) in entries {
                writer.string(folder.path)
                writer.fixed64(entry.stamp)
                writer.raw(entry.names)
                try file.piece(writer.take())
            }
        }
    }
}
