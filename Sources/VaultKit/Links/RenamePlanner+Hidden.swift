import VaultSystem

extension RenamePlanner {
    /// The files under hidden names inside a folder a folder move moves (`.attachments/a.png`
    /// beside its notes): the walk lists no hidden name, and left behind, the links the
    /// folder's notes hold into them would point at nothing and the old folder would stay.
    /// Vault's own leftover temporary files stay (the change removes them), and so does what
    /// belongs to a sync tool (its temporary files, versions, markers, iCloud placeholders).
    ///
    /// - Throws: `FileError.fileExists` when one would land on a file already there, and
    ///   `VaultError.foldersUnreadable` for a folder that cannot be listed (unless asked to
    ///   skip what cannot be read: it then stays).
    func hiddenMoves(_ folder: FolderMove) throws -> [FileMove] {
        var moves: [FileMove] = []
        var unreadable: [String] = []
        func visit(_ relative: String, underHidden: Bool) {
            guard let entries = try? vault.fileSystem.entries(vault.absolutePath(relative)) else { return unreadable.append(relative) }
            for entry in entries where entry.nameIsUTF8 && !SyncArtifacts.isSyncToolName(entry.name) {
                let path = relative + "/" + entry.name
                let hidden = underHidden || entry.name.hasPrefix(".")
                switch entry.kind {
                case .directory: visit(path, underHidden: hidden)
                case .file where hidden && !SafeWriter.isTemporaryName(entry.name):
                    moves.append(FileMove(from: path, to: folder.to + path.dropFirst(folder.from.count)))
                default: continue
                }
            }
        }
        visit(folder.from, underHidden: false)
        // Nothing is left behind unsaid (DESIGN.md 8): the walk reports what it cannot list.
        if !unreadable.isEmpty && !skipUnavailable { throw VaultError.foldersUnreadable(paths: unreadable) }
        for move in moves where vault.fileSystem.exists(vault.absolutePath(move.to)) { throw FileError.fileExists(path: move.to) }
        return moves.sorted { $0.from < $1.from }
    }

    /// What is left in the folder a folder move moved, when it stays: the names of what no
    /// move takes (a symbolic link, an empty folder, a sync tool's file, a file another
    /// program made meanwhile), at most `limit`; empty when the folder went.
    public static func leftBehind(in folder: String, vault: Vault, limit: Int = 5) -> [String] {
        guard let entries = try? vault.fileSystem.entries(vault.absolutePath(folder)) else { return [] }
        return entries.map(\.name).sorted().prefix(limit).map { folder + "/" + $0 }
    }
}
