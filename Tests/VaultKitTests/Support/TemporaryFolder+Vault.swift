import VaultKit

extension TemporaryFolder {
    /// A fresh folder holding `files` (path: text), opened as a vault.
    static func vault(_ files: [String: String]) throws -> (TemporaryFolder, Vault) {
        let folder = TemporaryFolder()
        for (path, text) in files { try folder.write(path, text) }
        return (folder, try Vault(root: folder.path))
    }

    /// A file's text, as UTF-8.
    func text(_ relative: String) throws -> String {
        String(decoding: try read(relative), as: UTF8.self)
    }
}
