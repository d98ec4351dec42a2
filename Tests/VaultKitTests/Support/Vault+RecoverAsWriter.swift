@testable import VaultKit
import VaultSystem

extension Vault {
    /// `recoverInterruptedChanges()` as a writer makes it: waiting for the write lock. Tests
    /// run in parallel in one process, and a child process another test spawns holds a copy
    /// of every descriptor between its fork and its exec, the lock's too: a reader, which
    /// never waits, then found the lock taken and left the journal, at random.
    func recoverAsWriter() -> Recovery {
        do {
            return Recovery(reports: try ChangeExecutor(vault: self).recover(waiting: true))
        } catch let error as any UserError {
            return Recovery(problem: error)
        } catch {
            return Recovery(problem: VaultError.unfinishedChange(journal: ".zennotes/journal", reason: "\(error)"))
        }
    }
}
