import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Writing the cache back: this run's records merged with the stored file's, under a turn
/// shared with other runs, renamed into place whole; a few records in a delta file beside it.
extension FactsCache {
    /// Writes the cache when this run read anything afresh: a few records into the delta
    /// file, else the main file whole (the records of notes gone are dropped then, not
    /// before: until then no file can take on the status they recorded).
    ///
    /// - Throws: the file system's error when the cache folder cannot be written (the run's
    ///   answers stand: they came from the files).
    public func save() throws {
        guard lock.withLock({ !fresh.isEmpty }) else { return }
        // A run that read every walked note afresh needs nothing of the stored file: it is
        // not opened again to be merged (16 MB at 100,000 notes, beside the records to write).
        if !holdsEveryWalkedNote() { reopenIfReleased() }
        try fileSystem.createDirectories(location.folder)
        // Runs that save at the same moment take turns, each merging its records into what
        // the last one wrote, so that neither's reads are lost. A turn that does not come
        // within two seconds (a run stopped while saving) is not waited for: the last rename
        // then wins, which costs the other's records a read next time, never a wrong answer.
        let turn = try? VaultLock(metadataFolder: location.folder, fileSystem: fileSystem, timeout: 2)
        defer { turn?.release() }
        if turn != nil { adoptNewerFile() }
        // Another run may have written a delta since this one opened the cache: its records
        // are merged into the next delta, or carried into the next main file.
        let current = lock.withLock { file }.flatMap(openDelta(extending:))
        lock.withLock { delta = current }
        // A delta keeps the records of notes gone until the main file is written again: it
        // stays small, and a set of every note the walk found (20 ms at 100,000) is not made.
        // A delta that cannot be written (a full disk, a folder in its place) leaves the
        // main file to be written whole: smaller than a delta grown past it, or in a place
        // that can still be written, so that the cache heals instead of failing each run.
        if (try? writeDelta()) == true {
            removeLeftovers()
            letGoOfRecords()
            let delta = lock.withLock { file }.flatMap(openDelta(extending:))
            settle { self.delta = delta }
            return
        }
        // The notes the last walk found, put in order once for the uses below.
        let walked = lock.withLock { () -> WalkedPaths? in
            self.walked?.sort(by: CacheFileFormat.precedes)
            return self.walked.map(WalkedPaths.init(ordered:))
        }
        absorbDelta(walked: walked)
        let absorbed = absorbStoredRecords(walked: walked, all: tableNeedsCompacting())
        // Its records were taken in: its index (16 MB at 100,000 notes) is not held while
        // the next file is written.
        if absorbed { lock.withLock { file = nil } }
        do {
            try write(to: location.file, stored: absorbed ? nil : lock.withLock { file }, walked: walked)
        } catch CacheFileFormat.Damage.checksumMismatch {
            // The stored file's table is damaged, so are the references of its records:
            // only this run's are written.
            noteDamage(location.file)
            try write(to: location.file, stored: nil, walked: walked)
        }
        // It extends the file just replaced: no run would read it again, and it takes room.
        try? fileSystem.removeFile(location.deltaFile)
        removeLeftovers()
        // What was written is read from the file from now on, so that a server that saves
        // after each request neither holds every record it read nor writes them all again.
        let writtenStatus = try? fileSystem.status(location.file)
        letGoOfRecords()
        if let written = try? CacheFile.open(location.file, fileSystem: fileSystem),
            written.contents.root == location.rootRealPath, written.contents.dialect == location.dialect.rawValue
        {
            settle {
                self.file = written
                self.delta = nil
                self.fileStatus = writtenStatus
                self.released = false
            }
        }
    }

    /// Lets go of the cache file's index and table though this run holds records not yet
    /// saved: for a run about to read most notes afresh, whose save then needs nothing of
    /// the file (see `save()`). The next lookup opens the file again.
    func letGoOfFile() {
        lock.withLock {
            guard file != nil else { return }
            file = nil
            delta = nil
            released = true
        }
    }

    /// True when the last walk found notes and this run holds a record of each, read afresh.
    private func holdsEveryWalkedNote() -> Bool {
        lock.withLock {
            guard let walked, !walked.isEmpty else { return false }
            return walked.allSatisfy { fresh.slot(for: $0) != nil }
        }
    }

    /// Writes what this run read afresh, then lets go as `release()` does: a command that has
    /// asked every note's record its question (a check, a rename's planner) then reads the
    /// notes it needs without the records waiting to be saved, the values they name, or the
    /// file. When the save fails, the records are kept, and the command's own save says why.
    public func saveAndRelease() {
        try? save()
        release()
    }

    /// True when the stored tables have grown past twice their length when they were last
    /// written with every value named (and past `compactionFloor`): the values of records
    /// since replaced stay in tables that are only appended to, and a cache used for months
    /// grew without bound. Its records are then encoded again against tables of their own.
    private func tableNeedsCompacting() -> Bool {
        guard let file = lock.withLock({ file }) else { return false }
        let length = UInt64(file.contents.table.count + file.contents.sideTable.count)
        return length > compactionFloor && length > 2 * file.contents.compacted
    }

    /// Lets go of this run's records once they are written, before the file written is
    /// opened: held beside its index, they made the highest point of a first `check`.
    private func letGoOfRecords() {
        lock.withLock {
            fresh = Self.freshRecords(location, fileSystem)
            strings = RecordTables()
            walked = nil
        }
    }

    /// After a save, with the lock held: `update` takes what was written as the stored files.
    private func settle(_ update: () -> Void) {
        lock.withLock {
            update()
            if let written = delta ?? file { fileWrittenAt = Date(timeIntervalSince1970: Double(written.contents.writtenAt) / 1e9) }
        }
    }

    /// Writes the file at `path`: this run's records with those of `stored` (none when nil),
    /// each of its tables followed by this run's values; `base` names the main file a delta
    /// extends.
    func write(to path: String, stored file: CacheFile?, base: UInt64 = 0, walked: WalkedPaths?) throws {
        try SafeWriter(fileSystem: fileSystem).replaceDerived(path) { write in
            // Once the file could be made (a cache folder that cannot be written keeps the
            // lookups for the next reads), no value is looked up while it is written, and
            // the records are merged only then, not beside the lookups (14 and 4 MB at
            // 100,000 notes, while a server still holds what its call made).
            let strings = lock.withLock { self.strings }
            strings.dropLookups()
            let records = lock.withLock { MergedRecords(stored: file, fresh: fresh, walked: walked) }
            let stored = records.stored
            let freshTables = strings.sizes
            var tables = freshTables
            if let stored {
                tables.tableCount += stored.tableCount
                tables.tableLength += stored.contents.table.count
                tables.sideCount += stored.sideCount
                tables.sideLength += stored.contents.sideTable.count
            }
            // Written with no stored table, every value is named: the length to compare with later.
            let compacted = base != 0 ? 0 : stored.map { $0.contents.compacted } ?? UInt64(tables.length)
            let filtersLength = records.indices.reduce(0) { $0 + records.filter(at: $1).filter.count }
            try CacheFileFormat.writeHead(
                root: location.rootRealPath, dialect: location.dialect, writtenAt: now(), base: base, compacted: compacted,
                tables: tables, filtersLength: filtersLength, pathsLength: records.pathsLength, records: records, write: write)
            try Self.writeFilters(of: records, length: filtersLength, write: write)
            for side in [false, true] {
                var sum = Checksum64.Stream(length: side ? tables.sideLength : tables.tableLength)
                try stored?.copyTable(side: side) { piece in
                    sum.add(piece)
                    try write(piece)
                }
                // Exactly what the header counted, though another thread may add values meanwhile.
                let fresh = side ? strings.side : strings.main
                try fresh.copyEntries(length: side ? freshTables.sideLength : freshTables.tableLength) { piece in
                    sum.add(piece)
                    try write(piece)
                }
                var trailer = ByteWriter(capacity: CacheFileFormat.tableSumLength)
                trailer.fixed64(sum.sum)
                try write(trailer.bytes)
            }
            try copyBodies(of: records, write: write)
        }
    }

    /// Writes the records' filters of link targets in their order, `length` bytes in all, a
    /// quarter of a MiB at a time, then their checksum.
    private static func writeFilters(of records: MergedRecords, length: Int, write: ([UInt8]) throws -> Void) throws {
        var sum = Checksum64.Stream(length: length)
        var piece: [UInt8] = []
        piece.reserveCapacity(1 << 18)
        func flush() throws {
            sum.add(piece)
            try write(piece)
            piece.removeAll(keepingCapacity: true)
        }
        for position in records.indices {
            piece += records.filter(at: position).filter
            if piece.count >= 1 << 18 { try flush() }
        }
        try flush()
        var trailer = ByteWriter(capacity: CacheFileFormat.tableSumLength)
        trailer.fixed64(sum.sum)
        try write(trailer.bytes)
    }

    /// Takes the cache file another run wrote since this one opened its own, when it is sound
    /// and of this vault, as the file this run's records are merged into.
    private func adoptNewerFile() {
        guard let status = try? fileSystem.status(location.file), lock.withLock({ fileStatus }).map(status.isSameFile) != true else { return }
        guard let newer = try? CacheFile.open(location.file, fileSystem: fileSystem),
            newer.contents.root == location.rootRealPath, newer.contents.dialect == location.dialect.rawValue
        else { return }
        lock.withLock {
            file = newer
            fileStatus = status
        }
    }

    /// Removes what runs killed while writing the cache left: temporary files older than a
    /// minute (a younger one may be another run's, about to be renamed into place), and
    /// scratch files of records read afresh that a kill caught before they were unlinked.
    ///
    /// - Parameter young: remove them however young (a clear the person asked for: a run
    ///   saving meanwhile then cannot rename its file into place, and says so).
    func removeLeftovers(young: Bool = false) {
        guard let entries = try? fileSystem.entries(location.folder) else { return }
        for entry in entries
        where entry.kind == .file && (SafeWriter.isTemporaryName(entry.name) || entry.name.hasPrefix(ScratchFile.namePrefix)) {
            let path = location.folder + "/" + entry.name
            if young || ((try? fileSystem.status(path)) ?? nil).map({ $0.modifiedNanoseconds < now() - 60_000_000_000 }) == true {
                try? fileSystem.removeFile(path)
            }
        }
    }

    /// Saves the cache, then writes down this run's hits and misses (`vault cache status`
    /// shows them) and which vault folder the cache folder serves.
    public func finish() throws {
        do {
            try save()
        } catch {
            // Records that cannot be saved are kept for this value's later lookups, up to
            // `unsavedLimit`: past it they go, so that a server whose cache folder takes no
            // file reads notes again rather than holding every record it ever read (208 MiB
            // at 100,000 notes).
            lock.withLock {
                if fresh.bytes + strings.sizes.length > unsavedLimit {
                    fresh = Self.freshRecords(location, fileSystem)
                    strings = RecordTables()
                }
            }
            throw error
        }
        let (hits, misses) = statistics
        guard hits + misses > 0 else { return }
        let writer = SafeWriter(fileSystem: fileSystem)
        try fileSystem.createDirectories(location.folder)
        // Only `cache status` reads them: the cache written is no less whole without them.
        try? writer.replaceDerived(location.statisticsFile, with: Array("\(hits) \(misses)\n".utf8))
        if location.owner(fileSystem) != location.rootRealPath {
            try writer.replaceDerived(location.ownerFile, with: Array(location.rootRealPath.utf8))
        }
    }

    /// The hits and misses of the last run that used the cache, as `finish()` wrote them.
    public func lastRun() -> (hits: Int, misses: Int)? {
        guard let bytes = try? fileSystem.readFile(location.statisticsFile) else { return nil }
        let numbers = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    /// Writes the bodies in order: a fresh one read back from `fresh`, stored ones copied
    /// from the file as it was opened, neighbours in one read of up to a MiB. A body that
    /// cannot be read whole is written as zeros: its checksum then fails, and its note is
    /// read afresh.
    private func copyBodies(of records: MergedRecords, write: ([UInt8]) throws -> Void) throws {
        var run: Range<Int>?
        func flush() throws {
            guard let range = run, let file = records.stored else { return }
            run = nil
            var bytes = (try? file.bytes(range)) ?? []
            if bytes.count < range.count { bytes += repeatElement(0, count: range.count - bytes.count) }
            try write(bytes)
        }
        for body in records.indices.lazy.map(records.body(at:)) {
            switch body {
            case .stored(let entry):
                if let current = run, current.upperBound == entry.body.lowerBound, current.count < 1 << 20 {
                    run = current.lowerBound..<entry.body.upperBound
                } else {
                    try flush()
                    run = entry.body
                }
            case .fresh(let slot):
                try flush()
                try write(lock.withLock { fresh.body(of: slot) } ?? [UInt8](repeating: 0, count: slot.bodyCount))
            }
        }
        try flush()
    }
}
