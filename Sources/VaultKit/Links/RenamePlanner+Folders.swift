import VaultSystem

extension RenamePlanner {
    /// Refuses a move that makes a folder whose name differs from one beside it (a folder, a
    /// file or a link) only in case or Unicode form (`archive/Proj` beside `archive/proj`):
    /// a copy of the vault on a disk that does not tell them apart (macOS, Windows, and the
    /// sync clients there) would merge the two, and a sync tool would make conflict copies of
    /// the notes they share names for.
    ///
    /// The folder a folder move empties (`vacated`) is no twin of the name it moves to: a
    /// folder spelled anew in another case is moved, not doubled.
    func refuseFolderTwins(_ moves: [String: String], vacated: String?) throws {
        var checked = Set<String>()
        for to in moves.values.sorted() {
            var parent = ""
            for part in to.split(separator: "/").dropLast() {
                let folder = parent.isEmpty ? String(part) : parent + "/" + part
                defer { parent = folder }
                guard checked.insert(folder).inserted else { continue }
                // A folder already there makes no new name: its parent is not listed (a rename
                // in `pages/` of 100,000 notes would list it for nothing).
                if (try? vault.fileSystem.linkStatus(vault.absolutePath(folder)))??.kind == .directory { continue }
                // A folder not listed cannot be told apart; the move then fails where it writes.
                guard let entries = try? vault.fileSystem.entries(vault.absolutePath(parent)) else { continue }
                let name = String(part)
                let key = Naming.collisionKey(name)
                // Already there as spelled: the move adds to it, whatever twin it may have.
                if entries.contains(where: { $0.name.utf8.elementsEqual(name.utf8) }) { continue }
                // A file or a link of the name collides as a folder does.
                let twin = entries.first { entry in
                    Naming.collisionKey(entry.name) == key
                        && (vacated.map { $0 != (parent.isEmpty ? entry.name : parent + "/" + entry.name) } ?? true)
                }
                if let twin {
                    let beside = parent.isEmpty ? twin.name : parent + "/" + twin.name
                    throw VaultError.invalidDestination(
                        path: folder,
                        reason: "it differs from \(beside) only in case or accents, and a copy of the vault on macOS, Windows or iCloud "
                            + "would merge the two folders; move into \(beside)/ or choose another name")
                }
            }
        }
    }
}
