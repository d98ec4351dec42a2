import VaultSystem

extension Vault {
    /// The vault-relative folder `folder` with each of its folders that exists under another
    /// spelling (`Pages` for `pages/`, a decomposed `Café` for a composed one) written as the
    /// disk has it; the folders that do not exist yet as given. A note made in `Pages/` beside
    /// `pages/` would start a second folder that a case-insensitive copy of the vault merges.
    public func spelledAsOnDisk(folder: String) -> String {
        var spelled: [String] = []
        var missing = false
        for part in folder.split(separator: "/").map(String.init) {
            let parent = spelled.joined(by: "/")
            let exact = (parent.isEmpty ? "" : parent + "/") + part
            if missing || fileSystem.exists(absolutePath(exact)) {
                spelled.append(part)
                continue
            }
            let key = Naming.collisionKey(part)
            let twin = ((try? fileSystem.entries(parent.isEmpty ? root : absolutePath(parent))) ?? []).first {
                $0.kind == .directory && $0.nameIsUTF8 && Naming.collisionKey($0.name) == key
            }
            if twin == nil { missing = true }
            spelled.append(twin?.name ?? part)
        }
        return spelled.joined(by: "/")
    }
}
