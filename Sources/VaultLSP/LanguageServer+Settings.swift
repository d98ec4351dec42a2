import VaultKit
import VaultSystem

extension LanguageServer {
    /// Reads the vault again, settings and all, when one of its settings files was written,
    /// made or removed since it was read (a system folder remapped, Obsidian's daily notes
    /// or new notes moved): an editor stays open for hours, and its new pages, completions
    /// and links would otherwise follow the settings of its start. Open documents keep their
    /// text. Settings that cannot be read are said once, and the vault is used as it was
    /// read until they can.
    func reopenIfSettingsChanged() {
        guard let live else { return }
        // Taken when the vault was opened (`initialize`).
        let now = live.vault.settingsSignature()
        guard now != settingsSignature else { return }
        settingsSignature = now
        do {
            let reopened = try readVault(try live.vault.reopened())
            for document in documents.values {
                if let path = document.path { reopened.setText(document.bytes, of: path) }
            }
            self.live = reopened
            for problem in (reopened.vault.logseq?.problems ?? []) + (reopened.vault.obsidian?.problems ?? []) { show("vault: \(problem)", type: 2) }
            if watch != nil {
                watch = FolderWatch(vault: reopened.vault)
                _ = watch?.changed()
                channel.wake(on: watch?.readiness)
            }
            publishDiagnostics()
        } catch {
            show("vault: the vault's settings changed and cannot be read (\(Self.describe(error))); the settings read before are used", type: 1)
        }
    }
}
