import VaultMarkdown
import VaultSystem

extension Vault {
    /// Changes `.zennotes/vault.json` through the safe writer, under the vault's write lock.
    ///
    /// The file is read, changed by `change`, and written back with every other key as it
    /// was; a file edited elsewhere in between is not overwritten (`FileError.fileChanged`).
    /// A vault without settings gets a new file with a fresh `id`.
    @discardableResult
    public func updateSettings(_ change: (inout VaultSettings) throws -> Void) throws -> VaultSettings {
        let lock = try VaultLock(metadataFolder: metadataFolder, fileSystem: fileSystem)
        defer { lock.release() }
        let writer = SafeWriter(fileSystem: fileSystem)
        guard fileSystem.exists(settingsPath) else {
            var settings = VaultSettings()
            try change(&settings)
            try writer.create(settingsPath, with: settings.encoded())
            return settings
        }
        let (bytes, snapshot) = try writer.read(settingsPath)
        var settings = try VaultSettings(bytes: bytes, path: ".zennotes/vault.json")
        try change(&settings)
        let encoded = settings.encoded()
        // An unchanged file is not written: a rewrite is a sync upload for nothing.
        if encoded != bytes { try writer.replace(settingsPath, with: encoded, expecting: snapshot) }
        return settings
    }
}
