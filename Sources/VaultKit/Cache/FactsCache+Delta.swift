import VaultSystem

/// The delta file beside the cache file: the records of a few notes read since the cache
/// file was written, so that a run that read one note afresh does not write the whole
/// cache file again (55 MB at 100,000 notes).
extension FactsCache {
    /// The delta file, when it is sound, of this vault and extends `main`; nil otherwise (one
    /// that extends another main file is left for the next save to replace).
    func openDelta(extending main: CacheFile) -> CacheFile? {
        guard fileSystem.exists(location.deltaFile), let delta = try? CacheFile.open(location.deltaFile, fileSystem: fileSystem),
            delta.contents.base == main.header.indexSum, delta.contents.root == main.contents.root,
            delta.contents.dialect == main.contents.dialect
        else { return nil }
        return delta
    }

    /// The most bytes of records a delta file holds before the main file is written again
    /// in its place: a sixteenth of the main file, or `deltaFloor` (4 KiB, a few records)
    /// for a small one. Reading a delta costs every run its bytes; writing the main file
    /// costs the run that does it the whole, which for a small vault is little: a floor of
    /// 256 KiB had a 39 KB main file beside a delta of 224 KB.
    func deltaLimit(mainFileSize: Int64) -> Int64 { max(deltaFloor, mainFileSize / 16) }

    /// Writes this run's records with the delta file's into a new delta file, when a main
    /// file is there to extend and they stay within `deltaLimit`; false when they do not (the
    /// main file is then written whole, as it is when a body was found damaged: copying its
    /// table, the save finds the damage and leaves it behind).
    func writeDelta() throws -> Bool {
        guard writesDeltas, !foundDamagedBody,
            let (main, mainStatus, freshBytes, table) = lock.withLock({ file.map { ($0, fileStatus, fresh.bytes, strings.sizes.length) } })
        else { return false }
        let delta = lock.withLock { self.delta }
        let deltaSize = delta.flatMap { ((try? fileSystem.status($0.path)) ?? nil)?.size } ?? 0
        guard deltaSize + Int64(freshBytes + table) <= deltaLimit(mainFileSize: mainStatus?.size ?? 0) else { return false }
        do {
            try write(to: location.deltaFile, stored: delta, base: main.header.indexSum, walked: nil)
        } catch CacheFileFormat.Damage.checksumMismatch {
            noteDamage(location.deltaFile)
            try write(to: location.deltaFile, stored: nil, base: main.header.indexSum, walked: nil)
        }
        return true
    }

    /// Takes the delta file's records into this run's, but those read afresh and those of
    /// notes the last walk did not find, before the main file is written again: the delta's
    /// records name values of its own table, which the next main file does not have. A
    /// record that cannot be read is left out (its note is read again next time).
    func absorbDelta(walked: WalkedPaths?) {
        guard let delta = lock.withLock({ delta }) else { return }
        for entry in delta.contents.entries {
            let path = delta.path(of: entry)
            guard lock.withLock({ fresh.slot(for: path) == nil }), walked?.contains(path) ?? true,
                let record = storedRecord(entry, in: delta)
            else { continue }
            store(record, for: path)
        }
        lock.withLock { self.delta = nil }
    }
}
