import VaultSystem

/// What finishing the changes an earlier run left unfinished came to: the one recovery every
/// entry point (the command line, a server) makes before it reads or writes the vault.
public struct Recovery: Sendable {
    /// The interrupted changes finished (or undone), oldest first.
    public var reports: [ChangeReport] = []
    /// Why an interrupted change could not be finished now, if one could not. Reading still
    /// works; a change to several files refuses until it is finished (`vault doctor --fix`).
    public var problem: (any UserError)?
}

extension Vault {
    /// Finishes every change an earlier run left unfinished (a rename killed halfway), as a
    /// reader: while another `vault` process holds the write lock, its journal is live and
    /// is left to it. Never throws: a change that cannot be finished is told in `problem`.
    ///
    /// - Parameter waiting: true to wait for the write lock, as a writer does, rather than
    ///   leave a journal to whoever holds it.
    public func recoverInterruptedChanges(waiting: Bool = false) -> Recovery {
        do {
            return Recovery(reports: try ChangeExecutor(vault: self).recover(waiting: waiting))
        } catch let error as any UserError {
            return Recovery(problem: error)
        } catch {
            return Recovery(problem: VaultError.unfinishedChange(journal: ".zennotes/journal", reason: "\(error)"))
        }
    }
}
