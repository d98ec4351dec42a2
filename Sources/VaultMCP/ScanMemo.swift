import Foundation
import VaultKit

/// The walks of the vault a session made, kept while the kernel says no folder of the vault
/// changed (`FolderWatch`): a warm call then costs only its own work, not a walk of every
/// note. Any change, by the server's tools or by any other program, drops them all, and the
/// next walk reads through the cache of note facts as the command line does.
final class ScanMemo: @unchecked Sendable {
    private let vault: Vault
    private let watch: FolderWatch?
    private let lock = NSLock()
    private var scans: [NoteReader.Detail: VaultScan] = [:]

    /// - Parameter keeps: false (`--no-cache`) to walk the vault afresh for every call.
    init(vault: Vault, keeps: Bool) {
        self.vault = vault
        watch = keeps ? FolderWatch(vault: vault) : nil
    }

    /// The vault's notes read to `detail`, as `Vault.scan(detail:)` gives them.
    func scan(_ detail: NoteReader.Detail) throws -> VaultScan {
        guard let watch else { return try vault.scan(detail: detail) }
        return try lock.withLock {
            if watch.changed() { scans = [:] }
            if let scan = scans[detail] { return scan }
            let scan = try vault.scan(detail: detail)
            // A change during the walk may or may not be in it: it is not kept.
            if watch.changed() {
                scans = [:]
            } else {
                scans[detail] = scan
            }
            return scan
        }
    }
}
