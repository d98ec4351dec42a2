import Foundation

/// The notes in the trash, and the one place `vault` deletes anything (DESIGN.md 7).
public struct TrashBin {
    /// A note in the trash.
    public struct Item: Sendable, Codable, Equatable {
        public var path: String
        /// Where it was before it was trashed.
        public var originalPath: String
        public var modified: Date
        public var size: Int64
    }

    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// The notes in the trash, oldest first; with `olderThan`, only those not modified for
    /// that long.
    public func items(olderThan age: TimeInterval? = nil, now: Date = Date()) throws -> [Item] {
        let trash = vault.layout.folder(for: .trash) ?? "trash"
        let notes = try vault.scan(detail: .paths).notes.filter { $0.kind == .trash && $0.availability != .placeholder }
        return notes.compactMap { note -> Item? in
            guard let status = try? vault.fileSystem.status(vault.absolutePath(note.path)) else { return nil }
            return Item(
                path: note.path, originalPath: String(note.path.dropFirst(trash.count + 1)), modified: status.modified, size: status.size)
        }
        .filter { age == nil || now.timeIntervalSince($0.modified) >= age! }
        .sorted { ($0.modified, $0.path) < ($1.modified, $1.path) }
    }

    /// Deletes these notes and their comment sidecars, refusing any that changed since they
    /// were listed; removes the folders in the trash left empty. Returns how many went.
    public func empty(_ items: [Item]) throws -> Int {
        let lock = try VaultLock(metadataFolder: vault.metadataFolder, fileSystem: vault.fileSystem)
        defer { lock.release() }
        let trash = vault.layout.folder(for: .trash) ?? "trash"
        let writer = SafeWriter(fileSystem: vault.fileSystem)
        var folders = Set<String>()
        try vault.checkInside(notes: items.map(\.path))
        for item in items {
            let path = vault.absolutePath(item.path)
            guard let status = try? vault.fileSystem.status(path),
                status.size == item.size, status.modified == item.modified
            else { throw VaultError.fileChanged(path: item.path) }
            try writer.remove(path, expecting: FileSnapshot(status: status, contentHash: 0))
            let sidecar = vault.absolutePath(Comments.sidecarPath(forNote: item.path))
            if vault.fileSystem.exists(sidecar) { try? vault.fileSystem.removeFile(sidecar) }
            var folder = LinkIndex.folder(of: item.path)
            while folder.count > trash.count {
                folders.insert(folder)
                folder = LinkIndex.folder(of: folder)
            }
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            try? vault.fileSystem.removeEmptyDirectory(vault.absolutePath(folder))
        }
        return items.count
    }
}
