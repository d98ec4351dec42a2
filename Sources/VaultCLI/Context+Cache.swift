import FoundationEssentials
import VaultKit
import VaultSystem

extension Context {
    /// The cache of note facts for `vault`, or nil (said why) when there can be none.
    func openCache(for vault: Vault) -> FactsCache? {
        let found = CacheLocation.find(for: vault, environment: environment)
        for notice in found.notices { warn(notice) }
        return found.location.map(openCache(at:))
    }

    /// The cache at `location`, its notices said.
    func openCache(at location: CacheLocation) -> FactsCache {
        let cache = FactsCache(location: location, racyWindow: racyWindow, fineRacyWindow: 100_000_000)
        #if VAULT_TEST_SEAMS
        // Tests of small vaults have them filled as a large one is (see `CacheFill`).
        if let value = environment["VAULT_TEST_CACHE_FILL_FLOOR"], let floor = Int(value) { cache.fillFloor = floor }
        #endif
        for notice in cache.takeNotices() { warn(notice) }
        return cache
    }

    /// Writes back what this run read afresh; a cache that cannot be written costs only speed.
    func finishCache() {
        guard let cache = locatedVault?.cache else { return }
        defer { for notice in cache.takeNotices() { warn(notice) } }
        do {
            try cache.finish()
        } catch {
            let reason = (error as? any UserError)?.description ?? "\(error)"
            warn("cannot write the cache in \(cache.location.folder) (\(reason)); the answers above come from the files")
        }
    }

    /// How recent a change must be for a note's record not to be trusted next time.
    ///
    /// Debug builds let tests set it (`VAULT_TEST_CACHE_RACY_NS`), so that a test need not
    /// wait two seconds for its notes to age; the release binary keeps the safe window.
    private var racyWindow: Int64 {
        #if VAULT_TEST_SEAMS
        if let value = environment["VAULT_TEST_CACHE_RACY_NS"], let window = Int64(value) { return window }
        #endif
        return 2_000_000_000
    }
}
