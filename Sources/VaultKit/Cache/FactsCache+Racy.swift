import VaultSystem

/// Telling a record that can be trusted from one whose note may have changed unseen, and
/// keeping the last walk's list of notes up with what a change made.
extension FactsCache {
    /// True when a file now of `status` is the one recorded in `head`, and it was not racy.
    func valid(_ head: NoteRecord.Head, now status: FileStatus) -> Bool {
        valid(head.status, racy: head.isRacy, now: status)
    }

    /// True when a file now of `status` is the one recorded as `recorded`.
    func valid(_ recorded: FileStatus, racy: Bool, now status: FileStatus) -> Bool {
        !racy && recorded.isSameFile(as: status)
    }

    /// True when a note of `status`, read now, changed so recently that a change in the same
    /// timestamp tick could follow unseen (git's "racy" entries); a time ahead of the clock
    /// counts as recent, so a vault written from a machine whose clock runs ahead is read.
    func isRacy(_ status: FileStatus) -> Bool {
        max(status.modifiedNanoseconds, status.changedNanoseconds) >= now() - racyWindow(for: status)
    }

    /// How recent a change to a file of `status` must be for its record not to be trusted:
    /// `fineRacyWindow` for a file of the vault's own disk (`clockDevice`) whose status-change
    /// time, which only the kernel sets, has a fraction of a second; `racyWindow` for any
    /// other (FAT keeps times to two seconds, ext4 with small inodes to one, and another
    /// machine's clock may run behind this one's).
    func racyWindow(for status: FileStatus) -> Int64 {
        guard let clockDevice, status.device == clockDevice, status.changedNanoseconds % 1_000_000_000 != 0 else { return racyWindow }
        return fineRacyWindow
    }

    /// Tells the cache that a change since the last walk wrote the notes at `paths`, of which
    /// those at `new` had no note before (moved there, made): what the walk found valid of
    /// the others is so no more, and a save keeps the records of the new ones (records of
    /// notes the walk did not find are dropped when the cache is written whole). The records
    /// of paths the change took away stay until the next walk, which finds them gone.
    func noteWritten(_ paths: [String], new: [String]) {
        let files = lock.withLock { released ? [] : [file, delta].compactMap { $0 } }
        for path in paths {
            for file in files { if let ordinal = file.ordinal(for: path) { file.unmarkWalked(ordinal) } }
        }
        guard !new.isEmpty else { return }
        lock.withLock { walked? += new }
    }
}
