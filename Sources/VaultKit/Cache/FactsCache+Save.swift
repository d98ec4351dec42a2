import Foundation
import VaultMarkdown
import VaultSystem

/// Writing the cache back: this run's records merged with the stored file's, under a turn
/// shared with other runs, renamed into place whole.
extension FactsCache {
    /// Writes the cache file when this run read anything afresh (the records of notes gone
    /// are dropped then, not before: until then no file can take on the status they recorded).
    ///
    /// - Throws: the file system's error when the cache folder cannot be written (the run's
    ///   answers stand: they came from the files).
    public func save() throws {
        guard lock.withLock({ !fresh.isEmpty }) else { return }
        reopenIfReleased()
        try fileSystem.createDirectories(location.folder)
        // Runs that save at the same moment take turns, each merging its records into what
        // the last one wrote, so that neither's reads are lost. A turn that does not come
        // within two seconds (a run stopped while saving) is not waited for: the last rename
        // then wins, which costs the other's records a read next time, never a wrong answer.
        let turn = try? VaultLock(metadataFolder: location.folder, fileSystem: fileSystem, timeout: 2)
        defer { turn?.release() }
        if turn != nil { adoptNewerFile() }
        // The notes the last walk found, made a set once for both uses below.
        let walked = lock.withLock { self.walked.map(Set.init) }
        let absorbed = absorbStoredRecords(walked: walked)
        // Its records were taken in: its index (16 MB at 100,000 notes) is not held while
        // the next file is written.
        if absorbed { lock.withLock { file = nil } }
        do {
            try write(keepingStored: !absorbed, walked: walked)
        } catch CacheFileFormat.Damage.checksumMismatch {
            // The stored file's table is damaged, so are the references of its records:
            // only this run's are written.
            noteDamage()
            try write(keepingStored: false, walked: walked)
        }
        removeLeftovers()
        // What was written is read from the file from now on, so that a server that saves
        // after each request neither holds every record it read nor writes them all again.
        let writtenStatus = try? fileSystem.status(location.file)
        if let written = try? CacheFile.open(location.file, fileSystem: fileSystem),
            written.contents.root == location.rootRealPath, written.contents.dialect == location.dialect.rawValue
        {
            lock.withLock {
                file = written
                fileStatus = writtenStatus
                fresh = Self.freshRecords(location, fileSystem)
                strings = ByteTableBuilder()
                self.walked = nil
                fileWrittenAt = Date(timeIntervalSince1970: Double(written.contents.writtenAt) / 1e9)
            }
        }
    }

    /// Writes the next cache file: this run's records with the stored file's (unless
    /// `keepingStored` is false), the stored table followed by this run's values.
    private func write(keepingStored: Bool, walked: Set<String>?) throws {
        let (records, bodies, stored, strings) = lock.withLock { merged(keepingStored: keepingStored, walked: walked) }
        let freshTable = strings.size
        let tableLength = (stored?.contents.table.count ?? 0) + freshTable.bytes
        try SafeWriter(fileSystem: fileSystem).replaceDerived(location.file) { write in
            // No value is looked up while the file is written (once it could be made: a
            // cache folder that cannot be written keeps the lookups for the next reads).
            strings.dropLookups()
            try CacheFileFormat.writeHead(
                root: location.rootRealPath, dialect: location.dialect, writtenAt: now(), tableLength: tableLength,
                tableCount: (stored?.tableCount ?? 0) + freshTable.count, records: records, write: write)
            var sum = Checksum64.Stream(length: tableLength)
            try stored?.copyTable { piece in
                sum.add(piece)
                try write(piece)
            }
            // Exactly what the header counted, though another thread may add values meanwhile.
            try strings.copyEntries(length: freshTable.bytes) { piece in
                sum.add(piece)
                try write(piece)
            }
            var trailer = ByteWriter(capacity: CacheFileFormat.tableSumLength)
            trailer.fixed64(sum.sum)
            try write(trailer.bytes)
            try copyBodies(bodies, from: stored, write: write)
        }
    }

    /// Takes the cache file another run wrote since this one opened its own, when it is sound
    /// and of this vault, as the file this run's records are merged into.
    private func adoptNewerFile() {
        guard let status = try? fileSystem.status(location.file), !Self.same(status, lock.withLock({ fileStatus })) else { return }
        guard let newer = try? CacheFile.open(location.file, fileSystem: fileSystem),
            newer.contents.root == location.rootRealPath, newer.contents.dialect == location.dialect.rawValue
        else { return }
        lock.withLock {
            file = newer
            fileStatus = status
        }
    }

    private static func same(_ status: FileStatus, _ other: FileStatus?) -> Bool {
        guard let other else { return false }
        return status.inode == other.inode && status.device == other.device && status.size == other.size
            && status.modifiedNanoseconds == other.modifiedNanoseconds && status.changedNanoseconds == other.changedNanoseconds
    }

    /// Removes what runs killed while writing the cache left: temporary files older than a
    /// minute (a younger one may be another run's, about to be renamed into place), and
    /// scratch files of records read afresh that a kill caught before they were unlinked.
    private func removeLeftovers() {
        guard let entries = try? fileSystem.entries(location.folder) else { return }
        for entry in entries
        where entry.kind == .file && (SafeWriter.isTemporaryName(entry.name) || entry.name.hasPrefix(ScratchFile.namePrefix)) {
            let path = location.folder + "/" + entry.name
            if let status = (try? fileSystem.status(path)) ?? nil, status.modifiedNanoseconds < now() - 60_000_000_000 {
                try? fileSystem.removeFile(path)
            }
        }
    }

    /// Saves the cache, then writes down this run's hits and misses (`vault cache status`
    /// shows them) and which vault folder the cache folder serves.
    public func finish() throws {
        try save()
        let (hits, misses) = statistics
        guard hits + misses > 0 else { return }
        let writer = SafeWriter(fileSystem: fileSystem)
        try fileSystem.createDirectories(location.folder)
        try writer.replaceDerived(location.statisticsFile, with: Array("\(hits) \(misses)\n".utf8))
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

    /// The records of the next file, in the order of their paths' bytes: the stored ones
    /// (already in that order, unless `keepingStored` is false) merged with this run's, a
    /// fresh one in place of a stored one; the file they are copied from, and this run's
    /// table entries. The records of notes that are gone are dropped by the next run that
    /// writes: until then they are never used, as no file can take on the status they recorded.
    private func merged(keepingStored: Bool, walked: Set<String>?) -> (
        records: [CacheFileFormat.Record], bodies: [Body], stored: CacheFile?, strings: ByteTableBuilder
    ) {
        let file = keepingStored ? file : nil
        // The index entries read afresh, read back into one array: slices of it cost no
        // array apiece. A record that cannot be read back is left out (read again next time).
        let paths = fresh.paths.filter { walked?.contains($0) ?? true }.sorted(by: CacheFileFormat.precedes)
        var freshIndex: [UInt8] = []
        freshIndex.reserveCapacity(paths.reduce(0) { $0 + (fresh.slot(for: $1)?.indexCount ?? 0) })
        var freshSlots: [(path: String, slot: FreshRecords.Slot, index: Range<Int>)] = []
        freshSlots.reserveCapacity(paths.count)
        for path in paths {
            guard let slot = fresh.slot(for: path), let index = fresh.index(of: slot) else { continue }
            freshSlots.append((path, slot, freshIndex.count..<freshIndex.count + index.count))
            freshIndex += index
        }
        var records: [CacheFileFormat.Record] = []
        var bodies: [Body] = []
        records.reserveCapacity((file?.contents.entries.count ?? 0) + freshSlots.count)
        bodies.reserveCapacity(records.capacity)
        // This run's values follow the stored file's table, which its records keep naming.
        let freshBase = file?.tableCount ?? 0
        var next = 0
        func takeFresh() {
            let (path, slot, index) = freshSlots[next]
            records.append(
                CacheFileFormat.Record(path: path, index: freshIndex[index], bodyLength: slot.bodyCount, bodySum: slot.sum, base: freshBase))
            bodies.append(.fresh(slot))
            next += 1
        }
        if let file {
            for entry in file.contents.entries {
                let path = file.path(of: entry)
                while next < freshSlots.count && CacheFileFormat.precedes(freshSlots[next].path, path) { takeFresh() }
                if next < freshSlots.count && freshSlots[next].path.utf8.elementsEqual(path.utf8) {
                    takeFresh()
                    continue
                }
                guard walked?.contains(path) ?? true else { continue }
                records.append(
                    CacheFileFormat.Record(
                        path: path, index: file.index[entry.index], bodyLength: entry.body.count, bodySum: entry.bodySum,
                        base: entry.base))
                bodies.append(.stored(entry))
            }
        }
        while next < freshSlots.count { takeFresh() }
        return (records, bodies, file, strings)
    }

    /// Where a record's body comes from when the file is written again.
    private enum Body {
        case stored(CacheFileFormat.Entry)
        case fresh(FreshRecords.Slot)
    }

    /// Writes the bodies in order: a fresh one read back from `fresh`, stored ones copied
    /// from the file as it was opened, neighbours in one read of up to a MiB. A body that
    /// cannot be read whole is written as zeros: its checksum then fails, and its note is
    /// read afresh.
    private func copyBodies(_ bodies: [Body], from file: CacheFile?, write: ([UInt8]) throws -> Void) throws {
        var run: Range<Int>?
        func flush() throws {
            guard let range = run, let file else { return }
            run = nil
            var bytes = (try? file.bytes(range)) ?? []
            if bytes.count < range.count { bytes += repeatElement(0, count: range.count - bytes.count) }
            try write(bytes)
        }
        for body in bodies {
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
