import VaultSystem

extension VaultDoctor {
    /// Every folder of the vault a walk would enter, empty ones and those holding only hidden
    /// files among them: their names collide on a Mac as much as those holding notes do. No
    /// hidden folder, sync tool's folder or folder link is entered.
    static func folders(of vault: Vault) -> [String] {
        var found: [String] = []
        func visit(_ relative: String) {
            guard let entries = try? vault.fileSystem.entries(relative.isEmpty ? vault.root : vault.absolutePath(relative)) else { return }
            for entry in entries where entry.kind == .directory && entry.nameIsUTF8 && !SyncArtifacts.isIgnored(entry.name) {
                let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
                found.append(path)
                visit(path)
            }
        }
        visit("")
        return found
    }
}
