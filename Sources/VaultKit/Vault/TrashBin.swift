import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// The notes in the trash, and the one place `vault` deletes anything (DESIGN.md 7).
///
/// A note's age in the trash is measured from when it was trashed, never from when its text
/// was last edited: `.zennotes/trash.json` says when, for what `vault` trashed; for a note
/// trashed by another app (or whose record was lost with a dot-folder a sync tool skipped),
/// the file's status-change time stands in. The kernel sets that on the move into `trash/`
/// and on every later change, and no program can set it back, so it is never earlier than
/// the trashing: a note aged by it is, if anything, kept longer.
public struct TrashBin {
    /// Where a note's trash time comes from.
    public enum TimeSource: String, Sendable, Codable, Equatable {
        /// `.zennotes/trash.json`.
        case record
        /// The file's status-change time: no record says when it was trashed.
        case statusChange
        /// Neither: its age is not known, and `--older-than` never deletes it.
        case unknown
    }

    /// A note in the trash.
    public struct Item: Sendable, Codable, Equatable {
        public var path: String
        /// Where it was before it was trashed.
        public var originalPath: String
        /// When it was trashed, as well as that can be told; nil when it cannot.
        public var trashedAt: Date?
        public var trashTimeSource: TimeSource
        public var modified: Date
        public var size: Int64
        var inode: UInt64 = 0

        enum CodingKeys: String, CodingKey {
            case path, originalPath, trashedAt, trashTimeSource, modified, size
        }
    }

    /// The notes in the trash, and what got in the way of telling their ages.
    public struct Contents: Sendable {
        /// Newest trashed first, ties by path; those whose trash time is unknown last.
        public var items: [Item]
        /// Problems reading the trash record: the items' ages then come from their files.
        public var warnings: [VaultWarning]
    }

    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// The notes in the trash; with `olderThan`, only those trashed at least that long ago by
    /// the vault's clock (a note whose age is unknown is never among them).
    public func contents(olderThan age: TimeInterval? = nil) throws -> Contents {
        var warnings: [VaultWarning] = []
        let record: TrashRecord
        do {
            record = try vault.readTrashRecord().record
        } catch VaultError.trashRecordUnreadable(_, let reason) {
            warnings.append(VaultWarning(path: TrashRecord.path, message: "cannot be read (\(reason)); the trash is aged by when its files entered it"))
            record = TrashRecord()
        }
        let now = vault.clock.now()
        let items = try trashed(record).filter { item in
            guard let age else { return true }
            guard let trashedAt = item.trashedAt else { return false }
            return now.timeIntervalSince(trashedAt) >= age
        }
        return Contents(items: Self.sorted(items), warnings: warnings)
    }

    /// Newest trashed first, ties broken by path; unknown times last, by path.
    static func sorted(_ items: [Item]) -> [Item] {
        items.sorted { a, b in
            switch (a.trashedAt, b.trashedAt) {
            case let (x?, y?) where x != y: return x > y
            case (nil, _?): return false
            case (_?, nil): return true
            default: return a.path < b.path
            }
        }
    }

    private func trashed(_ record: TrashRecord) throws -> [Item] {
        let trash = vault.layout.folder(for: .trash) ?? "trash"
        let notes = try vault.scan(detail: .paths).notes.filter { $0.kind == .trash && $0.availability != .placeholder }
        return notes.compactMap { note -> Item? in
            guard let status = try? vault.fileSystem.status(vault.absolutePath(note.path)) else { return nil }
            var item = Item(
                path: note.path, originalPath: String(note.path.dropFirst(trash.count + 1)), trashedAt: nil, trashTimeSource: .unknown,
                modified: status.modified, size: status.size, inode: status.inode)
            let entry = record.entry(for: note.path)
            // An entry written for another file of the same name (trashed there since by
            // another app) does not say when this one was trashed.
            if let entry, let date = entry.trashedAt, entry.inode == nil || entry.inode == status.inode {
                item.trashedAt = date
                item.trashTimeSource = .record
            } else if status.changedNanoseconds > 0 {
                item.trashedAt = status.changed
                item.trashTimeSource = .statusChange
            }
            item.originalPath = Self.origin(of: note.path, recorded: entry?.from, vault: vault)
            return item
        }
    }

    /// Where the note at `path` in the trash came from: the record's word for it when that is
    /// a path a note can have (inside the vault, outside the trash, not hidden, the same kind
    /// of file), else its subpath in the trash.
    static func origin(of path: String, recorded from: String?, vault: Vault) -> String {
        let trash = vault.layout.folder(for: .trash) ?? "trash"
        let subpath = String(path.dropFirst(trash.count + 1))
        guard let from, (try? RenamePlanner.relativePath(from, vault: vault)) == from, !from.hasSuffix("/"),
            let top = from.split(separator: "/").first, Naming.collisionKey(String(top)) != Naming.collisionKey(trash),
            Naming.collisionKey(NoteFiles.fileExtension(from)) == Naming.collisionKey(NoteFiles.fileExtension(path))
        else { return subpath }
        return from
    }

    /// Deletes these notes and their comment sidecars and forgets them in the trash record;
    /// removes the folders in the trash left empty. Returns how many went.
    ///
    /// Nothing is deleted unless every note is still as it was listed: the same file, and,
    /// with `olderThan`, still trashed that long ago (a note restored and trashed again since
    /// is young again).
    ///
    /// - Throws: `FileError.fileChanged` (exit 3) before anything is deleted;
    ///   `.gitOperationInProgress` while git is merging.
    public func empty(_ items: [Item], olderThan age: TimeInterval? = nil) throws -> Int {
        try vault.refuseDuringGitOperation()
        return try ChangeExecutor(vault: vault).whileLocked { executor in
            _ = try executor.apply(try emptyPlan(items, olderThan: age))
            // The notes are gone either way; a record that cannot be rewritten only keeps stale entries.
            try? vault.updateTrashRecord(executor: executor) { $0.remove(Set(items.map(\.path))) }
            return items.count
        }
    }

    /// The change that empties the trash of `items`: each note removed (with its comment
    /// sidecar) while it holds the bytes read now, and the folders left empty.
    ///
    /// - Throws: `FileError.fileChanged` (exit 3) when a note is no longer as it was listed.
    public func emptyPlan(_ items: [Item], olderThan age: TimeInterval? = nil) throws -> ChangePlan {
        let current = Dictionary(try contents(olderThan: age).items.map { ($0.path, $0) }) { a, _ in a }
        for item in items {
            guard let now = current[item.path], now.size == item.size, now.modified == item.modified, now.inode == item.inode,
                now.trashedAt == item.trashedAt
            else { throw FileError.fileChanged(path: item.path) }
        }
        let trash = vault.layout.folder(for: .trash) ?? "trash"
        let writer = SafeWriter(fileSystem: vault.fileSystem)
        var folders = Set<String>()
        try vault.checkInside(notes: items.map(\.path))
        var changes: [Change] = []
        for item in items {
            let path = vault.absolutePath(item.path)
            guard let status = try? vault.fileSystem.status(path) else { throw FileError.fileChanged(path: item.path) }
            // Read now, so the delete can check that what it removes is exactly this text.
            let (bytes, snapshot) = try writer.read(path, settling: false)
            guard snapshot.status.map({ $0.isSameVersion(as: status) }) == true else { throw FileError.fileChanged(path: item.path) }
            changes.append(.remove(item.path, expected: snapshot, before: bytes))
            let sidecar = Comments.sidecarPath(forNote: item.path)
            if let (bytes, snapshot) = try? writer.read(vault.absolutePath(sidecar), settling: false) {
                changes.append(.remove(sidecar, expected: snapshot, before: bytes))
            }
            var folder = LinkIndex.folder(of: item.path)
            while folder.count > trash.count {
                folders.insert(folder)
                folder = LinkIndex.folder(of: folder)
            }
        }
        var plan = ChangePlan(changes, summary: "trash --empty (\(items.count) note\(items.count == 1 ? "" : "s"))")
        plan.emptiedFolders = folders.sorted { $0.count > $1.count }
        return plan
    }
}
