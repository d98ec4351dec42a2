import VaultMarkdown
import VaultSystem

extension Vault {
    /// Creates `folder/stem.md`, or `stem 2.md`, … when taken, never replacing a file: a
    /// second writer racing for the same name moves on to the next number.
    ///
    /// - Parameter executor: the executor that writes it, one holding the lock when the
    ///   caller holds it (see `ChangeExecutor.whileLocked`).
    public func createNote(
        in folder: String, stem: String, ext: String = ".md", content: [UInt8], permissions: UInt32 = 0o644, dryRun: Bool
    ) throws -> String {
        // Under the lock from the look at the folder's names to the write, so that the memo of
        // them another `vault` keeps is not written between the two.
        try ChangeExecutor(vault: self).whileLocked(unless: dryRun) { executor in
            try createNote(in: folder, stem: stem, ext: ext, content: content, permissions: permissions, dryRun: dryRun, executor: executor)
        }
    }

    func createNote(
        in folder: String, stem: String, ext: String = ".md", content: [UInt8], permissions: UInt32 = 0o644, dryRun: Bool,
        executor: ChangeExecutor
    ) throws -> String {
        // `quick/` or a `--folder` that is a link out of the vault would put the note anywhere.
        try checkInside(folder: folder)
        var names = takenNames(in: folder)
        var number = 1
        while true {
            let name = Naming.numbered(stem, number, iCloud: isInICloud, ext: ext) + ext
            number += 1
            let key = Naming.collisionHash(name)
            if names.memo?.holds(key) ?? names.listed.contains(key) { continue }
            let path = folder.isEmpty ? name : folder + "/" + name
            if dryRun { return path }
            do {
                _ = try executor.apply(ChangePlan([.create(path, bytes: content, permissions: permissions)], summary: "create \(path)"))
            } catch FileError.fileExists {
                // A name the memo did not hold: it is out of date, and is not written again.
                names.listed.insert(key)
                names.memo?.insert(key)
                names.file = nil
                continue
            }
            if let file = names.file, executor.holdsLock, let status = try? fileSystem.status(absolutePath(folder)) {
                var memo = names.memo ?? FolderNameMemo(folder: status, listedAt: names.listedAt, keys: Array(names.listed))
                memo.insert(key)
                memo.folder = FolderNameMemo.comparable(status)
                memo.save(file, fileSystem: fileSystem)
            }
            return path
        }
    }

    /// The collision keys of the names in `folder`: from the memo in the cache folder when it
    /// is for the folder as it stands, else from a listing, with the file to keep them in
    /// for the next note (nil when there is no cache, or the folder changed while listed).
    private func takenNames(in folder: String) -> (memo: FolderNameMemo?, listed: Set<UInt64>, listedAt: Int64, file: String?) {
        let absoluteFolder = absolutePath(folder)
        let now = Int64((clock.now().timeIntervalSince1970 * 1e9).rounded())
        let before = (try? fileSystem.status(absoluteFolder)).flatMap { $0 }.map(FolderNameMemo.comparable)
        let file = cache.map { FolderNameMemo.file(for: folder, in: $0.location.folder) }
        if let file, let before, let memo = FolderNameMemo.read(file, folder: before, now: now, fileSystem: fileSystem) {
            return (memo, [], memo.listedAt, file)
        }
        // Each name is summed from its bytes as the folder is listed: no string is made of
        // the thousands of `quick/`'s names that are ASCII.
        var listed = Set<UInt64>()
        _ = try? fileSystem.entries(absoluteFolder) { bytes in
            if let key = Naming.collisionHash(bytes) { listed.insert(key) }
            return false
        }
        let after = (try? fileSystem.status(absoluteFolder)).flatMap { $0 }.map(FolderNameMemo.comparable)
        // A folder not there yet has no names: the note's own make the memo.
        return (nil, listed, now, before == after ? file : nil)
    }
}
