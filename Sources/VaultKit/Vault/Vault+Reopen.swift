import VaultSystem

extension Vault {
    /// The files a vault's settings are read from, vault-relative.
    static let settingsFiles = [
        ".zennotes/vault.json", "logseq/config.edn", ".obsidian/app.json", ".obsidian/daily-notes.json", ".obsidian/templates.json",
    ]

    /// The status of each file the vault's settings are read from (nil for one that is not
    /// there): different once any is written, made or removed. A server that runs for hours
    /// compares it between requests, so that a folder remapped meanwhile is written to.
    public func settingsSignature() -> [FileStatus?] {
        Self.settingsFiles.map { (try? fileSystem.status(absolutePath($0))) ?? nil }
    }

    /// The vault opened again from its folder, its settings read afresh, with this one's
    /// cache (when the notes are still read in the same dialect, which the cache's records
    /// follow), clock and time zone.
    ///
    /// - Throws: what opening it throws (`VaultError.settingsNotJSON` for a `vault.json`
    ///   that is not JSON).
    public func reopened() throws -> Vault {
        var vault = try Vault(root: root, fileSystem: fileSystem)
        vault.cache = vault.dialect == dialect ? cache : nil
        vault.clock = clock
        vault.zone = zone
        return vault
    }
}
