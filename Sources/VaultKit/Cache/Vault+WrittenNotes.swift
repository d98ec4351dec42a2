import VaultSystem

/// Keeping the cache up with what a change wrote, so that the command after a rename does
/// not read again every note the rename rewrote.
extension Vault {
    /// Reads into the cache each note of `paths` that a change has just written (rewritten,
    /// moved or made), when its file is already old enough for its record to be trusted next
    /// time (see `FactsCache.isRacy`); the others are read again by the command that next
    /// needs them, as any note changed since the cache was written.
    ///
    /// Each note is read from its file, its status taken before its bytes, as every reading
    /// is: what another program wrote meanwhile is what the record holds.
    ///
    /// - Parameters:
    ///   - new: those of `paths` no note had before the change (moved there, made).
    ///   - limit: the most notes read; a change of more leaves them all to the next command.
    func recordWritten(_ paths: [String], new: [String], limit: Int = writtenNotesRecorded) {
        guard let cache else { return }
        let notes = Array(Set(paths.filter { NoteFiles.isNoteName($0.fileName, org: isLogseqGraph) })).sorted()
        cache.noteWritten(notes, new: new)
        // Past this many, the records made here beside the plan's new bytes take the change
        // past its memory budget: a rename that rewrote 19,852 notes of 100,000 peaked at
        // 107 MB (and took 12.5 s against 9 s). The next command reads them instead, as it
        // reads any notes changed elsewhere.
        guard notes.count <= limit else { return }
        let reader = CachedReader(fileSystem: fileSystem, cache: cache, dialect: dialect)
        @Sendable func record(_ path: String) {
            let absolute = absolutePath(path)
            // A note written just now would give a record trusted by no later run: it is
            // left for the next run to read, which costs no more than reading it now.
            guard let status = try? fileSystem.status(absolute), status.kind == .file, !cache.isRacy(status) else { return }
            _ = try? reader.read(path: path, absolute: absolute, wanted: .all)
        }
        // A change of a few notes starts no worker threads.
        if notes.count <= 16 {
            notes.forEach(record)
        } else {
            _ = ParallelMap.map(notes.count, minimumPerWorker: 16) { record(notes[$0]) }
        }
    }

    /// The most notes a change reads into the cache (see `recordWritten`).
    static let writtenNotesRecorded = 4_096
}
