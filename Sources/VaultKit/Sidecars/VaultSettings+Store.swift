import VaultMarkdown
import VaultSystem

extension Vault {
    /// Changes `.zennotes/vault.json` through the executor, under the vault's write lock.
    ///
    /// The file is read, changed by `change`, and written back with every other key as it
    /// was; a file edited elsewhere in between is not overwritten (`FileError.fileChanged`).
    /// A vault without settings gets a new file with a fresh `id`.
    @discardableResult
    public func updateSettings(_ change: (inout VaultSettings) throws -> Void) throws -> VaultSettings {
        try ChangeExecutor(vault: self).whileLocked { executor in
            let path = ".zennotes/vault.json"
            guard fileSystem.exists(settingsPath) else {
                var settings = VaultSettings()
                try change(&settings)
                _ = try executor.apply(ChangePlan([.create(path, bytes: settings.encoded())], summary: "create \(path)"))
                return settings
            }
            let (bytes, snapshot) = try SafeWriter(fileSystem: fileSystem).read(settingsPath)
            var settings = try VaultSettings(bytes: bytes, path: path)
            try change(&settings)
            // An unchanged file is not written: a rewrite is a sync upload for nothing.
            _ = try executor.apply(ChangePlan([.replace(path, expected: snapshot, before: bytes, after: settings.encoded())], summary: "update \(path)"))
            return settings
        }
    }
}
