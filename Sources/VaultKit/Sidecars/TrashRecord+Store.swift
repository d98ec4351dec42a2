import FoundationEssentials
import VaultMarkdown
import VaultSystem

extension Vault {
    /// The trash record as it is on disk and what was read of it, for a later compare-and-swap
    /// write; an empty record (and no snapshot) when there is none.
    ///
    /// - Throws: `VaultError.trashRecordUnreadable` when the file cannot be read or is not a
    ///   record; it is then never rewritten.
    func readTrashRecord() throws -> (record: TrashRecord, snapshot: FileSnapshot?) {
        let path = absolutePath(TrashRecord.path)
        guard fileSystem.exists(path) else { return (TrashRecord(), nil) }
        let read: (bytes: [UInt8], snapshot: FileSnapshot)
        do {
            read = try SafeWriter(fileSystem: fileSystem).read(path)
        } catch FileError.system(let error) {
            throw VaultError.trashRecordUnreadable(path: TrashRecord.path, reason: error.reason)
        }
        return (try TrashRecord(bytes: read.bytes), read.snapshot)
    }

    /// Changes the trash record through the executor, under the write lock.
    ///
    /// Entries whose note is no longer in the trash (restored or deleted by another app) are
    /// forgotten on the way. An unchanged record is not written; one left naming nothing, and
    /// holding nothing else, is removed, so that a folder that is not a vault keeps no record of
    /// a trash that is empty again.
    ///
    /// - Throws: `VaultError.trashRecordUnreadable` (the file is left as it is),
    ///   `FileError.fileChanged` when it was edited elsewhere in between.
    public func updateTrashRecord(_ change: (inout TrashRecord) -> Void) throws {
        try ChangeExecutor(vault: self).whileLocked { try updateTrashRecord(executor: $0, change) }
    }

    /// `updateTrashRecord` for a caller that holds the lock, through its executor.
    func updateTrashRecord(executor: ChangeExecutor, _ change: (inout TrashRecord) -> Void) throws {
        if let written = try trashRecordChange(change) {
            _ = try executor.apply(ChangePlan([written], summary: "update \(TrashRecord.path)"))
        }
    }

    /// The change of the trash record that `change` makes to it as it is now, for a plan to
    /// make (nil when it changes nothing). Entries whose note is no longer in the trash are
    /// forgotten first, so that `change` may add one for a note not moved there yet.
    ///
    /// - Throws: `VaultError.trashRecordUnreadable` when the record cannot be read.
    func trashRecordChange(_ change: (inout TrashRecord) -> Void) throws -> Change? {
        let (old, snapshot) = try readTrashRecord()
        var record = old
        record.remove(Set(record.paths.filter { !fileSystem.exists(absolutePath($0)) }))
        change(&record)
        guard record != old else { return nil }
        let path = TrashRecord.path
        guard let snapshot else { return record.isEmpty ? nil : .create(path, bytes: record.encoded()) }
        let before = try fileSystem.readFile(absolutePath(path))
        return record == TrashRecord()
            ? .remove(path, expected: snapshot, before: before) : .replace(path, expected: snapshot, before: before, after: record.encoded())
    }
}
