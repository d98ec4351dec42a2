import FoundationEssentials
import VaultKit
import VaultSystem

extension Context {
    /// The usage store of `vault` (outside it, under `XDG_STATE_HOME`), or nil when there is
    /// no folder to keep usage in.
    func usageStore(for vault: Vault) -> UsageStore? {
        UsageStore.find(for: vault, environment: environment)
    }

    /// The usage recorded for `vault`, empty when there is none (or no store).
    func usage(of vault: Vault) -> UsageLog {
        usageStore(for: vault)?.load() ?? UsageLog()
    }

    /// Records that this run opened, showed or wrote `notes` and used `tags` (a link from
    /// `host` captured with them), for ranking by frecency. The commands that open a note
    /// (`show`, `journal`, `new`, `capture`, an editor) call it; a store that cannot be
    /// written costs only the ranking, and says so.
    func recordUse(notes: [String], tags: [String] = [], host: String? = nil) {
        guard let vault = locatedVault, let store = usageStore(for: vault) else { return }
        do {
            try store.record(notes: notes, tags: tags, host: host, at: clock.now())
        } catch let error as VaultError where error.isUsageNotFolded {
            // The use is kept: only the journal's folding failed.
            warn(error.description)
        } catch {
            let reason = (error as? any UserError)?.description ?? "\(error)"
            warn("cannot record usage in \(store.folder) (\(reason)); notes are ranked as before")
        }
    }
}
