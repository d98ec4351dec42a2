import VaultSystem

extension RenamePlanner {
    /// The conflict copies that follow moved notes, named after the note's new name as their
    /// tool named them (`Plan.sync-conflict-….md` becomes `Roadmap.sync-conflict-….md`): left
    /// behind, a copy was no longer known as the note's, and became a second note of its title.
    /// No copy follows into the trash: a note with copies is not trashed until they are
    /// settled (`NoteLifecycle`), and one trashed by a move is refused there too.
    /// `carried` are copies whose note is gone, moved with their folder under their own names.
    func copyMoves(_ moves: [String: String], scan: VaultScan, carrying carried: [String: String] = [:]) throws -> [FileMove] {
        let trash = vault.layout.folder(for: .trash).map { Naming.collisionKey($0) + "/" }
        return try scan.conflictCopies.sorted { $0.path < $1.path }.compactMap { copy in
            let moved: String
            if let alone = carried[copy.path] {
                moved = alone
            } else {
                guard let to = moves[copy.originalPath], trash.map({ !Naming.collisionKey(to).hasPrefix($0) }) ?? true else { return nil }
                let oldStem = NoteFiles.stem(copy.originalPath.fileName)
                let name = copy.path.fileName
                guard name.hasPrefix(oldStem) else { return nil }
                let folder = LinkIndex.folder(of: to)
                moved = (folder.isEmpty ? "" : folder + "/") + NoteFiles.stem(to.fileName) + name.dropFirst(oldStem.count)
            }
            // A case-only rename names the copy anew in case only: on a disk that ignores case
            // the new name "exists" as the copy itself.
            if Naming.collisionKey(moved) != Naming.collisionKey(copy.path) && vault.fileSystem.exists(vault.absolutePath(moved)) {
                throw FileError.fileExists(path: moved)
            }
            return FileMove(from: copy.path, to: moved)
        }
    }

    /// The comment sidecars that follow moved notes.
    ///
    /// - Throws: `VaultError.invalidDestination` when a note goes where the comments of a
    ///   note no longer there are kept: they would be taken for its own, or stop the move
    ///   halfway.
    static func sidecarMoves(_ moves: [String: String], vault: Vault) throws -> [FileMove] {
        try moves.keys.sorted().compactMap { from in
            let to = moves[from]!
            let (sidecar, destination) = (Comments.sidecarPath(forNote: from), Comments.sidecarPath(forNote: to))
            // A case-only rename's new name "exists" on a disk that ignores case: it is its own.
            if Naming.collisionKey(destination) != Naming.collisionKey(sidecar), vault.fileSystem.exists(vault.absolutePath(destination)) {
                throw VaultError.invalidDestination(
                    path: to, reason: "\(destination) holds the comments of a note that was there; move or remove them first (`vault doctor` lists them)")
            }
            return vault.fileSystem.exists(vault.absolutePath(sidecar)) ? FileMove(from: sidecar, to: destination) : nil
        }
    }
}
